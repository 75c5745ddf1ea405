/**
 * Where a visit came from, for visitors without JavaScript (docs/attribution.md), kept in two
 * first-party cookies instead of the page's HTML, so every landing page stays one cached copy
 * for everyone.
 *
 * - `visit_touch`: this visit's campaign and landing page. Set on every landing whose query
 *   names a campaign (a later ad click replaces it, as the browser's own store does); a
 *   session cookie, gone when the browser closes, the nearest a cookie comes to the
 *   sessionStorage the script layer uses for the same thing.
 * - `first_touch`: the first such landing and when it was. Set only when the browser has none;
 *   it lasts 30 days (FIRST_TOUCH_WINDOW_MS), the first touch's window with JavaScript.
 *
 * A plain form post that carries no source fields of its own reads both (touchFieldsOfCookies)
 * and sends them as the script layer would: the last touch, and the first with its `first_`
 * prefix when it is another. Values are cleaned to the lead-field table's bounds when set and
 * again when read, so a cookie edited by hand is never more than a malformed value dropped.
 */
import { parse as parseCookies } from 'cookie'
import {
  asFirstTouchFields,
  CAMPAIGN_PARAMS,
  campaignOf,
  FIRST_TOUCH_WINDOW_MS,
  hasCampaign,
  landingPageOf,
  sameTouch,
  type FirstTouch,
  type Touch,
} from '../../shared/attribution'
import { TEXT_FORMATS, TOUCH_BOUNDS } from '../../shared/touch-fields'

export const VISIT_TOUCH_COOKIE = 'visit_touch'
export const FIRST_TOUCH_COOKIE = 'first_touch'
const FIRST_TOUCH_MAX_AGE_S = FIRST_TOUCH_WINDOW_MS / 1000

/**
 * Browsers keep a cookie of about 4,096 bytes with its name and attributes; a campaign longer
 * than this (only a hand-made URL: real ones are a few hundred characters) sets no cookie.
 */
export const MAX_TOUCH_COOKIE_VALUE = 3800

/** The query parameter names inside a cookie's value: the landing path and the first visit's time. */
const PATH_KEY = 'p'
const SEEN_KEY = 't'

/** Whether a query may name a campaign: one of the parameters' names, or an escape that may hide one. */
const MAY_NAME_A_CAMPAIGN = /utm_|clid|braid|%/

/** The cookies' attributes, without and with Secure, written once. */
const ATTRIBUTES = [false, true].map((secure) => {
  const visit = `; Path=/; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`
  return { visit, first: `; Max-Age=${FIRST_TOUCH_MAX_AGE_S}${visit}` }
}) as [{ visit: string; first: string }, { visit: string; first: string }]

/** Identity: the value is a URL query (letters, digits, `%`, `=`, `&`, `-_.!~*'()`), all valid in a cookie. */
const asIs = (value: string) => value

/**
 * The Set-Cookie values for a page view, or undefined when there are none: only a known page
 * (`pathname`, a path of the route table) whose query names a campaign sets them.
 */
export function touchCookiesFor(
  pathname: string,
  search: string,
  cookieHeader: string | undefined,
  now: Date,
  secure: boolean,
): string[] | undefined {
  // Most queries name no campaign; a name written with %-escapes is parsed like the rest.
  if (search.length < 2 || !MAY_NAME_A_CAMPAIGN.test(search)) return undefined
  const value = plainCookieValueOf(search, pathname) ?? cleanCookieValueOf(search, pathname)
  if (value === undefined || value.length > MAX_TOUCH_COOKIE_VALUE) return undefined
  // Written out rather than by the cookie package's serializer, which validates what needs no
  // validation here (a fixed name, fixed attributes, a value made by URLSearchParams) and would
  // be half the cost of a cached page's answer; the same text as it writes.
  const attributes = ATTRIBUTES[secure ? 1 : 0]
  const cookies = [`${VISIT_TOUCH_COOKIE}=${value}${attributes.visit}`]
  const sent = cookieHeader ? parseCookies(cookieHeader, { decode: asIs }) : undefined
  if (!sent || !firstTouchOf(sent[FIRST_TOUCH_COOKIE], now))
    cookies.push(`${FIRST_TOUCH_COOKIE}=${value}&${SEEN_KEY}=${encodedTimeOf(now)}${attributes.first}`)
  return cookies
}

/**
 * The source fields a plain form post gets from the cookies: this visit's touch, and the first
 * visit's (with `first_seen_at`) when it is at most 30 days old and another touch. Empty when
 * the browser sent neither (it refused them, or never landed from a campaign).
 */
export function touchFieldsOfCookies(cookieHeader: string | undefined, now: Date): Record<string, string> {
  if (!cookieHeader) return {}
  const cookies = parseCookies(cookieHeader, { decode: asIs })
  const last = touchOfCookieValue(cookies[VISIT_TOUCH_COOKIE])
  const first = firstTouchOf(cookies[FIRST_TOUCH_COOKIE], now)
  const fields: Record<string, string> = {}
  if (last) for (const [field, value] of Object.entries(last)) if (value) fields[field] = value
  if (first && !sameTouch(first, last ?? {})) Object.assign(fields, asFirstTouchFields(first))
  return fields
}

/**
 * The cookie's value for a campaign as an ad platform writes it, taken from the query as it
 * came, without decoding and encoding it again (this runs for every ad click): every campaign
 * parameter's first value (later ones are ignored, as URLSearchParams.get does), when the
 * query's campaign part holds only characters a cookie's value may (no `;`, `,`, `"`, space,
 * no other character outside printable ASCII), each click id only its own characters, and each
 * value at most three times its field's length (all escaped). Undefined when one of these does
 * not hold, or the query's names are escaped: cleanCookieValueOf then does it the long way. A
 * value is cleaned to its field's bounds when a form post reads it (touchOfCookieValue).
 */
function plainCookieValueOf(search: string, pathname: string): string | undefined {
  if (search.includes('%5F') || search.includes('%5f')) return undefined
  let value = ''
  let seen = 0
  // Walked with indexOf rather than split into pairs: no array and no string per pair.
  for (let start = 1; start < search.length;) {
    let end = search.indexOf('&', start)
    if (end < 0) end = search.length
    let eq = search.indexOf('=', start)
    if (eq < 0 || eq > end) eq = end
    const param = PLAIN_PARAMS.get(search.slice(start, eq))
    if (param && !(seen & param.bit)) {
      seen |= param.bit
      if (end > eq + 1) {
        const text = search.slice(eq + 1, end)
        if (text.length > param.max || !param.safe.test(text)) return undefined
        value += `${search.slice(start, end)}&`
      }
    }
    start = end + 1
  }
  return value ? `${value}${PATH_KEY}=${encodedPathOf(pathname)}` : undefined
}
/** What a URL query's value may hold to go into a cookie as it is: unreserved, escapes and `+`. */
const RAW_COOKIE_SAFE = /^[A-Za-z0-9%+._~!*'()-]*$/
/** A click id as it comes: its own characters only (shared/touch-fields.ts), none escaped. */
const RAW_CLICK_ID = /^[A-Za-z0-9._~-]+$/
/**
 * Each campaign parameter as plainCookieValueOf reads it: a bit of its own (the first value of
 * a parameter counts, later ones are ignored), the longest value taken as it comes (three times
 * its field's length: all escaped), and what the value may hold.
 */
const PLAIN_PARAMS = new Map<string, { bit: number; max: number; safe: RegExp }>(
  CAMPAIGN_PARAMS.map((name, i) => {
    const bounds = TOUCH_BOUNDS[name]
    return [name, { bit: 1 << i, max: bounds.max * 3, safe: bounds.format ? RAW_CLICK_ID : RAW_COOKIE_SAFE }]
  }),
)

/** A page's path as the cookie holds it, escaped once per path (the route table's paths only). */
function encodedPathOf(pathname: string): string {
  let encoded = encodedPaths.get(pathname)
  if (encoded === undefined) {
    encoded = encodeURIComponent(pathname)
    if (encodedPaths.size < 256) encodedPaths.set(pathname, encoded)
  }
  return encoded
}
const encodedPaths = new Map<string, string>()

/** The cookie's value the long way: the campaign decoded and cleaned, then written again. */
function cleanCookieValueOf(search: string, pathname: string): string | undefined {
  const campaign = campaignOf(new URLSearchParams(search))
  return hasCampaign(campaign) ? cookieValueOf(campaign, pathname) : undefined
}

/**
 * The cookie's value: a URL query of the campaign and the landing path. encodeURIComponent
 * leaves only letters, digits and `-_.!~*'()` as they are, all allowed in a cookie's value, and
 * URLSearchParams reads it back.
 */
function cookieValueOf(campaign: Touch, pathname: string): string {
  let value = ''
  for (const param of CAMPAIGN_PARAMS) {
    const text = campaign[param]
    if (text) value += `${param}=${encodeURIComponent(text)}&`
  }
  return `${value}${PATH_KEY}=${encodeURIComponent(pathname)}`
}

/** A time as the first touch's cookie holds it, kept for the millisecond (many landings share one). */
function encodedTimeOf(now: Date): string {
  const ms = now.getTime()
  if (ms !== lastTime.ms) lastTime = { ms, text: encodeURIComponent(now.toISOString()) }
  return lastTime.text
}
let lastTime = { ms: NaN, text: '' }

/** A cookie's touch, cleaned, or undefined when it holds no campaign (missing, or edited into nonsense). */
function touchOfCookieValue(value: string | undefined): FirstTouch | undefined {
  if (!value || value.length > MAX_TOUCH_COOKIE_VALUE) return undefined
  let query: URLSearchParams
  try {
    query = new URLSearchParams(value)
  } catch {
    return undefined
  }
  const campaign = campaignOf(query)
  if (!hasCampaign(campaign)) return undefined
  const touch: FirstTouch = { ...campaign }
  const path = query.get(PATH_KEY)
  const landing = path?.startsWith('/') ? landingPageOf(path, campaign) : undefined
  if (landing) touch.landing_page = landing
  const seen = query.get(SEEN_KEY)
  if (seen && TEXT_FORMATS.datetime.test(seen) && !Number.isNaN(Date.parse(seen))) touch.seen_at = seen
  return touch
}

/** The first touch of its cookie when it is within the 30-day window, else undefined. */
function firstTouchOf(value: string | undefined, now: Date): FirstTouch | undefined {
  const touch = touchOfCookieValue(value)
  if (!touch?.seen_at) return undefined
  const age = now.getTime() - Date.parse(touch.seen_at)
  return age <= FIRST_TOUCH_WINDOW_MS ? touch : undefined
}
