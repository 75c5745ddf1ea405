/**
 * Messages about a lead's life after the form, one row each in lead_messages: an e-mail or a
 * text (medium) of some kind (a booking notice, a nudge), to the contractor or a homeowner
 * (audience), due at a time. Each is driven to a final state as a lead's notifications are
 * (docs/decisions/008-lead-notifications.md): an attempt first claims its row (attempts + 1, a
 * lease in next_attempt_at) in an IMMEDIATE transaction, so two drivers never send the same
 * message at once and a worker killed mid-send leaves a row that comes due again when its lease
 * runs out; then sent, a retry after back-off, failed, or stopped (no longer wanted). Its key
 * makes each message once, whatever plans it twice.
 */
import type { Db } from '../platform/db/connection'
import { prepare, runImmediate } from '../platform/db/prepare'
import { camelRow } from '../platform/db/rows'
import { expediteWaiting } from '../platform/db/waiting-rows'

export type MessageMedium = 'email' | 'sms' | 'webhook'
type MessageAudience = 'contractor' | 'homeowner'
type MessageStatus = 'pending' | 'sent' | 'failed' | 'skipped' | 'stopped'

/** One message to plan. */
export interface MessagePlan {
  /** What makes it once: 'booking:12:email', 'nudge:<lead id>:sms'. */
  key: string
  kind: string
  medium: MessageMedium
  audience: MessageAudience
  leadId: string | null
  bookingEventId: number | null
  /** Pending when due; skipped (with why) when its medium is off. */
  status: 'pending' | 'skipped'
  detail?: string
  dueAt: Date
}

/** A planned message as stored: the plan's fields, its status and its attempts. */
export interface LeadMessage extends Omit<MessagePlan, 'status' | 'detail' | 'dueAt'> {
  id: number
  status: MessageStatus
  dueAt: string
  attempts: number
  detail: string | null
  nextAttemptAt: string | null
  /** When the attempt in progress claimed it; null when no attempt holds it. */
  claimedAt: string | null
  /** The start of the current series of attempts (when it fell due, or a retry was asked for); the give-up window counts from it. */
  startedAt: string
  createdAt: string
  updatedAt: string
}

interface MessageRow {
  id: number
  key: string
  kind: string
  medium: MessageMedium
  audience: MessageAudience
  lead_id: string | null
  booking_event_id: number | null
  status: MessageStatus
  due_at: string
  attempts: number
  detail: string | null
  next_attempt_at: string | null
  claimed_at: string | null
  started_at: string
  created_at: string
  updated_at: string
}

/** A stored message as the desk and site-admin read it. */
const toMessage = (r: MessageRow): LeadMessage => camelRow(r)

/** Creates each planned message once (a key seen before is left as it is). Call inside a write transaction. */
export function planMessages(db: Db, plans: MessagePlan[], now: Date): number {
  const at = now.toISOString()
  let created = 0
  for (const p of plans) {
    created += prepare(
      db,
      `INSERT INTO lead_messages
         (key, kind, medium, audience, lead_id, booking_event_id, status, due_at, detail, next_attempt_at,
          started_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO NOTHING`,
    ).run(
      p.key,
      p.kind,
      p.medium,
      p.audience,
      p.leadId,
      p.bookingEventId,
      p.status,
      p.dueAt.toISOString(),
      p.detail ?? null,
      p.status === 'pending' ? p.dueAt.toISOString() : null,
      p.dueAt.toISOString(),
      at,
      at,
    ).changes
  }
  return created
}

/** Pending messages whose next attempt is due, oldest first. */
export function findDueMessages(db: Db, now: Date, limit: number): number[] {
  return (
    prepare(
      db,
      `SELECT id FROM lead_messages WHERE status = 'pending' AND next_attempt_at <= ?
       ORDER BY next_attempt_at, id LIMIT ?`,
    ).all(now.toISOString(), limit) as { id: number }[]
  ).map((r) => r.id)
}

/** Claims a due pending message for one attempt, holding it for `leaseMs`; undefined when not due or held. */
export function claimMessage(db: Db, id: number, now: Date, leaseMs: number): LeadMessage | undefined {
  const at = now.toISOString()
  const row = db
    .transaction(
      () =>
        prepare(
          db,
          `UPDATE lead_messages SET attempts = attempts + 1, next_attempt_at = ?, claimed_at = ?, updated_at = ?
           WHERE id = ? AND status = 'pending' AND next_attempt_at <= ? RETURNING *`,
        ).get(new Date(now.getTime() + leaseMs).toISOString(), at, at, id, at) as MessageRow | undefined,
    )
    .immediate()
  return row && toMessage(row)
}

/** A final state for a claimed message: sent (with the provider's id), failed (why) or stopped (why). */
export function finishMessage(
  db: Db,
  id: number,
  status: 'sent' | 'failed' | 'stopped',
  detail: string,
  now: Date,
): void {
  runImmediate(
    db,
    `UPDATE lead_messages SET status = ?, detail = ?, next_attempt_at = NULL, claimed_at = NULL, updated_at = ?
     WHERE id = ? AND status = 'pending'`,
    status,
    detail,
    now.toISOString(),
    id,
  )
}

/** A transient failure: the message stays pending and is due again at `next`. */
export function retryMessageAt(db: Db, id: number, reason: string, next: Date, now: Date): void {
  runImmediate(
    db,
    `UPDATE lead_messages SET detail = ?, next_attempt_at = ?, claimed_at = NULL, updated_at = ?
     WHERE id = ? AND status = 'pending'`,
    reason,
    next.toISOString(),
    now.toISOString(),
    id,
  )
}

/** After a medium delivered again, its messages waiting on back-off become due now. */
export function expediteMedium(db: Db, medium: MessageMedium, now: Date): number {
  return expediteWaiting(db, { table: 'lead_messages', sender: 'medium' }, medium, now)
}

/** The messages of a lead, oldest first (site-admin). */
export function messagesOfLead(db: Db, leadId: string): LeadMessage[] {
  return (
    prepare(db, 'SELECT * FROM lead_messages WHERE lead_id = ? ORDER BY id').all(leadId) as MessageRow[]
  ).map(toMessage)
}

/** The messages of booking events, by event id (site-admin's bookings list). */
export function messagesOfEvents(db: Db, eventIds: number[]): Record<number, LeadMessage[]> {
  const result: Record<number, LeadMessage[]> = Object.fromEntries(eventIds.map((id) => [id, []]))
  if (!eventIds.length) return result
  const rows = prepare(
    db,
    'SELECT * FROM lead_messages WHERE booking_event_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  ).all(JSON.stringify(eventIds)) as MessageRow[]
  for (const r of rows) result[r.booking_event_id!]?.push(toMessage(r))
  return result
}

/** Failed messages to the contractor, and pending ones overdue by more than `graceMs` (GET /readyz). */
export function countMessageTrouble(db: Db, now: Date, graceMs: number): { failed: number; late: number } {
  const row = prepare(
    db,
    `SELECT
       (SELECT COUNT(*) FROM lead_messages WHERE status = 'failed' AND audience = 'contractor') AS failed,
       (SELECT COUNT(*) FROM lead_messages WHERE status = 'pending' AND audience = 'contractor' AND due_at <= ?) AS late`,
  ).get(new Date(now.getTime() - graceMs).toISOString()) as { failed: number; late: number }
  return row
}

/**
 * Turns failed messages (of one lead, or all) back into pending ones due now, as
 * `site-admin leads retry` does for notifications. Returns how many.
 */
export function retryFailedMessages(db: Db, now: Date, leadId?: string): number {
  const at = now.toISOString()
  const where = leadId === undefined ? "status = 'failed'" : "status = 'failed' AND lead_id = ?"
  return runImmediate(
    db,
    `UPDATE lead_messages SET status = 'pending', next_attempt_at = ?, claimed_at = NULL, started_at = ?, updated_at = ?,
       detail = 'retry requested; last failure: ' || COALESCE(detail, 'unknown')
     WHERE ${where}`,
    at,
    at,
    at,
    ...(leadId === undefined ? [] : [leadId]),
  )
}
