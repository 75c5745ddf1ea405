/**
 * Each lead's state (docs/bookings.md, "The lead's state"): new, booked (with the time),
 * canceled, reached or lost; and its history: every change, what made it (a booking event of
 * Calendly or Cal.com, the office's mark) and when. A lead without a row in lead_states is new
 * (its form is its first history line). Every change goes through changeLeadState, in the
 * caller's write transaction, which also stops the lead's pending messages that a change ends
 * (a nudge is not wanted once the lead booked or the office marked it).
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'

/** What a lead can be: new, booked, canceled, reached, lost (the CHECK of lead_states holds the same). */
export type LeadState = 'new' | 'booked' | 'canceled' | 'reached' | 'lost'

/** What the office can say of a lead it dealt with (site-admin leads mark; its e-mail's links later). */
export const OFFICE_MARKS = ['booked', 'reached', 'lost'] as const
export type OfficeMark = (typeof OFFICE_MARKS)[number]

/** The office's words for each mark, as the links will say them. */
export const MARK_WORDS: Record<OfficeMark, string> = {
  booked: 'Booked by phone',
  reached: 'Reached, not booked yet',
  lost: 'Not interested',
}

/**
 * What made a change: a tool's booking event, or the office (through site-admin, or its
 * e-mail's links: 'office-link').
 */
export type StateCause = 'calendly' | 'cal_com' | 'site-admin' | 'office-link'

export interface LeadStateNow {
  state: LeadState
  /** Booked: when the appointment starts (ISO); null when booked by phone or not booked. */
  bookedFor: string | null
  /** The booking (invitee URI, uid) the state is of; null when none. */
  bookingKey: string | null
  /** When it changed to this; null for a new lead (since its form). */
  since: string | null
}

export interface StateChange {
  state: LeadState
  bookedFor: string | null
  cause: StateCause
  /** What it was, in words: 'invitee.created', 'rescheduled (BOOKING_RESCHEDULED)', 'leads mark' … */
  detail: string
  bookingEventId: number | null
  at: string
}

interface StateRow {
  state: LeadState
  booked_for: string | null
  booking_key: string | null
  changed_at: string
}

export function readLeadState(db: Db, leadId: string): LeadStateNow {
  const row = prepare(
    db,
    'SELECT state, booked_for, booking_key, changed_at FROM lead_states WHERE lead_id = ?',
  ).get(leadId) as StateRow | undefined
  if (!row) return { state: 'new', bookedFor: null, bookingKey: null, since: null }
  return { state: row.state, bookedFor: row.booked_for, bookingKey: row.booking_key, since: row.changed_at }
}

/** A row of lead_state_changes: one change of a lead's state, and what made it. */
export interface StateChangeRow {
  id: number
  lead_id: string
  state: LeadState
  booked_for: string | null
  cause: StateCause
  detail: string
  booking_event_id: number | null
  changed_at: string
}

export function readLeadHistory(db: Db, leadId: string): StateChange[] {
  return (
    prepare(
      db,
      `SELECT state, booked_for, cause, detail, booking_event_id, changed_at FROM lead_state_changes
       WHERE lead_id = ? ORDER BY id`,
    ).all(leadId) as Omit<StateChangeRow, 'id' | 'lead_id'>[]
  ).map((r) => ({
    state: r.state,
    bookedFor: r.booked_for,
    cause: r.cause,
    detail: r.detail,
    bookingEventId: r.booking_event_id,
    at: r.changed_at,
  }))
}

/** The kinds of messages a change of state ends while they wait: the office's nudge, the follow-ups. */
const STOPPED_BY_A_CHANGE = ['nudge', 'follow-up']

/**
 * Moves a lead to a state, records the change in its history and stops the messages the
 * change makes pointless. Call inside a write transaction. A change to the state the lead is
 * in already, of the same booking and time, records nothing and returns false.
 */
export function changeLeadState(
  db: Db,
  leadId: string,
  to: { state: LeadState; bookedFor?: string | null; bookingKey?: string | null },
  why: { cause: StateCause; detail: string; bookingEventId?: number | null },
  now: Date,
): boolean {
  const at = now.toISOString()
  const current = readLeadState(db, leadId)
  const bookedFor = to.bookedFor ?? null
  const bookingKey = to.bookingKey ?? null
  if (current.state === to.state && current.bookedFor === bookedFor && current.bookingKey === bookingKey)
    return false
  prepare(
    db,
    `INSERT INTO lead_states (lead_id, state, booked_for, booking_key, changed_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (lead_id) DO UPDATE SET state = excluded.state, booked_for = excluded.booked_for,
       booking_key = excluded.booking_key, changed_at = excluded.changed_at`,
  ).run(leadId, to.state, bookedFor, bookingKey, at)
  prepare(
    db,
    `INSERT INTO lead_state_changes (lead_id, state, booked_for, cause, detail, booking_event_id, changed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(leadId, to.state, bookedFor, why.cause, why.detail, why.bookingEventId ?? null, at)
  prepare(
    db,
    `UPDATE lead_messages SET status = 'stopped', detail = ?, next_attempt_at = NULL, claimed_at = NULL, updated_at = ?
     WHERE lead_id = ? AND status = 'pending' AND claimed_at IS NULL
       AND kind IN (SELECT value FROM json_each(?))`,
  ).run(`not needed: the lead is ${to.state} since ${at}`, at, leadId, JSON.stringify(STOPPED_BY_A_CHANGE))
  return true
}

/**
 * The office's mark (site-admin leads mark; the e-mail's links later), in one transaction:
 * 'booked' (by phone, no time known), 'reached' or 'lost'. Returns the state before, and
 * whether anything changed (a lead already so marked is left as it is).
 */
export function markLead(
  db: Db,
  leadId: string,
  mark: OfficeMark,
  by: Extract<StateCause, 'site-admin' | 'office-link'>,
  now: Date,
): { before: LeadStateNow; changed: boolean } {
  return db
    .transaction(() => {
      const before = readLeadState(db, leadId)
      const changed = changeLeadState(
        db,
        leadId,
        { state: mark },
        { cause: by, detail: MARK_WORDS[mark] },
        now,
      )
      return { before, changed }
    })
    .immediate()
}
