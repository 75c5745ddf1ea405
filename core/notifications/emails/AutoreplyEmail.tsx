/**
 * The confirmation to the homeowner (LEAD_AUTOREPLY=true): thanks, what happens next, the
 * booking link and the phone number. Business facts come from configuration. When the
 * homeowner ticked the storm alerts box (and its address has not confirmed them yet), it asks
 * to confirm them, with the "Confirm storm alerts" button (`confirmUrl`).
 */
import { Heading } from '@react-email/heading'
import { Text } from '@react-email/text'
import { FACTS, type BusinessConfig } from '../../../shared/business'
import type { LeadView } from '../lead-view'
import { styles } from '../../platform/mail/styles'
import { ConfirmSection } from '../../storm-response'
import { ButtonRow, CallUs, EmailPage, SignOff } from '../../platform/mail/parts'

export function AutoreplyEmail({
  lead,
  business,
  confirmUrl,
}: {
  lead: LeadView
  business: BusinessConfig
  confirmUrl?: string
}) {
  return (
    <EmailPage
      preview={`Thank you, ${lead.firstName}. We will be in touch within ${FACTS.inspectionWindow}.`}
    >
      <Heading as="h1" style={styles.h1}>
        {`Thank you, ${lead.firstName}`}
      </Heading>
      <Text style={styles.text}>{`We have your request and ${business.name} will be in touch soon.`}</Text>
      <Text style={styles.text}>
        {`What happens next: we inspect your roof for free within ${FACTS.inspectionWindow}, often the same day, and photograph every sign of hail and wind damage.`}
        {lead.kind.hailReport
          ? ` Your free hail weather report follows within ${FACTS.hailReportDeliveryHours} hours.`
          : ''}
      </Text>
      <ButtonRow href={business.bookingUrl}>Book your inspection time</ButtonRow>
      <CallUs business={business} />
      {confirmUrl ? <ConfirmSection confirmUrl={confirmUrl} /> : null}
      <SignOff business={business} />
      <Text style={styles.small}>
        {`You receive this e-mail because this address was entered in a form on our website. If that was not you, you can ignore it.`}
      </Text>
    </EmailPage>
  )
}
