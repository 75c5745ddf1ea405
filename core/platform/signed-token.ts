/**
 * Tokens the site signs with a key of its own and reads back: `${payload}.${signature}`, the
 * signature the base64url HMAC-SHA256 of the payload (cut to `signatureLength` characters when
 * a token must be short). The form token, the office's links (docs/spam.md) and the storm
 * alerts' unsubscribe links are made this way; each says what its payload holds and when it
 * expires.
 *
 * Reading a token never throws on what a client sent: anything that is not a token signed with
 * the key reads as `invalid`. A missing key is a mistake of the caller and throws.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The length of a whole HMAC-SHA256 in base64url without padding. */
const FULL_SIGNATURE_LENGTH = 43

export interface TokenSigning {
  /** The key: a string is used as its UTF-8 bytes. */
  key: string | Buffer
  /**
   * Signed before the payload as `${purpose}:`, so a token made for one purpose never passes
   * for another signed with the same key.
   */
  purpose?: string
  /** The signature's length in characters, at most 43 (the whole HMAC). */
  signatureLength?: number
}

/** A token's signature in a link, cut to 32 characters (192 bits) to keep the link short. */
const LINK_SIGNATURE_LENGTH = 32

/** How the tokens of a link the site e-mails are signed: `purpose` and the short signature. */
export function linkSigning(key: Buffer, purpose: string): TokenSigning {
  return { key, purpose, signatureLength: LINK_SIGNATURE_LENGTH }
}

/** What a token read back says: its payload when its signature holds, and whether it expired. */
export type OpenedToken = { state: 'valid' | 'expired'; payload: string } | { state: 'invalid' }

function signatureOf(signing: TokenSigning, payload: string): string {
  if (signing.key.length === 0) throw new TypeError('A token signing key must not be empty')
  const length = signing.signatureLength ?? FULL_SIGNATURE_LENGTH
  if (!Number.isInteger(length) || length < 1 || length > FULL_SIGNATURE_LENGTH)
    throw new RangeError(`A signature is 1 to ${FULL_SIGNATURE_LENGTH} characters long`)
  const message = signing.purpose === undefined ? payload : `${signing.purpose}:${payload}`
  return createHmac('sha256', signing.key).update(message).digest('base64url').slice(0, length)
}

/** The token of `payload`: the payload, a dot and its signature. */
export function signToken(signing: TokenSigning, payload: string): string {
  return `${payload}.${signatureOf(signing, payload)}`
}

/**
 * Reads a token: `invalid` unless it is a string whose part after its last dot is the payload's
 * signature (compared in constant time); then `expired` when `expiresAt(payload)` (the first
 * moment it no longer works) is not after `now`, else `valid`. `expiresAt` reads the payload,
 * whose signature already held; undefined or an invalid date from it reads as `invalid`.
 */
export function openToken(
  signing: TokenSigning,
  token: unknown,
  now: Date,
  expiresAt: (payload: string) => Date | undefined,
): OpenedToken {
  if (typeof token !== 'string') return { state: 'invalid' }
  const dot = token.lastIndexOf('.')
  if (dot < 0) return { state: 'invalid' }
  const payload = token.slice(0, dot)
  const expected = Buffer.from(signatureOf(signing, payload))
  const given = Buffer.from(token.slice(dot + 1))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { state: 'invalid' }
  const expiry = expiresAt(payload)?.getTime()
  if (expiry === undefined || Number.isNaN(expiry)) return { state: 'invalid' }
  return { state: expiry > now.getTime() ? 'valid' : 'expired', payload }
}
