/**
 * A planned message as what is sent, made when it is sent (from the lead and the event as
 * they are then): the e-mail, in the lead's thread, or the text.
 *
 * The thread: a lead's notices carry its office e-mail's Message-ID (`<lead-{id}@sender's
 * domain>`, core/notifications/messages.tsx) in In-Reply-To and References, so the office's
 * mail client shows them under the lead. A booking without a form starts a thread of its own,
 * which its later notices (a cancel, a reschedule) join. Each notice has a stable Message-ID of
 * its own, so a copy sent again after a crash is one message to the mail client.
 */
import { domainOf } from '../platform/mail/smtp'
import type { Db } from '../platform/db/connection'
import type { OutgoingMail } from '../platform/mail/mailer'
import { renderBoth } from '../platform/mail/render'
import { toHeaderText } from '../platform/mail/text'
import { findLead } from '../leads'
import { buildLeadView, officeMailMessageId, type LeadView } from '../notifications'
import { eventsOfBooking, findBookingEvent, findRescheduleCancel, type StoredBookingEvent } from './events'
import type { LeadMessage } from './messages'
import { BookingNoticeEmail, NudgeEmail, type NoticeFacts } from './NoticeEmail'
import { readLeadState } from './state'
import {
  firstNameOf,
  formatAppointment,
  noticeSms,
  noticeSubject,
  nudgeSms,
  nudgeSubject,
  type NoticeKind,
} from './words'

export type Composed =
  | { kind: 'mail'; mail: OutgoingMail }
  | { kind: 'sms'; body: string }
  /** No longer wanted (the lead booked before its nudge went out) or impossible: why. */
  | { kind: 'stop'; why: string }

export interface ComposeContext {
  db: Db
  siteUrl: string
  /** The sender (LEAD_NOTIFY_FROM) and the office (LEAD_NOTIFY_TO), for e-mails. */
  from: string
  to: string[]
  now: Date
}

const TOOL_NAMES: Record<StoredBookingEvent['tool'], string> = { calendly: 'Calendly', cal_com: 'Cal.com' }

/** The appointment a reschedule moved from: the other booking's time, or its cancel's. */
function previousStart(db: Db, e: StoredBookingEvent): string | null {
  if (e.otherBookingKey) {
    const before = eventsOfBooking(db, e.tool, e.otherBookingKey).filter((x) => x.startsAt)
    if (before.length) return before.at(-1)!.startsAt
  }
  const cancel = findRescheduleCancel(db, e, new Date(Date.parse(e.receivedAt) - 10 * 60_000))
  return cancel?.startsAt ?? null
}

/** 'Tue 1 Dec, 9:02 PM, 15 min ago'. */
function waitedSince(createdAt: string, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(createdAt)) / 60_000))
  const ago = minutes < 90 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`
  return `${ago} (${formatAppointment(createdAt)})`
}

function factsOfLead(view: LeadView): Omit<NoticeFacts, 'kind' | 'withoutForm'> {
  return {
    who: view.fullName.trim() || view.email,
    firstName: view.firstName || view.fullName,
    phone: view.phone || undefined,
    email: view.email || undefined,
    address: view.fields.address,
    city: view.city,
    request: view.kind.request,
    form: view.kind.label,
    receivedAt: view.receivedAt,
    leadId: view.id,
  }
}

function factsOfEvent(e: StoredBookingEvent): Omit<NoticeFacts, 'kind' | 'withoutForm'> {
  const who = e.name?.trim() || e.email || 'Someone'
  return { who, firstName: firstNameOf(who), email: e.email ?? undefined }
}

/** The e-mail of a notice: to the office, in the lead's thread (or the booking's own). */
async function noticeMail(
  ctx: ComposeContext,
  msg: LeadMessage,
  facts: NoticeFacts,
  e: StoredBookingEvent | undefined,
  waited: string,
): Promise<OutgoingMail> {
  const domain = domainOf(ctx.from)
  const messageId = e ? `<booking-${e.id}@${domain}>` : `<nudge-${msg.leadId}@${domain}>`
  let thread: string | undefined
  if (msg.leadId) thread = officeMailMessageId(msg.leadId, ctx.from)
  else if (e) {
    // A booking without a form: its first notice starts the thread, the later ones join it.
    const first = eventsOfBooking(ctx.db, e.tool, e.bookingKey)[0]
    if (first && first.id !== e.id) thread = `<booking-${first.id}@${domain}>`
  }
  const element =
    facts.kind === 'nudge' ? (
      <NudgeEmail facts={facts} waited={waited} />
    ) : (
      <BookingNoticeEmail facts={facts} />
    )
  const { html, text } = await renderBoth(element)
  const subject =
    facts.kind === 'nudge'
      ? nudgeSubject(facts.firstName, facts.phone ?? '')
      : noticeSubject(facts.kind, facts.who, facts.startsAt ?? null, facts.withoutForm)
  return {
    from: ctx.from,
    to: ctx.to,
    ...(facts.email ? { replyTo: { name: toHeaderText(facts.who, 100), address: facts.email } } : {}),
    subject: toHeaderText(subject, 150),
    messageId,
    ...(thread ? { inReplyTo: thread, references: [thread] } : {}),
    html,
    text,
    headers: {
      'X-Lead-Notice': facts.kind,
      ...(msg.leadId ? { 'X-Notice-Lead-Id': msg.leadId } : {}),
      ...(e ? { 'X-Booking-Event-Id': String(e.id) } : {}),
    },
  }
}

/** What to send for a claimed message, made from the lead and the event as they are now. */
export async function composeMessage(ctx: ComposeContext, msg: LeadMessage): Promise<Composed> {
  const lead = msg.leadId ? findLead(ctx.db, msg.leadId) : undefined
  if (msg.leadId && !lead) return { kind: 'stop', why: 'the lead is no longer in the database' }
  const view = lead && buildLeadView(lead, undefined, ctx.siteUrl)
  const kind = msg.kind as NoticeKind
  if (kind === 'nudge') {
    const state = lead && readLeadState(ctx.db, lead.id)
    if (!view || !state) return { kind: 'stop', why: 'a nudge needs its lead' }
    if (state.state !== 'new')
      return { kind: 'stop', why: `not needed: the lead is ${state.state} since ${state.since}` }
    const facts: NoticeFacts = { kind, withoutForm: false, ...factsOfLead(view) }
    if (msg.medium === 'sms')
      return {
        kind: 'sms',
        body: nudgeSms({
          firstName: facts.firstName,
          phone: facts.phone ?? '',
          fullName: facts.who,
          city: facts.city,
          request: view.kind.request,
        }),
      }
    return {
      kind: 'mail',
      mail: await noticeMail(ctx, msg, facts, undefined, waitedSince(view.createdAt, ctx.now)),
    }
  }
  const e = msg.bookingEventId ? findBookingEvent(ctx.db, msg.bookingEventId) : undefined
  if (!e) return { kind: 'stop', why: 'its booking event is no longer in the database' }
  const facts: NoticeFacts = {
    kind,
    withoutForm: !view,
    ...(view ? factsOfLead(view) : factsOfEvent(e)),
    startsAt: e.startsAt,
    previousStartsAt: kind === 'rescheduled' ? previousStart(ctx.db, e) : null,
    tool: TOOL_NAMES[e.tool],
    matchedBy: e.matchedBy ?? 'none',
  }
  if (msg.medium === 'sms')
    return {
      kind: 'sms',
      body: noticeSms({
        kind,
        who: facts.who,
        startsAt: facts.startsAt ?? null,
        withoutForm: facts.withoutForm,
        previousStartsAt: facts.previousStartsAt,
        phone: facts.phone,
        address: facts.address,
        email: facts.email,
      }),
    }
  return { kind: 'mail', mail: await noticeMail(ctx, msg, facts, e, '') }
}
