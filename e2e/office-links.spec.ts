/**
 * The office corrects the spam filter from its inbox (docs/spam.md, "The office's links"), on a
 * whole stack of its own (e2e/stack.ts: the built web process and worker, Redis, a real SMTP
 * server): the spam digest arrives with a held lead; its "Not spam: deliver it" link
 * opens a confirmation page that changes nothing; the page's button releases the lead, whose
 * office e-mail then arrives once; a second use says what happened; a tampered and an expired
 * link change nothing and say so; "This is spam" from a delivered lead's e-mail records the
 * verdict, and the classifier gets the office's example; and on a second stack, the worker sends
 * the day's digest by itself once SPAM_DIGEST_TIME has passed, and the past week's report once
 * WEEKLY_REPORT has (each once, a restart of the worker sends neither again).
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { makeOfficeToken, OFFICE_CONFIRM_PATH } from '../core/spam/office-links'
import { OFFICE_ADDRESS, startStack, waitUntil, type Stack } from './stack'

test.describe.configure({ mode: 'serial' })

let stack: Stack
test.beforeAll(async () => {
  stack = await startStack('office-links')
})
test.afterAll(async () => {
  await stack?.close()
})

const QUARANTINED = {
  firstName: 'Marisol',
  lastName: 'Ortega',
  email: 'marisol.ortega@example.com',
  phone: '(720) 555-0147',
  address: '2214 Cherry Creek Dr, Denver, CO 80209',
  message:
    'Our neighbour says the storm on Sunday cracked several shingles on the north side; could someone take a look this week?',
  formType: 'contact',
  sourcePath: '/contact',
  // A browser's autofill filled the hidden field: held as spam, although a real person wrote it.
  website: 'https://marisol.example',
}

async function postEnquiry(body: Record<string, string>): Promise<string> {
  const res = await fetch(`${stack.baseUrl}/api/enquiries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: stack.baseUrl },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

/**
 * `site-admin leads digest` as the IT person runs it, with the site's mail settings. Not
 * stack.admin(): that waits synchronously, and the SMTP server it must reach runs in this process.
 */
async function sendDigest(): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['dist/node/site-admin.mjs', 'leads', 'digest'],
      {
        env: {
          PATH: process.env.PATH,
          DATABASE_PATH: stack.databasePath,
          SITE_URL: stack.baseUrl,
          SMTP_URL: stack.smtp.url,
          LEAD_NOTIFY_TO: OFFICE_ADDRESS,
          LEAD_NOTIFY_FROM: 'Website leads <leads@frontrange.example>',
        },
        timeout: 30_000,
      },
    )
    return { status: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string }
    return { status: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
  }
}

const officeMailsFor = (leadId: string) =>
  stack.smtp.messages.filter((m) => m.parsed.headers.get('x-lead-id') === leadId)
const digests = () => stack.smtp.messages.filter((m) => m.parsed.headers.get('x-spam-digest-id'))

function linkIn(html: string, code: 'n' | 's', leadId: string): string {
  const url = new RegExp(`https?://[^\\s"<>]+${OFFICE_CONFIRM_PATH}/${code}\\.${leadId}\\.[^\\s"<>]+`).exec(
    html,
  )?.[0]
  if (!url) throw new Error(`no ${code} link for ${leadId} in the e-mail`)
  return url
}

function query<T>(sql: string, ...args: string[]): T[] {
  const db = new Database(stack.databasePath, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all(...args) as T[]
  } finally {
    db.close()
  }
}
const rowOf = (id: string) =>
  query<Record<string, unknown>>('SELECT * FROM form_submissions WHERE id = ?', id)[0]
const actionsOf = (id: string) => query('SELECT action, source FROM office_actions WHERE lead_id = ?', id)
const examplesOf = (id: string) => query('SELECT label, source FROM spam_examples WHERE lead_id = ?', id)

/** Everything a link could change about a lead. */
const stateOf = (id: string) => ({
  row: rowOf(id),
  actions: actionsOf(id),
  examples: examplesOf(id),
  mails: officeMailsFor(id).length,
})

async function expectPage(page: Page, url: string, status: number, heading: string) {
  const res = await page.goto(url)
  expect(res?.status()).toBe(status)
  expect(res?.headers()['x-robots-tag']).toBe('noindex')
  expect(res?.headers()['cache-control']).toBe('no-store')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
}

let quarantinedId: string
let releaseUrl: string

test('the digest lists the held lead with why it was held and its "Not spam" link', async () => {
  quarantinedId = await postEnquiry(QUARANTINED)
  await waitUntil(() => rowOf(quarantinedId)?.quarantined_at != null, 'the lead to be held')
  const sent = await sendDigest()
  expect(sent.stderr).toBe('')
  expect(sent.status).toBe(0)
  expect(sent.stdout).toContain(`Sent the digest of 1 held lead to ${OFFICE_ADDRESS}.`)
  await waitUntil(() => digests().length === 1, 'the digest to arrive')
  const digest = digests()[0]!
  expect(digest.envelopeTo).toEqual([OFFICE_ADDRESS])
  const text = digest.parsed.text ?? ''
  for (const part of [
    'Marisol Ortega',
    QUARANTINED.phone,
    QUARANTINED.email,
    QUARANTINED.address,
    'Our neighbour says the storm on Sunday cracked several shingles',
    'honeypot field filled: +10',
    'Not spam: deliver it',
  ])
    expect(text).toContain(part)
  releaseUrl = linkIn(digest.parsed.html || '', 'n', quarantinedId)
  expect(text).toContain(releaseUrl)
  expect(officeMailsFor(quarantinedId)).toHaveLength(0)

  // Nothing new held since: a second digest is not sent.
  const again = await sendDigest()
  expect(again.stdout).toContain('Nothing held since the last digest')
})

test('the link opens a confirmation page that changes nothing; its button delivers the lead once; a second use says what happened', async ({
  page,
}) => {
  const before = stateOf(quarantinedId)
  await expectPage(page, releaseUrl, 200, 'Deliver this enquiry?')
  await expect(page.getByText('Marisol Ortega')).toBeVisible()
  await expect(page.getByText('honeypot field filled: +10')).toBeVisible()
  // A mail scanner opening it again changes nothing either.
  await page.reload()
  expect(stateOf(quarantinedId)).toEqual(before)

  await page.getByRole('button', { name: 'Not spam: deliver it' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enquiry delivered')
  await expect(page.getByRole('status')).toContainText('released from the spam hold on')
  await waitUntil(
    () => officeMailsFor(quarantinedId).length === 1,
    'the released lead to reach the office',
    30_000,
  )
  expect(actionsOf(quarantinedId)).toEqual([{ action: 'not_spam', source: 'office-link' }])
  expect(examplesOf(quarantinedId)).toEqual([{ label: 'not_spam', source: 'office-link' }])

  await expectPage(page, releaseUrl, 200, 'Already delivered')
  await expect(page.getByRole('status')).toContainText(
    'This enquiry was already released from the spam hold on',
  )
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0)
  // A used link is no window on the lead: its short id, and nothing of the homeowner's.
  await expect(page.getByRole('main')).toContainText(quarantinedId.slice(0, 8))
  for (const value of [
    QUARANTINED.firstName,
    QUARANTINED.lastName,
    QUARANTINED.email,
    QUARANTINED.phone,
    QUARANTINED.address,
    QUARANTINED.message,
  ])
    await expect(page.getByRole('main')).not.toContainText(value)
  // Long enough for the relay and the reconciler to have delivered anything twice.
  await new Promise((r) => setTimeout(r, 3000))
  expect(officeMailsFor(quarantinedId)).toHaveLength(1)

  const shown = stack.admin('leads', 'show', quarantinedId.slice(0, 8))
  expect(shown.stdout).toMatch(/office\s+released at \d{4}-\d\d-\d\dT\S+ \(Not spam link in the digest\)/)
})

test('a tampered link and an expired link change nothing and say what the office can do', async ({
  page,
}) => {
  const id = await postEnquiry({ ...QUARANTINED, email: 'second.held@example.com', firstName: 'Teodora' })
  await waitUntil(() => rowOf(id)?.quarantined_at != null, 'the lead to be held')
  const before = stateOf(id)

  const key = Buffer.from(
    query<{ value: string }>(`SELECT value FROM site_secrets WHERE name = 'office-links'`)[0]!.value,
    'base64url',
  )
  const valid = makeOfficeToken(key, 'not_spam', id, new Date(Date.now() + 60_000))
  const tampered = `${stack.baseUrl}${OFFICE_CONFIRM_PATH}/${valid.slice(0, -2)}xx`
  await expectPage(page, tampered, 404, 'This link does not work')
  await expect(page.getByText('Nothing has been changed.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0)

  const expired = `${stack.baseUrl}${OFFICE_CONFIRM_PATH}/${makeOfficeToken(key, 'not_spam', id, new Date(Date.now() - 1000))}`
  await expectPage(page, expired, 410, 'This link has expired')
  await expect(page.getByText('The enquiry is still held back, and will be deleted on')).toBeVisible()
  await expect(page.getByText(`site-admin leads not-spam ${id.slice(0, 8)}`)).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText('Teodora')
  await expect(page.getByRole('main')).not.toContainText('second.held@example.com')

  // A POST to either (a forged form) changes nothing too.
  for (const url of [tampered, expired]) {
    const res = await page.request.post(url, { headers: { Origin: stack.baseUrl }, form: {} })
    expect([404, 410]).toContain(res.status())
  }
  expect(stateOf(id)).toEqual(before)
})

test('"This is spam" in a delivered lead\'s e-mail records the verdict and the classifier\'s example', async ({
  page,
}) => {
  test.setTimeout(60_000)
  // A Denver homeowner's wording, which the filter lets through; the office judges it junk.
  const id = await postEnquiry({
    firstName: 'Gary',
    lastName: 'Pruitt',
    email: 'gary.pruitt@example.com',
    phone: '(303) 555-0176',
    address: '1820 S Pearl St, Denver, CO 80210',
    message: 'Do you also clean gutters? Ours need doing before winter.',
    formType: 'contact',
    sourcePath: '/contact',
  })
  await waitUntil(
    () => officeMailsFor(id).length === 1 || rowOf(id)?.quarantined_at != null,
    'the office e-mail',
    30_000,
  )
  expect(rowOf(id)?.quarantined_at, 'the lead must reach the office for this test').toBeNull()
  const mail = officeMailsFor(id)[0]!
  expect(mail.parsed.text).toContain('This is spam')
  const spamUrl = linkIn(mail.parsed.html || '', 's', id)

  await expectPage(page, spamUrl, 200, 'Mark this enquiry as spam?')
  expect(actionsOf(id)).toEqual([])
  await page.getByRole('button', { name: 'This is spam' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marked as spam')
  expect(actionsOf(id)).toEqual([{ action: 'spam', source: 'office-link' }])
  expect(examplesOf(id)).toEqual([{ label: 'spam', source: 'office-link' }])
  expect(rowOf(id)?.quarantined_at).toBeNull()

  await expectPage(page, spamUrl, 200, 'Already marked as spam')
  const shown = stack.admin('leads', 'show', id)
  expect(shown.stdout).toMatch(/office\s+marked as spam at \S+ \(This is spam link\)/)
})

/**
 * The past week on the office's clock, worked out here from the real clock (not by the product's
 * code): the WEEKLY_REPORT value due since midnight today, and the week's words as the office
 * reads them. A week runs Monday to Sunday in Denver; the report of the week before is due at
 * the configured day and time and is still sent, late, until the week is over.
 */
function pastOfficeWeek(now: Date) {
  const zone = 'America/Denver'
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now) // 2026-11-25
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(now) // Wed
  const sinceMonday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday)
  expect(sinceMonday).toBeGreaterThanOrEqual(0)
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  // Calendar dates only: noon UTC of each, formatted in UTC, so no clock change moves a day.
  const day = (offset: number) => new Date(Date.UTC(y, m - 1, d + offset, 12))
  const [monday, sunday] = [day(-sinceMonday - 7), day(-sinceMonday - 1)]
  const fmt = (o: Intl.DateTimeFormatOptions, at: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...o }).format(at)
  const long = (at: Date) => fmt({ weekday: 'long', month: 'long', day: 'numeric' }, at)
  const [monMonth, sunMonth] = [fmt({ month: 'short' }, monday), fmt({ month: 'short' }, sunday)]
  return {
    setting: `${weekday.toLowerCase()} 00:00`,
    monday: monday.toISOString().slice(0, 10),
    span: `${long(monday)} to ${long(sunday)}, ${sunday.getUTCFullYear()}`,
    short: `${monMonth} ${monday.getUTCDate()} – ${sunMonth === monMonth ? '' : `${sunMonth} `}${sunday.getUTCDate()}`,
  }
}

/** The plain part of the weekly report of a week that had no lead, as the office reads it. */
function emptyWeekReport(span: string): string {
  return [
    `Leads report for the week of ${span}`,
    '(Monday 00:00 to the next Monday 00:00, America/Denver time)',
    '',
    '0 leads (the week before: 0)',
    '',
    'Leads by source (this week / the week before)',
    '- none',
    '',
    'Leads by form',
    '- Contact form in the pop-up: 0',
    '- Contact page form: 0',
    '- Hail report page: 0',
    '- Hail report offer in the exit-intent pop-up: 0',
    '',
    'Spam',
    '- Held as spam: 0',
    '- Released from the hold: 0',
    '- Delivered leads marked "This is spam": 0',
    '',
    'How quickly leads reached the office',
    '- No leads this week.',
    '',
    'Bookings: leads booked of the leads that came in (this week / the week before)',
    '- All leads: 0 of 0 (–) / 0 of 0 (–)',
    '- Median time from lead to booking: no booking yet',
    '',
    'Booked by source, last touch',
    '- none',
    '',
    'Booked by source, first touch',
    '- none',
    '',
    'Booked by form',
    '- Contact form in the pop-up: 0 of 0 (–) / 0 of 0 (–)',
    '- Contact page form: 0 of 0 (–) / 0 of 0 (–)',
    '- Hail report page: 0 of 0 (–) / 0 of 0 (–)',
    '- Hail report offer in the exit-intent pop-up: 0 of 0 (–) / 0 of 0 (–)',
    '',
    "Still not booked or marked: 0 of this week's leads (the week before: 0)",
    '',
    'Spam held by the filter is not counted as a lead; a lead released from the hold is, in the week it was received.',
    'A lead is timed from when the site stored it (or from its release) to when the mail server accepted the e-mail to the office.',
    'A lead counts as booked in the week it came in, whenever it booked: through the booking page, or marked "Booked by phone" by the office.',
    'The same counts, by campaign and landing page too: site-admin leads report.',
    '',
  ].join('\n')
}

test("on a stack of its own, the worker sends the day's digest and the past week's report by itself once their time has passed, and each once", async () => {
  test.setTimeout(90_000)
  // Midnight on the office's clock has always passed: the worker's first look (10 s after it
  // starts) finds today's digest due, and its look at start finds the report of the past week
  // due since midnight today (today's weekday at 00:00).
  const week = pastOfficeWeek(new Date())
  const own = await startStack('office-digest', { SPAM_DIGEST_TIME: '00:00', WEEKLY_REPORT: week.setting })
  const readOwn = <T>(sql: string): T[] => {
    const db = new Database(own.databasePath, { readonly: true, fileMustExist: true })
    try {
      return db.prepare(sql).all() as T[]
    } finally {
      db.close()
    }
  }
  const weeklyReports = () =>
    own.smtp.messages.filter((m) => /^<weekly-report-/.test(m.parsed.messageId ?? ''))
  const digestsOf = () => own.smtp.messages.filter((m) => m.parsed.headers.get('x-spam-digest-id'))
  try {
    const res = await fetch(`${own.baseUrl}/api/enquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: own.baseUrl },
      body: JSON.stringify({ ...QUARANTINED, email: 'scheduled.digest@example.com' }),
    })
    expect(res.status).toBe(201)
    const id = ((await res.json()) as { id: string }).id
    await waitUntil(() => digestsOf().length === 1, "the worker's digest", 30_000)
    expect(digestsOf()[0]!.parsed.html).toContain(`/office/confirm/n.${id}.`)
    expect(readOwn('SELECT trigger, day, status, leads FROM spam_digests')).toEqual([
      {
        trigger: 'schedule',
        day: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(new Date()),
        status: 'sent',
        leads: 1,
      },
    ])

    // The weekly report of the past week, to the office. The stack's leads were all stored this
    // week, so the past week (and the one before it) had none: the report says so.
    await waitUntil(() => weeklyReports().length === 1, "the worker's weekly report", 30_000)
    const report = weeklyReports()[0]!
    expect(report.envelopeTo).toEqual([OFFICE_ADDRESS])
    expect(report.parsed.subject).toBe(`Leads report, ${week.short}: 0 leads (week before: 0)`)
    expect(report.parsed.messageId).toBe(`<weekly-report-${week.monday}@frontrange.example>`)
    expect(report.parsed.headers.get('auto-submitted')).toBe('auto-generated')
    expect((report.parsed.text ?? '').replace(/\r\n/g, '\n')).toBe(emptyWeekReport(week.span))
    expect(report.parsed.html).toContain('No leads this week.')
    const recorded = () => readOwn('SELECT week, trigger, status, attempts, recipients FROM weekly_reports')
    expect(recorded()).toEqual([
      { week: week.monday, trigger: 'schedule', status: 'sent', attempts: 1, recipients: OFFICE_ADDRESS },
    ])

    // A restarted worker (a deploy) looks at once again, finds the week and the day recorded,
    // and sends neither again. A lead it then delivers shows it is up and past that first look.
    await own.restartWorker()
    const lead = await fetch(`${own.baseUrl}/api/enquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: own.baseUrl },
      body: JSON.stringify({
        firstName: 'Gary',
        lastName: 'Pruitt',
        email: 'after.restart@example.com',
        phone: '(303) 555-0176',
        address: '1820 S Pearl St, Denver, CO 80210',
        message: 'Do you also clean gutters? Ours need doing before winter.',
        formType: 'contact',
        sourcePath: '/contact',
      }),
    })
    expect(lead.status).toBe(201)
    const leadId = ((await lead.json()) as { id: string }).id
    await waitUntil(
      () => own.smtp.messages.some((m) => m.parsed.headers.get('x-lead-id') === leadId),
      "the restarted worker's office e-mail",
      30_000,
    )
    expect(weeklyReports()).toHaveLength(1)
    expect(digestsOf()).toHaveLength(1)
    expect(recorded()).toEqual([
      { week: week.monday, trigger: 'schedule', status: 'sent', attempts: 1, recipients: OFFICE_ADDRESS },
    ])
  } finally {
    await own.close()
  }
})
