/**
 * The office's links (docs/spam.md, "The office's links"): "Not spam: deliver it" in the digest
 * of held leads, and "This is spam" in the office e-mail of a delivered lead. A link only opens
 * a confirmation page on the site; the page's button acts (server/office/office-router.ts).
 *
 * A link's token names what it does, to which lead, until when, and is signed:
 *
 *   <n|s>.<lead id>.<expiry, seconds since 1970 in base 36>.<HMAC-SHA256, base64url, 32 characters>
 *
 * The key is made once per database and kept in site_secrets ('office-links'), like the form
 * token's key: every process shares it, a backup carries it, nobody configures it. A database
 * restored from before migration 005 gets a new key, and links sent before then read as
 * tampered (the page says what to do instead).
 */
import type { Db } from '../platform/db/connection'
import { siteKey } from '../platform/db/site-secrets'
import { linkSigning, openToken, signToken } from '../platform/signed-token'

export type OfficeAction = 'not_spam' | 'spam'

/** The path every office link opens; the token follows it. */
export const OFFICE_CONFIRM_PATH = '/office/confirm'

/** How long a link works by default (OFFICE_LINK_DAYS). */
export const DEFAULT_LINK_DAYS = 14

const SECRET_NAME = 'office-links'
const ACTION_CODES: Record<OfficeAction, string> = { not_spam: 'n', spam: 's' }
const ACTIONS_BY_CODE: Record<string, OfficeAction> = { n: 'not_spam', s: 'spam' }
/** The lead ids the site makes (crypto.randomUUID); nothing else is ever signed. */
const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const TOKEN = /^([ns])\.([0-9a-f-]{36})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{32})$/

/**
 * The key that signs the links, made on first use. It writes (under SQLite's write lock), so
 * the web process calls it once at start-up and keeps the key: a GET of a link never writes.
 */
export function officeLinkKey(db: Db, now = new Date()): Buffer {
  return siteKey(db, SECRET_NAME, now)
}

/** The HMAC over `office-link:${payload}`, cut to a link's 32 characters. */
const signing = (key: Buffer) => linkSigning(key, 'office-link')

/** A signed token for `action` on `leadId`, working until `expiresAt`. */
export function makeOfficeToken(key: Buffer, action: OfficeAction, leadId: string, expiresAt: Date): string {
  if (!LEAD_ID.test(leadId)) throw new Error(`not a lead id: ${leadId}`)
  const payload = `${ACTION_CODES[action]}.${leadId}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`
  return signToken(signing(key), payload)
}

/** The whole link: SITE_URL, the confirmation path and the token. */
function officeLinkUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${OFFICE_CONFIRM_PATH}/${token}`
}

/** Makes the links of one process: the key read once, the expiry counted from `now`. */
export function createOfficeLinks(db: Db, opts: { siteUrl: string; days: number }) {
  let key: Buffer | undefined
  return {
    url(action: OfficeAction, leadId: string, now = new Date()): string {
      key ??= officeLinkKey(db, now)
      const expiresAt = new Date(now.getTime() + opts.days * 24 * 60 * 60 * 1000)
      return officeLinkUrl(opts.siteUrl, makeOfficeToken(key, action, leadId, expiresAt))
    },
  }
}

export type OfficeLinks = ReturnType<typeof createOfficeLinks>

/** What a token says, once checked. */
export type CheckedOfficeToken =
  | { kind: 'valid'; action: OfficeAction; leadId: string; expiresAt: Date }
  | { kind: 'expired'; action: OfficeAction; leadId: string; expiresAt: Date }
  /** Not one the site made: cut short, altered, or signed with another key. */
  | { kind: 'invalid' }

export function checkOfficeToken(key: Buffer, token: string, now = new Date()): CheckedOfficeToken {
  const match = TOKEN.exec(token)
  if (!match) return { kind: 'invalid' }
  const [, code, leadId, expiry] = match as unknown as [string, string, string, string]
  const expiresAt = new Date(parseInt(expiry, 36) * 1000)
  const opened = openToken(signing(key), token, now, () => expiresAt)
  if (opened.state === 'invalid') return { kind: 'invalid' }
  const action = ACTIONS_BY_CODE[code]
  if (!action || !LEAD_ID.test(leadId)) return { kind: 'invalid' }
  return { kind: opened.state, action, leadId, expiresAt }
}
