/**
 * The office's notices of a lead's life after the form (React Email, as the worker's other
 * e-mails): a booking, a reschedule or a cancellation, and the nudge about a lead that has not
 * booked. Each says what happened first, in Denver time, then gives the phone as a button to tap
 * and the address as a link that opens directions: the office reads these on a phone, often on
 * a roof. Every value is rendered as text (React escapes it); the plain-text part is rendered
 * from the same tree.
 */
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { telHref } from '../../shared/business'
import { ButtonRow, EmailPage, LabelledRow } from '../platform/mail/parts'
import { styles } from '../platform/mail/styles'
import { formatAppointment, formatAppointmentInFull, type NoticeKind } from './words'

/** What a notice says, gathered from the event and the lead (core/bookings/compose.tsx). */
export interface NoticeFacts {
  kind: NoticeKind
  /** A booking that matched no lead. */
  withoutForm: boolean
  who: string
  firstName: string
  phone?: string
  email?: string
  address?: string
  city?: string
  /** The appointment (ISO); for a cancel, the one canceled. */
  startsAt?: string | null
  /** A reschedule's earlier appointment. */
  previousStartsAt?: string | null
  /** 'Calendly' or 'Cal.com'. */
  tool?: string
  /** How the booking found its lead. */
  matchedBy?: 'ref' | 'email' | 'none'
  /** The lead's request and form, in words: 'inspection request', 'Contact form in the pop-up'. */
  request?: string
  form?: string
  /** When the lead came in, as the office reads it. */
  receivedAt?: string
  leadId?: string
}

/** A directions link for the address: on a phone it opens the maps app with the route. */
function directionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`
}

/** The one action: call them (the phone to tap), or, for a booking without a phone, write to them. */
function CallButton({ f }: { f: NoticeFacts }) {
  const action = f.phone
    ? { href: telHref(f.phone), text: `Call ${f.firstName}: ${f.phone}` }
    : f.email
      ? { href: `mailto:${f.email}`, text: `E-mail ${f.firstName}` }
      : undefined
  if (!action) return null
  return <ButtonRow href={action.href}>{action.text}</ButtonRow>
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The person and where they live: the rows every notice has. */
function Details({ f }: { f: NoticeFacts }) {
  return (
    <Section>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={styles.table}>
        <tbody>
          <LabelledRow label="Name">{f.who}</LabelledRow>
          <LabelledRow label="Phone">
            {f.phone ? <Link href={telHref(f.phone)}>{f.phone}</Link> : '(not given)'}
          </LabelledRow>
          <LabelledRow label="E-mail">
            {f.email ? <Link href={`mailto:${f.email}`}>{f.email}</Link> : '(not given)'}
          </LabelledRow>
          <LabelledRow label="Address">
            {f.address ? <Link href={directionsUrl(f.address)}>{f.address}</Link> : '(not given)'}
          </LabelledRow>
          {f.startsAt ? (
            <LabelledRow label={f.kind === 'canceled' ? 'Was booked for' : 'Appointment'}>
              {formatAppointmentInFull(f.startsAt)}
            </LabelledRow>
          ) : null}
          {f.previousStartsAt ? (
            <LabelledRow label="Moved from">{formatAppointmentInFull(f.previousStartsAt)}</LabelledRow>
          ) : null}
          {f.request ? (
            <LabelledRow label="Request">{`${capitalise(f.request)} (${f.form})`}</LabelledRow>
          ) : null}
          {f.receivedAt ? <LabelledRow label="Received">{f.receivedAt}</LabelledRow> : null}
          {f.leadId ? <LabelledRow label="Lead id">{f.leadId}</LabelledRow> : null}
        </tbody>
      </table>
    </Section>
  )
}

const HEADING: Record<Exclude<NoticeKind, 'nudge'>, string> = {
  booked: 'Booked',
  rescheduled: 'Rescheduled',
  canceled: 'Canceled',
}

/** What the first line says happened. */
function whatHappened(f: NoticeFacts): string {
  const when = f.startsAt ? formatAppointmentInFull(f.startsAt) : 'a time the tool did not give'
  if (f.kind === 'booked') return `${f.who} booked an inspection for ${when}.`
  if (f.kind === 'rescheduled')
    return `${f.who} moved the inspection to ${when}${f.previousStartsAt ? ` (was ${formatAppointment(f.previousStartsAt)})` : ''}.`
  return `${f.who} canceled the inspection booked for ${when}. Call to find another time.`
}

/** How the booking found its lead, in the office's words. */
function howMatched(f: NoticeFacts): string {
  const tool = f.tool ?? 'the scheduling tool'
  if (f.withoutForm)
    return `Booked through ${tool} without a form on the website: no enquiry from this e-mail address in the last 30 days.`
  return f.matchedBy === 'email'
    ? `Booked through ${tool}; matched to the enquiry by its e-mail address.`
    : `Booked through ${tool} from the booking page the enquiry led to.`
}

/** A booking, a reschedule or a cancellation. */
export function BookingNoticeEmail({ facts: f }: { facts: NoticeFacts }) {
  const kind = f.kind === 'nudge' ? 'booked' : f.kind
  const heading = f.withoutForm ? `${HEADING[kind]} without a form` : HEADING[kind]
  return (
    <EmailPage preview={whatHappened(f)}>
      <Heading as="h1" style={styles.h1}>
        {`${heading}: ${f.who}`}
      </Heading>
      <Text style={styles.lead}>{whatHappened(f)}</Text>
      {f.withoutForm ? (
        <Text style={styles.notice}>
          {'No enquiry from the website matches this booking: it is new to you.'}
        </Text>
      ) : null}
      <CallButton f={f} />
      <Details f={f} />
      <Hr style={styles.hr} />
      <Text style={styles.small}>{howMatched(f)}</Text>
    </EmailPage>
  )
}

/** The nudge: a lead that has not booked, and nobody has marked. */
export function NudgeEmail({ facts: f, waited }: { facts: NoticeFacts; waited: string }) {
  return (
    <EmailPage preview={`${f.firstName} has not booked: call ${f.phone ?? ''}`}>
      <Heading as="h1" style={styles.h1}>
        {`${f.firstName} has not booked`}
      </Heading>
      <Text style={styles.lead}>
        {`${f.who}${f.city ? ` (${f.city})` : ''} has not booked online since their ${f.request ?? 'enquiry'} ${waited}. A call now often books the inspection.`}
      </Text>
      <CallButton f={f} />
      <Details f={f} />
      <Hr style={styles.hr} />
      <Text style={styles.small}>
        {`Already spoken to them? Record it with the links at the foot of the enquiry's e-mail ("Booked by phone", "Reached, not booked yet", "Not interested"), or site-admin leads mark ${f.leadId?.slice(0, 8) ?? ''}; this is the only nudge for this enquiry.`}
      </Text>
    </EmailPage>
  )
}
