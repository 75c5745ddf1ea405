/**
 * The optional confirmation to the homeowner (LEAD_AUTOREPLY): thanks, what happens next, the
 * booking link and the phone number. Off by default: anyone can type someone else's address.
 * Never sent twice to one address within 24 hours, nor for a lead first handled after that.
 * For a lead of any form but the hail report's (whose report e-mail asks instead) that ticked
 * the storm alerts box, it carries the "Confirm storm alerts" button (docs/storm-alerts.md).
 */
import { flag } from '../../platform/config/helpers'
import { DUPLICATE_WINDOW_MS } from '../../leads'
import { buildAutoreplyMail } from '../messages'
import { stormAlertsConsentOf } from '../lead-view'
import type { Lead } from '../../leads'
import type { SmtpSettings } from '../../platform/mail/smtp'
import { defineChannel } from './channel'

const OFF = 'off (LEAD_AUTOREPLY is not true)'

/** Why an autoreply that is on is not sent for this lead, or undefined when it is. */
export function whyNoAutoreply(
  lead: Pick<Lead, 'duplicateOf' | 'createdAt'>,
  now: Date,
): { status: 'skipped'; detail: string } | undefined {
  if (lead.duplicateOf)
    return { status: 'skipped', detail: 'repeat enquiry within 24 hours: no second confirmation' }
  if (now.getTime() - Date.parse(lead.createdAt) > DUPLICATE_WINDOW_MS)
    return { status: 'skipped', detail: 'lead was over 24 hours old when first handled' }
  return undefined
}

export const autoreply = defineChannel({
  id: 'autoreply',
  audience: 'homeowner',
  enabledBy: 'LEAD_AUTOREPLY',
  setUp: 'LEAD_AUTOREPLY=true with SMTP_URL (the confirmation to the homeowner)',
  env: { LEAD_AUTOREPLY: flag },
  check(e, { smtpUrlSet }, problem) {
    if (e.LEAD_AUTOREPLY && !smtpUrlSet)
      problem('SMTP_URL', 'must be set when LEAD_AUTOREPLY=true: the autoreply is an e-mail')
  },
  configure: (e, { smtp }): { smtp: SmtpSettings } | undefined =>
    e.LEAD_AUTOREPLY && smtp ? { smtp } : undefined,
  plan(lead, settings, now) {
    if (!settings) return { status: 'skipped', detail: OFF }
    return whyNoAutoreply(lead, now) ?? { status: 'pending' }
  },
  describe: (settings) => (settings ? 'on' : OFF),
  // notify-test's sample lead carries the office's own address, so the sample goes there.
  describeTest: (_settings, lead) => `autoreply sample to ${lead.email}`,
  async send(lead, settings, ctx) {
    if (!ctx.mailer) return { kind: 'failed', reason: 'SMTP_URL is no longer configured' }
    // A hail report request is asked to confirm by its report e-mail; notify-test's sample is asked nothing.
    const confirmUrl =
      lead.kind.hailReport || ctx.test ? undefined : ctx.stormAlerts?.confirmUrl(stormAlertsConsentOf(lead))
    const mail = await buildAutoreplyMail(lead, {
      from: settings.smtp.from,
      business: ctx.business,
      confirmUrl,
    })
    return ctx.mailer.send(ctx.test ? { ...mail, subject: `[Test] ${mail.subject}` } : mail)
  },
})
