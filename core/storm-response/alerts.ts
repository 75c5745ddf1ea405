/**
 * The homeowners' storm alerts (docs/storm-alerts.md): for each home a storm day's radar hit,
 * whose homeowner ticked "Tell me when radar sees hail at this address" and whose address
 * confirmed it, one e-mail that day.
 *
 * Each alert is a row of storm_alerts, keyed (lead, day), written before anything is sent: a
 * re-import, a restarted worker or a retried pass finds the row and sends nothing twice. A row
 * is 'skipped' with the reason when the address stopped its alerts, when its consent is not
 * confirmed (or was confirmed only after the day's radar data landed), when the home is placed
 * only by its ZIP code's or city's centre (an alert says "at your home"), when the homeowner
 * already knows of the day (their weather report was made from radar that covered it, or the
 * storm was before they asked), or when another lead of the same address has that day's alert.
 * Else it is 'pending' until sent.
 *
 * Sending: right before each send, the row is checked again (the address has not stopped, the
 * lead is not in quarantine, the consent is confirmed) and claimed as 'sending' with its time
 * (sending_at), one attempt counted. Then it is 'sent' (the SMTP server's message id) or
 * 'failed' (the reason; a failure the server may get over is tried again on a later pass,
 * MAX_ALERT_ATTEMPTS attempts in all, waiting longer each time). A row still 'sending' after an
 * attempt's longest time was left by a worker that stopped mid-send: it is sent again (its
 * stable Message-ID lets mail clients fold a second copy), while attempts are left, else failed.
 * So a crash sends at most the alerts in flight twice, and loses none.
 */
import { formatIsoDate, isoDate, localParts } from '../../shared/business-time'
import { emailBookingUrl } from '../../shared/booking-url'
import type { BusinessConfig } from '../../shared/business'
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import type { Logger } from '../platform/logger'
import type { Mailer } from '../platform/mail/mailer'
import { renderBoth } from '../platform/mail/render'
import { domainOf } from '../platform/mail/smtp'
import { findLeadReport, mm10ToIn } from '../storms'
import { inQuarantine } from '../leads'
import { CONSENT_LAPSE_DAYS } from '../../shared/storm-alerts-consent'
import { AlertEmail, alertSubject } from './AlertEmail'
import { consentState } from './consent'
import type { AlertOutcome, HitHome } from './types'
import { makeUnsubscribeToken, unsubscribeUrl } from './unsubscribe'

/** An alert the SMTP server did not take is tried this many times in all. */
export const MAX_ALERT_ATTEMPTS = 5
/** A failed alert (or briefing) waits this long times its attempts before the next try (5, 10, 15, 20 min). */
export const RETRY_STEP_MS = 5 * 60_000
/** Alerts sent at once (one pooled SMTP connection of a few sockets). */
const SEND_CONCURRENCY = 4

const SENT_ALREADY = 'sent already to this address'
export const NO_SMTP = 'SMTP_URL is not set'
const STOPPED = 'the address asked for no more alerts'
const NOT_CONFIRMED = 'the homeowner has not confirmed storm alerts'
const LAPSED = `the request for storm alerts lapsed: not confirmed within ${CONSENT_LAPSE_DAYS} days`
const CONFIRMED_AFTER = "the address confirmed storm alerts after this day's radar data landed"
const IN_QUARANTINE = 'the lead is held in quarantine as spam'
/** Why a home placed only by a centre gets no alert: it says "at your home". */
const NOT_BY_ADDRESS: Record<'zip' | 'city', string> = {
  zip: "the home is placed by its ZIP code's centre, not by its street address: no alert says “at your home”",
  city: "the home is placed by its city's centre, not by its street address: no alert says “at your home”",
}

export interface AlertDeps {
  /** Undefined when SMTP_URL is unset: the alerts are recorded as skipped. */
  mailer: Mailer | undefined
  /** The sender (LEAD_NOTIFY_FROM). */
  from: string
  business: BusinessConfig
  siteUrl: string
  /** The unsubscribe links' key (unsubscribeKey). */
  unsubscribeKey: Buffer
  /**
   * The longest one send may take (NOTIFY_SEND_TIMEOUT_MS; 30 s when not given): a row still
   * 'sending' twice that long after it began was left by a worker that stopped.
   */
  sendTimeoutMs?: number
  logger: Logger
}

const DEFAULT_SEND_TIMEOUT_MS = 30_000

/** How long a 'sending' row is left alone: an attempt's longest time, with room to spare. */
const sendingLeaseMs = (deps: Pick<AlertDeps, 'sendTimeoutMs'>) =>
  2 * (deps.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS) + 1000

const inches = (mm10: number) => mm10ToIn(mm10).toFixed(1)
const mm10Of = (hailIn: number) => Math.round(hailIn * 254)

/**
 * Why this homeowner already knows of the storm day, or undefined: their weather report was
 * made from radar that covered it, or (with no radar in their report) the storm was not after
 * the day they asked, in Denver.
 */
function knownAlready(db: Db, home: HitHome, day: string): string | undefined {
  const last = findLeadReport(db, home.leadId)?.report?.radar?.coverage?.last
  if (last) {
    return day <= last
      ? `the homeowner's weather report already covered this day (its radar reaches ${last})`
      : undefined
  }
  const asked = isoDate(localParts(new Date(home.createdAt)))
  return day <= asked ? `the storm day is not after the day the homeowner asked (${asked})` : undefined
}

/** Why a consent given with this home gets no alert of a day that landed at `landedAt`, or undefined. */
function consentBars(home: HitHome, landedAt: string | undefined, now: Date): string | undefined {
  const state = consentState(home.stormAlerts, home.createdAt, home.confirmedAt, now)
  if (state === 'asked') return NOT_CONFIRMED
  if (state === 'lapsed') return LAPSED
  // Alerted for radar data that lands once the address has confirmed, not before.
  if (landedAt && home.confirmedAt && home.confirmedAt > landedAt) return CONFIRMED_AFTER
  return undefined
}

/** Writes the alert's row unless it has one; returns whether this call wrote it. */
function planAlert(
  db: Db,
  home: HitHome,
  day: string,
  landedAt: string | undefined,
  mailer: boolean,
  now: Date,
): boolean {
  return db
    .transaction(() => {
      if (prepare(db, 'SELECT 1 FROM storm_alerts WHERE lead_id = ? AND day = ?').get(home.leadId, day))
        return false
      const stopped = prepare(db, 'SELECT 1 FROM storm_alert_stops WHERE email = ?').get(home.email.trim())
      const sibling = prepare(
        db,
        `SELECT 1 FROM storm_alerts WHERE email = ? AND day = ? AND lead_id <> ? AND status <> 'skipped'`,
      ).get(home.email.trim(), day, home.leadId)
      const skip = stopped
        ? STOPPED
        : (consentBars(home, landedAt, now) ??
          (home.locatedBy !== 'address'
            ? NOT_BY_ADDRESS[home.locatedBy]
            : sibling
              ? SENT_ALREADY
              : (knownAlready(db, home, day) ?? (mailer ? undefined : NO_SMTP))))
      const iso = now.toISOString()
      return (
        prepare(
          db,
          `INSERT INTO storm_alerts (lead_id, day, email, hail_mm10, status, attempts, detail, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?) ON CONFLICT (lead_id, day) DO NOTHING`,
        ).run(
          home.leadId,
          day,
          home.email.trim(),
          mm10Of(home.hailIn),
          skip ? 'skipped' : 'pending',
          skip ?? null,
          iso,
          iso,
        ).changes === 1
      )
    })
    .immediate()
}

interface DueRow {
  lead_id: string
  day: string
  email: string
  hail_mm10: number
  first_name: string | null
  last_name: string | null
}

/**
 * The alerts to send now: pending ones (planned this pass, or left by a pass that crashed before
 * it sent them), failed ones due another try, and ones left 'sending' by a worker that stopped
 * mid-send (since `staleBefore`) with attempts left. `day` limits them to one storm day.
 */
function dueAlerts(db: Db, now: Date, staleBefore: Date, day?: string): DueRow[] {
  return prepare(
    db,
    `SELECT a.lead_id, a.day, a.email, a.hail_mm10, f.first_name, f.last_name
     FROM storm_alerts a JOIN form_submissions f ON f.id = a.lead_id
     WHERE (? IS NULL OR a.day = ?)
       AND (a.status = 'pending'
            OR (a.status = 'failed' AND a.attempts < ?
                AND julianday(?) - julianday(a.updated_at) >= a.attempts * ? / 86400000.0)
            OR (a.status = 'sending' AND a.attempts < ? AND a.sending_at <= ?))
     ORDER BY a.day, a.created_at`,
  ).all(
    day ?? null,
    day ?? null,
    MAX_ALERT_ATTEMPTS,
    now.toISOString(),
    RETRY_STEP_MS,
    MAX_ALERT_ATTEMPTS,
    staleBefore.toISOString(),
  ) as DueRow[]
}

/**
 * Rows a worker left 'sending' with no attempt left: failed, with why (a worker that stops
 * while sending the same alert again and again must not send it without end).
 */
function failSpentSending(db: Db, now: Date, staleBefore: Date): void {
  prepare(
    db,
    `UPDATE storm_alerts SET status = 'failed', sending_at = NULL, updated_at = ?,
       detail = 'the worker stopped while sending it, ' || attempts || ' times: not tried again'
     WHERE status = 'sending' AND attempts >= ? AND sending_at <= ?`,
  ).run(now.toISOString(), MAX_ALERT_ATTEMPTS, staleBefore.toISOString())
}

/** The e-mail of one alert, as sent. */
async function renderAlert(row: DueRow, deps: AlertDeps) {
  const date = formatIsoDate(row.day)
  const size = inches(row.hail_mm10)
  const link = unsubscribeUrl(deps.siteUrl, makeUnsubscribeToken(deps.unsubscribeKey, row.lead_id, row.email))
  const bookingUrl = emailBookingUrl(
    deps.business.bookingUrl,
    { firstName: row.first_name, lastName: row.last_name, email: row.email },
    { utmSource: 'storm-alert', utmCampaign: `storm-${row.day}` },
  )
  const { html, text } = await renderBoth(
    AlertEmail({
      firstName: row.first_name?.trim() || 'there',
      date,
      size,
      bookingUrl,
      unsubscribeUrl: link,
      business: deps.business,
    }),
  )
  const domain = domainOf(deps.from)
  return {
    from: deps.from,
    to: [row.email],
    replyTo: deps.business.email,
    subject: alertSubject(size, date),
    messageId: `<storm-alert-${row.lead_id}-${row.day}@${domain}>`,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * Why a due alert must not go out now, checked right before its send, or undefined: the address
 * stopped its alerts, the lead is held in quarantine, or its consent is not confirmed (an alert
 * that failed and waits for its retry is checked again, so a stop meanwhile holds).
 */
function barredNow(db: Db, row: DueRow, now: Date): string | undefined {
  if (prepare(db, 'SELECT 1 FROM storm_alert_stops WHERE email = ?').get(row.email)) return STOPPED
  const lead = prepare(
    db,
    `SELECT f.storm_alerts, f.created_at, ${inQuarantine('f')} AS in_quarantine, k.confirmed_at
     FROM form_submissions f LEFT JOIN storm_alert_confirmations k ON k.email = f.email
     WHERE f.id = ?`,
  ).get(row.lead_id) as
    | {
        storm_alerts: number
        created_at: string
        in_quarantine: 0 | 1
        confirmed_at: string | null
      }
    | undefined
  if (!lead) return 'the lead is no longer stored'
  if (lead.in_quarantine) return IN_QUARANTINE
  const state = consentState(lead.storm_alerts === 1, lead.created_at, lead.confirmed_at, now)
  if (state === 'lapsed') return LAPSED
  if (state !== 'confirmed') return NOT_CONFIRMED
  return undefined
}

/**
 * Checks a due alert again and claims it for one attempt ('sending', its time), in one write
 * transaction; returns whether to send it (false: another pass has it, or it is skipped now).
 */
function claimAlert(db: Db, row: DueRow, now: Date, staleBefore: Date): boolean {
  const iso = now.toISOString()
  const due = `lead_id = ? AND day = ? AND (status IN ('pending', 'failed') OR (status = 'sending' AND sending_at <= ?))`
  return db
    .transaction(() => {
      const barred = barredNow(db, row, now)
      if (barred) {
        prepare(
          db,
          `UPDATE storm_alerts SET status = 'skipped', detail = ?, sending_at = NULL, updated_at = ? WHERE ${due}`,
        ).run(barred, iso, row.lead_id, row.day, staleBefore.toISOString())
        return false
      }
      return (
        prepare(
          db,
          `UPDATE storm_alerts SET attempts = attempts + 1, status = 'sending', sending_at = ?, updated_at = ?
           WHERE ${due}`,
        ).run(iso, iso, row.lead_id, row.day, staleBefore.toISOString()).changes === 1
      )
    })
    .immediate()
}

/** Sends one due alert and records how it went. */
async function sendOne(db: Db, row: DueRow, deps: AlertDeps, now: Date, staleBefore: Date): Promise<void> {
  const log = deps.logger
  if (!claimAlert(db, row, now, staleBefore)) return
  if (!deps.mailer) {
    record(db, row, 'skipped', NO_SMTP, now)
    return
  }
  let status: 'sent' | 'failed'
  let detail: string
  let final = false
  try {
    const outcome = await deps.mailer.send(await renderAlert(row, deps))
    if (outcome.kind === 'sent') [status, detail] = ['sent', outcome.detail]
    else [status, detail, final] = ['failed', outcome.reason, outcome.kind === 'failed']
  } catch (err) {
    ;[status, detail] = ['failed', err instanceof Error ? err.message : String(err)]
  }
  record(db, row, status, detail, now, final)
  if (status === 'sent') log.info({ leadId: row.lead_id, day: row.day }, 'storm alert sent')
  else
    log.error(
      { leadId: row.lead_id, day: row.day, reason: withoutAddresses(detail), final },
      final
        ? 'storm alert refused by the SMTP server'
        : 'storm alert could not be sent; a later pass tries again',
    )
}

function record(
  db: Db,
  row: DueRow,
  status: AlertOutcome['status'],
  detail: string,
  at: Date,
  final = false,
): void {
  prepare(
    db,
    `UPDATE storm_alerts SET status = ?, detail = ?, updated_at = ?, sending_at = NULL,
       attempts = CASE WHEN ? THEN MAX(attempts, ?) ELSE attempts END
     WHERE lead_id = ? AND day = ? AND status = 'sending'`,
  ).run(status, detail, at.toISOString(), final ? 1 : 0, MAX_ALERT_ATTEMPTS, row.lead_id, row.day)
}

/** An SMTP answer often names the recipient: the log keeps lead ids only, never an address. */
function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]')
}

/** Runs `work` on every item, `limit` at a time. */
async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const runner = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner))
}

/** Sends the due alerts (of one day, or of every day when `day` is undefined). */
export async function sendDueAlerts(db: Db, deps: AlertDeps, now: Date, day?: string): Promise<number> {
  const staleBefore = new Date(now.getTime() - sendingLeaseMs(deps))
  failSpentSending(db, now, staleBefore)
  const due = dueAlerts(db, now, staleBefore, day)
  await inPool(due, SEND_CONCURRENCY, (row) => sendOne(db, row, deps, now, staleBefore))
  return due.length
}

/** The outcomes of a day's alerts, by lead. */
export function alertOutcomes(db: Db, day: string): Map<string, AlertOutcome> {
  const rows = prepare(db, 'SELECT lead_id, status, detail FROM storm_alerts WHERE day = ?').all(day) as {
    lead_id: string
    status: AlertOutcome['status']
    detail: string | null
  }[]
  return new Map(rows.map((r) => [r.lead_id, { status: r.status, detail: r.detail }]))
}

/**
 * Plans and sends the alerts of one storm day for the homes its radar hit: the homeowners who
 * asked and confirmed, each address once. Returns every subscribed home's outcome, by lead.
 */
export async function sendStormAlerts(
  db: Db,
  day: string,
  homes: readonly HitHome[],
  deps: AlertDeps,
  now: Date,
): Promise<Map<string, AlertOutcome>> {
  const landedAt = (
    prepare(db, 'SELECT imported_at FROM radar_days WHERE day = ?').get(day) as
      { imported_at: string } | undefined
  )?.imported_at
  // Newest first (homesHitOn's order): of two leads of one address, the latest consent's gets it.
  for (const home of homes)
    if (home.stormAlerts) planAlert(db, home, day, landedAt, deps.mailer !== undefined, now)
  await sendDueAlerts(db, deps, now, day)
  const all = alertOutcomes(db, day)
  return new Map(homes.filter((h) => all.has(h.leadId)).map((h) => [h.leadId, all.get(h.leadId)!]))
}
