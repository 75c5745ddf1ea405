/**
 * What the other features ask of the leads table (form_submissions), so that none of them
 * writes out the table's columns or what "in quarantine" means (see
 * docs/decisions/022-features-in-one-direction.md). A query that joins a feature's own table
 * (lead_places, lead_states, lead_notifications …) keeps its SQL with that feature and takes
 * the condition from here (`NOT_QUARANTINED`, `notQuarantined('f')`).
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { inQuarantine, notQuarantined, toLead, type Lead, type LeadRow } from './store'

/**
 * Leads with an address to place on the map, not in quarantine, newest first, at most `limit`:
 * those whose id `placedIn` (a query of lead ids, the caller's own table) does not return.
 */
export function leadsToPlace(
  db: Db,
  opts: { placedIn: string; limit: number },
): { id: string; address: string }[] {
  return prepare(
    db,
    `SELECT f.id, f.address FROM form_submissions f
     WHERE f.address IS NOT NULL AND TRIM(f.address) <> '' AND ${notQuarantined('f')}
       AND f.id NOT IN (${opts.placedIn})
     ORDER BY f.created_at DESC LIMIT ?`,
  ).all(opts.limit) as { id: string; address: string }[]
}

/** Leads put in quarantine in (after, upTo] and still there, oldest first. */
export function listQuarantinedBetween(db: Db, span: { after: string; upTo: string }): Lead[] {
  return (
    prepare(
      db,
      `SELECT * FROM form_submissions WHERE ${inQuarantine()} AND quarantined_at > ? AND quarantined_at <= ?
       ORDER BY quarantined_at ASC, id ASC`,
    ).all(span.after, span.upTo) as LeadRow[]
  ).map(toLead)
}

/** How many leads put in quarantine up to `upTo` are still there, and since when the oldest. */
export function countQuarantinedUpTo(db: Db, upTo: string): { count: number; oldest: string | null } {
  const row = prepare(
    db,
    `SELECT COUNT(*) AS n, MIN(quarantined_at) AS oldest FROM form_submissions
     WHERE ${inQuarantine()} AND quarantined_at <= ?`,
  ).get(upTo) as { n: number; oldest: string | null }
  return { count: row.n, oldest: row.oldest }
}

/** How many leads the filter put in quarantine in [start, end), and how many were released then. */
export function countQuarantinedAndReleased(
  db: Db,
  span: { start: Date; end: Date },
): { quarantined: number; released: number } {
  const [start, end] = [span.start.toISOString(), span.end.toISOString()]
  const count = (column: 'quarantined_at' | 'released_at') =>
    (
      prepare(db, `SELECT COUNT(*) AS n FROM form_submissions WHERE ${column} >= ? AND ${column} < ?`).get(
        start,
        end,
      ) as { n: number }
    ).n
  return { quarantined: count('quarantined_at'), released: count('released_at') }
}

/** The lead (not in quarantine) that a scheduling tool's booking reference names. */
export function findLeadIdByBookingRef(db: Db, ref: string): string | undefined {
  const row = prepare(
    db,
    `SELECT id FROM form_submissions WHERE booking_ref = ? AND ${notQuarantined()}`,
  ).get(ref) as { id: string } | undefined
  return row?.id
}

/** Leads (not in quarantine) of an e-mail address, any case, stored in [from, to], newest first. */
export function findLeadIdsByEmail(db: Db, email: string, span: { from: string; to: string }): string[] {
  return (
    prepare(
      db,
      `SELECT id FROM form_submissions
       WHERE email = ? COLLATE NOCASE AND created_at >= ? AND created_at <= ? AND ${notQuarantined()}
       ORDER BY created_at DESC LIMIT 20`,
    ).all(email, span.from, span.to) as { id: string }[]
  ).map((row) => row.id)
}

/** The stored hash of the lead's report key (core/storms/report-key.ts); undefined: no such lead. */
export function reportKeyHashOf(db: Db, leadId: string): string | null | undefined {
  const row = prepare(db, 'SELECT report_key_hash FROM form_submissions WHERE id = ?').get(leadId) as
    { report_key_hash: string | null } | undefined
  return row ? row.report_key_hash : undefined
}

/** The lead's booking reference (core/bookings/ref.ts); null: stored without one; undefined: no such lead. */
export function bookingRefOf(db: Db, leadId: string): string | null | undefined {
  const row = prepare(db, 'SELECT booking_ref FROM form_submissions WHERE id = ?').get(leadId) as
    { booking_ref: string | null } | undefined
  return row ? row.booking_ref : undefined
}
