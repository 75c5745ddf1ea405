/**
 * Builds the inline booking widget's URL (on /schedule-inspection): the scheduling page plus
 * Calendly-style query parameters for prefill, page settings and UTM tracking. Pure, so it
 * is unit-tested (tests/unit/booking-url.test.ts) and usable on either side.
 */

export interface BookingPrefill {
  name?: string
  email?: string
  firstName?: string
  lastName?: string
  guests?: string[]
  location?: string
  date?: string
  /** Answers to the booking page's custom questions, a1 to a10. */
  customAnswers?: Partial<Record<BookingCustomAnswerKey, string>>
}

export type BookingCustomAnswerKey = 'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'a6' | 'a7' | 'a8' | 'a9' | 'a10'

export interface BookingPageSettings {
  /** Hex colours without the leading '#', e.g. 'c2410c' (a leading # is tolerated and dropped). */
  backgroundColor?: string
  textColor?: string
  primaryColor?: string
  hideEventTypeDetails?: boolean
  hideLandingPageDetails?: boolean
  hideGdprBanner?: boolean
}

export interface BookingUtm {
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

const CUSTOM_ANSWER_KEYS: BookingCustomAnswerKey[] = [
  'a1',
  'a2',
  'a3',
  'a4',
  'a5',
  'a6',
  'a7',
  'a8',
  'a9',
  'a10',
]

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

  // A full name wins; otherwise one is made of the parts so the widget's single name field fills.
  const fullName =
    prefill.name?.trim() || [prefill.firstName, prefill.lastName].filter((p) => p?.trim()).join(' ')
  setIfPresent(params, 'name', fullName)
  setIfPresent(params, 'first_name', prefill.firstName)
  setIfPresent(params, 'last_name', prefill.lastName)
  setIfPresent(params, 'email', prefill.email)
  const guests = (prefill.guests ?? []).map((g) => g.trim()).filter(Boolean)
  if (guests.length) params.set('guests', guests.join(','))
  setIfPresent(params, 'location', prefill.location)
  setIfPresent(params, 'date', prefill.date)
  for (const key of CUSTOM_ANSWER_KEYS) setIfPresent(params, key, prefill.customAnswers?.[key])

  setIfPresent(params, 'background_color', hex(pageSettings.backgroundColor))
  setIfPresent(params, 'text_color', hex(pageSettings.textColor))
  setIfPresent(params, 'primary_color', hex(pageSettings.primaryColor))
  if (pageSettings.hideEventTypeDetails) params.set('hide_event_type_details', '1')
  if (pageSettings.hideLandingPageDetails) params.set('hide_landing_page_details', '1')
  if (pageSettings.hideGdprBanner) params.set('hide_gdpr_banner', '1')

  for (const [field, key] of UTM_PARAMS) setIfPresent(params, key, utm[field])

  return target.toString()
}
