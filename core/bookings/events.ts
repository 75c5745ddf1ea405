/**
 * The scheduling tools' events, one row each in booking_events (docs/bookings.md). The web
 * process stores an event in one IMMEDIATE transaction on its connection (synchronous=FULL)
 * before it answers, so a 2xx means the event is on disk; a second delivery of the same event
 * (the tools retry) finds its key and stores nothing. The worker handles each stored event once
 * (handled_at), in the order they arrived.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { camelRow } from '../platform/db/rows'
import type { BookingEvent, BookingEventKind, BookingTool } from './tools'

/** A stored event, with what the worker made of it. */
export interface StoredBookingEvent extends BookingEvent {
  id: number
  receivedAt: string
  leadId: string | null
  /** How it found its lead: by the reference, by the e-mail address, or not at all; null until handled. */
  matchedBy: 'ref' | 'email' | 'none' | null
  handledAt: string | null
}

interface EventRow {
  id: number
  tool: BookingTool
  event_key: string
  trigger: string
  kind: BookingEventKind
  booking_key: string
  other_booking_key: string | null
  rescheduled: number
  starts_at: string | null
  email: string | null
  name: string | null
  lead_ref: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  received_at: string
  lead_id: string | null
  matched_by: StoredBookingEvent['matchedBy']
  handled_at: string | null
}

/** A stored event; SQLite keeps `rescheduled` as 0/1. */
function toStored(r: EventRow): StoredBookingEvent {
  return { ...camelRow(r), rescheduled: r.rescheduled === 1 }
}

/**
 * Stores an event unless one with its key is stored already. Returns its row id and whether
 * this call stored it (false: a repeat of an event the tool delivered before).
 */
export function storeBookingEvent(db: Db, e: BookingEvent, now: Date): { id: number; stored: boolean } {
  return db
    .transaction(() => {
      const inserted = prepare(
        db,
        `INSERT INTO booking_events
           (tool, event_key, trigger, kind, booking_key, other_booking_key, rescheduled, starts_at,
            email, name, lead_ref, utm_source, utm_medium, utm_campaign, received_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tool, event_key) DO NOTHING RETURNING id`,
      ).get(
        e.tool,
        e.eventKey,
        e.trigger,
        e.kind,
        e.bookingKey,
        e.otherBookingKey,
        e.rescheduled ? 1 : 0,
        e.startsAt,
        e.email,
        e.name,
        e.leadRef,
        e.utmSource,
        e.utmMedium,
        e.utmCampaign,
        now.toISOString(),
      ) as { id: number } | undefined
      if (inserted) return { id: inserted.id, stored: true }
      const existing = prepare(db, 'SELECT id FROM booking_events WHERE tool = ? AND event_key = ?').get(
        e.tool,
        e.eventKey,
      ) as { id: number }
      return { id: existing.id, stored: false }
    })
    .immediate()
}

/** Events the worker has not handled yet, in the order they arrived. */
export function findUnhandledEvents(db: Db, limit: number): StoredBookingEvent[] {
  return (
    prepare(db, 'SELECT * FROM booking_events WHERE handled_at IS NULL ORDER BY id LIMIT ?').all(
      limit,
    ) as EventRow[]
  ).map(toStored)
}

export function findBookingEvent(db: Db, id: number): StoredBookingEvent | undefined {
  const row = prepare(db, 'SELECT * FROM booking_events WHERE id = ?').get(id) as EventRow | undefined
  return row && toStored(row)
}

/** The handled events of one booking (of one tool), oldest first. */
export function eventsOfBooking(db: Db, tool: BookingTool, bookingKey: string): StoredBookingEvent[] {
  return (
    prepare(
      db,
      'SELECT * FROM booking_events WHERE tool = ? AND booking_key = ? AND handled_at IS NOT NULL ORDER BY id',
    ).all(tool, bookingKey) as EventRow[]
  ).map(toStored)
}

/**
 * The handled Calendly cancel that is half of a reschedule into `bookingKey` (it names it as
 * its new invitee), or, when it named none, the latest such cancel of the same lead (or e-mail
 * address, for a booking without a form) since `since`.
 */
export function findRescheduleCancel(
  db: Db,
  e: { tool: BookingTool; bookingKey: string; leadId: string | null; email: string | null },
  since: Date,
): StoredBookingEvent | undefined {
  const row = prepare(
    db,
    `SELECT * FROM booking_events
     WHERE tool = ? AND kind = 'canceled' AND rescheduled = 1 AND handled_at IS NOT NULL
       AND (other_booking_key = ?
            OR (other_booking_key IS NULL AND received_at >= ?
                AND ((? IS NOT NULL AND lead_id = ?) OR (? IS NULL AND email = ? COLLATE NOCASE))))
     ORDER BY id DESC LIMIT 1`,
  ).get(e.tool, e.bookingKey, since.toISOString(), e.leadId, e.leadId, e.leadId, e.email) as
    EventRow | undefined
  return row && toStored(row)
}

/** Records what the worker made of an event: its lead (or none) and that it is handled. Inside the handling transaction. */
export function markEventHandled(
  db: Db,
  id: number,
  lead: { leadId: string | null; matchedBy: 'ref' | 'email' | 'none' },
  now: Date,
): void {
  prepare(db, 'UPDATE booking_events SET lead_id = ?, matched_by = ?, handled_at = ? WHERE id = ?').run(
    lead.leadId,
    lead.matchedBy,
    now.toISOString(),
    id,
  )
}

/** Events stored before `storedBefore` that no worker has handled (GET /readyz). */
export function countUnhandledEvents(db: Db, storedBefore: Date): number {
  return (
    prepare(db, 'SELECT COUNT(*) AS n FROM booking_events WHERE handled_at IS NULL AND received_at <= ?').get(
      storedBefore.toISOString(),
    ) as { n: number }
  ).n
}

/** The events of one lead, oldest first (site-admin). */
export function eventsOfLead(db: Db, leadId: string): StoredBookingEvent[] {
  return (
    prepare(db, 'SELECT * FROM booking_events WHERE lead_id = ? ORDER BY id').all(leadId) as EventRow[]
  ).map(toStored)
}

/** The newest events, newest first (site-admin bookings list). */
export function listBookingEvents(
  db: Db,
  opts: { limit: number; withoutLead?: boolean },
): StoredBookingEvent[] {
  return (
    prepare(
      db,
      `SELECT * FROM booking_events ${opts.withoutLead ? "WHERE matched_by = 'none'" : ''} ORDER BY id DESC LIMIT ?`,
    ).all(opts.limit) as EventRow[]
  ).map(toStored)
}

/**
 * The bookings no lead matched that the tools sent from `from` to `to` (exclusive): each new
 * booking once (its created event; a reschedule's new booking is the same booking again), with
 * the campaign its tool passed back.
 */
export function bookingsWithoutFormBetween(
  db: Db,
  from: Date,
  to: Date,
): Pick<BookingEvent, 'utmSource' | 'utmMedium' | 'utmCampaign'>[] {
  return prepare(
    db,
    `SELECT utm_source AS utmSource, utm_medium AS utmMedium, utm_campaign AS utmCampaign
     FROM booking_events
     WHERE matched_by = 'none' AND received_at >= ? AND received_at < ?
       AND kind = 'created' AND other_booking_key IS NULL
     ORDER BY id`,
  ).all(from.toISOString(), to.toISOString()) as Pick<
    BookingEvent,
    'utmSource' | 'utmMedium' | 'utmCampaign'
  >[]
}
