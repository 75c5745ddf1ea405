/**
 * What a request line may say of a URL. A bearer value in the address would otherwise be kept
 * by every log line of the request, wherever the log is shipped, for as long as it is kept:
 *
 * - the query is left out (campaign values and ad click ids, which the lead records where they
 *   matter; docs/performance.md, "Cached pages"), and with it anything a client puts there;
 * - an office link's token (`/office/confirm/<token>`, docs/spam.md) is written
 *   `/office/confirm/[redacted]`: it acts on a lead until it expires. So is anything shaped like
 *   one elsewhere in a path (a link pasted after the wrong prefix still works where it belongs).
 *
 * The hail report's key travels in the X-Report-Key header, and cookies and Authorization in
 * theirs: the request line names no header, and the logger redacts them wherever an object
 * carries them (core/platform/logger.ts).
 */
import { OFFICE_CONFIRM_PATH } from '../../core/spam'
import { STORM_ALERTS_CONFIRM_PATH, STORM_ALERTS_UNSUBSCRIBE_PATH } from '../../core/storm-response'
import { FOLLOW_UPS_UNSUBSCRIBE_PATH, OFFICE_MARK_PATH } from '../../core/bookings'

const REDACTED = '[redacted]'

/**
 * The office links' path and the storm alerts' unsubscribe and confirmation links' (which stop a
 * homeowner's alerts, forever, or confirm them), whatever their case (Express routes them so);
 * whatever follows is the token.
 */
const OFFICE_LINK = new RegExp(
  `(?:${[
    OFFICE_CONFIRM_PATH,
    STORM_ALERTS_UNSUBSCRIBE_PATH,
    STORM_ALERTS_CONFIRM_PATH,
    FOLLOW_UPS_UNSUBSCRIBE_PATH,
    OFFICE_MARK_PATH,
  ]
    .map((p) => p.replace(/\//g, '\\/'))
    .join('|')})\\/`,
  'i',
)
/** The shortest token: `n.` + 36 + `.` + 1 + `.` + 32 characters. */
const SHORTEST_TOKEN_LENGTH = 73
/** An office link's token where it may be pasted by mistake: `n.<lead id>.<expiry>.<signature>`. */
const TOKEN_SHAPED = /[ns](?:\.|%2e)[0-9a-f-]{36}(?:\.|%2e)[0-9a-z]{1,10}(?:\.|%2e)[A-Za-z0-9_-]{32}/gi

/** A request's URL as the request line writes it: the path, without its query or any secret in it. */
export function redactRequestUrl(url: string): string {
  const q = url.indexOf('?')
  const path = q < 0 ? url : url.slice(0, q)
  // exec, not a replace with `.+$`: a fifth of the time on a page's path (about 20 ns).
  const office = OFFICE_LINK.exec(path)
  const end = office ? office.index + office[0].length : -1
  const kept = office && end < path.length ? `${path.slice(0, end)}${REDACTED}` : path
  // Every request line goes through here: a page's path is too short to hold a token.
  return kept.length < SHORTEST_TOKEN_LENGTH ? kept : kept.replace(TOKEN_SHAPED, REDACTED)
}
