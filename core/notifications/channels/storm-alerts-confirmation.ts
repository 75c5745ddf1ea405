/**
 * The short e-mail that asks a homeowner to confirm the storm alerts they ticked, when the site
 * sends them no other e-mail that could ask (docs/storm-alerts.md, "Confirming"). The first
 * e-mail a homeowner gets anyway carries the "Confirm storm alerts" button: the weather report
 * e-mail for a hail report request, the autoreply for the other forms. Only when that e-mail
 * does not go (HAIL_REPORT_EMAIL=false; LEAD_AUTOREPLY off, or no autoreply for this lead)
 * does this one go, alone.
 *
 * At send time it goes only when there is still something to ask: not when the address has
 * confirmed or stopped storm alerts meanwhile, nor when an earlier request of the address
 * within 24 hours asked already (its button confirms the address), nor once the consent has
 * lapsed. Those are recorded as skipped, with why.
 */
import { flag, flagOnByDefault } from '../../platform/config/helpers'
import type { SmtpSettings } from '../../platform/mail/smtp'
import { LEAD_FORMS } from '../../../shared/lead-forms'
import { whyNoAutoreply } from './autoreply'
import { defineChannel } from './channel'

const OFF = 'off (SMTP_URL unset)'

interface Settings {
  smtp: SmtpSettings
  /** Whether the autoreply is on (LEAD_AUTOREPLY): it asks for the leads it is sent for. */
  autoreply: boolean
  /** Whether the weather report e-mail is on (HAIL_REPORT_EMAIL): it asks for hail report requests. */
  hailReport: boolean
}

export const stormAlertsConfirmation = defineChannel({
  id: 'storm_alerts_confirmation',
  // Short: site-admin's columns and `leads show`'s labels line up by the longest.
  label: 'alert confirmation',
  exportColumn: 'alert_confirmation',
  audience: 'homeowner',
  enabledBy: 'SMTP_URL',
  setUp: 'SMTP_URL (asks a homeowner who ticked the storm alerts box to confirm, when no other e-mail does)',
  // The same variables as the autoreply's and the weather report's (one schema each).
  env: { LEAD_AUTOREPLY: flag, HAIL_REPORT_EMAIL: flagOnByDefault },
  configure: (e, { smtp }): Settings | undefined =>
    smtp ? { smtp, autoreply: e.LEAD_AUTOREPLY, hailReport: e.HAIL_REPORT_EMAIL } : undefined,
  plan(lead, settings, now) {
    if (!lead.stormAlerts) return { status: 'skipped', detail: 'did not ask for storm alerts' }
    if (!settings) return { status: 'skipped', detail: OFF }
    if (LEAD_FORMS[lead.form].hailReport) {
      if (settings.hailReport)
        return { status: 'skipped', detail: 'the weather report e-mail asks to confirm' }
    } else if (settings.autoreply && !whyNoAutoreply(lead, now)) {
      return { status: 'skipped', detail: 'the autoreply asks to confirm' }
    }
    return { status: 'pending' }
  },
  describe: (settings) => (settings ? 'on, when no autoreply or weather report e-mail asks to confirm' : OFF),
  describeTest: (_settings, lead) => `storm alerts confirmation to ${lead.email}`,
  async send(lead, settings, ctx) {
    if (!ctx.mailer) return { kind: 'failed', reason: 'SMTP_URL is no longer configured' }
    // notify-test's sample lead is not stored: a link to confirm it would lead nowhere.
    if (ctx.test)
      return { kind: 'skipped', reason: 'a test asks no confirmation (its sample lead is not stored)' }
    if (!ctx.stormAlerts) return { kind: 'failed', reason: 'this worker asks for no confirmations' }
    const asked = await ctx.stormAlerts.confirmationMail(
      {
        id: lead.id,
        email: lead.email,
        stormAlerts: lead.consents.stormAlerts,
        createdAt: lead.createdAt,
        firstName: lead.firstName,
        address: lead.fields.address,
      },
      { from: settings.smtp.from, business: ctx.business },
    )
    if ('skip' in asked) return { kind: 'skipped', reason: asked.skip }
    return ctx.mailer.send(asked.mail)
  },
})
