/**
 * Follow-ups until booked (docs/bookings.md): a lead that has not booked gets an e-mail at each of
 * FOLLOW_UP_AFTER's delays, only within FOLLOW_UP_HOURS on the business clock, each once, to a
 * real SMTP server; they stop at a booking (a Calendly event through the real route), an
 * unsubscribe (the real one-click POST), the office's mark (its e-mail's link, GET inert, POST
 * records) and quarantine, and none goes out after any of these, even one already planned. The
 * follow-ups' stop list and the storm alerts' are separate. The desk's passes run at chosen
 * moments on the business clock.
 */
import request from 'supertest'
import { describe, expect, test } from 'vitest'
import {
  createMarkLinks,
  makeBookingRef,
  markLead,
  readLeadState,
  type BookingDesk,
} from '../../core/bookings'
import { stopAlerts } from '../../core/storm-response'
import { addLead } from '../support/leads'
import { sampleWeatherReport, type WeatherReport } from '../../core/storms'
import { saveLeadReport } from '../../core/storms/lead-reports'
import { calendlyEvent, calendlySignature } from '../support/booking-tools'
import { startTestSmtpServer } from '../support/notify-peers'
import { deskMessages, june2027 as denver, officeMailEnv, useMailingDesk } from '../support/booking-desk'
import { usePipeline, type Pipeline } from '../support/pipeline'
import { usePeer } from '../support/use-peer'

const smtp = usePeer(startTestSmtpServer)

const HOUR = 60 * 60_000
const DAY = 24 * HOUR
const CALENDLY_KEY = 'follow-up-test-calendly-key'
const followUpsOf = (p: Pipeline, leadId: string) =>
  deskMessages<{ key: string; status: string; due_at: string; detail: string | null }>(
    p,
    leadId,
    'follow-up',
    ['key', 'status', 'due_at', 'detail'],
  )

/** What reached the SMTP server for `address` (counted the moment it was accepted). */
const mailsTo = (address: string) => smtp.accepted.filter((m) => m.envelopeTo.includes(address))

/** The parsed messages to `address`, once `count` of them are parsed. */
/** The first `count` messages to `address` once parsed; fails the test when they never are (5 s). */
async function parsedTo(address: string, count = 1) {
  const deadline = Date.now() + 5000
  for (;;) {
    const found = smtp.messages.filter((m) => m.envelopeTo.includes(address))
    if (found.length >= count) return found
    if (Date.now() > deadline)
      throw new Error(`waited 5 s for ${count} message(s) to ${address}; ${found.length} parsed`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: *(.*(?:\r?\n[ \t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ')

describe('follow-ups until booked', () => {
  const pipeline = usePipeline(() => ({
    label: 'follow-ups',
    env: {
      ...officeMailEnv(smtp),
      SITE_URL: 'https://www.roofing.example',
      CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY,
      FOLLOW_UP_AFTER: '1d,3d',
      FOLLOW_UP_HOURS: '08-19',
      // The nudge stays out of these tests' way.
      OFFICE_NUDGE_AFTER: '24h',
    },
  }))
  const desk = useMailingDesk(pipeline, (c, mailer) => ({
    followUps: { mailer, from: c.notify.smtp!.from, business: c.business },
  }))

  test('a lead that has not booked gets each follow-up once, at 1d and 3d: the booking link with its reference, the phone, one-click unsubscribe', () =>
    eachOnceWithItsLinks(pipeline(), desk()))

  test('they go out only within FOLLOW_UP_HOURS: one due at 9 PM goes at 8 AM', async () => {
    const p = pipeline()
    const id = addLead(p.db, { createdAt: denver(12, 21), email: 'nina.night@example.com' })
    await desk().runPass(denver(13, 21, 1))
    await desk().runPass(denver(14, 7, 59))
    expect(followUpsOf(p, id)).toEqual([])
    await desk().runPass(denver(14, 8, 0))
    expect(followUpsOf(p, id).map((f) => [f.status, f.due_at])).toEqual([
      ['sent', denver(14, 8).toISOString()],
    ])
    // 8 AM in summer is 14:00 UTC, in winter 15:00: the hours are the wall clock's in Denver.
    expect(denver(14, 8).toISOString()).toBe('2027-06-14T14:00:00.000Z')
  })

  test('a booking stops them, a follow-up already planned included', async () => {
    const p = pipeline()
    const createdAt = denver(15, 9)
    const ref = makeBookingRef()
    const id = addLead(p.db, { createdAt, email: 'bo.booker@example.com', bookingRef: ref })
    await desk().runPass(new Date(createdAt.getTime() + DAY + 1000))
    expect(followUpsOf(p, id).map((f) => f.status)).toEqual(['sent'])
    const body = calendlyEvent('invitee.created', {
      email: 'bo.booker@example.com',
      name: 'Bo Booker',
      startTime: denver(30, 10).toISOString(),
      ref,
    })
    await request(p.http)
      .post('/api/booking-events/calendly')
      .set('content-type', 'application/json')
      .set('calendly-webhook-signature', calendlySignature(body, CALENDLY_KEY))
      .send(body)
      .expect(201)
    await desk().runPass(new Date(createdAt.getTime() + 3 * DAY + 1000))
    expect(readLeadState(p.db, id).state).toBe('booked')
    expect(followUpsOf(p, id).map((f) => f.status)).toEqual(['sent'])
    expect(mailsTo('bo.booker@example.com')).toHaveLength(1)
  })

  test('the office’s mark from its e-mail stops them: the link’s GET changes nothing, its POST records the mark', () =>
    officeMarkStopsThem(pipeline(), desk()))

  test('a mark or quarantine after a follow-up is planned stops it right before the send', async () => {
    const p = pipeline()
    const createdAt = denver(24, 9)
    const marked = addLead(p.db, { createdAt, email: 'late.mark@example.com' })
    const quarantined = addLead(p.db, { createdAt, email: 'late.held@example.com' })
    // SMTP holds its answers: the first pass plans and claims; the stop comes meanwhile.
    p.db
      .prepare(
        `INSERT INTO lead_messages (key, kind, medium, audience, lead_id, status, due_at, next_attempt_at, started_at, created_at, updated_at)
         SELECT 'follow-up:' || id || ':1', 'follow-up', 'email', 'homeowner', id, 'pending', ?, ?, ?, ?, ? FROM form_submissions WHERE id IN (?, ?)`,
      )
      .run(...Array(5).fill(new Date(createdAt.getTime() + DAY).toISOString()), marked, quarantined)
    markLead(p.db, marked, 'lost', 'site-admin', new Date(createdAt.getTime() + DAY - HOUR))
    p.db
      .prepare('UPDATE form_submissions SET quarantined_at = ? WHERE id = ?')
      .run(createdAt.toISOString(), quarantined)
    await desk().runPass(new Date(createdAt.getTime() + DAY + 1000))
    expect(followUpsOf(p, marked).map((f) => [f.status, f.detail?.split(' since')[0]])).toEqual([
      ['stopped', 'not needed: the lead is lost'],
    ])
    expect(followUpsOf(p, quarantined).map((f) => [f.status, f.detail])).toEqual([
      ['stopped', 'not sent: the lead is held as spam'],
    ])
    await desk().runPass(new Date(createdAt.getTime() + 4 * DAY))
    expect(followUpsOf(p, quarantined)).toHaveLength(1)
    expect(mailsTo('late.mark@example.com')).toHaveLength(0)
    expect(mailsTo('late.held@example.com')).toHaveLength(0)
  })

  test('the unsubscribe: GET changes nothing, one-click POST stops them, and storm alerts keep their own list', () =>
    unsubscribeStopsThem(pipeline(), desk()))

  test('a mark link of a lead held as spam changes nothing, GET or POST, and says to release it first', async () => {
    const p = pipeline()
    const id = addLead(p.db, { createdAt: denver(33, 9), email: 'held.mark@example.com' })
    p.db
      .prepare('UPDATE form_submissions SET quarantined_at = ? WHERE id = ?')
      .run(denver(33, 9).toISOString(), id)
    const [booked] = createMarkLinks(p.db, { siteUrl: 'https://www.roofing.example', days: 14 })(id)
    const path = booked!.url.replace('https://www.roofing.example', '')
    const page = await request(p.http).get(path).expect(409)
    expect(page.text).toContain('This enquiry is held as spam')
    await request(p.http).post(path).set('origin', 'https://www.roofing.example').expect(409)
    expect(readLeadState(p.db, id).state).toBe('new')
  })

  test('a hail report lead’s follow-up quotes its report', () => quotesItsReport(pipeline(), desk()))
})

async function officeMarkStopsThem(p: Pipeline, desk: BookingDesk) {
  const createdAt = denver(19, 9)
  const rita = { firstName: 'Rita', lastName: 'Reached', email: 'rita.reached@example.com' }
  const id = addLead(p.db, { createdAt, ...rita })
  // The office e-mail, sent by the notifier, carries the three links.
  await p.notifier().deliverLead(id, `lead-${id}`)
  await smtp.waitForMessages(smtp.accepted.length)
  const office = smtp.messages.find((m) => m.parsed.headers.get('x-lead-id') === id)!
  const html = String(office.parsed.html)
  for (const words of ['Booked by phone', 'Reached, not booked yet', 'Not interested'])
    expect(html).toContain(`>${words}</a>`)
  const links = [...html.matchAll(/href="https:\/\/www\.roofing\.example(\/office\/mark\/[^"]+)"/g)].map(
    (m) => m[1]!,
  )
  expect(links).toHaveLength(3)
  const reached = links[1]!
  // A mail scanner opens the link: nothing changes.
  const page = await request(p.http).get(reached).expect(200)
  expect(page.headers['cache-control']).toBe('no-store')
  expect(page.text).toContain('Record “Reached, not booked yet”?')
  expect(page.text).toContain('<button type="submit">Reached, not booked yet</button>')
  expect(readLeadState(p.db, id).state).toBe('new')
  // A POST from another site is refused.
  await request(p.http).post(reached).set('origin', 'https://evil.example').expect(403)
  expect(readLeadState(p.db, id).state).toBe('new')
  // The page's button.
  const done = await request(p.http).post(reached).set('origin', 'https://www.roofing.example').expect(200)
  expect(done.text).toContain('Recorded: Reached, not booked yet')
  expect(readLeadState(p.db, id).state).toBe('reached')
  const history = p.db
    .prepare('SELECT state, cause, detail FROM lead_state_changes WHERE lead_id = ?')
    .all(id)
  expect(history).toEqual([{ state: 'reached', cause: 'office-link', detail: 'Reached, not booked yet' }])
  // A link altered by one character is no link.
  await request(p.http)
    .get(`${reached.slice(0, -1)}${reached.endsWith('A') ? 'B' : 'A'}`)
    .expect(404)
  await desk.runPass(new Date(createdAt.getTime() + 4 * DAY))
  expect(followUpsOf(p, id)).toEqual([])
  expect(mailsTo('rita.reached@example.com')).toHaveLength(0)
}

async function unsubscribeStopsThem(p: Pipeline, desk: BookingDesk) {
  const createdAt = denver(29, 9)
  const id = addLead(p.db, { createdAt, email: 'una.sub@example.com', stormAlerts: true })
  await desk.runPass(new Date(createdAt.getTime() + DAY + 1000))
  const [mail] = await parsedTo('una.sub@example.com')
  const link = /^<https:\/\/www\.roofing\.example([^>]+)>$/.exec(
    String(header(mail!.raw, 'List-Unsubscribe')?.trim()),
  )![1]!
  const page = await request(p.http).get(link).expect(200)
  expect(page.text).toContain('Stop the reminders?')
  expect(page.text).toContain('u•••@example.com')
  expect(p.db.prepare('SELECT COUNT(*) AS n FROM follow_up_stops').get()).toEqual({ n: 0 })
  // Without the one-click body, nothing.
  await request(p.http).post(link).type('form').send({ other: 'x' }).expect(400)
  // The mail client's one-click POST, from its own server (no Origin of the site).
  const done = await request(p.http)
    .post(link)
    .set('origin', 'https://mail.example')
    .type('form')
    .send('List-Unsubscribe=One-Click')
    .expect(200)
  expect(done.text).toContain('Reminders stopped')
  expect(p.db.prepare('SELECT email, how FROM follow_up_stops').all()).toEqual([
    { email: 'una.sub@example.com', how: 'one-click' },
  ])
  // Storm alerts are not stopped by it.
  expect(p.db.prepare('SELECT COUNT(*) AS n FROM storm_alert_stops').get()).toEqual({ n: 0 })
  await desk.runPass(new Date(createdAt.getTime() + 3 * DAY + 1000))
  expect(followUpsOf(p, id).map((f) => f.status)).toEqual(['sent'])
  expect(mailsTo('una.sub@example.com')).toHaveLength(1)

  // The other way round: stopping storm alerts leaves the follow-ups.
  const other = addLead(p.db, { createdAt, email: 'storm.only@example.com', stormAlerts: true })
  stopAlerts(p.db, 'storm.only@example.com', 'one-click', createdAt)
  await desk.runPass(new Date(createdAt.getTime() + 3 * DAY + 10_000))
  expect(followUpsOf(p, other).map((f) => f.status)).toEqual(['skipped', 'sent'])
  expect(mailsTo('storm.only@example.com')).toHaveLength(1)
}

async function eachOnceWithItsLinks(p: Pipeline, desk: BookingDesk) {
  const createdAt = denver(1, 10)
  const ref = makeBookingRef()
  const id = addLead(p.db, {
    createdAt,
    firstName: 'Alma',
    lastName: 'Homeowner',
    email: 'alma.follow@example.com',
    bookingRef: ref,
  })
  await desk.runPass(new Date(createdAt.getTime() + DAY - 60_000))
  expect(followUpsOf(p, id)).toEqual([])
  await desk.runPass(new Date(createdAt.getTime() + DAY + 1000))
  expect(followUpsOf(p, id).map((f) => [f.key, f.status, f.due_at])).toEqual([
    [`follow-up:${id}:1`, 'sent', new Date(createdAt.getTime() + DAY).toISOString()],
  ])
  const [mail] = await parsedTo('alma.follow@example.com')
  expect(mail!.envelopeTo).toEqual(['alma.follow@example.com'])
  expect(mail!.parsed.subject).toBe('Your free roof inspection with Front Range Roofing Co.: pick a time')
  expect(mail!.parsed.messageId).toBe(`<follow-up-${id}-1@roofing.example>`)
  const html = String(mail!.parsed.html)
  const booking = /href="(https:\/\/calendly\.com\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&')
  const url = new URL(booking)
  expect(url.searchParams.get('salesforce_uuid')).toBe(ref)
  expect(url.searchParams.get('metadata[leadRef]')).toBe(ref)
  expect(url.searchParams.get('email')).toBe('alma.follow@example.com')
  expect(url.searchParams.get('name')).toBe('Alma Homeowner')
  expect(html).toContain('href="tel:+13035550142"')
  const unsubscribe = `https://www.roofing.example/follow-ups/unsubscribe/${id}.`
  expect(header(mail!.raw, 'List-Unsubscribe')?.trim()).toMatch(
    new RegExp(`^<${unsubscribe.replace(/[.]/g, '\\.')}[A-Za-z0-9_-]{32}>$`),
  )
  expect(header(mail!.raw, 'List-Unsubscribe-Post')?.trim()).toBe('List-Unsubscribe=One-Click')
  expect(mail!.parsed.text).toContain('Stop these reminders')
  // Passes again the same day send nothing more; the second comes at 3 days.
  await desk.runPass(new Date(createdAt.getTime() + DAY + 2 * HOUR))
  await desk.runPass(new Date(createdAt.getTime() + 3 * DAY + 1000))
  expect(followUpsOf(p, id).map((f) => [f.key, f.status])).toEqual([
    [`follow-up:${id}:1`, 'sent'],
    [`follow-up:${id}:2`, 'sent'],
  ])
  await desk.runPass(new Date(createdAt.getTime() + 10 * DAY))
  const mails = await parsedTo('alma.follow@example.com', 2)
  expect(mailsTo('alma.follow@example.com')).toHaveLength(2)
  expect(mails.map((m) => m.parsed.messageId)).toEqual([
    `<follow-up-${id}-1@roofing.example>`,
    `<follow-up-${id}-2@roofing.example>`,
  ])
  expect(mails[1]!.parsed.subject).toBe('Still want your roof inspected? A time is one click away')
}

async function quotesItsReport(p: Pipeline, desk: BookingDesk) {
  const createdAt = denver(34, 9)
  const hailReport = { form: 'hail_report', formType: 'contact' } as const
  const leadWithReport = (email: string, report: WeatherReport) => {
    const leadId = addLead(p.db, { createdAt, ...hailReport, email })
    saveLeadReport(p.db, { leadId, location: report.location, report, madeAt: createdAt })
  }
  leadWithReport('hal.hail@example.com', sampleWeatherReport())
  // Without radar data it quotes the largest hail of NOAA's records within a mile.
  leadWithReport('nora.noradar@example.com', { ...sampleWeatherReport(), radar: undefined })
  // An evening storm is dated by its Denver day, as in the PDF: 8:10 PM MDT on 12 Jun is 13 Jun in UTC.
  const sample = sampleWeatherReport()
  const near = { ...sample.summary.largestHailWithin1Mi!, beginAt: '2024-06-13T02:10:00.000Z' }
  leadWithReport('eve.evening@example.com', {
    ...sample,
    summary: { ...sample.summary, largestHailWithin1Mi: near },
    radar: undefined,
  })
  await desk.runPass(new Date(createdAt.getTime() + DAY + 1000))
  const [mail] = await parsedTo('hal.hail@example.com')
  // The size and the date are kept whole on a phone (no-break spaces).
  expect(mail!.parsed.text?.replace(/\u00a0/g, ' ')).toContain(
    'Radar saw about 1.6 in at your home on 12 Jun 2024.',
  )
  expect(String(mail!.parsed.html)).toContain(
    'Radar saw about 1.6\u00a0in at your home on 12\u00a0Jun\u00a02024.',
  )
  const [noRadar] = await parsedTo('nora.noradar@example.com')
  expect(noRadar!.parsed.text?.replace(/\u00a0/g, ' ')).toContain(
    "NOAA's records show 1.8 in hail 0.6 mi NW of your home on 12 Jun 2024.",
  )
  const [late] = await parsedTo('eve.evening@example.com')
  expect(late!.parsed.text?.replace(/\u00a0/g, ' ')).toContain(
    "NOAA's records show 1.8 in hail 0.6 mi NW of your home on 12 Jun 2024.",
  )
}
