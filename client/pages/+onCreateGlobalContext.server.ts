// https://vike.dev/onCreateGlobalContext
// Business facts (name, owner, phone, e-mail, booking page) and the site URL come from the web
// process's own configuration, parsed once at its start (core/platform/page-settings.ts), so pages and
// server always agree.
import type { GlobalContextServer } from 'vike/types'
import { readPageSettings } from '../../core/platform/page-settings'

export function onCreateGlobalContext(globalContext: GlobalContextServer): void {
  const { business, siteUrl } = readPageSettings()
  globalContext.business = business
  globalContext.siteUrl = siteUrl
}
