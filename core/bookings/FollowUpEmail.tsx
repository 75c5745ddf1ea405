/**
 * The follow-up to a homeowner who asked for an inspection and has not booked one
 * (docs/bookings.md, "Follow-ups until booked"): a short reminder with the booking page filled in,
 * for a hail report lead the line of its report, the phone, and how to stop these e-mails. One
 * column, large type and a full-width button: most homeowners read it on a phone.
 */
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { telHref, type BusinessConfig } from '../../shared/business'
import { ButtonRow, EmailPage, SignOff } from '../platform/mail/parts'
import { styles } from '../platform/mail/styles'

export interface FollowUpEmailProps {
  firstName: string
  /** 1 for the first follow-up, 2 for the second … */
  nth: number
  /** What they asked for, in words: 'inspection request'. */
  request: string
  /** A hail report lead's line from its report: 'Radar saw about 1.6 in at your home on 12 Jun 2024'. */
  reportLine?: string
  bookingUrl: string
  unsubscribeUrl: string
  business: BusinessConfig
}

/** A size and its unit, and a date, never broken across lines on a phone ('1.6 / in', '12 Jun / 2024'). */
const keepTogether = (line: string) =>
  line.replace(/(\d) in\b/g, '$1\u00a0in').replace(/(\d{1,2}) (\w{3}) (\d{4})/g, '$1\u00a0$2\u00a0$3')

const local = {
  button: { ...styles.button, display: 'block', textAlign: 'center' },
  reportLine: { fontSize: '17px', lineHeight: '24px', fontWeight: 700, color: '#0b2545', margin: 0 },
} satisfies Record<string, React.CSSProperties>

/** The subject: the first says what is waiting, a later one that it still is. */
export function followUpSubject(nth: number, business: BusinessConfig): string {
  return nth === 1
    ? `Your free roof inspection with ${business.name}: pick a time`
    : `Still want your roof inspected? A time is one click away`
}

export function FollowUpEmail(p: FollowUpEmailProps) {
  const { business } = p
  const opening =
    p.nth === 1
      ? `Hi ${p.firstName}, thank you for your ${p.request}. We have not found a time with you yet: pick one that suits you, and we come to you.`
      : `Hi ${p.firstName}, we have still not found a time for your free roof inspection. If it is still wanted, pick a time below, or call us.`
  return (
    <EmailPage viewport preview={`Pick a time for your free roof inspection, or call ${business.phone}.`}>
      <Heading as="h1" style={styles.h1}>
        Your free roof inspection
      </Heading>
      <Text style={styles.text}>{opening}</Text>
      {p.reportLine ? (
        <Section style={styles.highlight}>
          <Text style={local.reportLine}>{`${keepTogether(p.reportLine)}.`}</Text>
        </Section>
      ) : null}
      <ButtonRow href={p.bookingUrl} linkStyle={local.button}>
        Pick a time for your inspection
      </ButtonRow>
      <Text style={styles.text}>
        {'Rather talk? Call us at '}
        <Link href={telHref(business.phone)}>{business.phone}</Link>
        {`. The inspection is free, and you get photos of every sign of damage we find.`}
      </Text>
      <SignOff business={business} />
      <Hr style={styles.hr} />
      <Text style={styles.small}>
        {`You receive this because you asked ${business.name} for an inspection on our website. We stop writing once you book. `}
        <Link href={p.unsubscribeUrl}>Stop these reminders</Link>
      </Text>
    </EmailPage>
  )
}
