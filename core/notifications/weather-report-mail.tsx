/**
 * The homeowner's Extreme Weather Report e-mail as a nodemailer message: headers from cleaned
 * values only (toHeaderText), the body rendered like the other e-mails (messages.tsx), and the
 * report's PDF attached when there is a report.
 *
 * Its Message-ID is stable per lead (`<hail-report-{id}@{sender domain}>`), so a second copy
 * sent after a crash is threaded or dropped by mail clients, as the others are.
 */
import { render, unstableToPlainText } from '@react-email/render'
import type { BusinessConfig } from '../../shared/business'
import type { WeatherReport } from '../storms'
import { WeatherReportEmail } from './emails/WeatherReportEmail'
import type { LeadView } from './lead-view'
import type { OutgoingMail } from './messages'
import { domainOf } from '../platform/mail/smtp'
import { toHeaderText } from '../platform/mail/text'

/** Parts of an address that say only the state or the ZIP code: 'CO', 'CO 80138', '80138'. */
const STATE_OR_ZIP = /^(?:[A-Z]{2}|Colo\.?|Colorado)?\s*(?:\d{5}(?:-\d{4})?)?$/i

/** '11020 S Pikes Peak Dr, Parker' of '11020 S Pikes Peak Dr, Parker, CO 80138': street and city. */
function shortAddress(address: string): string {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p && !STATE_OR_ZIP.test(p))
  return parts.slice(0, 2).join(', ')
}

/** 'Extreme-Weather-Report-11020-S-Pikes-Peak-Dr.pdf': the street, in characters every mail client and file system keeps. */
function reportFileName(address: string): string {
  const street = (address.split(',')[0] ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return `Extreme-Weather-Report${street ? `-${street}` : ''}.pdf`
}

export async function buildWeatherReportMail(
  lead: LeadView,
  report: WeatherReport | undefined,
  opts: { from: string; business: BusinessConfig; pdf?: Buffer; confirmUrl?: string },
): Promise<OutgoingMail> {
  const attach = report && opts.pdf ? opts.pdf : undefined
  // One React render; the plain-text part is converted from its HTML, as messages.tsx does.
  const html = await render(
    <WeatherReportEmail
      lead={lead}
      report={report}
      business={opts.business}
      attached={!!attach}
      confirmUrl={opts.confirmUrl}
    />,
  )
  const place = shortAddress(report?.address ?? lead.fields.address ?? '')
  const subject = report
    ? `Your Extreme Weather Report${place ? ` for ${place}` : ''}`
    : `Your Extreme Weather Report${place ? ` for ${place}` : ''}: we will send it shortly`
  return {
    from: opts.from,
    to: { name: toHeaderText(lead.fullName, 100), address: lead.email },
    replyTo: opts.business.email,
    subject: toHeaderText(subject, 150),
    messageId: `<hail-report-${lead.id}@${domainOf(opts.from)}>`,
    html,
    text: unstableToPlainText(html),
    // Asks mail servers not to answer an automatic message with out-of-office replies.
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
    ...(attach && report
      ? {
          attachments: [
            { filename: reportFileName(report.address), content: attach, contentType: 'application/pdf' },
          ],
        }
      : {}),
  }
}
