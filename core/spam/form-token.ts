/**
 * The form token: the page asks for one when a form comes into view (GET /api/form-token), the
 * enquiry sends it back in FORM_TOKEN_FIELD, and what it shows is evidence for the spam score
 * (rules.ts, docs/spam.md, decision 017):
 *
 * - the time between the form shown and sent (a person takes longer than a script);
 * - whether another enquiry sent it before (each form is sent once with its token; a script that
 *   fetched one token and posts with it again and again is not);
 * - whether a page of this site asked for it (a browser's fetch from the page says so in its
 *   fetch metadata or its Referer; a script has to think of faking them).
 *
 * A token is `${issuedAtMs}.${id}.${signature}`: the time the server answered, a random id under
 * which the token is recorded in the database (form-token-store.ts), and the base64url
 * HMAC-SHA256 of the two under the site's key (core/platform/signed-token.ts). The signature
 * lets garbage and forgeries be told apart without a query; the record says whether a page asked
 * for it and whether it was used. This module is pure apart from the clock, which the caller
 * passes in.
 */
import { randomBytes } from 'node:crypto'
import type { Request } from 'express'
import { openToken, signToken, type TokenSigning } from '../platform/signed-token'

/** The enquiry's field that carries the token back (declared with the enquiry schema). */
/** A token older than this is expired, and scored as if none had been sent. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000
/** How far in the future a token may say it was issued (clocks of several web processes). */
const FORM_TOKEN_MAX_SKEW_MS = 60_000

/** Milliseconds since the epoch, a 128-bit id, a SHA-256 digest (base64url, no padding). */
const TOKEN_SHAPE = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/

/** The whole HMAC, over `${issuedAtMs}.${id}`, as tokens have always been signed. */
const signing = (secret: string): TokenSigning => ({ key: secret })

/** A new token id: 16 random bytes. */
export function newFormTokenId(): string {
  return randomBytes(16).toString('base64url')
}

/** A token with this id saying the form was shown at `now`. */
export function issueFormToken(secret: string, now: Date, id: string = newFormTokenId()): string {
  const issuedAtMs = now.getTime()
  if (!Number.isSafeInteger(issuedAtMs) || issuedAtMs < 0) throw new RangeError('Invalid issue time')
  if (!/^[A-Za-z0-9_-]{22}$/.test(id)) throw new RangeError('A form token id is 22 base64url characters')
  return signToken(signing(secret), `${issuedAtMs}.${id}`)
}

/** What a token sent back says, before its record is read. */
export type SignedToken =
  | { state: 'signed'; id: string; elapsedMs: number }
  | { state: 'missing' }
  | { state: 'invalid' }
  | { state: 'expired' }

/**
 * `missing` when none was sent (undefined, null or ''), `invalid` when it is not a token of ours
 * (malformed, bad signature, or issued more than FORM_TOKEN_MAX_SKEW_MS in the future),
 * `expired` when older than FORM_TOKEN_MAX_AGE_MS, else `signed` with its id and the
 * milliseconds since the form was shown.
 */
export function checkFormToken(secret: string, token: unknown, now: Date): SignedToken {
  if (token === undefined || token === null || token === '') return { state: 'missing' }
  if (typeof token !== 'string') return { state: 'invalid' }
  const shape = TOKEN_SHAPE.exec(token)
  if (!shape) return { state: 'invalid' }
  const issuedAtMs = Number(shape[1])
  const id = shape[2]!
  // A token exactly FORM_TOKEN_MAX_AGE_MS old still counts: it stops 1 ms later.
  const opened = openToken(
    signing(secret),
    token,
    now,
    () => new Date(issuedAtMs + FORM_TOKEN_MAX_AGE_MS + 1),
  )
  if (opened.state === 'invalid') return opened
  const elapsedMs = now.getTime() - issuedAtMs
  if (elapsedMs < -FORM_TOKEN_MAX_SKEW_MS) return { state: 'invalid' }
  if (opened.state === 'expired') return { state: 'expired' }
  return { state: 'signed', id, elapsedMs: Math.max(0, elapsedMs) }
}

/**
 * Whether a token request came from a page of this site, as the script layer's fetch sends it:
 * `Sec-Fetch-Site: same-origin` (every current browser sets it, and no page can), or, from a
 * browser too old to send fetch metadata, a Referer on this site (the site's Referrer-Policy is
 * same-origin, so its own pages always send one). `Sec-Fetch-Site: cross-site` or `same-site`
 * means another site's page asked; neither header means no browser did.
 */
export function isPageFetch(req: Pick<Request, 'get' | 'protocol'>, siteOrigin: string): boolean {
  const fetchSite = req.get('sec-fetch-site')?.toLowerCase()
  if (fetchSite !== undefined) return fetchSite === 'same-origin'
  const referer = req.get('referer')
  if (!referer) return false
  try {
    const origin = new URL(referer).origin
    return origin === siteOrigin || origin === `${req.protocol}://${req.get('host') ?? ''}`
  } catch {
    return false
  }
}
