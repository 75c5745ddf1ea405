/**
 * The e-mail to the office for a new lead. React Email components render it to HTML that
 * mail clients display (tables, inline styles); every value is rendered as text, so React
 * escapes it. The plain-text part is rendered from the same tree.
 */
import { Fragment } from 'react'
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
import type { LeadView } from '../lead-view'
import { styles } from './styles'

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <tr>
      <th style={styles.th} align="left">
        {label}
      </th>
      <td style={styles.td}>{children}</td>
    </tr>
  )
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

export function LeadEmail({ lead }: { lead: LeadView }) {
  const where = lead.city ? `, ${lead.city}` : ''
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${capitalise(lead.kind.label)} from ${lead.fullName}${where}. Call ${lead.phone}.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.h1}>
            {`New ${lead.kind.label}`}
          </Heading>
          <Text style={styles.lead}>{`${lead.fullName}${where}, ${lead.receivedAt}`}</Text>
          {lead.repeatOf ? (
            <Text style={styles.notice}>
              {`Repeat enquiry: the same e-mail address first wrote on ${lead.repeatOf.receivedAt} (lead ${lead.repeatOf.id}).`}
            </Text>
          ) : null}
          <Section style={styles.buttonRow}>
            <Link href={lead.telHref} style={styles.button}>
              {`Call ${lead.firstName}: ${lead.phone}`}
            </Link>
          </Section>
          <Section>
            <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={styles.table}>
              <tbody>
                <Field label="Name">{lead.fullName}</Field>
                <Field label="Phone">
                  <Link href={lead.telHref}>{lead.phone}</Link>
                </Field>
                <Field label="E-mail">
                  <Link href={`mailto:${lead.email}`}>{lead.email}</Link>
                </Field>
                <Field label="Address">{lead.address}</Field>
                <Field label="Message">{lead.message ? <Lines text={lead.message} /> : '(none)'}</Field>
                <Field label="Request">{capitalise(lead.kind.label)}</Field>
                <Field label="Form">{lead.formType}</Field>
                <Field label="Page">
                  {lead.sourceUrl ? <Link href={lead.sourceUrl}>{lead.sourcePath}</Link> : '(not given)'}
                </Field>
                <Field label="Received">{lead.receivedAt}</Field>
                <Field label="Lead id">{lead.id}</Field>
              </tbody>
            </table>
          </Section>
          <Hr style={styles.hr} />
          <Text style={styles.small}>
            {`Reply to this e-mail to write to ${lead.firstName} directly: it is addressed to ${lead.email}.`}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}
