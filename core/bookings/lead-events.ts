/**
 * The lead's life on the outbound webhook (LEAD_WEBHOOK_URL, README "Getting your leads"): beside
 * `lead.received`, which the leads feature sends for each new lead, every change of a lead's
 * state is sent as an event of its own, signed as Standard Webhooks say
 * (https://www.standardwebhooks.com), like the lead's:
 *
 * - `lead.booked`: a booking (or a reschedule) through the scheduling tool, with its time;
 * - `lead.canceled`: the tool's cancellation of the booking the lead was booked with;
 * - `lead.marked`: the office's mark, booked (by phone), reached or lost.
 *
 * Each change (lead_state_changes) is planned once as a message of the webhook medium (key
 * `webhook:change:<id>`, planned in order from a cursor kept in lead_life_settings, which starts
 * at the changes there were when the webhook was first on) and sent by the desk as every message
 * is: claimed, retried after a 408, 429, 5xx or no answer, failed for good on another 4xx (410
 * asks us to stop). `webhook-id` is `lead-change-<id>`, so a receiver drops a repeat.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import type { Outcome } from '../platform/mail/outcome'
import { postSignedWebhook } from '../notifications'
import { planMessages, type LeadMessage } from './messages'
import type { LeadState, StateCause, StateChangeRow } from './state'

const CURSOR = 'webhook_changes_through'
const BATCH = 100

type LeadEventType = 'lead.booked' | 'lead.canceled' | 'lead.marked'

export interface LeadEventPayload {
  type: LeadEventType
  timestamp: string
  data: {
    id: string
    state: LeadState
    /** The appointment (ISO), for a booking or the booking canceled; null otherwise. */
    bookedFor: string | null
    /** lead.marked: 'booked', 'reached' or 'lost'. */
    mark: string | null
    /** What made it: 'calendly', 'cal_com', 'office-link' (its e-mail), 'site-admin'. */
    by: StateCause
    detail: string
    changedAt: string
  }
}

const isOfficeMark = (cause: StateCause) => cause === 'site-admin' || cause === 'office-link'

function typeOf(c: Pick<StateChangeRow, 'state' | 'cause'>): LeadEventType {
  if (isOfficeMark(c.cause)) return 'lead.marked'
  return c.state === 'canceled' ? 'lead.canceled' : 'lead.booked'
}

/**
 * Plans the events of the changes since the cursor, in one transaction; returns how many. The
 * first call (the webhook just turned on) starts the cursor at the changes there are.
 */
export function planLeadEvents(db: Db, now: Date): number {
  return db
    .transaction(() => {
      const cursor = prepare(db, 'SELECT value FROM lead_life_settings WHERE key = ?').get(CURSOR) as
        { value: string } | undefined
      if (!cursor) {
        prepare(
          db,
          `INSERT INTO lead_life_settings (key, value)
           SELECT ?, CAST(COALESCE(MAX(id), 0) AS TEXT) FROM lead_state_changes`,
        ).run(CURSOR)
        return 0
      }
      const changes = prepare(db, 'SELECT * FROM lead_state_changes WHERE id > ? ORDER BY id LIMIT ?').all(
        Number(cursor.value),
        BATCH,
      ) as StateChangeRow[]
      if (!changes.length) return 0
      planMessages(
        db,
        changes.map((c) => ({
          key: `webhook:change:${c.id}`,
          kind: typeOf(c),
          medium: 'webhook',
          audience: 'contractor',
          leadId: c.lead_id,
          bookingEventId: c.booking_event_id,
          status: 'pending',
          dueAt: now,
        })),
        now,
      )
      prepare(db, 'UPDATE lead_life_settings SET value = ? WHERE key = ?').run(
        String(changes.at(-1)!.id),
        CURSOR,
      )
      return changes.length
    })
    .immediate()
}

/** The event of a planned message, from its change as stored; undefined when the change is gone. */
export function leadEventOf(db: Db, msg: LeadMessage): { id: string; payload: LeadEventPayload } | undefined {
  const changeId = Number(msg.key.split(':').at(-1))
  const c = prepare(db, 'SELECT * FROM lead_state_changes WHERE id = ?').get(changeId) as
    StateChangeRow | undefined
  if (!c) return undefined
  const type = typeOf(c)
  return {
    id: `lead-change-${c.id}`,
    payload: {
      type,
      timestamp: c.changed_at,
      data: {
        id: c.lead_id,
        state: c.state,
        bookedFor: c.booked_for,
        mark: type === 'lead.marked' ? c.state : null,
        by: c.cause,
        detail: c.detail,
        changedAt: c.changed_at,
      },
    },
  }
}

/** Posts one event, signed (core/notifications' webhook post); the outcome as the desk records it. */
export function postLeadEvent(
  target: { url: string; secret: string },
  event: { id: string; payload: LeadEventPayload },
  timeoutMs: number,
): Promise<Outcome> {
  return postSignedWebhook(target, event.id, event.payload, timeoutMs)
}
