/**
 * Brings an island to life in the browser (loaded by client/script-layer/islands.ts on intent):
 * hydrates the server HTML in its container with the same props, or renders it there when the
 * server left it empty. A hydration mismatch is logged as an error: the island would then have
 * discarded the server HTML (and what was typed in it).
 */
import { createRoot, hydrateRoot } from 'react-dom/client'
import { ISLAND_PROPS_ATTRIBUTE } from '../dom-contract'
import { identifierPrefixOf, type IslandName } from './islands'
import { IslandRoot } from './IslandRoot'
import { LeadFormIsland, type LeadFormIslandProps } from './LeadFormIsland'
import { preloadToasts } from './toasts'

/** Resolves once the island's handlers are attached. */
export function mountIsland(container: HTMLElement, name: IslandName): Promise<void> {
  const props = JSON.parse(container.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as LeadFormIslandProps
  if (name !== 'lead-form') return Promise.reject(new Error(`Unknown island: ${String(name)}`))
  const identifierPrefix = identifierPrefixOf(container.id)
  const ready = new Promise<void>((resolve) => {
    const element = (
      <IslandRoot onReady={resolve}>
        <LeadFormIsland {...props} />
      </IslandRoot>
    )
    if (container.firstChild) {
      hydrateRoot(container, element, {
        identifierPrefix,
        onRecoverableError: (error) => console.error(`Hydration mismatch in island #${container.id}`, error),
      })
    } else {
      createRoot(container, { identifierPrefix }).render(element)
    }
  })
  // A form is about to be used, so a toast is likely: its code comes next, after the form's.
  void ready.then(preloadToasts)
  return ready
}
