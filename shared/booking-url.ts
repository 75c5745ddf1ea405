/**
 * Builds the inline booking widget's URL (on /schedule-inspection): the scheduling page plus
 * Calendly-style query parameters for the prefill and page settings the widget uses, and for
 * UTM tracking. Pure, so it is unit-tested (tests/unit/booking-url.test.ts) and usable on
 * either side.
 */

interface BookingPrefill {
  firstName?: string
  lastName?: string
  email?: string
}

interface BookingPageSettings {
  /** A hex colour without the leading '#', e.g. 'c2410c' (a leading # is tolerated and dropped). */
  primaryColor?: string
  hideEventTypeDetails?: boolean
  hideGdprBanner?: boolean
}

/** The visit's campaign, passed on so the booking tool can tell which spend brought the booking. */
interface BookingUtm {
  utmCampaign?: string
  utmSource?: string
  utmMedium?: string
  utmContent?: string
  utmTerm?: string
}

export interface BookingUrlOptions {
  url: string
  prefill?: BookingPrefill
  pageSettings?: BookingPageSettings
  utm?: BookingUtm
  /** The host embedding the widget (window.location.host); adds embed_domain and embed_type=Inline. */
  embedDomain?: string
}

const UTM_PARAMS: [keyof BookingUtm, string][] = [
  ['utmCampaign', 'utm_campaign'],
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmContent', 'utm_content'],
  ['utmTerm', 'utm_term'],
]

function setIfPresent(params: URLSearchParams, key: string, value: string | undefined): void {
  const trimmed = value?.trim()
  if (trimmed) params.set(key, trimmed)
}

function hex(value: string | undefined): string | undefined {
  const v = value?.trim().replace(/^#/, '')
  return v && /^[0-9a-f]{3}([0-9a-f]{3})?$/i.test(v) ? v.toLowerCase() : undefined
}

export function buildBookingUrl(options: BookingUrlOptions): string {
  const target = new URL(options.url)
  const params = target.searchParams
  const { prefill = {}, pageSettings = {}, utm = {} } = options

  if (options.embedDomain) {
    params.set('embed_domain', options.embedDomain)
    params.set('embed_type', 'Inline')
  }

  // The widget's single name field fills from the two parts.
  setIfPresent(params, 'name', [prefill.firstName, prefill.lastName].filter((p) => p?.trim()).join(' '))
  setIfPresent(params, 'first_name', prefill.firstName)
  setIfPresent(params, 'last_name', prefill.lastName)
  setIfPresent(params, 'email', prefill.email)

  setIfPresent(params, 'primary_color', hex(pageSettings.primaryColor))
  if (pageSettings.hideEventTypeDetails) params.set('hide_event_type_details', '1')
  if (pageSettings.hideGdprBanner) params.set('hide_gdpr_banner', '1')

  for (const [field, key] of UTM_PARAMS) setIfPresent(params, key, utm[field])

  return target.toString()
}
