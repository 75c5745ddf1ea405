/**
 * The visit's source, kept in the browser's own storage (first-party only: no cookie, no
 * request, nothing read but the page's URL and document.referrer; docs/attribution.md).
 *
 * - This visit (sessionStorage, gone when the tab closes): the touch of the visit's first page
 *   view (its campaign query, the referrer's origin, the landing page). A later page view that
 *   carries a campaign of its own (another ad clicked in the same tab) replaces it.
 * - The first visit (localStorage): the touch of the first visit and when it was, kept for
 *   30 days (FIRST_TOUCH_WINDOW_MS); after that the next visit is the first one again.
 *
 * Every lead form sends both with the enquiry (attributionFields), the first only when it
 * differs from this visit's. Where storage is blocked, the page's own touch is sent.
 */
import {
  asFirstTouchFields,
  FIRST_TOUCH_WINDOW_MS,
  hasCampaign,
  sameTouch,
  touchOf,
  TOUCH_FIELDS,
  type FirstTouch,
  type Touch,
} from '../../shared/attribution'
import { browserStorage, type StorageLike } from './browser-storage'

const VISIT_TOUCH_KEY = 'roofing:visit-touch'
const FIRST_TOUCH_KEY = 'roofing:first-touch'

/** Where the two touches are kept: this visit's, and the first visit's. */
export interface TouchStores {
  visit: StorageLike | null
  first: StorageLike | null
}

function browserStores(): TouchStores {
  return { visit: browserStorage('sessionStorage'), first: browserStorage('localStorage') }
}

/** Only the touch's own keys, with string values (storage may hold anything). */
function readTouch(storage: StorageLike | null, key: string): FirstTouch | undefined {
  try {
    const raw = storage?.getItem(key)
    if (!raw) return undefined
    const parsed = JSON.parse(raw) as Record<string, unknown>
    const touch: FirstTouch = {}
    for (const field of [...TOUCH_FIELDS, 'seen_at'] as const)
      if (typeof parsed[field] === 'string') touch[field] = parsed[field]
    return touch
  } catch {
    return undefined
  }
}

function writeTouch(storage: StorageLike | null, key: string, touch: FirstTouch): void {
  try {
    storage?.setItem(key, JSON.stringify(touch))
  } catch {
    // Private mode or a full quota: the page's own touch is sent instead.
  }
}

/**
 * Records a page view: the visit's first one sets this visit's touch (and the first visit's,
 * when there is none within 30 days); a later one with a campaign of its own replaces it.
 */
export function recordPageView(
  url: URL,
  referrer: string,
  now: Date,
  stores: TouchStores = browserStores(),
): void {
  const here = touchOf(url, referrer)
  const visit = readTouch(stores.visit, VISIT_TOUCH_KEY)
  if (!visit || hasCampaign(here)) writeTouch(stores.visit, VISIT_TOUCH_KEY, here)
  const first = readTouch(stores.first, FIRST_TOUCH_KEY)
  const seen = first?.seen_at ? Date.parse(first.seen_at) : NaN
  if (!first || !(now.getTime() - seen <= FIRST_TOUCH_WINDOW_MS)) {
    writeTouch(stores.first, FIRST_TOUCH_KEY, { ...(visit ?? here), seen_at: now.toISOString() })
  }
}

/**
 * The source fields an enquiry carries: this visit's touch (or `fallback`, the page's own, when
 * nothing was stored) and the first visit's with the `first_` prefix when it differs.
 */
export function attributionFields(
  fallback: Touch | undefined,
  now: Date,
  stores: TouchStores = browserStores(),
): Record<string, string> {
  const last: Touch = readTouch(stores.visit, VISIT_TOUCH_KEY) ?? fallback ?? {}
  const fields: Record<string, string> = {}
  for (const field of TOUCH_FIELDS) if (last[field]) fields[field] = last[field]
  const first = readTouch(stores.first, FIRST_TOUCH_KEY)
  const seen = first?.seen_at ? Date.parse(first.seen_at) : NaN
  if (first && now.getTime() - seen <= FIRST_TOUCH_WINDOW_MS && !sameTouch(first, last)) {
    Object.assign(fields, asFirstTouchFields(first))
  }
  return fields
}

/** This visit's UTM values, for the booking widget (shared/booking-url.ts). */
export function visitUtm(): Touch {
  return readTouch(browserStorage('sessionStorage'), VISIT_TOUCH_KEY) ?? {}
}
