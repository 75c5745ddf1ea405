import type { BusinessConfig } from '../shared/business'
import type { EnquiryFormState } from '../shared/enquiry-form-state'
import type { OfficeLinkPage } from '../shared/office-link-page'

declare global {
  namespace Vike {
    interface GlobalContext {
      /** Set on the server from configuration (pages/+onCreateGlobalContext.server.ts). */
      business: BusinessConfig
      siteUrl: string
    }
    interface PageContext {
      /**
       * Set only when the server answers a refused plain form post with the page the form
       * was on (server/http/ssr.ts renderFormPage): the form shows these values and messages.
       */
      enquiryForm?: EnquiryFormState
      /**
       * /schedule-inspection for a browser that just sent a hail report request without
       * JavaScript (server/http/ssr.ts): the page says the report is on its way.
       */
      hailReportSent?: boolean
      /**
       * The day in Denver the page is rendered for ('2026-11-28'): the page cache's day
       * (server/http/ssr.ts), shown as "Last updated" on the legal pages and as the footer's year.
       */
      today?: string
      /**
       * An office link's confirmation page (server/office/office-router.ts): what the link
       * found or did. Rendered per request, never cached.
       */
      officeLink?: OfficeLinkPage
    }
  }
}

export {}
