/**
 * Delivery state of each lead's notifications, one row per (lead, channel), in
 * lead_notifications. The worker plans the rows when it first handles a lead, then drives
 * every pending row: an attempt first *claims* the row (attempts + 1, a lease in
 * next_attempt_at) in an IMMEDIATE transaction, so two drivers (the job and the
 * reconciler, or two workers) never send the same channel at once, and a process that dies
 * mid-send leaves a row that becomes due again when its lease runs out (at-least-once).
 *
 * A lead is settled when none of its rows is pending; settling happens in the same
 * transaction as the row's final state, so the two never disagree.
 */
import type { Db } from './connection'
import { recordDelivery } from './deliveries'
import { prepare } from './prepare'

export type Channel = 'owner_email' | 'webhook' | 'autoreply'
export type NotificationStatus = 'pending' | 'sent' | 'failed' | 'skipped'

/** The channels that reach the contractor (the autoreply goes to the homeowner). */
export const OWNER_CHANNELS: readonly Channel[] = ['owner_email', 'webhook']

export interface NotificationRow {
  submission_id: string
  channel: Channel
  status: NotificationStatus
  attempts: number
  detail: string | null
  next_attempt_at: string | null
  claimed_at: string | null
  started_at: string
  updated_at: string
}

export interface ChannelPlan {
  channel: Channel
  status: 'pending' | 'skipped'
  /** Why a channel is skipped. */
  detail?: string
}

const SETTLE_SQL = `UPDATE form_submissions SET settled_at = ?
  WHERE id = ? AND settled_at IS NULL
    AND EXISTS (SELECT 1 FROM lead_notifications WHERE submission_id = ?)
    AND NOT EXISTS (SELECT 1 FROM lead_notifications WHERE submission_id = ? AND status = 'pending')`

function settle(db: Db, submissionId: string, at: string): void {
  prepare(db, SETTLE_SQL).run(at, submissionId, submissionId, submissionId)
}

/**
 * Creates the lead's channel rows, once: a second call (job retry, reconciler) keeps the
 * rows as they are, so a channel already sent is never planned again.
 * Returns whether this call created any row (false: the lead was planned already).
 */
export function planNotifications(db: Db, submissionId: string, plans: ChannelPlan[], now: Date): boolean {
  const at = now.toISOString()
  return db
    .transaction(() => {
      let created = 0
      for (const plan of plans) {
        created += prepare(
          db,
          `INSERT INTO lead_notifications
             (submission_id, channel, status, attempts, detail, next_attempt_at, started_at, updated_at)
           VALUES (?, ?, ?, 0, ?, ?, ?, ?)
           ON CONFLICT (submission_id, channel) DO NOTHING`,
        ).run(
          submissionId,
          plan.channel,
          plan.status,
          plan.detail ?? null,
          plan.status === 'pending' ? at : null,
          at,
          at,
        ).changes
      }
      settle(db, submissionId, at)
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
): NotificationRow[] {
  const at = now.toISOString()
  return prepare(
    db,
    `UPDATE lead_notifications
     SET attempts = attempts + 1, next_attempt_at = ?, claimed_at = ?, updated_at = ?
     WHERE status = 'pending' AND next_attempt_at <= ? AND ${where.sql}
     RETURNING *`,
  ).all(new Date(now.getTime() + leaseMs).toISOString(), at, at, at, ...where.args) as NotificationRow[]
}

/**
 * The worker taking a lead, in one write transaction (one fsync instead of three on the
 * hot path): records that it has the lead (lead_deliveries), plans its channels (once) and
 * claims every pending channel that is due. Returns the claimed rows; the caller attempts
 * each and records the outcome.
 */
export function beginLeadDelivery(
  db: Db,
  d: { submissionId: string; jobId: string; plans: ChannelPlan[]; now: Date; leaseMs: number },
): NotificationRow[] {
  return db
    .transaction(() => {
      // Nested transactions are savepoints in better-sqlite3: all of this commits together.
      recordDelivery(db, { submissionId: d.submissionId, jobId: d.jobId, at: d.now })
      planNotifications(db, d.submissionId, d.plans, d.now)
      return claimDue(db, { sql: 'submission_id = ?', args: [d.submissionId] }, d.now, d.leaseMs)
    })
    .immediate()
}

export function findNotifications(db: Db, submissionId: string): NotificationRow[] {
  return prepare(db, 'SELECT * FROM lead_notifications WHERE submission_id = ? ORDER BY channel').all(
    submissionId,
  ) as NotificationRow[]
}

/**
 * Claims a due pending row for one attempt: counts the attempt and holds the row for
 * `leaseMs`. Returns the claimed row, or undefined when it is not due, not pending, or
 * someone else holds it.
 */
export function claimNotification(
  db: Db,
  submissionId: string,
  channel: Channel,
  now: Date,
  leaseMs: number,
): NotificationRow | undefined {
  return db
    .transaction(
      () =>
        claimDue(
          db,
          { sql: 'submission_id = ? AND channel = ?', args: [submissionId, channel] },
          now,
          leaseMs,
        )[0],
    )
    .immediate()
}

function finish(
  db: Db,
  submissionId: string,
  channel: Channel,
  status: 'sent' | 'failed',
  detail: string,
  now: Date,
) {
  const at = now.toISOString()
  db.transaction(() => {
    prepare(
      db,
      `UPDATE lead_notifications
       SET status = ?, detail = ?, next_attempt_at = NULL, claimed_at = NULL, updated_at = ?
       WHERE submission_id = ? AND channel = ? AND status = 'pending'`,
    ).run(status, detail, at, submissionId, channel)
    settle(db, submissionId, at)
  }).immediate()
}

/** The channel delivered; `detail` is the provider's message id or the HTTP status. */
export function markNotificationSent(
  db: Db,
  submissionId: string,
  channel: Channel,
  detail: string,
  now: Date,
): void {
  finish(db, submissionId, channel, 'sent', detail, now)
}

/** A permanent failure (or retries given up): recorded with its reason, never retried by itself. */
export function markNotificationFailed(
  db: Db,
  submissionId: string,
  channel: Channel,
  reason: string,
  now: Date,
): void {
  finish(db, submissionId, channel, 'failed', reason, now)
}

/** A transient failure: the row stays pending and is due again at `nextAttemptAt`. */
export function scheduleNotificationRetry(
  db: Db,
  submissionId: string,
  channel: Channel,
  reason: string,
  nextAttemptAt: Date,
  now: Date,
): void {
  db.transaction(() => {
    prepare(
      db,
      `UPDATE lead_notifications
       SET detail = ?, next_attempt_at = ?, claimed_at = NULL, updated_at = ?
       WHERE submission_id = ? AND channel = ? AND status = 'pending'`,
    ).run(reason, nextAttemptAt.toISOString(), now.toISOString(), submissionId, channel)
  }).immediate()
}

/**
 * After a channel delivered again (its provider is back), every row of that channel
 * waiting on back-off becomes due now instead of at its back-off time. Rows in the middle
 * of an attempt are left alone. Returns how many were brought forward.
 */
export function expediteChannel(db: Db, channel: Channel, now: Date): number {
  const at = now.toISOString()
  return db
    .transaction(
      () =>
        prepare(
          db,
          `UPDATE lead_notifications SET next_attempt_at = ?, updated_at = ?
           WHERE status = 'pending' AND channel = ? AND claimed_at IS NULL AND next_attempt_at > ?`,
        ).run(at, at, channel, at).changes,
    )
    .immediate()
}

/** Pending rows whose next attempt is due, oldest first. */
export function findDueNotifications(
  db: Db,
  now: Date,
  limit: number,
): { submission_id: string; channel: Channel }[] {
  return prepare(
    db,
    `SELECT submission_id, channel FROM lead_notifications
     WHERE status = 'pending' AND next_attempt_at <= ?
     ORDER BY next_attempt_at ASC LIMIT ?`,
  ).all(now.toISOString(), limit) as { submission_id: string; channel: Channel }[]
}

/**
 * Leads stored before `storedBefore` that no worker has planned yet: their job never ran
 * (lost from Redis, failed for good, or the worker died before planning). Oldest first.
 */
export function findUnplannedSubmissionIds(db: Db, storedBefore: Date, limit: number): string[] {
  return (
    prepare(
      db,
      `SELECT s.id FROM form_submissions s
       WHERE s.settled_at IS NULL AND s.created_at <= ?
         AND NOT EXISTS (SELECT 1 FROM lead_notifications n WHERE n.submission_id = s.id)
       ORDER BY s.created_at ASC LIMIT ?`,
    ).all(storedBefore.toISOString(), limit) as { id: string }[]
  ).map((r) => r.id)
}

/** Leads stored before `storedBefore` that are not settled yet (GET /readyz). */
export function countUndeliveredLeads(db: Db, storedBefore: Date): number {
  return (
    prepare(
      db,
      'SELECT COUNT(*) AS n FROM form_submissions WHERE settled_at IS NULL AND created_at <= ?',
    ).get(storedBefore.toISOString()) as { n: number }
  ).n
}

/** Failed rows per channel (channels without failures are absent). */
export function countFailedNotifications(db: Db): Partial<Record<Channel, number>> {
  const rows = prepare(
    db,
    "SELECT channel, COUNT(*) AS n FROM lead_notifications WHERE status = 'failed' GROUP BY channel",
  ).all() as { channel: Channel; n: number }[]
  return Object.fromEntries(rows.map((r) => [r.channel, r.n]))
}

export interface NotificationState {
  channel: Channel
  status: NotificationStatus
  attempts: number
  detail: string | null
  nextAttemptAt: string | null
  updatedAt: string
}

/**
 * Channel states of each given lead (for the admin command): every id asked for is a key,
 * with an empty list when the lead has no rows yet (not handled by a worker so far).
 */
export function listNotificationStates(db: Db, submissionIds: string[]): Record<string, NotificationState[]> {
  const result: Record<string, NotificationState[]> = Object.fromEntries(submissionIds.map((id) => [id, []]))
  if (submissionIds.length === 0) return result
  const rows = prepare(
    db,
    `SELECT * FROM lead_notifications
     WHERE submission_id IN (SELECT value FROM json_each(?))
     ORDER BY submission_id, channel`,
  ).all(JSON.stringify(submissionIds)) as NotificationRow[]
  for (const r of rows) {
    result[r.submission_id]?.push({
      channel: r.channel,
      status: r.status,
      attempts: r.attempts,
      detail: r.detail,
      nextAttemptAt: r.next_attempt_at,
      updatedAt: r.updated_at,
    })
  }
  return result
}

/**
 * Turns failed rows (of one lead, or all) back into pending rows due now, with a fresh
 * retry window, and unsettles their leads, so the worker's reconciler drives them again
 * within seconds. Returns how many rows were reset.
 */
export function retryFailedNotifications(db: Db, now: Date, submissionId?: string): number {
  const at = now.toISOString()
  return db
    .transaction(() => {
      const where =
        submissionId === undefined ? "status = 'failed'" : "status = 'failed' AND submission_id = ?"
      const args = submissionId === undefined ? [] : [submissionId]
      prepare(
        db,
        `UPDATE form_submissions SET settled_at = NULL
         WHERE id IN (SELECT submission_id FROM lead_notifications WHERE ${where})`,
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
