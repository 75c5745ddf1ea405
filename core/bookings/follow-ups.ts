/**
 * Follow-ups until booked (docs/bookings.md): a lead that has not booked gets an e-mail at each
 * of FOLLOW_UP_AFTER's delays after it (1d, 3d), sent only inside FOLLOW_UP_HOURS on the business
 * clock (08-19: one falling due at 9 PM goes at 8 AM). Each is planned once, when it falls due,
 * as a row of lead_messages (key `follow-up:<lead id>:<n>`, medium e-mail, to the homeowner),
 * and sent by the desk as every message is: claimed first, retried, given up.
 *
 * They stop at a booking, an unsubscribe, the office's mark, or quarantine: a lead that is not
 * new, whose address is on the follow-ups' own stop list (follow_up_stops; storm alerts keep
 * theirs), that is held as spam, or that the office called spam is never planned, and each of
 * these is checked again right before the send (composeFollowUp). A change of state stops the
 * follow-ups that wait (state.ts), and so does an unsubscribe (links.ts).
 *
 * Leads from before this version (lead_life_settings.follow_ups_since), repeats of a lead of the
 * last 24 hours (the first gets them), and leads older than the last delay and a week (the
 * worker was away) get none. When the worker was away over two due times, only the later one
 * is sent; the earlier is recorded as skipped.
 */
import { emailBookingUrl } from '../../shared/booking-url'
import type { BusinessConfig } from '../../shared/business'
import { formatBusinessDate, formatIsoDate } from '../../shared/business-time'
import { LEAD_FORMS } from '../../shared/lead-forms'
import { addWithinHours, type DailyHours } from '../platform/business-time'
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import type { OutgoingMail } from '../platform/mail/mailer'
import { renderBoth } from '../platform/mail/render'
import { addressOf } from '../platform/mail/smtp'
import { toHeaderText } from '../platform/mail/text'
import { bookingRefOf, findLead, isQuarantined, notQuarantined } from '../leads'
import { buildLeadView } from '../notifications'
import { findOfficeActions } from '../spam'
import { findLeadReport } from '../storms'
import { FollowUpEmail, followUpSubject } from './FollowUpEmail'
import { followUpsStoppedAt, followUpsUnsubscribeUrl } from './links'
import { planMessages, type LeadMessage, type MessagePlan } from './messages'
import { readLeadState } from './state'

const DAY_MS = 24 * 60 * 60_000
/** Leads planned per pass at most; the next pass takes the rest at once. */
const PLAN_BATCH = 1000

export interface FollowUpSettings {
  followUpAfterMs: number[]
  followUpHours: DailyHours
}

function followUpsSince(db: Db): string {
  const row = prepare(db, "SELECT value FROM lead_life_settings WHERE key = 'follow_ups_since'").get() as
    { value: string } | undefined
  return row?.value ?? ''
}

/** When the `n`th follow-up (0-based) of a lead from `from` is due: its delay, then the next moment within the hours. */
function followUpDueAt(from: Date, n: number, settings: FollowUpSettings): Date {
  return addWithinHours(new Date(from.getTime() + settings.followUpAfterMs[n]!), 0, settings.followUpHours)
}

/**
 * Plans the follow-ups that have fallen due; returns how many were planned to send. `emailOn`:
 * without SMTP, they are recorded as skipped (with why), as the office's e-mails are.
 */
export function planDueFollowUps(
  db: Db,
  settings: FollowUpSettings,
  email: { on: true } | { on: false; why: string },
  now: Date,
): { planned: number; more: boolean } {
  const delays = settings.followUpAfterMs
  if (!delays.length) return { planned: 0, more: false }
  const since = new Date(now.getTime() - delays.at(-1)! - 7 * DAY_MS).toISOString()
  // The earliest a lead's first follow-up can be due: leads younger than the first delay wait.
  const youngest = new Date(now.getTime() - delays[0]!).toISOString()
  const candidates = prepare(
    db,
    // The leads whose next follow-up's delay has passed (the hours are applied below).
    `SELECT id, from_at, planned FROM (
       SELECT s.id, COALESCE(s.released_at, s.created_at) AS from_at,
         (SELECT COUNT(*) FROM lead_messages m WHERE m.lead_id = s.id AND m.kind = 'follow-up') AS planned
       FROM form_submissions s
       WHERE COALESCE(s.released_at, s.created_at) >= ? AND COALESCE(s.released_at, s.created_at) <= ?
         AND s.created_at >= ? AND ${notQuarantined('s')} AND s.duplicate_of IS NULL
         AND s.email IS NOT NULL AND s.email <> ''
         AND NOT EXISTS (SELECT 1 FROM lead_states t WHERE t.lead_id = s.id)
         AND NOT EXISTS (SELECT 1 FROM follow_up_stops x WHERE x.email = s.email))
     WHERE planned < ?
       AND (julianday(?) - julianday(from_at)) * 86400000.0 >= json_extract(?, '$[' || planned || ']')
     ORDER BY from_at LIMIT ?`,
  ).all(
    since,
    youngest,
    followUpsSince(db),
    delays.length,
    now.toISOString(),
    JSON.stringify(delays),
    PLAN_BATCH,
  ) as {
    id: string
    from_at: string
    planned: number
  }[]
  const plans: { leadId: string; plans: MessagePlan[] }[] = []
  for (const c of candidates) {
    const from = new Date(c.from_at)
    const due: number[] = []
    for (let n = c.planned; n < delays.length; n++) if (followUpDueAt(from, n, settings) <= now) due.push(n)
    if (!due.length) continue
    // The office said it is spam: no follow-up.
    if (findOfficeActions(db, c.id).some((a) => a.action === 'spam')) continue
    plans.push({
      leadId: c.id,
      plans: due.map((n, i) => {
        const last = i === due.length - 1
        const status = !last ? 'skipped' : email.on ? 'pending' : 'skipped'
        return {
          key: `follow-up:${c.id}:${n + 1}`,
          kind: 'follow-up',
          medium: 'email',
          audience: 'homeowner',
          leadId: c.id,
          bookingEventId: null,
          status,
          detail: !last
            ? 'passed while the worker was away: the later follow-up goes instead'
            : email.on
              ? undefined
              : email.why,
          dueAt: followUpDueAt(from, n, settings),
        }
      }),
    })
  }
  // One transaction for the batch, each lead's state looked at again inside it.
  const planned = db
    .transaction(() => {
      let count = 0
      for (const p of plans) {
        if (readLeadState(db, p.leadId).state !== 'new') continue
        planMessages(db, p.plans, now)
        count += p.plans.filter((x) => x.status === 'pending').length
      }
      return count
    })
    .immediate()
  // A full batch that planned something: more may wait. One that planned nothing (all outside the
  // hours) waits for the next look, not the next pass.
  return { planned, more: candidates.length === PLAN_BATCH && plans.length > 0 }
}

/** '1.6 in' */
const inches = (hailIn: number) => `${hailIn.toFixed(1)} in`

/**
 * The line a hail report lead's follow-up quotes from its report: what radar saw at the home,
 * else the largest hail reported within a mile; undefined when the report found neither (or
 * was not made).
 */
function reportLineOf(db: Db, leadId: string): string | undefined {
  const report = findLeadReport(db, leadId)?.report
  if (!report) return undefined
  const atHome = report.radar?.largestAtHome
  if (atHome) return `Radar saw about ${inches(atHome.hailIn)} at your home on ${formatIsoDate(atHome.date)}`
  const near = report.summary.largestHailWithin1Mi
  if (near)
    return `NOAA's records show ${inches(near.hailIn)} hail ${near.distanceMi.toFixed(1)} mi ${near.direction} of your home on ${formatBusinessDate(near.beginAt)}`
  return undefined
}

export interface FollowUpContext {
  db: Db
  siteUrl: string
  from: string
  business: BusinessConfig
  /** The unsubscribe links' key (links.ts followUpsKey). */
  key: Buffer
}

/**
 * Why a follow-up must not go out now, checked right before its send, or undefined: the lead
 * booked or was marked, it is held as spam (or the office called it spam), or its address
 * stopped the follow-ups.
 */
function followUpBarred(db: Db, leadId: string, email: string): string | undefined {
  const state = readLeadState(db, leadId)
  if (state.state !== 'new') return `not needed: the lead is ${state.state} since ${state.since}`
  const lead = findLead(db, leadId)
  if (!lead) return 'the lead is no longer in the database'
  if (isQuarantined(lead)) return 'not sent: the lead is held as spam'
  if (findOfficeActions(db, leadId).some((a) => a.action === 'spam'))
    return 'not sent: the office called it spam'
  const stopped = followUpsStoppedAt(db, email)
  if (stopped) return `not sent: the address stopped follow-ups at ${stopped.stoppedAt}`
  return undefined
}

/** The follow-up e-mail of a claimed message, or why it is not sent. */
export async function composeFollowUp(
  ctx: FollowUpContext,
  msg: LeadMessage,
): Promise<{ kind: 'mail'; mail: OutgoingMail } | { kind: 'stop'; why: string }> {
  const lead = msg.leadId ? findLead(ctx.db, msg.leadId) : undefined
  if (!lead) return { kind: 'stop', why: 'the lead is no longer in the database' }
  if (!lead.email) return { kind: 'stop', why: 'the lead has no e-mail address' }
  const barred = followUpBarred(ctx.db, lead.id, lead.email)
  if (barred) return { kind: 'stop', why: barred }
  const nth = Number(msg.key.split(':').at(-1))
  const bookingUrl = emailBookingUrl(
    ctx.business.bookingUrl,
    lead,
    { utmSource: 'follow-up', utmCampaign: `follow-up-${nth}` },
    bookingRefOf(ctx.db, lead.id),
  )
  const unsubscribeUrl = followUpsUnsubscribeUrl(ctx.siteUrl, ctx.key, lead.id, lead.email)
  const view = buildLeadView(lead, undefined, ctx.siteUrl)
  const { html, text } = await renderBoth(
    FollowUpEmail({
      firstName: lead.firstName?.trim() || 'there',
      nth,
      request: view.kind.request,
      reportLine: LEAD_FORMS[lead.form].hailReport ? reportLineOf(ctx.db, lead.id) : undefined,
      bookingUrl,
      unsubscribeUrl,
      business: ctx.business,
    }),
  )
  const domain = addressOf(ctx.from)?.split('@')[1] ?? 'localhost'
  return {
    kind: 'mail',
    mail: {
      from: ctx.from,
      to: [lead.email],
      replyTo: ctx.business.email,
      subject: toHeaderText(followUpSubject(nth, ctx.business), 150),
      messageId: `<follow-up-${lead.id}-${nth}@${domain}>`,
      html,
      text,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'X-Follow-Up': `${lead.id}:${nth}`,
      },
    },
  }
}
