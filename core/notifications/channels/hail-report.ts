/**
 * The Extreme Weather Report to the homeowner (docs/storm-data.md): for every hail report
 * request (the /hail-report form and the exit-intent popup), an e-mail with the summary and the
 * whole report as a PDF, made by the worker from NOAA's storm data. When the address could not
 * be placed, an honest e-mail that the office will follow up, never an empty or invented report.
 * While the store holds no storm data yet (a new install before its first refresh), the channel
 * waits and retries: the report goes out once the data is there.
 *
 * On whenever e-mail is (SMTP_URL), since the site promises the report; HAIL_REPORT_EMAIL=false
 * turns it off (the office then sends reports by hand, `site-admin storms report`). When the
 * homeowner ticked the storm alerts box, it carries the "Confirm storm alerts" button
 * (docs/storm-alerts.md).
 */
import { flagOnByDefault } from '../../platform/config/helpers'
import { renderReportPdfOffThread } from '../../storms/pdf'
import { sampleWeatherReport } from '../../storms'
import { LEAD_FORMS } from '../../../shared/lead-forms'
import { buildWeatherReportMail } from '../weather-report-mail'
import { stormAlertsConsentOf } from '../lead-view'
import type { SmtpSettings } from '../../platform/mail/smtp'
import { defineChannel } from './channel'

const OFF = 'off (SMTP_URL unset, or HAIL_REPORT_EMAIL=false)'

export const hailReport = defineChannel({
  id: 'hail_report',
  label: 'hail report',
  exportColumn: 'hail_report',
  audience: 'homeowner',
  enabledBy: 'SMTP_URL',
  setUp: 'SMTP_URL (the Extreme Weather Report to the homeowner; HAIL_REPORT_EMAIL=false turns it off)',
  env: {
    // Unset is on: the site promises every hail report request its report.
    HAIL_REPORT_EMAIL: flagOnByDefault,
  },
  configure: (e, { smtp }): { smtp: SmtpSettings } | undefined =>
    e.HAIL_REPORT_EMAIL && smtp ? { smtp } : undefined,
  plan(lead, settings) {
    if (!LEAD_FORMS[lead.form].hailReport) return { status: 'skipped', detail: 'not a hail report request' }
    if (!settings) return { status: 'skipped', detail: OFF }
    return { status: 'pending' }
  },
  describe: (settings) => (settings ? 'on' : OFF),
  // notify-test's sample lead carries the office's own address, so the sample report goes there.
  describeTest: (_settings, lead) => `sample Extreme Weather Report to ${lead.email}`,
  async send(lead, settings, ctx) {
    if (!ctx.mailer) return { kind: 'failed', reason: 'SMTP_URL is no longer configured' }
    const opts = { from: settings.smtp.from, business: ctx.business }
    if (ctx.test) {
      const sample = sampleWeatherReport()
      const pdf = await renderReportPdfOffThread(sample, ctx.business)
      const mail = await buildWeatherReportMail(lead, sample, { ...opts, pdf })
      return ctx.mailer.send({ ...mail, subject: `[Test] ${mail.subject}` })
    }
    if (!ctx.reports) return { kind: 'failed', reason: 'this worker makes no weather reports' }
    const state = await ctx.reports.prepare({
      id: lead.id,
      form: lead.form,
      address: lead.fields.address ?? null,
    })
    if (state.kind === 'none') return { kind: 'failed', reason: 'not a hail report request' }
    if (state.kind === 'no-data')
      return {
        kind: 'retry',
        reason:
          'no storm data in the store yet: the worker loads it (site-admin storms status shows the refresh)',
      }
    const report = state.stored.report
    const pdf = report ? await renderReportPdfOffThread(report, ctx.business) : undefined
    // The first e-mail the homeowner gets: it asks to confirm the storm alerts they ticked.
    const confirmUrl = ctx.stormAlerts?.confirmUrl(stormAlertsConsentOf(lead))
    return ctx.mailer.send(await buildWeatherReportMail(lead, report, { ...opts, pdf, confirmUrl }))
  },
})
