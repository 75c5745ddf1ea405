/**
 * The booking drill of `npm run drills` (docs/bookings.md): booking events delivered as Calendly
 * delivers them, signed, each again until it gets a 2xx (a refused connection, a cut-off
 * answer or a 5xx is a failed delivery, as it is for the tool), while the web process is killed
 * in the middle of storing them; then, from the database and the peers: every event stored
 * once, and every office notice (its e-mail and its text) sent once.
 */
import Database from 'better-sqlite3'
import { calendlyEvent, calendlySignature } from '../../tests/support/booking-tools'
import type { TestSmtpServer } from '../../tests/support/notify-peers'
import type { TestTwilioPeer } from '../../tests/support/twilio-peer'
import { sleep } from './harness'

/** The Calendly signing key of the drills' stacks (CALENDLY_WEBHOOK_SIGNING_KEY). */
export const DRILL_CALENDLY_KEY = 'drill-calendly-signing-key'
/** The first appointment; each event's is an hour after the one before, so its text names it. */
const FIRST_SLOT = Date.parse('2027-04-05T15:00:00Z')
const RETRY_MS = 500
const GIVE_UP_MS = 120_000

export interface BookingDelivery {
  /** The event's start, written as the office's text writes it ('Mon 5 Apr, 9:00 AM'). */
  slot: string
  /** The stored event's id, from the 2xx answer; undefined if it never got one. */
  id?: number
  deliveries: number
}

/** A Calendly `invitee.created` for the lead of `email`, at the `n`th slot. */
export function drillBooking(email: string, n: number): { body: string; slot: Date } {
  const slot = new Date(FIRST_SLOT + n * 60 * 60_000)
  return {
    body: calendlyEvent('invitee.created', { email, name: 'Dana Drill', startTime: slot.toISOString() }),
    slot,
  }
}

/**
 * One delivery of a signed event to the web process, as Calendly makes it: the stored event's id
 * on a 2xx; undefined on another answer, or none (refused, cut off, or no answer in `timeoutMs`).
 */
export async function postCalendlyEvent(
  origin: string,
  body: string,
  signingKey: string,
  timeoutMs: number,
): Promise<number | undefined> {
  try {
    const res = await fetch(`${origin}/api/booking-events/calendly`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'calendly-webhook-signature': calendlySignature(body, signingKey),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    })
    return res.ok ? ((await res.json()) as { id: number }).id : undefined
  } catch {
    return undefined
  }
}

/** Delivers one event until it gets a 2xx, as the tool retries; records its id and how many tries it took. */
export async function deliverAsCalendly(origin: string, body: string, into: BookingDelivery): Promise<void> {
  const deadline = Date.now() + GIVE_UP_MS
  while (Date.now() < deadline) {
    into.deliveries += 1
    // Refused or cut off while the web process is down: the tool tries again.
    into.id = await postCalendlyEvent(origin, body, DRILL_CALENDLY_KEY, 5000)
    if (into.id !== undefined) return
    await sleep(RETRY_MS)
  }
}

/**
 * The drill's row from what was delivered: events the tool got a 2xx for ("accepted"), those
 * whose e-mail and text both reached the office ("notified"), and every copy beyond the first.
 * Throws when the database holds another number of events than were delivered: stored once.
 */
export function countBookingNotices(
  dbPath: string,
  smtp: TestSmtpServer,
  twilio: TestTwilioPeer,
  delivered: BookingDelivery[],
): { accepted: number; notified: number; duplicates: number } {
  const db = new Database(dbPath, { readonly: true })
  const stored = (db.prepare('SELECT COUNT(*) AS n FROM booking_events').get() as { n: number }).n
  db.close()
  const accepted = delivered.filter((d) => d.id !== undefined)
  if (stored !== delivered.length)
    throw new Error(`${stored} booking events stored for ${delivered.length} delivered: not stored once`)
  let notified = 0
  let duplicates = 0
  for (const d of accepted) {
    const mails = smtp.accepted.filter((m) => m.bookingEventId === String(d.id)).length
    const texts = twilio.texts.filter((t) => t.body.startsWith(`Booked: Dana Drill, ${d.slot}.`)).length
    if (mails > 0 && texts > 0) notified += 1
    duplicates += Math.max(0, mails - 1) + Math.max(0, texts - 1)
  }
  return { accepted: accepted.length, notified, duplicates }
}
