/**
 * The e-mail to the office for a new lead. React Email components render it to HTML that
 * mail clients display (tables, inline styles); every value is rendered as text, so React
 * escapes it. The plain-text part is rendered from the same tree. Its field rows come from the
 * lead-field table (shared/lead-fields.ts), in the table's summary order.
 */
import { Fragment } from 'react'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { telHref } from '../../../shared/business'
import { summarize, type SummaryLine } from '../../../shared/lead-fields'
import type { LeadView } from '../lead-view'
import { mapSearchUrl } from '../../platform/mail/links'
import { styles } from '../../platform/mail/styles'
import { ButtonRow, EmailPage, LabelledRow } from '../../platform/mail/parts'

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

/** The visitor's line breaks as <br>, which both the HTML and the plain-text part keep. */
function Lines({ text }: { text: string }) {
  return text.split('\n').map((line, i) => (
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </Fragment>
  ))
}

/** A field's value as its row shows it (shared/lead-fields.ts, `summary`). */
function FieldValue({ row }: { row: SummaryLine }) {
  if (!row.value) return '(none)'
  if (row.link === 'tel') return <Link href={telHref(row.value)}>{row.value}</Link>
  if (row.link === 'mailto') return <Link href={`mailto:${row.value}`}>{row.value}</Link>
  if (row.link === 'map') return <Link href={mapSearchUrl(row.value)}>{row.value}</Link>
  if (row.lines) return <Lines text={row.value} />
  return row.value
}

/**
 * `spamUrl`: the office's "This is spam" link (core/spam/office-links.ts), which opens a
 * confirmation page on the site; absent in a test notification.
 */
export function LeadEmail({
  lead,
  spamUrl,
  markLinks,
}: {
  lead: LeadView
  spamUrl?: string
  /** The office's marks ("Booked by phone" …): each opens a page whose button records it. */
  markLinks?: { label: string; url: string }[]
}) {
  const where = lead.city ? `, ${lead.city}` : ''
  return (
    <EmailPage
      preview={`${capitalise(lead.kind.request)} from ${lead.fullName}${where}. Call ${lead.phone}.`}
    >
      <Heading as="h1" style={styles.h1}>
        {`New ${lead.kind.request}`}
      </Heading>
      <Text style={styles.lead}>{`${lead.fullName}${where}, ${lead.receivedAt}`}</Text>
      {lead.duplicateOf ? (
        <Text style={styles.notice}>
          {`Repeat enquiry: the same e-mail address first wrote on ${lead.duplicateOf.receivedAt} (lead ${lead.duplicateOf.id}).`}
        </Text>
      ) : null}
      {/* Where the visit came from, one line each (shared/attribution.ts), so the office sees what the spend brought. */}
      <Text style={styles.source}>{`Came from: ${lead.cameFrom ?? 'not recorded'}`}</Text>
      {lead.firstFoundUs ? <Text style={styles.source}>{`First found us: ${lead.firstFoundUs}`}</Text> : null}
      {/* Radar's line under the storms' line, in the same box: one glance reads both. */}
      {lead.storms ? (
        <Text style={styles.notice}>
          {`Storms at the address: ${lead.storms}`}
          {lead.radar ? (
            <>
              <br />
              {lead.radar}
            </>
          ) : null}
        </Text>
      ) : lead.radarHail ? (
        // Any other lead: whether radar saw hail near the home lately (radar-hail-line.ts).
        <Text style={styles.notice}>{lead.radarHail}</Text>
      ) : null}
      <ButtonRow href={lead.telHref}>{`Call ${lead.firstName}: ${lead.phone}`}</ButtonRow>
      <Section>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={styles.table}>
          <tbody>
            {summarize({ ...lead.fields, ...lead.consents }, lead.consentWords).map((row) => (
              <LabelledRow key={row.name} label={row.label}>
                <FieldValue row={row} />
              </LabelledRow>
            ))}
            <LabelledRow label="Request">{capitalise(lead.kind.request)}</LabelledRow>
            <LabelledRow label="Form">{lead.kind.label}</LabelledRow>
            <LabelledRow label="Page">
              {lead.sourceUrl ? <Link href={lead.sourceUrl}>{lead.sourcePath}</Link> : '(not given)'}
            </LabelledRow>
            <LabelledRow label="Received">{lead.receivedAt}</LabelledRow>
            <LabelledRow label="Lead id">{lead.id}</LabelledRow>
          </tbody>
        </table>
      </Section>
      {markLinks?.length ? (
        <Section>
          <Text style={{ ...styles.text, margin: '8px 0 4px' }}>
            {'Spoke to them? Record it, and the reminders to book stop:'}
          </Text>
          {markLinks.map((m) => (
            // One a line, with room around it: a thumb on a phone hits the one it means.
            <Text key={m.url} style={{ ...styles.text, margin: 0, padding: '6px 0' }}>
              <Link href={m.url}>{m.label}</Link>
            </Text>
          ))}
        </Section>
      ) : null}
      <Hr style={styles.hr} />
      <Text style={styles.small}>
        {`Reply to this e-mail to write to ${lead.firstName} directly: it is addressed to ${lead.email}.`}
      </Text>
      {spamUrl ? (
        <Text style={styles.small}>
          {/* The link ends the line: a plain-text reader's client must not take a colon into the address. */}
          {
            'Not a real enquiry? One button on the page this link opens marks it, and the spam filter learns from it: '
          }
          <Link href={spamUrl}>This is spam</Link>
        </Text>
      ) : null}
    </EmailPage>
  )
}
