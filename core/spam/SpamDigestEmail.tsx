/**
 * The spam digest (docs/spam.md, "The spam digest"): each enquiry the spam
 * filter held since the last digest, with what the office needs to judge it and a "Not spam:
 * deliver it" link, then one line about older ones still held. React Email components, like
 * the lead e-mails (core/notifications/emails/); every value is rendered as text, so React
 * escapes it, and the plain-text part is rendered from the same tree (core/platform/mail/render.ts).
 */
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { CSSProperties } from 'react'
import { styles } from '../platform/mail/styles'

/** One held enquiry as the digest shows it (already cleaned for the body). */
export interface DigestLead {
  id: string
  name: string
  phone: string
  email: string
  address: string
  /** The start of the message; empty when there is none. */
  message: string
  receivedAt: string
  /** Why it was held, in words, each with its points ('reads like a sales pitch: +3'). */
  reasons: string[]
  /** The "Not spam: deliver it" link. */
  releaseUrl: string
}

export interface DigestView {
  businessName: string
  leads: DigestLead[]
  /** Held since the last digest but left out of this one (more than it lists). */
  notListed: number
  /** Held before the last digest and still held. */
  olderQuarantined: number
  /** When the oldest of those is deleted, in the office's time. */
  oldestDeletedAt: string | null
  linkDays: number
  retentionDays: number
}

const card: CSSProperties = {
  border: '1px solid #dddddd',
  borderRadius: '6px',
  padding: '14px 16px',
  margin: '0 0 16px',
}
const name: CSSProperties = { fontSize: '17px', fontWeight: 700, color: '#14213d', margin: '0 0 4px' }
const line: CSSProperties = { fontSize: '15px', color: '#111111', margin: '0 0 4px' }
const quote: CSSProperties = {
  fontSize: '15px',
  color: '#333333',
  margin: '8px 0',
  padding: '6px 10px',
  borderLeft: '3px solid #cccccc',
  backgroundColor: '#fafafa',
}
const why: CSSProperties = { fontSize: '14px', color: '#555555', margin: '0 0 10px' }

function QuarantinedLead({ lead }: { lead: DigestLead }) {
  return (
    <Section style={card}>
      <Text style={name}>{lead.name}</Text>
      <Text style={line}>{`Phone: ${lead.phone || '(none)'}`}</Text>
      <Text style={line}>{`E-mail: ${lead.email || '(none)'}`}</Text>
      <Text style={line}>{`Address: ${lead.address || '(none)'}`}</Text>
      <Text style={line}>{`Received: ${lead.receivedAt}`}</Text>
      <Text style={quote}>{lead.message ? `“${lead.message}”` : '(no message)'}</Text>
      <Text
        style={why}
      >{`Why it was held: ${lead.reasons.length ? lead.reasons.join('; ') : 'not recorded'}.`}</Text>
      <Link href={lead.releaseUrl} style={{ ...styles.button, fontSize: '15px', padding: '10px 16px' }}>
        Not spam: deliver it
      </Link>
    </Section>
  )
}

export function SpamDigestEmail({ view }: { view: DigestView }) {
  const count = view.leads.length + view.notListed
  const title = `${count} ${count === 1 ? 'enquiry' : 'enquiries'} held as possible spam`
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${title}. Check them and deliver any real ones.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.h1}>
            {title}
          </Heading>
          <Text style={styles.lead}>
            {`The website's spam filter held these back since the last digest, so they did not reach you. If one is from a real person, press "Not spam: deliver it": it opens a page on ${view.businessName}'s website where one button delivers it to you like any new enquiry.`}
          </Text>
          {view.leads.map((lead) => (
            <QuarantinedLead key={lead.id} lead={lead} />
          ))}
          {view.notListed > 0 ? (
            <Text style={styles.notice}>
              {`${view.notListed} more held since the last digest are not listed here. Whoever looks after the website can list them all with: site-admin leads list --spam`}
            </Text>
          ) : null}
          {view.olderQuarantined > 0 ? (
            <Text style={styles.text}>
              {`${view.olderQuarantined} older ${view.olderQuarantined === 1 ? 'enquiry is' : 'enquiries are'} still held from earlier digests${view.oldestDeletedAt ? `; the oldest is deleted on ${view.oldestDeletedAt}` : ''}.`}
            </Text>
          ) : null}
          <Hr style={styles.hr} />
          <Text style={styles.small}>
            {`Each link works for ${view.linkDays} days and only once; nothing changes until you press the button on the page it opens. Enquiries held as spam are deleted ${view.retentionDays} days after they were held.`}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}
