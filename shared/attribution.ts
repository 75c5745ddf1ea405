/**
 * Where a visit came from (docs/attribution.md): a landing page's campaign query (UTM values and
 * ad click ids), the referrer's origin and the landing page, read from a URL, cleaned to the
 * bounds of the lead-field table (shared/lead-fields.ts, the fields with `touch`), and turned
 * into the one line the office reads: "Google Ads (cpc), campaign hail-2026, landed on
 * /service-areas/parker-co".
 *
 * Pure, so the browser's store (client/lib/attribution-store.ts), the server's attribution
 * cookies (server/http/attribution-cookie.ts), the worker's e-mail and webhook and site-admin
 * share it.
 */
// Types only from the lead-field table: the script layer uses this module without zod.
import type { LeadFieldValues } from './lead-fields'
import { CAMPAIGN_PARAMS, TEXT_FORMATS, TOUCH_BOUNDS, TOUCH_FIELDS, type TouchField } from './touch-fields'

export { CAMPAIGN_PARAMS, TOUCH_FIELDS, type TouchField } from './touch-fields'

/** One touch: a visit's campaign values, referrer origin and landing page (each optional). */
export type Touch = Partial<Record<TouchField, string>>

/** The first touch also says when it was. */
export type FirstTouch = Touch & { seen_at?: string }

/** First and last touch are both kept when the first is at most this old (the 30 days). */
export const FIRST_TOUCH_WINDOW_MS = 30 * 24 * 60 * 60 * 1000

// \p{Cs}: a lone half of a surrogate pair (a pair is one code point to a `u` expression).
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

/**
 * A value as the lead-field table accepts it, or undefined: hidden and control characters
 * (and any lone half of a surrogate pair) removed, NFC, trimmed, cut to the field's length
 * without splitting a character; a click id with other characters is dropped (it would not be
 * one), as is an empty value. What it returns is always well-formed Unicode, so
 * encodeURIComponent never throws on it.
 */
export function cleanTouchValue(field: TouchField, raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined
  const { max, format } = TOUCH_BOUNDS[field]
  // Printable ASCII (nearly every campaign value) has nothing to remove or normalize: the server
  // cleans a campaign on every landing, so the common case skips the Unicode work.
  const visible = PRINTABLE_ASCII.test(raw) ? raw : raw.replace(INVISIBLE_OR_CONTROL, '').normalize('NFC')
  const value = cutToLength(visible.trim(), max).trim()
  if (!value) return undefined
  if (format && !TEXT_FORMATS[format].test(value)) return undefined
  return value
}

/**
 * At most `max` UTF-16 units (the lead-field table's length), never half a character: a cut
 * that would fall inside a surrogate pair (an emoji, say) drops the whole pair.
 */
function cutToLength(text: string, max: number): string {
  if (text.length <= max) return text
  const last = text.charCodeAt(max - 1)
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max)
}

/** A referrer's origin ('https://www.google.com'), or undefined for none, this site or not http(s). */
function referrerOriginOf(referrer: string | null | undefined, siteOrigin?: string): string | undefined {
  if (!referrer) return undefined
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    if (siteOrigin && url.origin === siteOrigin) return undefined
    return cleanTouchValue('referrer', url.origin)
  } catch {
    return undefined
  }
}

/** The campaign values of a URL's query, cleaned. */
export function campaignOf(search: URLSearchParams): Touch {
  const touch: Touch = {}
  for (const param of CAMPAIGN_PARAMS) {
    const value = cleanTouchValue(param, search.get(param))
    if (value !== undefined) touch[param] = value
  }
  return touch
}

/** Whether a touch names a campaign (a UTM value or a click id), not only a page or referrer. */
export function hasCampaign(touch: Touch | undefined): boolean {
  return touch !== undefined && CAMPAIGN_PARAMS.some((param) => touch[param] !== undefined)
}

/**
 * A landing page as stored: its path and only the campaign part of its query (other query
 * parameters may hold anything and are not kept).
 */
export function landingPageOf(pathname: string, campaign: Touch): string | undefined {
  const query = new URLSearchParams()
  for (const param of CAMPAIGN_PARAMS) if (campaign[param]) query.set(param, campaign[param])
  const text = query.size ? `${pathname}?${query.toString()}` : pathname
  return cleanTouchValue('landing_page', text.startsWith('/') ? text : undefined)
}

/**
 * The touch of a page view: its campaign, its landing page, and the referrer's origin when it
 * is another site. `url` is the page's own URL (path and query are what matter).
 */
export function touchOf(url: URL, referrer?: string | null): Touch {
  const campaign = campaignOf(url.searchParams)
  const touch: Touch = { ...campaign }
  const landing = landingPageOf(url.pathname, campaign)
  if (landing) touch.landing_page = landing
  const origin = referrerOriginOf(referrer, url.origin)
  if (origin) touch.referrer = origin
  return touch
}

/**
 * The touch of a page whose own URL names a campaign (its query and landing page), or
 * undefined: what a form sends when the browser keeps no storage.
 */
export function pageCampaignOf(url: URL): Touch | undefined {
  const touch = touchOf(url)
  return hasCampaign(touch) ? touch : undefined
}

/** The same touch, the keys with the first touch's prefix ('first_utm_source' …). */
export function asFirstTouchFields(touch: FirstTouch): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const field of TOUCH_FIELDS) if (touch[field]) fields[`first_${field}`] = touch[field]
  if (touch.seen_at) fields.first_seen_at = touch.seen_at
  return fields
}

/** Whether two touches are the same visit's source (then only the last is kept). */
export function sameTouch(a: Touch, b: Touch): boolean {
  return TOUCH_FIELDS.every((field) => (a[field] ?? '') === (b[field] ?? ''))
}

/** A lead's touches as stored: undefined where nothing was recorded. */
export function touchesOf(lead: Partial<LeadFieldValues>): { last?: Touch; first?: FirstTouch } {
  const pick = (prefix: '' | 'first_') => {
    const touch: FirstTouch = {}
    for (const field of TOUCH_FIELDS) {
      const value = lead[`${prefix}${field}` as keyof LeadFieldValues]
      if (value) touch[field] = value
    }
    return touch
  }
  const last = pick('')
  const first = pick('first_')
  if (lead.first_seen_at) first.seen_at = lead.first_seen_at
  return {
    ...(Object.keys(last).length ? { last } : {}),
    ...(Object.keys(first).length ? { first } : {}),
  }
}

const GOOGLE_ADS_MEDIUMS = new Set(['cpc', 'ppc', 'paid', 'paidsearch', 'paid_search', 'sem', 'lsa'])
const SOURCE_NAMES: Record<string, string> = {
  google: 'Google',
  bing: 'Bing',
  facebook: 'Facebook',
  fb: 'Facebook',
  instagram: 'Instagram',
  ig: 'Instagram',
  nextdoor: 'Nextdoor',
  yelp: 'Yelp',
}

/** Who sent the visit, in the office's words: 'Google Ads', 'Facebook', 'mailer', 'www.bing.com', 'Direct'. */
export function sourceNameOf(touch: Touch): string {
  const source = touch.utm_source
  const medium = touch.utm_medium?.toLowerCase()
  if (touch.gclid || touch.gbraid || touch.wbraid) return 'Google Ads'
  if (source?.toLowerCase() === 'google' && medium && GOOGLE_ADS_MEDIUMS.has(medium)) return 'Google Ads'
  if (touch.msclkid) return 'Microsoft Ads'
  if (source) return SOURCE_NAMES[source.toLowerCase()] ?? source
  if (touch.fbclid) return 'Facebook'
  if (touch.referrer) return touch.referrer.replace(/^https?:\/\//, '')
  return 'Direct'
}

/** The path of a landing page without its query. */
function landingPathOf(touch: Touch): string | undefined {
  return touch.landing_page?.split('?')[0]
}

/**
 * One readable line: "Google Ads (cpc), campaign hail-2026, landed on /service-areas/parker-co";
 * a referral says "www.bing.com (referral)", a visit with neither "Direct visit".
 */
export function describeTouch(touch: Touch): string {
  const source = sourceNameOf(touch)
  const medium =
    touch.utm_medium ?? (!touch.utm_source && !hasCampaign(touch) && touch.referrer ? 'referral' : '')
  const parts = [source === 'Direct' ? 'Direct visit' : medium ? `${source} (${medium})` : source]
  if (touch.utm_campaign) parts.push(`campaign ${touch.utm_campaign}`)
  if (touch.utm_term) parts.push(`term ${touch.utm_term}`)
  if (touch.utm_content) parts.push(`ad ${touch.utm_content}`)
  const landing = landingPathOf(touch)
  if (landing) parts.push(`landed on ${landing}`)
  return parts.join(', ')
}

/** The first touch's line, with its date: "Facebook (paid), campaign spring-roofs, landed on /, on 2026-10-02". */
export function describeFirstTouch(touch: FirstTouch): string {
  const day = touch.seen_at?.slice(0, 10)
  return day ? `${describeTouch(touch)}, on ${day}` : describeTouch(touch)
}
