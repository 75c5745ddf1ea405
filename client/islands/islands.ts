/**
 * The islands of the site: parts of a server-rendered page that React makes interactive in
 * the browser, loaded only when a visitor starts to use one (docs/decisions/010-islands.md).
 * Today that is the lead form, in four variants. An island's props travel as JSON in its
 * container's attribute, so they must be plain data.
 */
import type { LeadFormIslandProps } from './LeadFormIsland'

export interface IslandProps {
  'lead-form': LeadFormIslandProps
}
export type IslandName = keyof IslandProps

/** Every island's `useId` values start with this, so they match between the two renders. */
export function identifierPrefixOf(islandId: string): string {
  return `${islandId}-`
}
