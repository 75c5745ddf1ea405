// https://vike.dev/onCreateGlobalContext
// Business facts (name, owner, phone, e-mail, booking page) and the site URL come from the
// same configuration schema the server starts with, so pages and server always agree.
import type { GlobalContextServer } from 'vike/types'
import { parseConfig } from '../../core/config'

export function onCreateGlobalContext(globalContext: GlobalContextServer): void {
  const config = parseConfig(process.env)
  globalContext.business = config.business
  globalContext.siteUrl = config.siteUrl
}
