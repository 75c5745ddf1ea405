/**
 * The parts the worker's e-mails share: the page around the content, the button row, the
 * labelled table row, and the homeowner e-mails' phone line and sign-off. One home each, so the
 * features' e-mails (the office e-mail, the autoreply, the hail report e-mail, the alerts, the
 * booking notices and the follow-ups) look and read alike.
 */
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { telHref, type BusinessConfig } from '../../../shared/business'
import { styles } from './styles'

/**
 * The document around an e-mail's content; `preview` is the line mail clients show beside the
 * subject; `viewport`, a viewport meta tag in the head.
 */
export function EmailPage({
  preview,
  viewport = false,
  children,
}: {
  preview: string
  viewport?: boolean
  children: React.ReactNode
}) {
  return (
    <Html lang="en">
      {viewport ? (
        <Head>
          <meta name="viewport" content="width=device-width, initial-scale=1" />
        </Head>
      ) : (
        <Head />
      )}
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>{children}</Container>
      </Body>
    </Html>
  )
}

/** The e-mail's one main action, as a button on a row of its own (`linkStyle`: the button's own look). */
export function ButtonRow({
  href,
  linkStyle = styles.button,
  children,
}: {
  href: string
  linkStyle?: React.CSSProperties
  children: React.ReactNode
}) {
  return (
    <Section style={styles.buttonRow}>
      <Link href={href} style={linkStyle}>
        {children}
      </Link>
    </Section>
  )
}

/** A row of a two-column table: the label, then the value. */
export function LabelledRow({
  label,
  children,
  thStyle = styles.th,
  tdStyle = styles.td,
}: {
  label: string
  children: React.ReactNode
  thStyle?: React.CSSProperties
  tdStyle?: React.CSSProperties
}) {
  return (
    <tr>
      <th style={thStyle} align="left">
        {label}
      </th>
      <td style={tdStyle}>{children}</td>
    </tr>
  )
}

/** The homeowner e-mails' offer to talk instead, with the office's number. */
export function CallUs({ business }: { business: BusinessConfig }) {
  return (
    <Text style={styles.text}>
      {'Prefer to talk? Call us at '}
      <Link href={telHref(business.phone)}>{business.phone}</Link>.
    </Text>
  )
}

/** The homeowner e-mails' sign-off: the owner and the business. */
export function SignOff({ business }: { business: BusinessConfig }) {
  return <Text style={styles.text}>{`${business.ownerName}, ${business.name}`}</Text>
}
