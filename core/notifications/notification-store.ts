/**
 * Each lead's notifications, one row per (lead, channel), in lead_notifications, and the
 * channels the worker registered (notification_channels). The worker plans a lead's rows when
 * it first handles the lead, then drives every pending row: an attempt first *claims* the row
 * (attempts + 1, a lease in next_attempt_at) in an IMMEDIATE transaction, so two drivers (the
 * job and the reconciler, or two workers) never send the same channel at once, and a process
 * that dies mid-send leaves a row that becomes due again when its lease runs out
 * (at-least-once).
 *
 * A lead is settled when none of its rows is pending; settling happens in the same
 * transaction as the row's final state, so the two never disagree.
 *
 * Nothing here knows a channel's name: a channel is whatever id the worker plans and
 * registers (core/notifications/channels/).
 */
import type { Db } from '../platform/db/connection'
import { NOT_QUARANTINED, recordReceipt } from '../leads'
import { prepare } from '../platform/db/prepare'
import { camelRow } from '../platform/db/rows'
import { expediteWaiting } from '../platform/db/waiting-rows'

export type NotificationStatus = 'pending' | 'sent' | 'failed' | 'skipped'

/** One lead's notification on one channel. */
export interface Notification {
  leadId: string
  channel: string
  status: NotificationStatus
  attempts: number
  /** sent: the provider's message id or HTTP status; failed/skipped: the reason; pending: the last transient error. */
  detail: string | null
  /** Pending only: when the next attempt is due, or when a claim in progress expires. */
  nextAttemptAt: string | null
  claimedAt: string | null
  /** The start of the current series of attempts; the give-up window counts from it. */
  startedAt: string
  updatedAt: string
}

interface NotificationRow {
  lead_id: string
  channel: string
  status: NotificationStatus
  attempts: number
  detail: string | null
  next_attempt_at: string | null
  claimed_at: string | null
  started_at: string
  updated_at: string
}

const toNotification = (row: NotificationRow): Notification => camelRow(row)

/** What a channel does with one lead: try it, or skip it (with why). */
export interface ChannelPlan {
  channel: string
  status: 'pending' | 'skipped'
  /** Why a channel is skipped. */
  detail?: string
}

const SETTLE_SQL = `UPDATE form_submissions SET settled_at = ?
  WHERE id = ? AND settled_at IS NULL
    AND EXISTS (SELECT 1 FROM lead_notifications WHERE lead_id = ?)
    AND NOT EXISTS (SELECT 1 FROM lead_notifications WHERE lead_id = ? AND status = 'pending')`

function settle(db: Db, leadId: string, at: string): void {
  prepare(db, SETTLE_SQL).run(at, leadId, leadId, leadId)
}

/**
 * Creates the lead's channel rows, once: a second call (job retry, reconciler) keeps the
 * rows as they are, so a channel already sent is never planned again.
 * Returns whether this call created any row (false: the lead was planned already).
 */
export function planNotifications(db: Db, leadId: string, plans: ChannelPlan[], now: Date): boolean {
  const at = now.toISOString()
  return db
    .transaction(() => {
      let created = 0
      for (const plan of plans) {
        created += prepare(
          db,
          `INSERT INTO lead_notifications
             (lead_id, channel, status, attempts, detail, next_attempt_at, started_at, updated_at)
           VALUES (?, ?, ?, 0, ?, ?, ?, ?)
           ON CONFLICT (lead_id, channel) DO NOTHING`,
        ).run(
          leadId,
          plan.channel,
          plan.status,
          plan.detail ?? null,
          plan.status === 'pending' ? at : null,
          at,
          at,
        ).changes
      }
      settle(db, leadId, at)
      return created > 0
    })
    .immediate()
}

/**
 * Claims the due pending rows that `where` selects, for one attempt each: counts the attempt
 * and holds the row until `leaseMs` from now (next_attempt_at), so no other driver takes it
 * meanwhile. Call inside a write transaction. Returns the claimed rows.
 */
function claimDue(
  db: Db,
  where: { sql: string; args: unknown[] },
  now: Date,
  leaseMs: number,
): Notification[] {
  const at = now.toISOString()
  return (
    prepare(
      db,
      `UPDATE lead_notifications
       SET attempts = attempts + 1, next_attempt_at = ?, claimed_at = ?, updated_at = ?
       WHERE status = 'pending' AND next_attempt_at <= ? AND ${where.sql}
       RETURNING *`,
    ).all(new Date(now.getTime() + leaseMs).toISOString(), at, at, at, ...where.args) as NotificationRow[]
  ).map(toNotification)
}

/**
 * The worker taking a lead, in one write transaction (one fsync instead of three on the
 * hot path): records its receipt of the lead (lead_receipts), plans its channels (once) and
 * claims every pending channel that is due. Returns the claimed rows; the caller attempts
 * each and records the outcome.
 */
export function beginLeadDelivery(
  db: Db,
  d: { leadId: string; jobId: string; plans: ChannelPlan[]; now: Date; leaseMs: number },
): Notification[] {
  return db
    .transaction(() => {
      // Nested transactions are savepoints in better-sqlite3: all of this commits together.
      recordReceipt(db, { leadId: d.leadId, jobId: d.jobId, at: d.now })
      planNotifications(db, d.leadId, d.plans, d.now)
      return claimDue(db, { sql: 'lead_id = ?', args: [d.leadId] }, d.now, d.leaseMs)
    })
    .immediate()
}

export function findNotifications(db: Db, leadId: string): Notification[] {
  return (
    prepare(db, 'SELECT * FROM lead_notifications WHERE lead_id = ? ORDER BY channel').all(
      leadId,
    ) as NotificationRow[]
  ).map(toNotification)
}

/**
 * Claims a due pending row for one attempt: counts the attempt and holds the row for
 * `leaseMs`. Returns the claimed row, or undefined when it is not due, not pending, or
 * someone else holds it.
 */
export function claimNotification(
  db: Db,
  leadId: string,
  channel: string,
  now: Date,
  leaseMs: number,
): Notification | undefined {
  return db
    .transaction(
      () => claimDue(db, { sql: 'lead_id = ? AND channel = ?', args: [leadId, channel] }, now, leaseMs)[0],
    )
    .immediate()
}

/**
 * A final state for a claimed row, settling its lead when it was the last one pending:
 * - sent: the channel delivered; `detail` is the provider's message id or the HTTP status;
 * - failed: a permanent failure (or retries given up), with its reason; never retried by itself;
 * - skipped: nothing to send after all (the channel found at send time that its message is not
 *   needed: a confirmation the address gave meanwhile, …); recorded with why, as a planned skip is.
 */
export function finishNotification(
  db: Db,
  leadId: string,
  channel: string,
  status: 'sent' | 'failed' | 'skipped',
  detail: string,
  now: Date,
): void {
  const at = now.toISOString()
  db.transaction(() => {
    prepare(
      db,
      `UPDATE lead_notifications
       SET status = ?, detail = ?, next_attempt_at = NULL, claimed_at = NULL, updated_at = ?
       WHERE lead_id = ? AND channel = ? AND status = 'pending'`,
    ).run(status, detail, at, leadId, channel)
    settle(db, leadId, at)
  }).immediate()
}

/** A transient failure: the row stays pending and is due again at `nextAttemptAt`. */
export function scheduleNotificationRetry(
  db: Db,
  leadId: string,
  channel: string,
  reason: string,
  nextAttemptAt: Date,
  now: Date,
): void {
  db.transaction(() => {
    prepare(
      db,
      `UPDATE lead_notifications
       SET detail = ?, next_attempt_at = ?, claimed_at = NULL, updated_at = ?
       WHERE lead_id = ? AND channel = ? AND status = 'pending'`,
    ).run(reason, nextAttemptAt.toISOString(), now.toISOString(), leadId, channel)
  }).immediate()
}

/**
 * After a channel delivered again (its provider is back), every row of that channel
 * waiting on back-off becomes due now instead of at its back-off time. Rows in the middle
 * of an attempt are left alone. Returns how many were brought forward.
 */
export function expediteChannel(db: Db, channel: string, now: Date): number {
  return expediteWaiting(db, { table: 'lead_notifications', sender: 'channel' }, channel, now)
}

/** Pending rows whose next attempt is due, oldest first. */
export function findDueNotifications(
  db: Db,
  now: Date,
  limit: number,
): { leadId: string; channel: string }[] {
  return (
    prepare(
      db,
      `SELECT lead_id, channel FROM lead_notifications
       WHERE status = 'pending' AND next_attempt_at <= ?
       ORDER BY next_attempt_at ASC LIMIT ?`,
    ).all(now.toISOString(), limit) as { lead_id: string; channel: string }[]
  ).map((r) => ({ leadId: r.lead_id, channel: r.channel }))
}

/**
 * Leads stored (or released from quarantine) before `storedBefore` that no worker has planned
 * yet: their job never ran (lost from Redis, failed for good, or the worker died before
 * planning). Oldest first. Spam in quarantine is not waiting for anyone.
 */
export function findUnplannedLeadIds(db: Db, storedBefore: Date, limit: number): string[] {
  return (
    prepare(
      db,
      `SELECT s.id FROM form_submissions s
       WHERE s.settled_at IS NULL AND COALESCE(s.released_at, s.created_at) <= ? AND ${NOT_QUARANTINED}
         AND NOT EXISTS (SELECT 1 FROM lead_notifications n WHERE n.lead_id = s.id)
       ORDER BY s.created_at ASC LIMIT ?`,
    ).all(storedBefore.toISOString(), limit) as { id: string }[]
  ).map((r) => r.id)
}

/**
 * Leads stored (or released) before `storedBefore` that are not settled yet (GET /readyz).
 * Spam in quarantine is not undelivered: it is counted apart (countLeads with quarantine).
 */
export function countUndeliveredLeads(db: Db, storedBefore: Date): number {
  return (
    prepare(
      db,
      `SELECT COUNT(*) AS n FROM form_submissions
       WHERE settled_at IS NULL AND COALESCE(released_at, created_at) <= ? AND ${NOT_QUARANTINED}`,
    ).get(storedBefore.toISOString()) as { n: number }
  ).n
}

/** Whom a channel reaches: a failure to the contractor needs an operator, one to a homeowner cannot. */
export type ChannelAudience = 'contractor' | 'homeowner'

/** A channel as the worker registered it, for site-admin and /readyz. */
export interface RegisteredChannel {
  id: string
  /** site-admin's heading and label: 'e-mail to office'. */
  label: string
  /** The CSV export's column: 'email_to_office'. */
  exportColumn: string
  audience: ChannelAudience
}

/**
 * Records the worker's channels, in their order, at its start: site-admin and the web process
 * read them from here, so a new channel shows everywhere without their knowing its name.
 * A channel that is no longer in the list keeps its entry (its rows still need a label).
 */
export function registerChannels(db: Db, channels: readonly RegisteredChannel[], now: Date): void {
  db.transaction(() => {
    channels.forEach((c, position) => {
      prepare(
        db,
        `INSERT INTO notification_channels (id, label, export_column, audience, position, registered_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET label = excluded.label, export_column = excluded.export_column,
           audience = excluded.audience, position = excluded.position, registered_at = excluded.registered_at`,
      ).run(c.id, c.label, c.exportColumn, c.audience, position, now.toISOString())
    })
  }).immediate()
}

/**
 * Every channel there is: the registered ones in the worker's order, then any channel with
 * rows but no entry (planned by a worker before it registered), named by its id.
 */
export function listChannels(db: Db): RegisteredChannel[] {
  const rows = prepare(
    db,
    `SELECT id, label, export_column AS exportColumn, audience, position AS place FROM notification_channels
     UNION ALL
     SELECT DISTINCT channel, channel, channel, 'contractor', ${Number.MAX_SAFE_INTEGER} FROM lead_notifications
       WHERE channel NOT IN (SELECT id FROM notification_channels)
     ORDER BY place, id`,
  ).all() as (RegisteredChannel & { place: number })[]
  return rows.map(({ place: _place, ...channel }) => channel)
}

/**
 * Failed notifications (GET /readyz), to the contractor and to homeowners. A channel with no
 * entry counts as the contractor's: better a false alarm than a silent failure.
 */
export function countFailedNotifications(db: Db): Record<ChannelAudience, number> {
  const rows = prepare(
    db,
    `SELECT COALESCE(c.audience, 'contractor') AS audience, COUNT(*) AS n
     FROM lead_notifications n LEFT JOIN notification_channels c ON c.id = n.channel
     WHERE n.status = 'failed' GROUP BY 1`,
  ).all() as { audience: ChannelAudience; n: number }[]
  const counts = { contractor: 0, homeowner: 0 }
  for (const r of rows) counts[r.audience] = r.n
  return counts
}

/**
 * Leads with at least one failed notification to the contractor (GET /readyz): the leads the
 * office may never have heard of, however many of their channels failed.
 */
export function countLeadsWithFailedNotifications(db: Db): number {
  return (
    prepare(
      db,
      `SELECT COUNT(DISTINCT n.lead_id) AS n
       FROM lead_notifications n LEFT JOIN notification_channels c ON c.id = n.channel
       WHERE n.status = 'failed' AND COALESCE(c.audience, 'contractor') = 'contractor'`,
    ).get() as { n: number }
  ).n
}

/**
 * The notifications of each given lead (for site-admin): every id asked for is a key, with
 * an empty list when the lead has no rows yet (not handled by a worker so far).
 */
export function listNotifications(db: Db, leadIds: string[]): Record<string, Notification[]> {
  const result: Record<string, Notification[]> = Object.fromEntries(leadIds.map((id) => [id, []]))
  if (leadIds.length === 0) return result
  const rows = prepare(
    db,
    `SELECT * FROM lead_notifications
     WHERE lead_id IN (SELECT value FROM json_each(?))
     ORDER BY lead_id, channel`,
  ).all(JSON.stringify(leadIds)) as NotificationRow[]
  for (const r of rows) result[r.lead_id]?.push(toNotification(r))
  return result
}

/**
 * Turns failed rows (of one lead, or all) back into pending rows due now, with a fresh
 * retry window, and unsettles their leads, so the worker's reconciler drives them again
 * within seconds. Returns how many rows were reset.
 */
export function retryFailedNotifications(db: Db, now: Date, leadId?: string): number {
  const at = now.toISOString()
  return db
    .transaction(() => {
      const where = leadId === undefined ? "status = 'failed'" : "status = 'failed' AND lead_id = ?"
      const args = leadId === undefined ? [] : [leadId]
      prepare(
        db,
        `UPDATE form_submissions SET settled_at = NULL
         WHERE id IN (SELECT lead_id FROM lead_notifications WHERE ${where})`,
      ).run(...args)
      return prepare(
        db,
        `UPDATE lead_notifications
         SET status = 'pending', next_attempt_at = ?, claimed_at = NULL, started_at = ?, updated_at = ?,
             detail = 'retry requested; last failure: ' || COALESCE(detail, 'unknown')
         WHERE ${where}`,
      ).run(at, at, at, ...args).changes
    })
    .immediate()
}
