/**
 * The homeowner's storm alert (docs/storm-alerts.md): radar saw hail of about this size at the
 * home on this storm day; what that estimate is; the free inspection, with the booking page
 * filled in; the claim's time limit; and how to stop the alerts. One column, large type and a
 * full-width button: most homeowners read it on a phone.
 */
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { FACTS, type BusinessConfig } from '../../shared/business'
import { ButtonRow, CallUs, EmailPage, SignOff } from '../platform/mail/parts'
import { styles } from '../platform/mail/styles'
import { RADAR_MEANING } from '../storms'
import { STORM_ALERTS_LABEL } from './types'

export interface AlertEmailProps {
  firstName: string
  /** '12 Jun 2024' */
  date: string
  /** '1.6' */
  size: string
  bookingUrl: string
  unsubscribeUrl: string
  business: BusinessConfig
}

const local = {
  estimateLine: { fontSize: '18px', lineHeight: '26px', fontWeight: 700, color: '#0b2545', margin: 0 },
  button: { ...styles.button, display: 'block', textAlign: 'center' },
} satisfies Record<string, React.CSSProperties>

/** The subject: what happened, where and when, in one line. */
export function alertSubject(size: string, date: string): string {
  return `Radar saw hail of about ${size} in at your home on ${date}`
}

/** The claim's time limit, in the words of the site's insurance FAQ (shared/content/faqs.ts). */
const CLAIM_DEADLINE_WORDS = `Many homeowner policies set a deadline for a claim: some require you to file within ${FACTS.claimFilingLimit} of the date of loss, so it pays to have your roof inspected soon after a storm. Your policy or your agent can tell you yours.`

export function AlertEmail(p: AlertEmailProps) {
  const { business } = p
  return (
    <EmailPage
      viewport
      preview={`About ${p.size} in hail at your home on ${p.date}. Book a free roof inspection.`}
    >
      <Heading as="h1" style={styles.h1}>
        {/* The date never breaks across lines on a phone ('12 / Jun 2024'). */}
        {`Hail at your home on ${p.date.replace(/ /g, '\u00a0')}`}
      </Heading>
      <Text style={styles.text}>
        {`Hi ${p.firstName}, you asked us to tell you when radar sees hail at your address. It did:`}
      </Text>
      <Section style={styles.highlight}>
        <Text style={local.estimateLine}>{`About ${p.size} in hail on ${p.date}`}</Text>
        <Text style={styles.highlightNote}>{RADAR_MEANING}</Text>
      </Section>
      <Heading as="h2" style={styles.h2}>
        What to do now
      </Heading>
      <Text style={styles.text}>
        {`Hail can damage shingles without marks you can see from the ground. We inspect your roof for free within ${FACTS.inspectionWindow}, often the same day, and photograph every sign of damage for your insurance claim.`}
      </Text>
      <ButtonRow href={p.bookingUrl} linkStyle={local.button}>
        Book your free roof inspection
      </ButtonRow>
      <CallUs business={business} />
      <Heading as="h2" style={styles.h2}>
        The claim has a time limit
      </Heading>
      <Text style={styles.text}>{CLAIM_DEADLINE_WORDS}</Text>
      <SignOff business={business} />
      <Hr style={styles.hr} />
      <Text style={styles.small}>
        {`You receive this alert because this e-mail address was given on our website with "${STORM_ALERTS_LABEL}" ticked, and you confirmed it. `}
        <Link href={p.unsubscribeUrl}>Stop these alerts</Link>
      </Text>
    </EmailPage>
  )
}
