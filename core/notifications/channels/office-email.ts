/**
 * The e-mail to the office for each new lead (docs/lead-pipeline.md, "What each channel
 * sends"): through the worker's SMTP connection, to LEAD_NOTIFY_TO, Reply-To the homeowner.
 */
import { optionalText } from '../../platform/config/helpers'
import { buildOfficeMail } from '../messages'
import { isEmailAddress, type SmtpSettings } from '../../platform/mail/smtp'
import { defineChannel } from './channel'

export const officeEmail = defineChannel({
  id: 'office_email',
  label: 'e-mail to office',
  exportColumn: 'email_to_office',
  audience: 'contractor',
  enabledBy: 'SMTP_URL',
  setUp: 'SMTP_URL, LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM (e-mail)',
  env: {
    /** Who receives new leads, comma-separated. */
    LEAD_NOTIFY_TO: optionalText,
  },
  check(e, { smtpUrlSet }, problem) {
    if (e.LEAD_NOTIFY_TO !== undefined) {
      const bad = e.LEAD_NOTIFY_TO.split(',')
        .map((s) => s.trim())
        .filter((s) => !isEmailAddress(s))
      if (bad.length)
        problem(
          'LEAD_NOTIFY_TO',
          `must be e-mail addresses separated by commas; not an address: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
        )
    }
    if (smtpUrlSet && e.LEAD_NOTIFY_TO === undefined)
      problem(
        'LEAD_NOTIFY_TO',
        'must list at least one address when SMTP_URL is set (who receives new leads)',
      )
    if (!smtpUrlSet && e.LEAD_NOTIFY_TO !== undefined)
      problem('SMTP_URL', 'must be set when LEAD_NOTIFY_TO is set: without it no e-mail can be sent')
  },
  configure(e, { smtp }): { smtp: SmtpSettings; to: string[] } | undefined {
    if (!smtp || !e.LEAD_NOTIFY_TO) return undefined
    return { smtp, to: e.LEAD_NOTIFY_TO.split(',').map((s) => s.trim()) }
  },
  plan: (_lead, settings) =>
    settings ? { status: 'pending' } : { status: 'skipped', detail: 'not configured (SMTP_URL unset)' },
  describe: (settings) =>
    settings ? `on: ${settings.smtp.safeUrl} to ${settings.to.join(', ')}` : 'off (SMTP_URL unset)',
  describeTest: (settings) => `office e-mail to ${settings.to.join(', ')} via ${settings.smtp.safeUrl}`,
  async send(lead, settings, ctx) {
    if (!ctx.mailer) return { kind: 'failed', reason: 'SMTP_URL is no longer configured' }
    // A test notification is about no stored lead: it gets no "This is spam" link.
    const spamUrl = ctx.test ? undefined : ctx.officeLinks?.url('spam', lead.id)
    const markLinks = ctx.test ? undefined : ctx.markLinks?.(lead.id)
    const mail = await buildOfficeMail(lead, {
      from: settings.smtp.from,
      to: settings.to,
      spamUrl,
      markLinks,
    })
    return ctx.mailer.send(ctx.test ? { ...mail, subject: `[Test] ${mail.subject}` } : mail)
  },
})
