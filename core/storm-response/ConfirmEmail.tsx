/**
 * Asking a homeowner to confirm storm alerts (docs/storm-alerts.md, "Confirming"), with one
 * full-width "Confirm storm alerts" button, as a phone shows it best:
 *
 * - ConfirmSection: the part of the autoreply and of the weather report e-mail that asks, the
 *   first e-mail the homeowner gets anyway (core/notifications/);
 * - ConfirmationEmail: the short e-mail that asks alone, when the site sends the homeowner no
 *   other (no autoreply).
 *
 * The words are in shared/storm-alerts-consent.ts.
 */
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { BusinessConfig } from '../../shared/business'
import { CONFIRM_BUTTON, CONFIRM_EMAIL, CONFIRM_SECTION } from '../../shared/storm-alerts-consent'
import { ButtonRow, EmailPage, SignOff } from '../platform/mail/parts'
import { styles } from '../platform/mail/styles'

const local = {
  button: { ...styles.button, display: 'block', textAlign: 'center' },
  box: { ...styles.highlight, margin: '20px 0 16px' },
  boxText: { ...styles.text, margin: '4px 0 0' },
} satisfies Record<string, React.CSSProperties>

function ConfirmButton({ href }: { href: string }) {
  return (
    <ButtonRow href={href} linkStyle={local.button}>
      {CONFIRM_BUTTON}
    </ButtonRow>
  )
}

/** The autoreply's and the weather report e-mail's part that asks to confirm. */
export function ConfirmSection({ confirmUrl }: { confirmUrl: string }) {
  return (
    <Section style={local.box}>
      <Heading as="h2" style={{ ...styles.h2, margin: 0 }}>
        {CONFIRM_SECTION.heading}
      </Heading>
      <Text style={local.boxText}>{CONFIRM_SECTION.text}</Text>
      <ConfirmButton href={confirmUrl} />
      <Text style={{ ...styles.small, margin: 0 }}>{CONFIRM_SECTION.notYou}</Text>
    </Section>
  )
}

export interface ConfirmationEmailProps {
  firstName: string
  /** The home's address as given; undefined when left blank. */
  address: string | undefined
  confirmUrl: string
  business: BusinessConfig
}

/** The short e-mail that asks alone. */
export function ConfirmationEmail(p: ConfirmationEmailProps) {
  return (
    <EmailPage viewport preview={CONFIRM_EMAIL.preview}>
      <Heading as="h1" style={styles.h1}>
        {CONFIRM_EMAIL.heading}
      </Heading>
      <Text style={styles.text}>{CONFIRM_EMAIL.asked(p.firstName, p.business.name, p.address)}</Text>
      <Text style={styles.text}>{CONFIRM_EMAIL.why}</Text>
      <ConfirmButton href={p.confirmUrl} />
      <SignOff business={p.business} />
      <Hr style={styles.hr} />
      <Text style={styles.small}>{CONFIRM_EMAIL.notYou}</Text>
    </EmailPage>
  )
}
