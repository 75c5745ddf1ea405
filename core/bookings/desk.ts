/**
 * The worker's side of the lead's life after the form (docs/bookings.md): one pass handles the
 * booking events the web process stored (core/bookings/handle.ts), plans the nudges that fell
 * due (nudges.ts), and sends every message that is due, each claimed first
 * (messages.ts), with the retries, give-up and logging of the lead notifications
 * (docs/decisions/008-lead-notifications.md): a transient failure (SMTP down, Twilio's 429 or
 * 5xx) comes back after an exponential back-off until NOTIFY_GIVE_UP_HOURS, a permanent one fails
 * at once, at error level, with ids and reasons only. worker/bookings.ts runs the pass every
 * second. Redis plays no part: a booking event on disk is handled whatever else is down.
 */
import { backoffDelayMs, type Backoff } from '../platform/backoff'
import type { Db } from '../platform/db/connection'
import type { Logger } from '../platform/logger'
import type { Mailer } from '../platform/mail/mailer'
import type { Outcome } from '../platform/mail/outcome'
import { toReason } from '../platform/mail/text'
import { sendSms, type TwilioSettings } from '../platform/sms/twilio'
import { composeMessage } from './compose'
import { findUnhandledEvents } from './events'
import { handleBookingEvent, type MediaOn } from './handle'
import {
  claimMessage,
  expediteMedium,
  findDueMessages,
  finishMessage,
  retryMessageAt,
  type LeadMessage,
  type MessageMedium,
} from './messages'
import { planDueNudges } from './nudges'
import type { LeadLifeSettings } from './settings'
import type { BusinessConfig } from '../../shared/business'
import { composeFollowUp, planDueFollowUps } from './follow-ups'
import { followUpsKey } from './links'
import { leadEventOf, planLeadEvents, postLeadEvent } from './lead-events'

/** Events handled and messages sent per pass, at most; the next pass takes the rest at once. */
const BATCH = 100
/** Messages sent at the same time. */
const SEND_CONCURRENCY = 8
/** Nudges are looked for at most this often: a few seconds late is nothing for a 15-minute delay. */
const NUDGE_LOOK_MS = 5_000

export interface BookingDeskDeps {
  db: Db
  logger: Logger
  settings: LeadLifeSettings
  /** The office's e-mail: its own SMTP connection, the sender and the office; undefined: e-mails off. */
  mail?: { mailer: Mailer; from: string; to: string[] }
  /** The office's texts; undefined: texts off. */
  sms?: TwilioSettings
  /**
   * The follow-ups to homeowners: an SMTP connection (the office's may be the same), the sender
   * and the business they come from; undefined: follow-ups are recorded as skipped.
   */
  followUps?: { mailer: Mailer; from: string; business: BusinessConfig }
  /** The outbound webhook (LEAD_WEBHOOK_URL): lead.booked, lead.canceled, lead.marked; undefined: off. */
  webhook?: { url: string; secret: string }
  siteUrl: string
  retry: Backoff & { giveUpMs: number }
  /** Longest one attempt may take. */
  sendTimeoutMs: number
}

export interface DeskPass {
  handled: number
  nudged: number
  /** Follow-ups planned to send in this pass. */
  followUps: number
  sent: number
  /** Whether a batch was full: more is waiting, and the next pass should come at once. */
  more: boolean
}

export interface BookingDesk {
  /** One pass at `now` (tests pass a clock of their own). */
  runPass(now?: Date): Promise<DeskPass>
  /** Which media send, for the start-up log. */
  describe(): Record<MessageMedium | 'followUps', string>
}

function describeMedia(deps: BookingDeskDeps, media: MediaOn): Record<MessageMedium | 'followUps', string> {
  return {
    email: media.email.on ? `on: to ${deps.mail?.to.join(', ')}` : `off (${media.email.why})`,
    sms: media.sms.on ? 'on' : `off (${media.sms.why})`,
    webhook: deps.webhook ? `on: ${new URL(deps.webhook.url).origin}` : 'off (LEAD_WEBHOOK_URL unset)',
    followUps: deps.followUps
      ? `on: ${deps.settings.followUpAfterMs.length} follow-ups from ${deps.followUps.from}`
      : 'off (SMTP_URL unset)',
  }
}

/**
 * Plans the nudges and follow-ups that fell due, looked for every few seconds (at once while
 * more follow-ups wait than one pass plans).
 */
function duePlanner(deps: BookingDeskDeps, media: MediaOn, logger: Logger) {
  const { db } = deps
  const followUpEmail = deps.followUps
    ? ({ on: true } as const)
    : ({ on: false, why: 'not configured (SMTP_URL unset)' } as const)
  let lastLook = 0
  let waiting = false
  const plan = (now: Date): { nudged: number; followUps: number } => {
    if (!waiting && now.getTime() - lastLook < NUDGE_LOOK_MS) return { nudged: 0, followUps: 0 }
    lastLook = now.getTime()
    const nudged = planDueNudges(db, deps.settings, media, now)
    if (nudged) logger.info({ count: nudged }, 'office nudged about leads that have not booked')
    const planned = planDueFollowUps(db, deps.settings, followUpEmail, now)
    waiting = planned.more
    if (planned.planned) logger.info({ count: planned.planned }, 'follow-ups fell due')
    return { nudged, followUps: planned.planned }
  }
  return Object.assign(plan, { waiting: () => waiting })
}

/** Sends a claimed lead.booked, lead.canceled or lead.marked to the webhook (lead-events.ts). */
async function sendLeadEvent(
  deps: BookingDeskDeps,
  msg: LeadMessage,
): Promise<Outcome | { kind: 'stopped'; why: string }> {
  if (!deps.webhook) return { kind: 'failed', reason: 'LEAD_WEBHOOK_URL is no longer configured' }
  const event = leadEventOf(deps.db, msg)
  if (!event) return { kind: 'stopped', why: 'its change is no longer in the database' }
  return postLeadEvent(deps.webhook, event, deps.sendTimeoutMs)
}

/** Sends a claimed follow-up, checked right before (follow-ups.ts); the links' key is made once, here. */
function followUpSender(deps: BookingDeskDeps) {
  const key = followUpsKey(deps.db)
  return async (msg: LeadMessage): Promise<Outcome | { kind: 'stopped'; why: string }> => {
    const f = deps.followUps
    if (!f) return { kind: 'failed', reason: 'SMTP_URL is no longer configured' }
    const composed = await composeFollowUp(
      { db: deps.db, siteUrl: deps.siteUrl, from: f.from, business: f.business, key },
      msg,
    )
    if (composed.kind === 'stop') return { kind: 'stopped', why: composed.why }
    return f.mailer.send(composed.mail)
  }
}

export function createBookingDesk(deps: BookingDeskDeps): BookingDesk {
  const { db } = deps
  const logger = deps.logger.child({ component: 'bookings' })
  const leaseMs = 2 * deps.sendTimeoutMs + 1000
  const media: MediaOn = {
    email: deps.mail ? { on: true } : { on: false, why: 'not configured (SMTP_URL unset)' },
    sms: deps.sms ? { on: true } : { on: false, why: 'not configured (TWILIO_ACCOUNT_SID unset)' },
  }
  /** Media whose last attempt failed transiently: their next success brings the rest forward. */
  const failing = new Set<MessageMedium>()
  const planDue = duePlanner(deps, media, logger)
  const sendFollowUp = followUpSender(deps)

  async function send(msg: LeadMessage, now: Date): Promise<Outcome | { kind: 'stopped'; why: string }> {
    if (msg.kind === 'follow-up') return sendFollowUp(msg)
    if (msg.medium === 'webhook') return sendLeadEvent(deps, msg)
    const composed = await composeMessage(
      { db, siteUrl: deps.siteUrl, from: deps.mail?.from ?? '', to: deps.mail?.to ?? [], now },
      msg,
    )
    if (composed.kind === 'stop') return { kind: 'stopped', why: composed.why }
    if (composed.kind === 'sms')
      return deps.sms
        ? sendSms(deps.sms, composed.body, deps.sendTimeoutMs)
        : { kind: 'failed', reason: 'TWILIO_ACCOUNT_SID is no longer configured' }
    return deps.mail
      ? deps.mail.mailer.send(composed.mail)
      : { kind: 'failed', reason: 'SMTP_URL is no longer configured' }
  }

  function record(msg: LeadMessage, outcome: Outcome | { kind: 'stopped'; why: string }): void {
    const now = new Date()
    const ids = { messageId: msg.id, kind: msg.kind, medium: msg.medium, leadId: msg.leadId ?? undefined }
    if (outcome.kind === 'stopped') {
      finishMessage(db, msg.id, 'stopped', outcome.why, now)
      logger.info({ ...ids, reason: outcome.why }, 'lead message stopped')
    } else if (outcome.kind === 'sent') {
      finishMessage(db, msg.id, 'sent', outcome.detail, now)
      logger.info({ ...ids, attempt: msg.attempts, detail: outcome.detail }, 'lead message sent')
      if (failing.delete(msg.medium) || msg.attempts > 1) expediteMedium(db, msg.medium, now)
    } else if (outcome.kind === 'failed') {
      finishMessage(db, msg.id, 'failed', outcome.reason, now)
      logger.error(
        { ...ids, attempt: msg.attempts, reason: outcome.reason },
        'lead message failed permanently',
      )
    } else {
      failing.add(msg.medium)
      const age = now.getTime() - Date.parse(msg.startedAt)
      if (age >= deps.retry.giveUpMs) {
        const reason = `gave up after ${msg.attempts} attempts over ${(age / 3_600_000).toFixed(1)} h; last error: ${outcome.reason}`
        finishMessage(db, msg.id, 'failed', reason, now)
        logger.error({ ...ids, attempt: msg.attempts, reason }, 'lead message failed permanently')
        return
      }
      const next = new Date(now.getTime() + backoffDelayMs(msg.attempts, deps.retry))
      retryMessageAt(db, msg.id, outcome.reason, next, now)
      logger.warn(
        { ...ids, attempt: msg.attempts, reason: outcome.reason, nextAttemptAt: next.toISOString() },
        'lead message not sent yet; will retry',
      )
    }
  }

  async function drive(id: number, now: Date): Promise<boolean> {
    const claimed = claimMessage(db, id, now, leaseMs)
    if (!claimed) return false
    let outcome: Outcome | { kind: 'stopped'; why: string }
    try {
      outcome = await send(claimed, now)
    } catch (err) {
      outcome = { kind: 'retry', reason: toReason(`unexpected error: ${(err as Error).message}`) }
    }
    record(claimed, outcome)
    return true
  }

  function handleEvents(now: Date): number {
    const events = findUnhandledEvents(db, BATCH)
    let handled = 0
    for (const e of events) {
      const result = handleBookingEvent(db, e.id, media, now)
      if (!result) continue
      handled += 1
      logger.info(
        {
          bookingEventId: result.eventId,
          tool: e.tool,
          trigger: e.trigger,
          leadId: result.leadId ?? undefined,
          matchedBy: result.matchedBy,
          notice: result.notice ?? 'none',
          stateChanged: result.stateChanged,
        },
        result.leadId ? 'booking event handled' : 'booking event handled: booked without a form',
      )
    }
    return handled
  }

  return {
    async runPass(now = new Date()) {
      const handled = handleEvents(now)
      // Every change of state so far, the events just handled included, goes to the webhook.
      const events = deps.webhook ? planLeadEvents(db, now) : 0
      const { nudged, followUps } = planDue(now)
      const due = findDueMessages(db, now, BATCH)
      let sent = 0
      let next = 0
      // SEND_CONCURRENCY senders take the due messages in turn: a slow one holds up only itself.
      await Promise.all(
        Array.from({ length: SEND_CONCURRENCY }, async () => {
          while (next < due.length) if (await drive(due[next++]!, now)) sent += 1
        }),
      )
      return {
        handled,
        nudged,
        followUps,
        sent,
        more: handled === BATCH || due.length === BATCH || events === 100 || planDue.waiting(),
      }
    },
    describe: () => describeMedia(deps, media),
  }
}
