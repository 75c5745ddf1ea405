/**
 * The office's weekly report against a real SQLite file and a real SMTP peer: leads over two
 * weeks (and either side of them) from several sources and forms, spam held and released, the
 * office e-mail delivered at known times, failed and still pending. The e-mail's text part is
 * read back whole, so every figure is checked; the worker's schedule is run with a clock of its
 * own (sent once, never twice, tried again after a failure), and `site-admin leads report
 * --send` as the office's IT person runs it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import path from 'node:path'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { releaseLead } from '../../core/leads/store'
import {
  finishNotification,
  planNotifications,
  registerChannels,
  scheduleNotificationRetry,
} from '../../core/notifications/notification-store'
import { findWeeklyReport } from '../../core/weekly-report/store'
import { createLogger } from '../../core/platform/logger'
import { createMailer, type Mailer } from '../../core/platform/mail/mailer'
import { lastFullWeek, parseWeeklyReport } from '../../core/weekly-report/schedule'
import { CHANNELS } from '../../core/notifications/channels/index'
import { startWeeklyReportSchedule } from '../../worker/weekly-report-schedule'
import { expectWrongUsage, runAdminCaptured } from '../support/admin'
import { cleanEnv, logMessages, ROOT, runEntry } from '../support/entry-points'
import { waitFor } from '../support/pipeline'
import { createQueuePrefix, deleteKeys, getRedisUrl } from '../support/redis'
import { addLead } from '../support/leads'
import { markLead, readCalendlyEvent, storeBookingEvent } from '../../core/bookings'
import { handleBookingEvent } from '../../core/bookings/handle'
import { calendlyEvent } from '../support/booking-tools'
import { startTestSmtpServer, type TestSmtpServer } from '../support/notify-peers'
import { useTempDir } from '../support/temp-dir'

const OFFICE = 'office@frontrange.example'
const FROM = 'Website leads <leads@frontrange.example>'
const QUARANTINED = {
  score: 9,
  reasons: [{ code: 'token_reused', points: 9, text: 'the form token was used before' }],
  quarantine: true,
}
const at = (iso: string) => new Date(iso)
const seconds = (from: string, s: number) => new Date(at(from).getTime() + s * 1000)

/** The lead ids the expected text names. */
interface Seeded {
  slow: string
  failed: string
  pending: string
  released: string
  facebook: string
}

/** A booking no lead matches, as Calendly sends it, stored and handled as the worker does. */
function withoutForm(db: Db, received: string, email: string, utm?: Record<string, string>): void {
  const read = readCalendlyEvent(
    Buffer.from(calendlyEvent('invitee.created', { email, name: 'Walk In', startTime: received, utm })),
  )
  if (read.kind !== 'event') throw new Error('not a Calendly event')
  const { id } = storeBookingEvent(db, read.event, at(received))
  handleBookingEvent(db, id, { email: { on: true }, sms: { on: true } }, at(received))
}

/**
 * The week reported is Monday 2026-11-16 to Sunday 2026-11-22 in Denver (MST, UTC-7): from
 * 2026-11-16T07:00Z to 2026-11-23T07:00Z. Each lead's fate is in its name.
 */
function seed(db: Db): Seeded {
  const office = (id: string, stored: string) =>
    planNotifications(db, id, [{ channel: 'office_email', status: 'pending' }], at(stored))
  const delivered = (
    stored: string,
    afterS: number,
    fields: Parameters<typeof addLead>[1],
    from = stored,
  ) => {
    const id = addLead(db, { createdAt: at(stored), ...fields })
    office(id, stored)
    finishNotification(db, id, 'office_email', 'sent', '<x@frontrange.example> 250 OK', seconds(from, afterS))
    return id
  }
  const contactModal = { form: 'contact_modal', formType: 'contact_modal' } as const
  const contactPage = { form: 'contact_page', formType: 'contact' } as const

  // The week before: Google Ads 1, Facebook 2, Direct 1, Google 1 (held, released this week).
  // The Google Ads lead booked 2 hours after it came.
  const prevBooked = delivered('2026-11-10T17:00:00.000Z', 5, { ...contactModal, gclid: 'Cj0-prev' })
  markLead(db, prevBooked, 'booked', 'site-admin', at('2026-11-10T19:00:00.000Z'))
  delivered('2026-11-11T17:00:00.000Z', 5, { ...contactModal, fbclid: 'fb-1' })
  delivered('2026-11-12T17:00:00.000Z', 5, { ...contactPage, utm_source: 'facebook', utm_medium: 'social' })
  // Sunday 23:59 in Denver, already Monday in UTC: the week before's.
  delivered('2026-11-16T06:59:00.000Z', 5, { ...contactModal, landing_page: '/' })
  const quarantinedBefore = addLead(db, {
    ...contactPage,
    createdAt: at('2026-11-12T09:00:00.000Z'),
    utm_source: 'google',
    utm_medium: 'organic',
    spam: QUARANTINED,
  })
  releaseLead(db, quarantinedBefore, at('2026-11-16T12:00:00.000Z'))

  // The week: Google Ads 3, Direct 2, Facebook 1, nextdoor.com 1 (held, then released).
  // Bookings: the hail report lead 3 hours after it came, the Google cpc one (first seen from
  // Facebook) 25 hours after, booked by phone the next week: it counts for its own week. Carl was
  // reached, Erin is not interested; the other three are still open.
  const hail = delivered('2026-11-16T15:00:00.000Z', 8, {
    form: 'hail_report',
    formType: 'contact',
    gclid: 'Cj0-a',
  })
  markLead(db, hail, 'booked', 'site-admin', at('2026-11-16T18:00:00.000Z'))
  const cpc = delivered('2026-11-17T18:00:00.000Z', 20, {
    ...contactModal,
    utm_source: 'google',
    utm_medium: 'cpc',
    first_utm_source: 'facebook',
    first_utm_medium: 'social',
  })
  markLead(db, cpc, 'booked', 'site-admin', at('2026-11-18T19:00:00.000Z'))
  const slow = delivered('2026-11-18T18:00:00.000Z', 360, {
    ...contactModal,
    firstName: 'Carl',
    lastName: 'Slow',
    gclid: 'Cj0-b',
  })
  markLead(db, slow, 'reached', 'site-admin', at('2026-11-18T20:00:00.000Z'))
  const facebook = delivered('2026-11-19T18:00:00.000Z', 12, {
    ...contactPage,
    firstName: 'Fay',
    lastName: 'Open',
    fbclid: 'fb-2',
  })
  const failed = addLead(db, {
    ...contactModal,
    createdAt: at('2026-11-20T18:00:00.000Z'),
    firstName: 'Erin',
    lastName: 'Fail',
    landing_page: '/roof-repair',
  })
  office(failed, '2026-11-20T18:00:00.000Z')
  finishNotification(
    db,
    failed,
    'office_email',
    'failed',
    'SMTP 550 at RCPT TO: mailbox unavailable',
    at('2026-11-20T18:00:05.000Z'),
  )
  markLead(db, failed, 'lost', 'site-admin', at('2026-11-21T18:00:00.000Z'))
  // Sunday 23:59 in Denver: still this week.
  const pending = addLead(db, {
    form: 'exit_intent',
    formType: 'exit_intent',
    createdAt: at('2026-11-23T06:59:00.000Z'),
    firstName: 'Gus',
    lastName: 'Pending',
    landing_page: '/',
  })
  office(pending, '2026-11-23T06:59:00.000Z')
  scheduleNotificationRetry(
    db,
    pending,
    'office_email',
    'ECONNREFUSED: connect ECONNREFUSED',
    at('2026-11-23T07:05:00.000Z'),
    at('2026-11-23T06:59:10.000Z'),
  )
  // Bookings no lead matched, as Calendly sends them: one this week from a Facebook ad, one the
  // week before without a campaign.
  withoutForm(db, '2026-11-20T20:00:00.000Z', 'walk.in@example.com', {
    utm_source: 'facebook',
    utm_medium: 'paid',
    utm_campaign: 'hail-2026',
  })
  withoutForm(db, '2026-11-11T20:00:00.000Z', 'walk.in.before@example.com')

  // Held on Wednesday, released on Thursday by the office, delivered 30 s after its release.
  const released = addLead(db, {
    ...contactPage,
    createdAt: at('2026-11-18T10:00:00.000Z'),
    referrer: 'https://nextdoor.com',
    firstName: 'Ned',
    lastName: 'Door',
    spam: QUARANTINED,
  })
  releaseLead(db, released, at('2026-11-19T10:00:00.000Z'))
  office(released, '2026-11-19T10:00:00.000Z')
  finishNotification(db, released, 'office_email', 'sent', '<y@x> 250 OK', at('2026-11-19T10:00:30.000Z'))
  // Two bots held this week, one the week before (its hold is not this week's).
  addLead(db, { ...contactModal, createdAt: at('2026-11-17T03:00:00.000Z'), spam: QUARANTINED })
  addLead(db, { ...contactModal, createdAt: at('2026-11-22T20:00:00.000Z'), spam: QUARANTINED })
  addLead(db, { ...contactModal, createdAt: at('2026-11-13T20:00:00.000Z'), spam: QUARANTINED })
  // Monday 00:00 in Denver: the next week's.
  delivered('2026-11-23T07:00:00.000Z', 5, { ...contactModal, gclid: 'Cj0-next' })

  // The office marked one delivered lead "This is spam" this week, one the week before.
  const mark = db.prepare(
    `INSERT INTO office_actions (lead_id, action, source, acted_at) VALUES (?, 'spam', 'office-link', ?)`,
  )
  mark.run(slow, '2026-11-20T16:00:00.000Z')
  mark.run(quarantinedBefore, '2026-11-15T16:00:00.000Z')
  return { slow, failed, pending, released, facebook }
}

/** The text part the week's figures must read as, to the letter (the notes at its foot aside). */
function expectedText(ids: Seeded): string {
  return `Leads report for the week of Monday, November 16 to Sunday, November 22, 2026
(Monday 00:00 to the next Monday 00:00, America/Denver time)

7 leads (the week before: 5)

Leads by source (this week / the week before)
- Google Ads: 3 / 1
- Direct: 2 / 1
- Facebook: 1 / 2
- nextdoor.com: 1 / 0
- Google: 0 / 1

Leads by form
- Contact form in the pop-up: 3
- Contact page form: 2
- Hail report page: 1
- Hail report offer in the exit-intent pop-up: 1

Spam
- Held as spam: 3
- Released from the hold: 2
- Delivered leads marked "This is spam": 1

How quickly leads reached the office
- Reached the office: 5 of 7 leads
- Median: 20 s
- Slowest: 6 min (Carl Slow, lead ${ids.slow})
- Over 5 min: 1
- Not delivered: 2
  - Erin Fail, received Fri, Nov 20, 2026, 11:00 AM MST: failed: SMTP 550 at RCPT TO: mailbox unavailable (lead ${ids.failed})
  - Gus Pending, received Sun, Nov 22, 2026, 11:59 PM MST: still being tried (last error: ECONNREFUSED: connect ECONNREFUSED) (lead ${ids.pending})

Bookings: leads booked of the leads that came in (this week / the week before)
- All leads: 2 of 7 (29%) / 1 of 5 (20%); booked without a form: 1 / 1
- Median time from lead to booking: 14 h

Booked by source, last touch
- Google Ads: 2 of 3 (67%) / 1 of 1 (100%)
- Facebook: 0 of 1 (0%) / 0 of 2 (0%); booked without a form: 1 / 0
- Direct: 0 of 2 (0%) / 0 of 1 (0%)
- nextdoor.com: 0 of 1 (0%) / 0 of 0 (–)
- Google: 0 of 0 (–) / 0 of 1 (0%)
- (not recorded): 0 of 0 (–) / 0 of 0 (–); booked without a form: 0 / 1

Booked by source, first touch
- Facebook: 1 of 2 (50%) / 0 of 2 (0%)
- Google Ads: 1 of 2 (50%) / 1 of 1 (100%)
- Direct: 0 of 2 (0%) / 0 of 1 (0%)
- nextdoor.com: 0 of 1 (0%) / 0 of 0 (–)
- Google: 0 of 0 (–) / 0 of 1 (0%)

Booked by form
- Contact form in the pop-up: 1 of 3 (33%) / 1 of 3 (33%)
- Hail report page: 1 of 1 (100%) / 0 of 0 (–)
- Contact page form: 0 of 2 (0%) / 0 of 2 (0%)
- Hail report offer in the exit-intent pop-up: 0 of 1 (0%) / 0 of 0 (–)

Still not booked or marked: 3 of this week's leads (the week before: 4)
  - Ned Door, received Wed, Nov 18, 2026, 3:00 AM MST: not booked (lead ${ids.released})
  - Fay Open, received Thu, Nov 19, 2026, 11:00 AM MST: not booked (lead ${ids.facebook})
  - Gus Pending, received Sun, Nov 22, 2026, 11:59 PM MST: not booked (lead ${ids.pending})`
}

/** The report part of a received text: up to the notes at its foot. */
function reportPart(text: string): string {
  return text.slice(0, text.indexOf('\n\nSpam held by the filter')).trim()
}

const tempDir = useTempDir('roofing-weekly-', 'test')
let smtp: TestSmtpServer
let db: Db
let dbPath: string
let ids: Seeded
let mailer: Mailer
let logLines: string[]

beforeAll(async () => {
  smtp = await startTestSmtpServer()
})
afterAll(async () => {
  await smtp.close()
})
beforeEach(() => {
  smtp.messages.length = 0
  smtp.accepted.length = 0
  dbPath = path.join(tempDir(), 'roofing.db')
  db = openMigratedDatabase(dbPath)
  registerChannels(db, CHANNELS, new Date())
  ids = seed(db)
  mailer = createMailer({ url: smtp.url, safeUrl: smtp.url, from: FROM }, 5000)
  logLines = []
})
afterEach(async () => {
  mailer.close()
  db.close()
  await smtp.start()
})

function schedule(spec = 'mon 08:00') {
  return startWeeklyReportSchedule({
    db,
    logger: createLogger('info', { write: (line: string) => void logLines.push(line) }),
    schedule: parseWeeklyReport(spec)!,
    mail: { mailer, from: FROM, to: [OFFICE] },
    runAtStart: false,
    intervalMs: 3_600_000,
  })
}

describe('the worker sends the week to the office on Monday morning', () => {
  test('at Monday 08:00 Denver time, once: every figure of the text part is right, and a restart sends nothing again', async () => {
    const worker = schedule()
    // 07:59 MST: not yet.
    expect(await worker.runOnce(at('2026-11-23T14:59:00.000Z'))).toBeNull()
    const sent = await worker.runOnce(at('2026-11-23T15:00:00.000Z'))
    expect(sent?.kind).toBe('sent')
    const [mail] = await smtp.waitForMessages(1)
    expect(mail!.envelopeTo).toEqual([OFFICE])
    expect(mail!.parsed.subject).toBe('Leads report, Nov 16 – 22: 7 leads (week before: 5)')
    expect(mail!.parsed.messageId).toBe('<weekly-report-2026-11-16@frontrange.example>')
    expect(reportPart(mail!.parsed.text ?? '')).toBe(expectedText(ids))

    // The chart: a data table with its caption and headers; bars the width of their share.
    const html = String(mail!.parsed.html)
    expect(html).toContain('<caption')
    expect(html).toMatch(/<th scope="row"[^>]*>Google Ads<\/th>/)
    expect(html).toContain('Booked without a form (no lead matched): 1. The week before: 1.')
    expect(html).toContain('+1 booked without a form')
    expect(html).toContain('aria-hidden="true"')
    // Google Ads 3 is the widest bar; Direct's 2 is 67 % of it.
    expect(html).toMatch(/<td width="100%" bgcolor="#c8102e"/)
    expect(html).toMatch(/<td width="67%" bgcolor="#c8102e"/)

    expect(findWeeklyReport(db, '2026-11-16')).toMatchObject({
      status: 'sent',
      trigger: 'schedule',
      recipients: OFFICE,
    })
    expect(await worker.runOnce(at('2026-11-23T15:01:00.000Z'))).toBeNull()
    await worker.stop()
    // A restarted worker, later that week: the week is sent.
    const restarted = schedule()
    expect(await restarted.runOnce(at('2026-11-25T09:00:00.000Z'))).toBeNull()
    await restarted.stop()
    expect(smtp.accepted).toHaveLength(1)
  })

  test('a worker that was down on Monday sends the report once when it is back that week', async () => {
    const worker = schedule()
    const late = await worker.runOnce(at('2026-11-26T18:00:00.000Z'))
    expect(late?.kind).toBe('sent')
    await smtp.waitForMessages(1)
    expect(reportPart(smtp.messages[0]!.parsed.text ?? '')).toBe(expectedText(ids))
    expect(logLines.join('')).toContain('weekly report sent late')
    expect(await worker.runOnce(at('2026-11-26T18:01:00.000Z'))).toBeNull()
    await worker.stop()
    expect(smtp.accepted).toHaveLength(1)
  })

  test('SMTP down at the time: the failure is an error line and recorded, tried again 15 minutes later, sent once', async () => {
    await smtp.stop()
    const worker = schedule()
    const failed = await worker.runOnce(at('2026-11-23T15:00:00.000Z'))
    expect(failed?.kind).toBe('failed')
    expect(findWeeklyReport(db, '2026-11-16')).toMatchObject({ status: 'failed' })
    expect(findWeeklyReport(db, '2026-11-16')?.detail).toMatch(/ECONNREFUSED/)
    const error = logLines
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .find((l) => l.level === 50)
    expect(error?.msg).toBe('weekly report could not be sent; trying again in 15 minutes')
    await smtp.start()
    // Within the 15 minutes: not tried again yet.
    expect(await worker.runOnce(at('2026-11-23T15:10:00.000Z'))).toEqual({ kind: 'skipped' })
    expect((await worker.runOnce(at('2026-11-23T15:16:00.000Z')))?.kind).toBe('sent')
    await smtp.waitForMessages(1)
    expect(findWeeklyReport(db, '2026-11-16')).toMatchObject({ status: 'sent', attempts: 2 })
    await worker.stop()
    expect(smtp.accepted).toHaveLength(1)
  })
})

describe('site-admin leads report --send', () => {
  const env = () => ({
    DATABASE_PATH: dbPath,
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_FROM: FROM,
    LEAD_NOTIFY_TO: OFFICE,
  })
  const admin = (argv: string[], e: NodeJS.ProcessEnv = env(), now = at('2026-11-24T17:00:00.000Z')) =>
    runAdminCaptured(['leads', 'report', ...argv], { env: e, at: now })

  test('without --send it prints the bookings of the last full week as the e-mail says them', async () => {
    const run = await admin([])
    expect(run.code).toBe(0)
    const part = run.out.slice(run.out.indexOf('Bookings of the leads of the week of'))
    expect(part.split('\n')[0]).toBe(
      'Bookings of the leads of the week of Monday, November 16 to Sunday, November 22, 2026 (Monday to Monday, Denver time)',
    )
    // The same lines as the e-mail's text part, from its bookings on.
    const expected = expectedText(ids)
    expect(part.slice(part.indexOf('\n') + 1).trim()).toBe(expected.slice(expected.indexOf('Bookings:')))
  })

  test('sends the last full week now, says what and to whom, and the schedule does not send it again', async () => {
    const run = await admin(['--send'])
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    expect(run.out).toContain(`Sent the weekly report to ${OFFICE}.`)
    expect(run.out).toContain(
      'Week: Monday, November 16 to Sunday, November 22, 2026 (Monday 00:00 to the next Monday 00:00, America/Denver time).',
    )
    expect(run.out).toContain('Subject: Leads report, Nov 16 – 22: 7 leads (week before: 5)')
    expect(run.out).toContain(
      'Figures: 7 leads (the week before: 5); 3 held as spam, 2 released; 5 of 7 reached the office (median 20 s), 2 not delivered.',
    )
    await smtp.waitForMessages(1)
    expect(reportPart(smtp.messages[0]!.parsed.text ?? '')).toBe(expectedText(ids))
    expect(findWeeklyReport(db, '2026-11-16')).toMatchObject({ status: 'sent', trigger: 'site-admin' })
    const worker = schedule()
    expect(await worker.runOnce(at('2026-11-24T18:00:00.000Z'))).toBeNull()
    await worker.stop()
    expect(smtp.accepted).toHaveLength(1)
  })

  test('--week sends the week that holds the date', async () => {
    const run = await admin(['--send', '--week', '2026-11-12'])
    expect(run.code).toBe(0)
    expect(run.out).toContain('Week: Monday, November 9 to Sunday, November 15, 2026')
    await smtp.waitForMessages(1)
    const text = smtp.messages[0]!.parsed.text ?? ''
    expect(text).toContain('5 leads (the week before: 0)')
    expect(text).toContain('- Facebook: 2 / 0\n- Direct: 1 / 0\n- Google: 1 / 0\n- Google Ads: 1 / 0\n')
    expect(text).toContain(
      '- Held as spam: 2\n- Released from the hold: 0\n- Delivered leads marked "This is spam": 1\n',
    )
  })

  test('no office address, SMTP down, a bad or unfinished week: a clear message, nothing recorded as sent', async () => {
    const noOffice = await admin(['--send'], { ...env(), LEAD_NOTIFY_TO: '' })
    expect(noOffice.code).toBe(1)
    expect(noOffice.err).toContain('LEAD_NOTIFY_TO is not set: no office address to send to')
    const noSmtp = await admin(['--send'], { DATABASE_PATH: dbPath, LEAD_NOTIFY_TO: OFFICE })
    expect(noSmtp.code).toBe(1)
    expect(noSmtp.err).toContain('SMTP_URL is not set')

    await smtp.stop()
    const down = await admin(['--send'])
    expect(down.code).toBe(1)
    expect(down.err).toMatch(
      /^site-admin: the weekly report for the week of Monday, November 16 to Sunday, November 22, 2026 was not sent: .*ECONNREFUSED.*Check SMTP_URL/,
    )
    expect(findWeeklyReport(db, '2026-11-16')?.status).toBe('failed')

    const bad = await admin(['--send', '--week', '2026-02-30'])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('--week takes a date as YYYY-MM-DD')
    const current = await admin(['--send', '--week', '2026-11-24'])
    expect(current.code).toBe(2)
    expect(current.err).toContain(
      'the week of Monday, November 23 to Sunday, November 29, 2026 has not ended yet; the last full week starts on 2026-11-16 (leave out --week to send it).',
    )
    const weekAlone = await admin(['--week', '2026-11-16'])
    expect(weekAlone.code).toBe(2)
    expect(smtp.accepted).toHaveLength(0)
  })
})

describe('site-admin weekly-report send', () => {
  const env = () => ({
    DATABASE_PATH: dbPath,
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_FROM: FROM,
    LEAD_NOTIFY_TO: OFFICE,
  })
  const admin = (argv: string[], now = at('2026-11-24T17:00:00.000Z')) =>
    runAdminCaptured(argv, { env: env(), at: now })

  test('sends the last full week now, as leads report --send did, and the schedule does not send it again', async () => {
    const run = await admin(['weekly-report', 'send'])
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    expect(run.out).toContain(`Sent the weekly report to ${OFFICE}.`)
    expect(run.out).toContain('Week: Monday, November 16 to Sunday, November 22, 2026')
    expect(run.out).toContain('Subject: Leads report, Nov 16 – 22: 7 leads (week before: 5)')
    await smtp.waitForMessages(1)
    expect(reportPart(smtp.messages[0]!.parsed.text ?? '')).toBe(expectedText(ids))
    expect(findWeeklyReport(db, '2026-11-16')).toMatchObject({ status: 'sent', trigger: 'site-admin' })
    const worker = schedule()
    expect(await worker.runOnce(at('2026-11-24T18:00:00.000Z'))).toBeNull()
    await worker.stop()
    expect(smtp.accepted).toHaveLength(1)
  })

  test('--week sends the week that holds the date; a bad or unfinished week is wrong usage and sends nothing', async () => {
    const earlier = await admin(['weekly-report', 'send', '--week', '2026-11-12'])
    expect(earlier.code).toBe(0)
    expect(earlier.out).toContain('Week: Monday, November 9 to Sunday, November 15, 2026')
    await smtp.waitForMessages(1)
    await expectWrongUsage(
      admin(['weekly-report', 'send', '--week', '2026-02-30']),
      '--week takes a date as YYYY-MM-DD',
    )
    await expectWrongUsage(
      admin(['weekly-report', 'send', '--week', '2026-11-24']),
      'has not ended yet; the last full week starts on 2026-11-16',
    )
    expect(smtp.accepted).toHaveLength(1)
  })

  test('its help and the first name, --send, say which is which', async () => {
    const help = await admin(['weekly-report', 'send', '--help'])
    expect(help.code).toBe(0)
    expect(help.out).toContain('--week <date>')
    const old = await admin(['leads', 'report', '--help'])
    expect(old.out.replace(/\s+/g, ' ')).toContain(
      'the same as site-admin weekly-report send (a permanent alias)',
    )
    const top = await admin(['--help'])
    expect(top.out).toContain('weekly-report')
  })
})

describe('the real worker process', () => {
  // A guard, not a budget: the real worker started twice from source; 20 s ran out under load.
  test('reads WEEKLY_REPORT, sends the week that is due at its start, and a restart sends nothing again', async () => {
    // "mon 00:00": the last full week is due from the first moment of every week, so whenever
    // this runs. A fresh database holds one lead of that week.
    const fresh = path.join(tempDir(), 'fresh.db')
    const week = lastFullWeek(new Date())
    const own = openMigratedDatabase(fresh)
    addLead(own, { createdAt: new Date(week.start.getTime() + 36 * 3600_000), gclid: 'Cj0-live' })
    own.close()
    const prefix = createQueuePrefix('weekly-report')
    const env = cleanEnv({
      REDIS_URL: getRedisUrl(),
      QUEUE_PREFIX: prefix,
      DATABASE_PATH: fresh,
      WORKER_HEARTBEAT_FILE: path.join(tempDir(), 'heartbeat.json'),
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_FROM: FROM,
      LEAD_NOTIFY_TO: OFFICE,
      WEEKLY_REPORT: 'mon 00:00',
      // The process runs in a folder of its own: tsx still compiles the e-mail's JSX as the repository says.
      TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json'),
    })
    try {
      const first = await runEntry('bin/worker.ts', {
        cwd: tempDir(),
        env,
        until: /"msg":"weekly report sent/,
      })
      // Late: its time was the first minute of this week, before the test began.
      expect(logMessages(first.output)).toContain(
        'weekly report sent late (the worker was not running at its time)',
      )
      // The worker delivers the lead itself too (the office e-mail): the report is the other one.
      const reports = () => smtp.messages.filter((m) => m.parsed.subject?.startsWith('Leads report'))
      await waitFor(() => reports().length === 1, 5000, 'the weekly report')
      const [mail] = reports()
      expect(mail!.parsed.subject).toMatch(/^Leads report, .*: 1 lead \(week before: 0\)$/)
      expect(mail!.parsed.text).toContain('- Google Ads: 1 / 0')

      const again = await runEntry('bin/worker.ts', {
        cwd: tempDir(),
        env,
        until: /"msg":"weekly report to the office scheduled"/,
      })
      const scheduled = again.output
        .split('\n')
        .filter((line) => line.includes('weekly report to the office scheduled'))
        .map((line) => JSON.parse(line) as { next: string; at: string })[0]
      expect(scheduled?.at).toBe('Monday 00:00 America/Denver')
      expect(scheduled?.next).not.toBe('now')
      await waitFor(() => smtp.messages.length === smtp.accepted.length, 5000, 'every e-mail parsed')
      expect(reports()).toHaveLength(1)
    } finally {
      await deleteKeys(getRedisUrl(), prefix)
    }
  }, 60_000)
})
