/**
 * Builds the inline booking widget's URL (on /schedule-inspection): the scheduling page plus
 * Calendly-style query parameters for the prefill and page settings the widget uses, for UTM
 * tracking, and the lead's reference in each tool's own pass-through field, which the tool sends
 * back with the booking (docs/bookings.md): Calendly's `salesforce_uuid` (returned in
 * `tracking`) and Cal.com's `metadata[leadRef]` (returned in `metadata`); each tool ignores the
 * other's. The campaign's source, medium and name go to Cal.com as `metadata[utm_*]` too, as
 * it returns no plain `utm_*`. Pure, so it is unit-tested (tests/unit/booking-url.test.ts) and usable on either side.
 */

/**
 * The cookie that tells the booking page the reference of the lead just sent (set by
 * POST /api/enquiries on its answer, for /schedule-inspection only; read by the page's script).
 */
export const BOOKING_REF_COOKIE = 'booking_ref'

/** A lead's reference: 22 letters and digits (about 131 random bits), never the lead's id. */
export const BOOKING_REF_PATTERN = /^[A-Za-z0-9]{22}$/

/** The query parameters that carry the reference: Calendly's and Cal.com's pass-through fields. */
const BOOKING_REF_PARAMS = { calendly: 'salesforce_uuid', calCom: 'metadata[leadRef]' } as const

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
  /** The reference of the lead just sent (BOOKING_REF_COOKIE); left out unless it has its shape. */
  leadRef?: string
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
  // Cal.com sends back only its metadata[...] parameters: the campaign that finds a booking
  // without a form its source (Calendly returns utm_* in its tracking).
  for (const [field, key] of UTM_PARAMS.slice(0, 3)) setIfPresent(params, `metadata[${key}]`, utm[field])

  if (options.leadRef && BOOKING_REF_PATTERN.test(options.leadRef))
    for (const key of Object.values(BOOKING_REF_PARAMS)) params.set(key, options.leadRef)

  return target.toString()
}

/** The homeowner a booking link in an e-mail is for (a lead's or an alert's row). */
interface EmailedPerson {
  firstName?: string | null
  lastName?: string | null
  email: string
}

/**
 * The booking link of an e-mail to a homeowner (a follow-up, a storm alert): their name and
 * address filled in, tagged utm_medium=email with the e-mail's source and campaign, and the
 * lead's reference when it has one.
 */
export function emailBookingUrl(
  url: string,
  person: EmailedPerson,
  utm: { utmSource: string; utmCampaign: string },
  leadRef?: string | null,
): string {
  return buildBookingUrl({
    url,
    prefill: {
      firstName: person.firstName ?? undefined,
      lastName: person.lastName ?? undefined,
      email: person.email,
    },
    utm: { ...utm, utmMedium: 'email' },
    leadRef: leadRef ?? undefined,
  })
}
