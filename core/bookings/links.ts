/**
 * The signed links of the lead's life after the form (docs/bookings.md):
 *
 * - **Stopping follow-ups**, in every follow-up e-mail and its List-Unsubscribe header (RFC
 *   8058). The token is a lead link's (core/leads/link-tokens.ts), `<lead id>.<signature>` over the lead and its e-mail address (purpose
 *   'follow-ups-unsubscribe', key 'follow-ups' in site_secrets), as the storm alerts' links are
 *   made, with a key and purpose of their own: a follow-up's link never stops storm alerts, nor
 *   the other way round. It never expires: a follow-up read a month later must still stop them.
 * - **The office's marks**, in the office e-mail of each lead: "Booked by phone", "Reached, not
 *   booked yet", "Not interested". The token is `<b|r|l>.<lead id>.<expiry in base 36>.<signature>`
 *   (purpose 'office-mark', signed with the office links' key, core/spam/office-links.ts), and
 *   works for OFFICE_LINK_DAYS as the spam links do.
 *
 * A link only opens a page on the site; the page's button (a POST) acts
 * (server/bookings/follow-up-router.ts, server/bookings/mark-router.ts).
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { siteKey } from '../platform/db/site-secrets'
import { linkSigning, openToken, signToken } from '../platform/signed-token'
import { checkLeadLinkToken, makeLeadLinkToken } from '../leads'
import { officeLinkKey } from '../spam'
import { MARK_WORDS, OFFICE_MARKS, type OfficeMark } from './state'

/** The path every follow-up's unsubscribe link opens; the token follows it. */
export const FOLLOW_UPS_UNSUBSCRIBE_PATH = '/follow-ups/unsubscribe'
/** The path every office mark link opens; the token follows it. */
export const OFFICE_MARK_PATH = '/office/mark'

const LEAD_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const MARK_TOKEN = new RegExp(`^([brl])\\.(${LEAD_ID})\\.([0-9a-z]{1,10})\\.[A-Za-z0-9_-]{32}$`)
const MARK_CODES: Record<OfficeMark, string> = { booked: 'b', reached: 'r', lost: 'l' }
const MARKS_BY_CODE = Object.fromEntries(OFFICE_MARKS.map((m) => [MARK_CODES[m], m])) as Record<
  string,
  OfficeMark
>

const trimSlash = (siteUrl: string) => siteUrl.replace(/\/+$/, '')

/**
 * The key of the follow-ups' unsubscribe links, made on first use. It writes, so the web process
 * reads it once when its router is built: a GET of a link never writes.
 */
export function followUpsKey(db: Db, now = new Date()): Buffer {
  return siteKey(db, 'follow-ups', now)
}

const UNSUBSCRIBE_PURPOSE = 'follow-ups-unsubscribe'

export function followUpsUnsubscribeUrl(siteUrl: string, key: Buffer, leadId: string, email: string): string {
  return `${trimSlash(siteUrl)}${FOLLOW_UPS_UNSUBSCRIBE_PATH}/${makeLeadLinkToken(key, UNSUBSCRIBE_PURPOSE, leadId, email)}`
}

/**
 * The lead and address an unsubscribe token is for, or undefined when the site did not make it
 * (or its lead is gone, or the lead's address is no longer the one it was made for).
 */
export function checkFollowUpsToken(
  db: Db,
  key: Buffer,
  token: string,
): { leadId: string; email: string } | undefined {
  return checkLeadLinkToken(db, key, UNSUBSCRIBE_PURPOSE, token)
}

export type FollowUpStopHow = 'one-click' | 'page' | 'site-admin'

/**
 * Records that `email` wants no more follow-ups, and stops those of its leads that wait; a
 * second stop keeps the first's time and way. Storm alerts are left as they are.
 */
export function stopFollowUps(
  db: Db,
  stop: { email: string; leadId: string | null; how: FollowUpStopHow },
  now: Date,
): { alreadyStopped: boolean; stoppedMessages: number } {
  const at = now.toISOString()
  return db
    .transaction(() => {
      const changes = prepare(
        db,
        `INSERT INTO follow_up_stops (email, lead_id, stopped_at, how) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
      ).run(stop.email.trim(), stop.leadId, at, stop.how).changes
      const stoppedMessages = prepare(
        db,
        `UPDATE lead_messages SET status = 'stopped', detail = ?, next_attempt_at = NULL, updated_at = ?
         WHERE kind = 'follow-up' AND status = 'pending' AND claimed_at IS NULL
           AND lead_id IN (SELECT id FROM form_submissions WHERE email = ? COLLATE NOCASE)`,
      ).run(`not needed: the address stopped follow-ups at ${at}`, at, stop.email.trim()).changes
      return { alreadyStopped: changes === 0, stoppedMessages }
    })
    .immediate()
}

/** When `email` stopped its follow-ups, or undefined. */
export function followUpsStoppedAt(
  db: Db,
  email: string,
): { stoppedAt: string; how: FollowUpStopHow } | undefined {
  const row = prepare(db, 'SELECT stopped_at, how FROM follow_up_stops WHERE email = ?').get(email.trim()) as
    { stopped_at: string; how: FollowUpStopHow } | undefined
  return row && { stoppedAt: row.stopped_at, how: row.how }
}

const markSigning = (key: Buffer) => linkSigning(key, 'office-mark')

/** The three mark links of one lead's office e-mail, working `days` from `now`. */
export function createMarkLinks(db: Db, opts: { siteUrl: string; days: number }) {
  let key: Buffer | undefined
  return (leadId: string, now = new Date()): { label: string; url: string }[] => {
    key ??= officeLinkKey(db, now)
    const expiry = Math.floor((now.getTime() + opts.days * 86_400_000) / 1000).toString(36)
    return OFFICE_MARKS.map((mark) => ({
      label: MARK_WORDS[mark],
      url: `${trimSlash(opts.siteUrl)}${OFFICE_MARK_PATH}/${signToken(markSigning(key!), `${MARK_CODES[mark]}.${leadId}.${expiry}`)}`,
    }))
  }
}

export type CheckedMarkToken =
  { kind: 'valid' | 'expired'; mark: OfficeMark; leadId: string; expiresAt: Date } | { kind: 'invalid' }

/** What a mark link's token says. */
export function checkMarkToken(key: Buffer, token: string, now: Date): CheckedMarkToken {
  const match = MARK_TOKEN.exec(token)
  if (!match) return { kind: 'invalid' }
  const [, code, leadId, expiry] = match as unknown as [string, string, string, string]
  const expiresAt = new Date(parseInt(expiry, 36) * 1000)
  const opened = openToken(markSigning(key), token, now, () => expiresAt)
  const mark = MARKS_BY_CODE[code]
  if (opened.state === 'invalid' || !mark) return { kind: 'invalid' }
  return { kind: opened.state, mark, leadId, expiresAt }
}
