/**
 * What the worker makes of a stored booking event (docs/bookings.md), in one write transaction
 * per event, so a worker killed half-way leaves the event unhandled and the next pass does it
 * all again:
 *
 * 1. Its lead: by the reference the booking page passed to the tool (never a lead in
 *    quarantine); else the lead an earlier event of the same booking found; else the latest
 *    lead, not spam (held in quarantine, or called spam by the office's link), from the same
 *    e-mail address within 30 days; else none: a booking without a form, kept and told to the
 *    office as such.
 * 2. What the office hears: booked, rescheduled or canceled. A Calendly reschedule arrives as a
 *    cancel with `rescheduled: true` and a new booking (naming the old one as `old_invitee`): the
 *    new booking says "Rescheduled" and the cancel says nothing, in whichever order they come.
 * 3. The lead's state (core/bookings/state.ts): booked with the time (which also stops a nudge
 *    not sent yet), or canceled when the booking canceled is the lead's current one.
 * 4. The notice's messages, e-mail and text, planned once by their key; the desk sends them.
 */
import type { Db } from '../platform/db/connection'
import { findLeadIdByBookingRef, findLeadIdsByEmail } from '../leads'
import { findOfficeActions } from '../spam'
import {
  eventsOfBooking,
  findBookingEvent,
  findRescheduleCancel,
  markEventHandled,
  type StoredBookingEvent,
} from './events'
import { planMessages, type MessagePlan } from './messages'
import { changeLeadState, readLeadState, type StateCause } from './state'
import type { NoticeKind } from './words'

/** A booking matches the latest lead of its e-mail address from this far back. */
const EMAIL_MATCH_WINDOW_MS = 30 * 24 * 60 * 60_000
/** A Calendly cancel that names no new invitee pairs with a new booking of the same lead this soon after it. */
const RESCHEDULE_PAIR_MS = 10 * 60_000

/** Which media can send now: a message on a medium that is off is planned as skipped, with why. */
export interface MediaOn {
  email: { on: true } | { on: false; why: string }
  sms: { on: true } | { on: false; why: string }
}

export interface Handled {
  eventId: number
  leadId: string | null
  matchedBy: 'ref' | 'email' | 'none'
  /** What the office is told; null when nothing (the cancel half of a reschedule). */
  notice: Exclude<NoticeKind, 'nudge'> | null
  stateChanged: boolean
}

/** The lead a booking event belongs to, and how it was found. */
function matchLead(
  db: Db,
  e: StoredBookingEvent,
): { leadId: string | null; matchedBy: 'ref' | 'email' | 'none' } {
  if (e.leadRef) {
    const byRef = findLeadIdByBookingRef(db, e.leadRef)
    if (byRef) return { leadId: byRef, matchedBy: 'ref' }
  }
  // An earlier event of this booking (or of the one it reschedules) found the lead already.
  const earlier = [
    ...eventsOfBooking(db, e.tool, e.bookingKey),
    ...(e.otherBookingKey ? eventsOfBooking(db, e.tool, e.otherBookingKey) : []),
  ].find((x) => x.leadId !== null)
  if (earlier?.leadId)
    return { leadId: earlier.leadId, matchedBy: earlier.matchedBy === 'email' ? 'email' : 'ref' }
  if (e.email) {
    const since = new Date(Date.parse(e.receivedAt) - EMAIL_MATCH_WINDOW_MS).toISOString()
    const byEmail = findLeadIdsByEmail(db, e.email, { from: since, to: e.receivedAt }).find(
      (leadId) => !findOfficeActions(db, leadId).some((a) => a.action === 'spam'),
    )
    if (byEmail) return { leadId: byEmail, matchedBy: 'email' }
  }
  return { leadId: null, matchedBy: 'none' }
}

/** What the office is told of this event. */
function noticeOf(db: Db, e: StoredBookingEvent, leadId: string | null): Handled['notice'] {
  if (e.kind === 'rescheduled') return 'rescheduled'
  if (e.kind === 'canceled') return e.rescheduled ? null : 'canceled'
  if (e.otherBookingKey) return 'rescheduled'
  const since = new Date(Date.parse(e.receivedAt) - RESCHEDULE_PAIR_MS)
  return findRescheduleCancel(db, { ...e, leadId }, since) ? 'rescheduled' : 'booked'
}

const CAUSE: Record<StoredBookingEvent['tool'], StateCause> = { calendly: 'calendly', cal_com: 'cal_com' }

/** The lead's new state from this event, if any. */
function applyState(
  db: Db,
  e: StoredBookingEvent,
  leadId: string,
  notice: Handled['notice'],
  now: Date,
): boolean {
  const why = {
    cause: CAUSE[e.tool],
    detail: notice === 'rescheduled' ? `rescheduled (${e.trigger})` : e.trigger,
    bookingEventId: e.id,
  }
  const changeTo = (state: 'booked' | 'canceled') =>
    changeLeadState(db, leadId, { state, bookedFor: e.startsAt, bookingKey: e.bookingKey }, why, now)
  if (e.kind === 'canceled') {
    // Only the booking the lead is booked with: a second booking canceled leaves the first.
    const current = readLeadState(db, leadId)
    if (e.rescheduled || current.state !== 'booked' || current.bookingKey !== e.bookingKey) return false
    return changeTo('canceled')
  }
  // A booking whose cancel arrived (and was handled) first stays canceled.
  const canceledAlready = eventsOfBooking(db, e.tool, e.bookingKey).some(
    (x) => x.kind === 'canceled' && !x.rescheduled,
  )
  if (canceledAlready) return false
  return changeTo('booked')
}

/** The e-mail and the text of a notice, each pending, or skipped when its medium is off. */
export function noticePlans(
  base: { key: string; kind: NoticeKind; leadId: string | null; bookingEventId: number | null; dueAt: Date },
  media: MediaOn,
): MessagePlan[] {
  return (['email', 'sms'] as const).map((medium) => {
    const on = media[medium]
    return {
      key: `${base.key}:${medium}`,
      kind: base.kind,
      medium,
      audience: 'contractor',
      leadId: base.leadId,
      bookingEventId: base.bookingEventId,
      status: on.on ? 'pending' : 'skipped',
      detail: on.on ? undefined : on.why,
      dueAt: base.dueAt,
    }
  })
}

/** Handles one stored event, once: undefined when it was handled already (by another pass or worker). */
export function handleBookingEvent(db: Db, eventId: number, media: MediaOn, now: Date): Handled | undefined {
  return db
    .transaction((): Handled | undefined => {
      const e = findBookingEvent(db, eventId)
      if (!e || e.handledAt) return undefined
      const { leadId, matchedBy } = matchLead(db, e)
      const notice = noticeOf(db, e, leadId)
      const stateChanged = leadId ? applyState(db, e, leadId, notice, now) : false
      if (notice)
        planMessages(
          db,
          noticePlans(
            { key: `booking:${e.id}`, kind: notice, leadId, bookingEventId: e.id, dueAt: now },
            media,
          ),
          now,
        )
      markEventHandled(db, e.id, { leadId, matchedBy }, now)
      return { eventId: e.id, leadId, matchedBy, notice, stateChanged }
    })
    .immediate()
}
