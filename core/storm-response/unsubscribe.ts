/**
 * Stopping storm alerts (docs/storm-alerts.md): every alert carries a link, and the
 * List-Unsubscribe header its mail client offers as a button (RFC 8058's one-click POST).
 *
 * The link's token is `<lead id>.<signature>`: the signature is the HMAC-SHA256 of the lead id
 * and its e-mail address (purpose 'storm-alerts-unsubscribe', cut to 32 characters), with a
 * key the site keeps in site_secrets ('storm-alerts'), like the office's links. The address
 * itself is not in the link (a link is logged, forwarded and pasted; an address is personal
 * data): the site reads it from the lead, and a link whose lead's address is not the one it
 * was made for reads as invalid. It never expires: an alert read a year later must still stop
 * the alerts.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { siteKey } from '../platform/db/site-secrets'
import { linkSigning, openToken, signToken } from '../platform/signed-token'
import { findLead } from '../leads'

/** The path every unsubscribe link opens; the token follows it. */
export const STORM_ALERTS_UNSUBSCRIBE_PATH = '/storm-alerts/unsubscribe'

const SECRET_NAME = 'storm-alerts'
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{32})$/
/** A moment that never comes: the links do not expire. */
const NEVER = new Date(8.64e15)

/**
 * The key that signs the links (the unsubscribe links, and the confirmation links of
 * consent.ts, each with its own purpose), made on first use. It writes, so the web process reads it
 * once when its router is built: a GET of a link never writes.
 */
export function unsubscribeKey(db: Db, now = new Date()): Buffer {
  return siteKey(db, SECRET_NAME, now)
}

/** What a link of a storm alerts' token does: stop the alerts, or confirm them (consent.ts). */
export type LeadLinkPurpose = 'storm-alerts-unsubscribe' | 'storm-alerts-confirm'

/** What is signed: the lead and its address (lower case: addresses are compared so). */
const signedPart = (leadId: string, email: string) => `${leadId}:${email.trim().toLowerCase()}`

/** `<lead id>.<signature>` for `purpose`, over the lead and its address (the header says why). */
export function makeLeadLinkToken(
  key: Buffer,
  purpose: LeadLinkPurpose,
  leadId: string,
  email: string,
): string {
  const payload = signedPart(leadId, email)
  return `${leadId}.${signToken(linkSigning(key, purpose), payload).slice(payload.length + 1)}`
}

/**
 * The lead and address a token of `purpose` is for, or undefined when the site did not make it
 * (or its lead is gone, or the lead's address is no longer the one it was made for).
 */
export function checkLeadLinkToken(
  db: Db,
  key: Buffer,
  purpose: LeadLinkPurpose,
  token: string,
): { leadId: string; email: string } | undefined {
  const match = TOKEN.exec(token)
  if (!match) return undefined
  const [, leadId, signature] = match as unknown as [string, string, string]
  const row = findLead(db, leadId)
  if (!row?.email) return undefined
  const opened = openToken(
    linkSigning(key, purpose),
    `${signedPart(leadId, row.email)}.${signature}`,
    new Date(0),
    () => NEVER,
  )
  return opened.state === 'valid' ? { leadId, email: row.email } : undefined
}

export function makeUnsubscribeToken(key: Buffer, leadId: string, email: string): string {
  return makeLeadLinkToken(key, 'storm-alerts-unsubscribe', leadId, email)
}

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${STORM_ALERTS_UNSUBSCRIBE_PATH}/${token}`
}

/** The address a token stops, or undefined when the site did not make it (or its lead is gone). */
export function checkUnsubscribeToken(db: Db, key: Buffer, token: string): string | undefined {
  return checkLeadLinkToken(db, key, 'storm-alerts-unsubscribe', token)?.email
}

export type StopHow = 'one-click' | 'page' | 'site-admin'

/**
 * Records that `email` wants no more alerts; a second stop keeps the first's time and way.
 * Returns whether it was stopped already.
 */
export function stopAlerts(db: Db, email: string, how: StopHow, now: Date): { alreadyStopped: boolean } {
  const changes = db
    .transaction(
      () =>
        prepare(
          db,
          `INSERT INTO storm_alert_stops (email, stopped_at, how) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING`,
        ).run(email.trim(), now.toISOString(), how).changes,
    )
    .immediate()
  return { alreadyStopped: changes === 0 }
}

/** When `email` stopped its alerts, or undefined. */
export function alertsStoppedAt(db: Db, email: string): { stoppedAt: string; how: StopHow } | undefined {
  const row = prepare(db, 'SELECT stopped_at, how FROM storm_alert_stops WHERE email = ?').get(
    email.trim(),
  ) as { stopped_at: string; how: StopHow } | undefined
  return row && { stoppedAt: row.stopped_at, how: row.how }
}
