/**
 * What the pages need from the web process's configuration (the business facts and the site's
 * address), handed over once: the web process parses its configuration at start-up and shares
 * these settings before any page renders (server/app.ts); the pages' global context reads them
 * (client/pages/+onCreateGlobalContext.server.ts) instead of parsing the environment again.
 *
 * Kept on globalThis under a registered symbol: in development Vite loads the pages' copy of
 * this module apart from the server's, and both must see the same settings.
 */
import type { BusinessConfig } from '../../shared/business'

export interface PageSettings {
  business: BusinessConfig
  siteUrl: string
}

const KEY = Symbol.for('front-range-roofing.page-settings')
const holder = globalThis as { [KEY]?: PageSettings }

export function sharePageSettings(settings: PageSettings): void {
  holder[KEY] = { business: settings.business, siteUrl: settings.siteUrl }
}

export function readPageSettings(): PageSettings {
  const settings = holder[KEY]
  if (!settings)
    throw new Error(
      'The pages were rendered before the web process shared its settings: pages are rendered by server/app.ts (createApp), which shares them first.',
    )
  return settings
}
