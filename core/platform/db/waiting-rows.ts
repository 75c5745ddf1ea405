/**
 * The rows the senders drive to a final state one attempt at a time, lead_notifications and
 * lead_messages (docs/decisions/008-lead-notifications.md), keep their attempts in the same
 * columns: status, next_attempt_at (when the next attempt is due, or when a claim in progress
 * expires), claimed_at (set while an attempt holds the row) and updated_at.
 */
import type { Db } from './connection'
import { runImmediate } from './prepare'

/** A table of such rows, and the column that names who sends them (a channel, a medium). */
type SenderRows =
  { table: 'lead_notifications'; sender: 'channel' } | { table: 'lead_messages'; sender: 'medium' }

/**
 * After a sender delivered again (its provider is back), its pending rows waiting on back-off
 * become due now instead of at their back-off time. Rows in the middle of an attempt are left
 * alone. Returns how many were brought forward.
 */
export function expediteWaiting(db: Db, rows: SenderRows, sender: string, now: Date): number {
  const at = now.toISOString()
  return runImmediate(
    db,
    `UPDATE ${rows.table} SET next_attempt_at = ?, updated_at = ?
     WHERE status = 'pending' AND ${rows.sender} = ? AND claimed_at IS NULL AND next_attempt_at > ?`,
    at,
    at,
    sender,
    at,
  )
}
