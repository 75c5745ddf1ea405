/**
 * The nudge (docs/bookings.md, "A nudge"): a lead that has not booked and that the office has
 * not marked within OFFICE_NUDGE_AFTER (15 minutes), counted only within OFFICE_HOURS on the
 * business clock (07-19: a lead at 9 PM is nudged at 7:15 AM), gets one nudge to the office, in
 * its thread, by e-mail and by text. Planned when it falls due, for leads the office should know
 * of (never spam in quarantine, nor a lead the office called spam with its "This is spam" link;
 * a released lead counts from its release), stored since this
 * version started (lead_life_settings.nudges_since: the leads of before it are never nudged),
 * and no older than a few days' worth of the office's hours: a nudge days late helps nobody.
 */
import { addWithinHours, type DailyHours } from '../platform/business-time'
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { notQuarantined } from '../leads'
import { findOfficeActions } from '../spam'
import { noticePlans, type MediaOn } from './handle'
import { planMessages } from './messages'
import { readLeadState } from './state'

const DAY_MS = 24 * 60 * 60_000

/** When the nudges began: leads stored before it are never nudged. */
function nudgesSince(db: Db): string {
  const row = prepare(db, "SELECT value FROM lead_life_settings WHERE key = 'nudges_since'").get() as
    { value: string } | undefined
  return row?.value ?? ''
}

/** How far back a lead may still be nudged: its delay's worth of the office's days, and two more. */
function lookBackMs(nudgeAfterMs: number, hours: DailyHours): number {
  const openPerDay = (hours.closeMin - hours.openMin) * 60_000
  return (Math.ceil(nudgeAfterMs / openPerDay) + 2) * DAY_MS
}

/**
 * Plans the nudges that have fallen due; returns how many leads were nudged. Each lead is
 * planned in its own transaction that looks at its state again, so a lead marked or booked
 * meanwhile is left alone.
 */
export function planDueNudges(
  db: Db,
  settings: { nudgeAfterMs: number; officeHours: DailyHours },
  media: MediaOn,
  now: Date,
): number {
  const since = new Date(
    now.getTime() - lookBackMs(settings.nudgeAfterMs, settings.officeHours),
  ).toISOString()
  const floor = nudgesSince(db)
  const candidates = prepare(
    db,
    `SELECT s.id, COALESCE(s.released_at, s.created_at) AS from_at FROM form_submissions s
     WHERE COALESCE(s.released_at, s.created_at) >= ? AND s.created_at >= ? AND ${notQuarantined('s')}
       AND NOT EXISTS (SELECT 1 FROM lead_states t WHERE t.lead_id = s.id)
       AND NOT EXISTS (SELECT 1 FROM lead_messages m WHERE m.lead_id = s.id AND m.kind = 'nudge')
     ORDER BY from_at LIMIT 500`,
  ).all(since, floor) as { id: string; from_at: string }[]
  let nudged = 0
  for (const c of candidates) {
    const due = addWithinHours(new Date(c.from_at), settings.nudgeAfterMs, settings.officeHours)
    if (due > now) continue
    // The office said it is spam: that is its mark too.
    if (findOfficeActions(db, c.id).some((a) => a.action === 'spam')) continue
    const planned = db
      .transaction(() => {
        if (readLeadState(db, c.id).state !== 'new') return 0
        return planMessages(
          db,
          noticePlans(
            { key: `nudge:${c.id}`, kind: 'nudge', leadId: c.id, bookingEventId: null, dueAt: due },
            media,
          ),
          now,
        )
      })
      .immediate()
    if (planned > 0) nudged += 1
  }
  return nudged
}
