/**
 * The e-mails as nodemailer messages: headers built from cleaned values only
 * (toHeaderText), bodies rendered from the React components, HTML and plain text.
 *
 * Message-IDs are stable per lead (`<lead-{id}@{sender domain}>`), so if a crash makes the
 * worker send the same e-mail twice, mail clients thread or drop the second copy.
 */
import type { BusinessConfig } from '../../shared/business'
import { domainOf } from '../platform/mail/smtp'
import { AutoreplyEmail } from './emails/AutoreplyEmail'
import { LeadEmail } from './emails/LeadEmail'
import type { LeadView } from './lead-view'
import { toHeaderText } from '../platform/mail/text'
import { renderBoth } from '../platform/mail/render'
import type { OutgoingMail } from '../platform/mail/mailer'

export type { OutgoingMail }

function leadMessageId(leadId: string, from: string, kind: 'lead' | 'autoreply'): string {
  return `<${kind}-${leadId}@${domainOf(from)}>`
}

/**
 * The Message-ID of a lead's office e-mail (stable per lead and sender), so the lead's later
 * notices (a booking, a nudge: core/bookings/) carry it in In-Reply-To and land in its thread.
 */
export function officeMailMessageId(leadId: string, from: string): string {
  return leadMessageId(leadId, from, 'lead')
}

/** "New inspection request: Ada Roof, Parker". */
function officeSubject(lead: LeadView): string {
  const who = toHeaderText(`${lead.fullName}${lead.city ? `, ${lead.city}` : ''}`, 100)
  return `New ${lead.kind.request}: ${who || 'no name'}`
}

export async function buildOfficeMail(
  lead: LeadView,
  opts: { from: string; to: string[]; spamUrl?: string; markLinks?: { label: string; url: string }[] },
): Promise<OutgoingMail> {
  const { html, text } = await renderBoth(
    <LeadEmail lead={lead} spamUrl={opts.spamUrl} markLinks={opts.markLinks} />,
  )
  return {
    from: opts.from,
    to: opts.to,
    // The homeowner's address passed the enquiry schema's e-mail check; the display name is
    // cleaned like any header text.
    replyTo: { name: toHeaderText(lead.fullName, 100), address: lead.email },
    subject: officeSubject(lead),
    messageId: officeMailMessageId(lead.id, opts.from),
    html,
    text,
    headers: { 'X-Lead-Id': lead.id },
  }
}

/** `confirmUrl`: the "Confirm storm alerts" button's link, when the e-mail asks for it. */
export async function buildAutoreplyMail(
  lead: LeadView,
  opts: { from: string; business: BusinessConfig; confirmUrl?: string },
): Promise<OutgoingMail> {
  const { html, text } = await renderBoth(
    <AutoreplyEmail lead={lead} business={opts.business} confirmUrl={opts.confirmUrl} />,
  )
  return {
    from: opts.from,
    to: { name: toHeaderText(lead.fullName, 100), address: lead.email },
    replyTo: opts.business.email,
    subject: toHeaderText(`Thank you for your request – ${opts.business.name}`, 150),
    messageId: leadMessageId(lead.id, opts.from, 'autoreply'),
    html,
    text,
    // Asks mail servers not to answer an automatic message with out-of-office replies.
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
  }
}
