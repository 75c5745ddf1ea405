/**
 * The office's words for the lead's life after the form: the subject of each notice, the
 * appointment's time as the office reads it (Denver time), and the texts, each within two SMS
 * parts (core/platform/sms/segments.ts), most important first: what happened, who, when, the
 * number to call.
 */
import { BUSINESS_TIME_ZONE, formatOfficeTime } from '../../shared/business-time'
import { fitSms } from '../platform/sms/segments'
import { toHeaderText } from '../platform/mail/text'

/** The notices the office gets: of a booking event, or the nudge about a lead that has not booked. */
export type NoticeKind = 'booked' | 'rescheduled' | 'canceled' | 'nudge'

const APPOINTMENT = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})

/** 'Tue 1 Dec, 10:00 AM': an appointment in Denver time, as a subject and a text say it. */
export function formatAppointment(at: string | Date): string {
  const p = Object.fromEntries(
    APPOINTMENT.formatToParts(typeof at === 'string' ? new Date(at) : at).map((x) => [x.type, x.value]),
  )
  return `${p.weekday} ${p.day} ${p.month}, ${p.hour}:${p.minute} ${p.dayPeriod}`
}

/** 'Tue, Dec 1, 2026, 10:00 AM MST': the appointment in full, as the e-mail's body says it. */
export const formatAppointmentInFull = (at: string | Date) => formatOfficeTime(at)

const VERB: Record<Exclude<NoticeKind, 'nudge'>, string> = {
  booked: 'Booked',
  rescheduled: 'Rescheduled',
  canceled: 'Canceled',
}

/** One line of a person's name, safe in a header: what the homeowner typed (or told the tool). */
const nameForHeader = (name: string | null | undefined) => toHeaderText(name ?? '', 80) || 'no name'

/** The first name a nudge calls them by: 'Alma'. */
export const firstNameOf = (name: string) => name.split(/\s+/)[0] || name

/**
 * 'Booked: Alma Homeowner, Tue 1 Dec, 10:00 AM'; for a booking that matched no lead,
 * 'Booked without a form: …'.
 */
export function noticeSubject(
  kind: Exclude<NoticeKind, 'nudge'>,
  who: string,
  startsAt: string | null,
  withoutForm: boolean,
): string {
  const what = withoutForm ? `${VERB[kind]} without a form` : VERB[kind]
  return `${what}: ${nameForHeader(who)}${startsAt ? `, ${formatAppointment(startsAt)}` : ''}`
}

/** 'Alma has not booked: call (303) 555-0121'. */
export function nudgeSubject(firstName: string, phone: string): string {
  return `${nameForHeader(firstName)} has not booked: call ${toHeaderText(phone, 40)}`
}

/** The text of a booking notice: what happened, who and when, then the phone and the address. */
export function noticeSms(n: {
  kind: Exclude<NoticeKind, 'nudge'>
  who: string
  startsAt: string | null
  withoutForm: boolean
  previousStartsAt?: string | null
  phone?: string
  address?: string
  email?: string | null
}): string {
  return fitSms([
    `${noticeSubject(n.kind, n.who, n.startsAt, n.withoutForm)}.`,
    n.phone
      ? `Call ${toHeaderText(n.phone, 40)}.`
      : n.email
        ? `E-mail ${toHeaderText(n.email, 80)}.`
        : undefined,
    n.kind === 'rescheduled' && n.previousStartsAt
      ? `Was ${formatAppointment(n.previousStartsAt)}.`
      : undefined,
    n.address ? `${toHeaderText(n.address, 120)}.` : undefined,
  ])
}

/** The nudge's text: the line of its subject, then who and what they asked for. */
export function nudgeSms(n: {
  firstName: string
  phone: string
  fullName: string
  city?: string
  request: string
}): string {
  return fitSms([
    `${nudgeSubject(n.firstName, n.phone)}.`,
    `${nameForHeader(n.fullName)}${n.city ? `, ${toHeaderText(n.city, 40)}` : ''}: ${n.request}.`,
  ])
}
