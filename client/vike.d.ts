import type { BusinessConfig } from '../shared/business'

declare global {
  namespace Vike {
    interface GlobalContext {
      /** Set on the server from configuration (pages/+onCreateGlobalContext.server.ts). */
      business: BusinessConfig
      siteUrl: string
    }
  }
}

export {}
