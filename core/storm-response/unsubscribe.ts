/**
 * Stopping storm alerts (docs/storm-alerts.md): every alert carries a link, and the
 * List-Unsubscribe header its mail client offers as a button (RFC 8058's one-click POST).
 *
 * The link's token is a lead link's (core/leads/link-tokens.ts): `<lead id>.<signature>` over
 * the lead and its e-mail address (purpose 'storm-alerts-unsubscribe'), with a key the site
 * keeps in site_secrets ('storm-alerts'), like the office's links. It never expires: an alert
 * read a year later must still stop the alerts.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { siteKey } from '../platform/db/site-secrets'
import { checkLeadLinkToken, makeLeadLinkToken } from '../leads'

/** The path every unsubscribe link opens; the token follows it. */
export const STORM_ALERTS_UNSUBSCRIBE_PATH = '/storm-alerts/unsubscribe'

const SECRET_NAME = 'storm-alerts'

/**
 * The key that signs the links (the unsubscribe links, and the confirmation links of
 * consent.ts, each with its own purpose), made on first use. It writes, so the web process reads it
 * once when its router is built: a GET of a link never writes.
 */
export function unsubscribeKey(db: Db, now = new Date()): Buffer {
  return siteKey(db, SECRET_NAME, now)
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
