/**
 * The confirmation to the homeowner (LEAD_AUTOREPLY=true): thanks, what happens next, the
 * booking link and the phone number. Business facts come from configuration.
 */
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { FACTS, telHref, type BusinessConfig } from '../../../shared/business'
import type { LeadView } from '../lead-view'
import { styles } from '../../../core/platform/mail/styles'

export function AutoreplyEmail({ lead, business }: { lead: LeadView; business: BusinessConfig }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Thank you, ${lead.firstName}. We will be in touch within ${FACTS.inspectionWindow}.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.h1}>
            {`Thank you, ${lead.firstName}`}
          </Heading>
          <Text
            style={styles.text}
          >{`We have your request and ${business.name} will be in touch soon.`}</Text>
          <Text style={styles.text}>
            {`What happens next: we inspect your roof for free within ${FACTS.inspectionWindow}, often the same day, and photograph every sign of hail and wind damage.`}
            {lead.kind.hailReport
              ? ` Your free hail weather report follows within ${FACTS.hailReportDeliveryHours} hours.`
              : ''}
          </Text>
          <Section style={styles.buttonRow}>
            <Link href={business.bookingUrl} style={styles.button}>
              Book your inspection time
            </Link>
          </Section>
          <Text style={styles.text}>
            {'Prefer to talk? Call us at '}
            <Link href={telHref(business.phone)}>{business.phone}</Link>.
          </Text>
          <Text style={styles.text}>{`${business.ownerName}, ${business.name}`}</Text>
          <Text style={styles.small}>
            {`You receive this e-mail because this address was entered in a form on our website. If that was not you, you can ignore it.`}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}
