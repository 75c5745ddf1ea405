/**
 * An island in the server HTML: its container, with the island rendered inside by a React
 * render of its own (so its `useId` values do not depend on where it sits in the page, and the
 * browser can hydrate it alone) and its props as JSON for the browser (client/islands/mount.tsx).
 * `ssr={false}` leaves the container empty: the browser renders the island when it is needed.
 * Used on the server only (pages are HTML-only).
 */
import { renderToString } from 'react-dom/server'
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '../dom-contract'
import { identifierPrefixOf, type IslandName, type IslandProps } from './islands'
import { IslandRoot } from './IslandRoot'
import { LeadFormIsland } from './LeadFormIsland'

function renderIsland<N extends IslandName>(name: N, id: string, props: IslandProps[N]): string {
  const element = name === 'lead-form' ? <LeadFormIsland {...props} /> : null
  return renderToString(<IslandRoot>{element}</IslandRoot>, { identifierPrefix: identifierPrefixOf(id) })
}

export function Island<N extends IslandName>({
  name,
  id,
  props,
  ssr = true,
}: {
  name: N
  /** Unique on the page. */
  id: string
  props: IslandProps[N]
  ssr?: boolean
}) {
  return (
    <div
      id={id}
      className="island"
      {...{ [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }}
      dangerouslySetInnerHTML={{ __html: ssr ? renderIsland(name, id, props) : '' }}
    />
  )
}
