import { describe, expect, test } from 'vitest'
import { buildLeadView, cityOf } from '../../core/notifications/lead-view'
import { formatOfficeTime } from '../../shared/business-time'
import { classifySmtpError } from '../../core/platform/mail/mailer'
import { backoffDelayMs } from '../../core/platform/backoff'
import { toBodyText, toHeaderText, toReason } from '../../core/platform/mail/text'
import { classifyWebhookStatus } from '../../core/notifications/channels/webhook'
import { buildOfficeMail } from '../../core/notifications/messages'
import { makeSampleWeatherReport } from '../../core/storms/sample-report'
import { leadToShow } from '../support/lead-view'

describe('what a notification says', () => {
  test('the kind of request follows the stored form, whatever page it was sent from', () => {
    const kindOf = (
      form: 'contact_modal' | 'contact_page' | 'hail_report' | 'exit_intent',
      sourcePath: string,
    ) =>
      buildLeadView(
        leadToShow({
          id: '00000000-0000-4000-8000-000000000001',
          phone: '3035550199',
          formType: form === 'contact_modal' || form === 'exit_intent' ? form : 'contact',
          form,
          sourcePath,
        }),
        undefined,
        'https://www.example.com',
      ).kind
    expect(kindOf('contact_modal', '/').request).toBe('inspection request')
    expect(kindOf('exit_intent', '/faqs')).toMatchObject({
      request: 'exit-intent hail report request',
      hailReport: true,
    })
    // A renamed route relabels nothing: the form is stored with the lead.
    expect(kindOf('hail_report', '/storm-report')).toMatchObject({
      request: 'hail report request',
      hailReport: true,
    })
    expect(kindOf('contact_page', '/hail-report').request).toBe('contact form message')
  })

  test('the city comes from a served city named in the address, else from the part before the state', () => {
    expect(cityOf('12 Pine St, Parker, CO 80134')).toBe('Parker')
    expect(cityOf('4 Main Street Castle Rock CO')).toBe('Castle Rock')
    expect(cityOf('9 Elm Ave, Springfield, CO 80000')).toBe('Springfield')
    expect(cityOf('9 Elm Ave, Springfield CO 80000')).toBe('Springfield')
    expect(cityOf('somewhere near the lake')).toBeUndefined()
  })

  test("a hail report lead's office e-mail has radar's line under the storms' line; a report without radar adds nothing", async () => {
    const lead = leadToShow({ id: '00000000-0000-4000-8000-000000000002', phone: '3035550199' })
    const opts = { from: 'leads@example.com', to: ['office@example.com'] }
    const { summary } = makeSampleWeatherReport()
    const radarLine =
      'Radar: 1.6 in at the home on 12 Jun 2024 (confirmed by a report 0.6 mi NW); 2 days of 1 in+ in 5 years, more than 97% of the area'
    expect(summary.radar?.office).toBe(radarLine)
    const mail = await buildOfficeMail(
      buildLeadView(lead, undefined, 'https://www.example.com', summary.line, summary.radar?.office),
      opts,
    )
    expect(mail.text).toContain(`Storms at the address: ${summary.line}\n${radarLine}\n`)
    expect(mail.html).toContain(`Storms at the address: ${summary.line}<br/>${radarLine}</p>`)

    const old = makeSampleWeatherReport({ radar: false }).summary
    const oldMail = await buildOfficeMail(
      buildLeadView(lead, undefined, 'https://www.example.com', old.line, old.radar?.office),
      opts,
    )
    expect(oldMail.text).toContain(`Storms at the address: ${old.line}\n\n`)
    expect(oldMail.text).not.toContain('Radar')
    expect(oldMail.html).not.toContain('Radar')
  })

  test('times are shown in Denver time, with the zone', () => {
    expect(formatOfficeTime('2025-06-17T20:05:00.000Z')).toBe('Tue, Jun 17, 2025, 2:05 PM MDT')
    expect(formatOfficeTime('2025-01-07T20:05:00.000Z')).toBe('Tue, Jan 7, 2025, 1:05 PM MST')
  })

  test('header text has no line breaks, controls or bidi/format characters; body text keeps line breaks only', () => {
    expect(toHeaderText('Ada\r\nBcc: x@y.z\u202E\u2066\u200B\u0000 Roof')).toBe('Ada Bcc: x@y.z Roof')
    expect(toHeaderText('a\u2028b\u2029c')).toBe('a b c')
    expect(toHeaderText('x'.repeat(200), 10)).toHaveLength(10)
    expect(toBodyText('one\r\ntwo\u202Ethree\u0007\tfour')).toBe('one\ntwothree\tfour')
  })

  test('a reason never carries an e-mail address', () => {
    expect(toReason('550 5.1.1 <dana@example.com>: Recipient address rejected')).toBe(
      '550 5.1.1 <[address]>: Recipient address rejected',
    )
  })
})

describe('which failures are permanent', () => {
  test('SMTP: a 5xx to the envelope or the message fails at once; connection trouble, 4xx and login failures are retried', () => {
    expect(
      classifySmtpError({ responseCode: 550, command: 'RCPT TO', response: '550 no such user' }).kind,
    ).toBe('failed')
    expect(
      classifySmtpError({ responseCode: 554, command: 'DATA', response: '554 rejected as spam' }).kind,
    ).toBe('failed')
    expect(classifySmtpError({ responseCode: 451, command: 'RCPT TO', response: '451 try later' }).kind).toBe(
      'retry',
    )
    expect(classifySmtpError({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' }).kind).toBe('retry')
    expect(classifySmtpError({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }).kind).toBe('retry')
    expect(classifySmtpError({ code: 'ETIMEDOUT', message: 'Greeting never received' }).kind).toBe('retry')
  })

  test('webhook: 2xx delivered; 408, 429 and 5xx retried; 410 and other 4xx fail; redirects fail', () => {
    expect(classifyWebhookStatus(204)).toEqual({ kind: 'sent', detail: 'HTTP 204' })
    for (const s of [408, 429, 500, 502, 503]) expect(classifyWebhookStatus(s).kind).toBe('retry')
    for (const s of [400, 401, 403, 404, 410, 422, 301, 302])
      expect(classifyWebhookStatus(s).kind).toBe('failed')
    expect(classifyWebhookStatus(410)).toMatchObject({ reason: expect.stringContaining('asked to stop') })
  })

  test('the back-off doubles from its base up to its cap, so a day-long outage is retried every few minutes', () => {
    const retry = { baseMs: 5000, maxMs: 300_000, giveUpMs: 72 * 3_600_000 }
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, retry))).toEqual([5000, 10_000, 20_000, 40_000])
    expect(backoffDelayMs(50, retry)).toBe(300_000)
  })
})
