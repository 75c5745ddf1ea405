/**
 * The lead's life after the form as GET /readyz shows it (server/leads/readiness.ts): booking
 * events stored but not handled by a worker within two minutes, and the office's notices that
 * failed or are overdue. Either degrades /readyz (never a failure: the site still takes leads
 * and bookings).
 */
import type { Db } from '../platform/db/connection'
import { countUnhandledEvents } from './events'
import { countMessageTrouble } from './messages'

/** A booking event or a notice this late has been missed at least once, or waits on a retry. */
export const BOOKINGS_GRACE_MS = 2 * 60_000

export interface BookingTrouble {
  /** Events stored more than the grace ago that no worker has handled. */
  unhandledEvents: number
  /** Messages to the office that failed for good. */
  failedMessages: number
  /** Messages to the office due more than the grace ago and not sent yet. */
  lateMessages: number
}

export function countBookingTrouble(db: Db, now: Date, graceMs = BOOKINGS_GRACE_MS): BookingTrouble {
  const { failed, late } = countMessageTrouble(db, now, graceMs)
  return {
    unhandledEvents: countUnhandledEvents(db, new Date(now.getTime() - graceMs)),
    failedMessages: failed,
    lateMessages: late,
  }
}
