/**
 * Renders the notifications of a few fixed sample leads into a folder, one sub-folder per lead:
 * the office e-mail and the autoreply (HTML, plain text, headers) and the webhook's body; for a
 * hail report request also the homeowner's report e-mail and its PDF (the sample report of
 * core/storms/sample-report.ts); the office's weekly report of a sample week; and the office's
 * notices of a booking, a reschedule, a cancellation, a booking without a form and the nudge,
 * with their texts, and the two follow-ups to a hail report lead that has not booked
 * (scripts/lib/render-booking-notices.ts). Two
 * revisions' outputs compared with `diff -r` show what a change does to what the contractor
 * and the homeowner receive (docs/refactoring.md).
 *
 *   npx tsx scripts/render-sample-notifications.ts <folder>
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DEFAULT_BUSINESS } from '../shared/business'
import { buildLeadView, type LeadToShow } from '../core/notifications/lead-view'
import { buildAutoreplyMail, buildOfficeMail } from '../core/notifications/messages'
import { buildWebhookPayload } from '../core/notifications/channels/webhook'
import { buildWeatherReportMail } from '../core/notifications/weather-report-mail'
import { renderReportPdf } from '../core/storms/pdf/render'
import { sampleWeatherReport } from '../core/storms/sample-report'
import { LEAD_FORMS } from '../shared/lead-forms'
import { buildWeeklyReportMail } from '../core/weekly-report/send'
import { weekOfIsoDate } from '../core/weekly-report/schedule'
import type { WeeklyFigures } from '../core/weekly-report/figures'
import { renderBookingNotices, renderFollowUps } from './lib/render-booking-notices'

const out = process.argv[2]
if (!out) {
  console.error('usage: npx tsx scripts/render-sample-notifications.ts <folder>')
  process.exit(2)
}

const base: LeadToShow = {
  id: '4b0c9f7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
  firstName: 'Ada',
  lastName: "O'Roof & <Sons>",
  email: 'ada@example.com',
  phone: '(303) 555-0199',
  address: '12 Pine St, Parker, CO 80134',
  message: 'Hail last Tuesday.\nGutters dented & "granules" <everywhere>.',
  formType: 'contact_modal',
  form: 'contact_modal',
  sourcePath: '/roof-inspection',
  createdAt: '2026-06-17T20:05:00.000Z',
  duplicateOf: null,
}
const original = { createdAt: '2026-06-17T08:00:00.000Z' }
const samples: Record<string, [LeadToShow, typeof original | undefined]> = {
  'contact-modal': [base, undefined],
  'contact-page': [
    { ...base, formType: 'contact', form: 'contact_page', sourcePath: '/contact', message: null },
    undefined,
  ],
  'hail-report': [
    { ...base, formType: 'contact', form: 'hail_report', sourcePath: '/hail-report', message: null },
    undefined,
  ],
  'exit-intent-duplicate': [
    {
      ...base,
      formType: 'exit_intent',
      form: 'exit_intent',
      sourcePath: '/service-areas/parker-co',
      message: null,
      duplicateOf: '11111111-2222-4333-8444-555555555555',
    },
    original,
  ],
  'no-source': [{ ...base, sourcePath: null, address: 'somewhere' }, undefined],
}

const from = 'Website leads <leads@frontrange.example>'
for (const [name, [sample, first]] of Object.entries(samples)) {
  const hail = LEAD_FORMS[sample.form].hailReport
  const storms = hail ? sampleWeatherReport().summary.line : undefined
  const radar = hail ? (sampleWeatherReport().summary.radar?.office ?? undefined) : undefined
  const lead = buildLeadView(sample, first, 'https://www.frontrangeroofing.example', storms, radar)
  // Other leads' line of radar hail near the home, as the notifier makes it from the store
  // (core/notifications/radar-hail-line.ts); none for an address that cannot be placed.
  if (!hail && name !== 'no-source') lead.radarHail = 'Radar: 1.6 in hail near 80134 on 12 Jun 2024.'
  // The office's links as the worker makes them (fixed tokens here: the samples compare with diff).
  const site = 'https://www.frontrangeroofing.example'
  const office = await buildOfficeMail(lead, {
    from,
    to: ['office@frontrange.example'],
    spamUrl: `${site}/office/confirm/s.${sample.id}.sample.SAMPLE`,
    markLinks: [
      { label: 'Booked by phone', url: `${site}/office/mark/b.${sample.id}.sample.SAMPLE` },
      { label: 'Reached, not booked yet', url: `${site}/office/mark/r.${sample.id}.sample.SAMPLE` },
      { label: 'Not interested', url: `${site}/office/mark/l.${sample.id}.sample.SAMPLE` },
    ],
  })
  const reply = await buildAutoreplyMail(lead, { from, business: DEFAULT_BUSINESS })
  const dir = path.join(out, name)
  mkdirSync(dir, { recursive: true })
  const mails = [
    ['office', office],
    ['autoreply', reply],
  ] as [string, typeof office][]
  if (hail) {
    const pdf = await renderReportPdf(sampleWeatherReport(), DEFAULT_BUSINESS)
    writeFileSync(path.join(dir, 'hail-report.pdf'), pdf)
    mails.push([
      'hail-report',
      await buildWeatherReportMail(lead, sampleWeatherReport(), { from, business: DEFAULT_BUSINESS, pdf }),
    ])
  }
  for (const [kind, mail] of mails) {
    const { html, text, attachments: _attachments, ...headers } = mail
    writeFileSync(path.join(dir, `${kind}.html`), html)
    writeFileSync(path.join(dir, `${kind}.txt`), text)
    writeFileSync(path.join(dir, `${kind}.headers.json`), JSON.stringify(headers, null, 2))
  }
  writeFileSync(path.join(dir, 'webhook.json'), JSON.stringify(buildWebhookPayload(lead)))
}
// The office's weekly report of a sample week (figures as core/weekly-report/figures.ts reads them).
const week = weekOfIsoDate('2026-11-16')!
const previousWeek = weekOfIsoDate('2026-11-09')!
/** A funnel row without a booking that matched no lead. */
const NONE_WITHOUT_FORM = { withoutForm: 0, previousWithoutForm: 0 }
const weekly: WeeklyFigures = {
  week,
  previousWeek,
  leads: 17,
  previousLeads: 12,
  sources: [
    { source: 'Google Ads', leads: 8, previous: 5 },
    { source: 'Google', leads: 4, previous: 4 },
    { source: 'Direct', leads: 3, previous: 1 },
    { source: 'Facebook', leads: 1, previous: 2 },
    { source: 'nextdoor.com', leads: 1, previous: 0 },
  ],
  forms: [
    { form: 'contact_modal', label: LEAD_FORMS.contact_modal.label, leads: 9 },
    { form: 'hail_report', label: LEAD_FORMS.hail_report.label, leads: 5 },
    { form: 'contact_page', label: LEAD_FORMS.contact_page.label, leads: 2 },
    { form: 'exit_intent', label: LEAD_FORMS.exit_intent.label, leads: 1 },
  ],
  quarantined: 6,
  released: 1,
  markedSpam: 1,
  speed: {
    timed: 16,
    medianMs: 7_400,
    slowest: { ms: 372_000, leadId: base.id, name: 'Ada Roof' },
    slow: 1,
    limitMs: 5 * 60_000,
    undelivered: [
      {
        id: '11111111-2222-4333-8444-555555555555',
        name: 'Sam Lee',
        createdAt: '2026-11-20T22:41:00.000Z',
        state: 'failed: SMTP 550 at RCPT TO: 5.1.1 mailbox unavailable',
      },
    ],
  },
  bookings: {
    total: {
      leads: 17,
      booked: 7,
      previousLeads: 12,
      previousBooked: 4,
      withoutForm: 1,
      previousWithoutForm: 0,
    },
    bySource: [
      {
        key: 'Google Ads',
        leads: 8,
        booked: 4,
        previousLeads: 5,
        previousBooked: 2,
        withoutForm: 1,
        previousWithoutForm: 0,
      },
      { key: 'Google', leads: 4, booked: 2, previousLeads: 4, previousBooked: 1, ...NONE_WITHOUT_FORM },
      { key: 'Direct', leads: 3, booked: 1, previousLeads: 1, previousBooked: 1, ...NONE_WITHOUT_FORM },
      { key: 'Facebook', leads: 1, booked: 0, previousLeads: 2, previousBooked: 0, ...NONE_WITHOUT_FORM },
      { key: 'nextdoor.com', leads: 1, booked: 0, previousLeads: 0, previousBooked: 0, ...NONE_WITHOUT_FORM },
    ],
    byFirstTouch: [
      { key: 'Google Ads', leads: 6, booked: 3, previousLeads: 4, previousBooked: 2, ...NONE_WITHOUT_FORM },
      { key: 'Facebook', leads: 5, booked: 2, previousLeads: 3, previousBooked: 1, ...NONE_WITHOUT_FORM },
      { key: 'Google', leads: 4, booked: 2, previousLeads: 4, previousBooked: 1, ...NONE_WITHOUT_FORM },
      { key: 'Direct', leads: 2, booked: 0, previousLeads: 1, previousBooked: 0, ...NONE_WITHOUT_FORM },
    ],
    byForm: [
      {
        key: LEAD_FORMS.contact_modal.label,
        leads: 9,
        booked: 4,
        previousLeads: 6,
        previousBooked: 2,
        ...NONE_WITHOUT_FORM,
      },
      {
        key: LEAD_FORMS.hail_report.label,
        leads: 5,
        booked: 3,
        previousLeads: 3,
        previousBooked: 2,
        ...NONE_WITHOUT_FORM,
      },
      {
        key: LEAD_FORMS.contact_page.label,
        leads: 2,
        booked: 0,
        previousLeads: 2,
        previousBooked: 0,
        ...NONE_WITHOUT_FORM,
      },
      {
        key: LEAD_FORMS.exit_intent.label,
        leads: 1,
        booked: 0,
        previousLeads: 1,
        previousBooked: 0,
        ...NONE_WITHOUT_FORM,
      },
    ],
    medianToBookingMs: 3 * 3600_000 + 10 * 60_000,
    open: {
      count: 4,
      previousCount: 2,
      first: [
        {
          id: '22222222-2222-4333-8444-555555555555',
          name: 'Rosa Diaz',
          createdAt: '2026-11-18T16:05:00.000Z',
          state: 'new',
        },
        {
          id: '33333333-2222-4333-8444-555555555555',
          name: 'Tom Hale',
          createdAt: '2026-11-19T21:40:00.000Z',
          state: 'canceled',
        },
      ],
    },
  },
}
const report = await buildWeeklyReportMail(weekly, {
  from,
  to: ['office@frontrange.example'],
  trigger: 'schedule',
  now: new Date('2026-11-23T15:00:00.000Z'),
})
const reportDir = path.join(out, 'weekly-report')
mkdirSync(reportDir, { recursive: true })
{
  const { html, text, attachments: _attachments, ...headers } = report
  writeFileSync(path.join(reportDir, 'office.html'), html)
  writeFileSync(path.join(reportDir, 'office.txt'), text)
  writeFileSync(path.join(reportDir, 'office.headers.json'), JSON.stringify(headers, null, 2))
}
const notices = await renderBookingNotices(out, base, {
  from,
  to: ['office@frontrange.example'],
  siteUrl: 'https://www.frontrangeroofing.example',
})
const followUps = await renderFollowUps(out, base, { from, siteUrl: 'https://www.frontrangeroofing.example' })
console.log(
  `Rendered ${Object.keys(samples).length} sample leads, a weekly report, ${notices} booking notices and nudges and ${followUps} follow-ups into ${out}`,
)
