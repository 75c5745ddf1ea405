/**
 * The signed "form shown at" token (issue 20): the page hands one out with the form, the
 * enquiry sends it back in FORM_TOKEN_FIELD, and the time between the two is evidence a person
 * filled the form in (spam-score.ts). Pure apart from the clock, which the caller passes in.
 *
 * A token is `${issuedAtMs}.${signature}`, the signature being the base64url HMAC-SHA256 of
 * the decimal issuedAtMs under the server's secret. It proves when the form was shown, nothing
 * about who: it is not single-use and carries no session.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { TokenState } from './spam-score'

/** The enquiry's field that carries the token back (declared with the enquiry schema). */
export { FORM_TOKEN_FIELD } from '../../shared/form-token'
/** A token older than this is expired, and scored as if none had been sent. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000
/** How far in the future a token may say it was issued (clocks of several web processes). */
export const FORM_TOKEN_MAX_SKEW_MS = 60_000

/** Milliseconds since the epoch, then a base64url SHA-256 digest (43 characters, no padding). */
const TOKEN_SHAPE = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/

function signature(secret: string, issuedAtMs: number): string {
  if (!secret) throw new TypeError('The form token secret must not be empty')
  return createHmac('sha256', secret).update(String(issuedAtMs)).digest('base64url')
}

/** A token saying the form was shown at `now`. */
export function issueFormToken(secret: string, now: Date): string {
  const issuedAtMs = now.getTime()
  if (!Number.isSafeInteger(issuedAtMs) || issuedAtMs < 0) throw new RangeError('Invalid issue time')
  return `${issuedAtMs}.${signature(secret, issuedAtMs)}`
}

/**
 * What a token sent back says: `missing` when none was sent (undefined, null or ''), `invalid`
 * when it is not a token of ours (malformed, bad signature, or issued more than
 * FORM_TOKEN_MAX_SKEW_MS in the future), `expired` when older than FORM_TOKEN_MAX_AGE_MS, else
 * `valid` with the milliseconds since the form was shown.
 */
export function checkFormToken(secret: string, token: unknown, now: Date): TokenState {
  if (token === undefined || token === null || token === '') return { state: 'missing' }
  if (typeof token !== 'string') return { state: 'invalid' }
  const shape = TOKEN_SHAPE.exec(token)
  if (!shape) return { state: 'invalid' }
  const issuedAtMs = Number(shape[1])
  const expected = Buffer.from(signature(secret, issuedAtMs))
  const given = Buffer.from(shape[2]!)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { state: 'invalid' }
  const elapsedMs = now.getTime() - issuedAtMs
  if (elapsedMs < -FORM_TOKEN_MAX_SKEW_MS) return { state: 'invalid' }
  if (elapsedMs > FORM_TOKEN_MAX_AGE_MS) return { state: 'expired' }
  return { state: 'valid', elapsedMs: Math.max(0, elapsedMs) }
}
