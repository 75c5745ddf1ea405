/**
 * Bookings come back from the scheduling tools and the office hears at once, in the lead's
 * thread (docs/bookings.md): the real routes with events signed as Calendly and Cal.com sign
 * them, the real SQLite file, the worker's lead delivery on a real Redis, the bookings desk
 * (worker/bookings.ts) sending through a real SMTP server and a local peer laid out like
 * Twilio's API. Forged, stale and unsigned events; replays; a reschedule of each tool; a booking
 * with no lead; the thread headers; the lead's state and history; /readyz; site-admin.
 */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { messagesOfEvents, readLeadHistory, readLeadState } from '../../core/bookings'
import { startBookings, type BookingsSchedule } from '../../worker/bookings'
import { VALID_ENQUIRY } from '../support/enquiries'
import { startTestSmtpServer, type ReceivedMail } from '../support/notify-peers'
import { startTestTwilioPeer, twilioEnv } from '../support/twilio-peer'
import {
  bookingRefOf,
  calComEvent,
  calComSignature,
  calendlyEvent,
  calendlyInviteeUri,
  calendlySignature,
} from '../support/booking-tools'
import { SITE_ORIGIN, usePipeline, waitFor, type Pipeline } from '../support/pipeline'
import { runAdminCaptured } from '../support/admin'
import { usePeer } from '../support/use-peer'
import { officeMailEnv } from '../support/booking-desk'
import { storeStormDay } from '../support/storm-days'
import { lookupZip } from '../../core/platform/zip-table'
import { formatIsoDate } from '../../shared/business-time'
import { denverDate } from '../../core/storms/radar/days'
import { pointAt } from '../../core/platform/geography'
import { locateAddressAnswered } from '../../core/storms'
import { placeUnplacedLeads } from '../../core/storm-response/places'
import { radarHailLine } from '../../core/notifications/radar-hail-line'
import { findLead } from '../../core/leads'
import { placeStreets, startGeocoderPeer } from '../support/geocoder-peer'

const CALENDLY_KEY = 'whk_calendly_signing_key_for_tests_0123456789'
const CAL_COM_SECRET = 'cal-com-webhook-secret-for-tests'
/** Tue 1 Dec 2026, 10:00 AM in Denver (MST, UTC-7). */
const TUE_10AM = '2026-12-01T17:00:00.000000Z'
/** Wed 2 Dec 2026, 1:00 PM in Denver. */
const WED_1PM = '2026-12-02T20:00:00Z'

const smtp = usePeer(startTestSmtpServer)
const twilio = usePeer(startTestTwilioPeer)

const countEvents = (p: Pipeline) =>
  (p.db.prepare('SELECT COUNT(*) AS n FROM booking_events').get() as { n: number }).n

function deliverCalendly(p: Pipeline, body: string, header = calendlySignature(body, CALENDLY_KEY)) {
  const req = request(p.http).post('/api/booking-events/calendly').set('Content-Type', 'application/json')
  return (header ? req.set('Calendly-Webhook-Signature', header) : req).send(body)
}

function deliverCalCom(p: Pipeline, body: string, header = calComSignature(body, CAL_COM_SECRET)) {
  const req = request(p.http).post('/api/booking-events/cal-com').set('Content-Type', 'application/json')
  return (header ? req.set('X-Cal-Signature-256', header) : req).send(body)
}

async function postLead(p: Pipeline, fields: Record<string, string>): Promise<{ id: string; ref: string }> {
  const res = await request(p.http)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send({ ...VALID_ENQUIRY, ...fields })
  expect(res.status).toBe(201)
  const ref = bookingRefOf(res.headers['set-cookie'])
  expect(ref).toMatch(/^[A-Za-z0-9]{22}$/)
  return { id: res.body.id as string, ref: ref! }
}

/** The status of one row, read by a query with one `?`. */
const statusOf = (p: Pipeline, sql: string, arg: string) =>
  (p.db.prepare(sql).get(arg) as { status: string } | undefined)?.status

const mailWith = (subject: string) => smtp.messages.find((m) => m.parsed.subject === subject)
const officeMailOf = (leadId: string) =>
  smtp.messages.find((m) => m.parsed.headers.get('x-lead-id') === leadId)

async function waitForMail(subject: string): Promise<ReceivedMail> {
  await waitFor(() => mailWith(subject) !== undefined, 10_000, `the e-mail "${subject}"`)
  return mailWith(subject)!
}

const siteAdmin = (p: Pipeline, argv: string[]) =>
  runAdminCaptured(argv, { env: { DATABASE_PATH: p.config.databasePath } })

// One stack for the tests below: the web app, the lead worker and the bookings desk.
const pipeline = usePipeline(
  () => ({
    label: 'bookings',
    env: {
      ...officeMailEnv(smtp),
      CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY,
      CAL_COM_WEBHOOK_SECRET: CAL_COM_SECRET,
      ...twilioEnv(twilio),
      NOTIFY_RETRY_BASE_MS: '50',
      NOTIFY_RETRY_MAX_MS: '200',
    },
    deliveryGraceMs: 60_000,
  }),
  { worker: true, reconciler: true },
)
let desk: BookingsSchedule
beforeAll(() => {
  const p = pipeline()
  desk = startBookings({ db: p.db, logger: p.logger, config: p.workerConfig, intervalMs: 50 })
})
afterAll(async () => {
  await desk?.stop()
})

describe('what the endpoints refuse', () => {
  test('unsigned, forged and stale Calendly events get a 401 with the reason, and nothing is stored', async () => {
    const p = pipeline()
    const body = calendlyEvent('invitee.created', {
      email: 'x@example.com',
      name: 'X Y',
      startTime: TUE_10AM,
    })
    const unsigned = await deliverCalendly(p, body, '')
    expect(unsigned.status).toBe(401)
    expect(unsigned.body.error).toMatch(/^Unsigned: the Calendly-Webhook-Signature header is missing/)
    const forged = await deliverCalendly(p, body, calendlySignature(body, 'not-the-key'))
    expect(forged.status).toBe(401)
    expect(forged.body.error).toMatch(/^Wrong signature/)
    const tampered = await deliverCalendly(
      p,
      body.replace('x@example.com', 'y@example.com'),
      calendlySignature(body, CALENDLY_KEY),
    )
    expect(tampered.status).toBe(401)
    const stale = await deliverCalendly(
      p,
      body,
      calendlySignature(body, CALENDLY_KEY, Math.floor(Date.now() / 1000) - 4 * 60),
    )
    expect(stale.status).toBe(401)
    expect(stale.body.error).toMatch(/^Stale signature: signed 24\d s from now, more than 180 s/)
    const garbled = await deliverCalendly(p, body, 'sha256=abc')
    expect(garbled.status).toBe(401)
    expect(garbled.body.error).toBe(
      'Calendly-Webhook-Signature must read t=<unix seconds>,v1=<hex signature>.',
    )
    expect(countEvents(p)).toBe(0)
  })

  test('unsigned and forged Cal.com events get a 401, a body that is not the tool’s event a 400', async () => {
    const p = pipeline()
    const body = calComEvent('BOOKING_CREATED', { email: 'x@example.com', name: 'X Y', startTime: TUE_10AM })
    expect((await deliverCalCom(p, body, '')).body.error).toMatch(/^Unsigned: the X-Cal-Signature-256 header/)
    expect((await deliverCalCom(p, body, calComSignature(body, 'wrong'))).status).toBe(401)
    // Signed right, but not the tool's event: 400 with what is wrong.
    const notJson = await deliverCalCom(p, 'hello')
    expect(notJson.status).toBe(400)
    expect(notJson.body.error).toBe(
      'Not a Cal.com webhook event: expected JSON with "triggerEvent" and "payload".',
    )
    const calendlyBody = calendlyEvent('invitee.created', {
      email: 'x@example.com',
      name: 'X',
      startTime: TUE_10AM,
    })
    expect((await deliverCalCom(p, calendlyBody)).status).toBe(400)
    const noUid = JSON.stringify({ triggerEvent: 'BOOKING_CREATED', payload: { startTime: TUE_10AM } })
    const missing = await deliverCalCom(p, noUid)
    expect(missing.status).toBe(400)
    expect(missing.body.error).toMatch(/^Not a Cal\.com event this site can read: payload\.uid: /)
    const badTime = calendlyEvent('invitee.created', {
      email: 'x@example.com',
      name: 'X',
      startTime: TUE_10AM,
    }).replace(/"start_time":"[^"]+"/, '"start_time":"next tuesday"')
    const refused = await deliverCalendly(p, badTime)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe(
      'Not a Calendly event this site can read: payload.scheduled_event.start_time: must be a date and time (ISO 8601).',
    )
    // Another of the tool's events (Cal.com's ping, a meeting that ended): answered, not stored.
    const ping = await deliverCalCom(
      p,
      calComEvent('PING', { email: 'x@example.com', name: 'X', startTime: TUE_10AM }),
    )
    expect(ping.status).toBe(200)
    expect(ping.body).toMatchObject({ success: true, stored: false })
    expect(countEvents(p)).toBe(0)
    expect((await request(p.http).get('/api/booking-events/cal-com')).status).toBe(405)
  })
})

describe('a booking reaches the office', () => {
  test('a booking with the lead’s reference: stored once, the office hears in the lead’s thread by e-mail and text', async () => {
    const p = pipeline()
    const lead = await postLead(p, {
      email: 'alma.homeowner@example.com',
      firstName: 'Alma',
      lastName: 'Homeowner',
      phone: '(303) 555-0121',
    })
    await waitFor(() => officeMailOf(lead.id) !== undefined, 10_000, 'the lead’s office e-mail')
    const body = calendlyEvent('invitee.created', {
      // The tool's invitee is not the e-mail of the form: the reference alone finds the lead.
      email: 'alma.h@elsewhere.example',
      name: 'Alma H',
      startTime: TUE_10AM,
      ref: lead.ref,
    })
    const first = await deliverCalendly(p, body)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ success: true, stored: true })
    // The tool retries: the same event again changes nothing.
    const again = await deliverCalendly(p, body)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({
      success: true,
      stored: false,
      id: first.body.id,
      detail: 'already stored',
    })
    expect(countEvents(p)).toBe(1)

    const notice = await waitForMail('Booked: Alma Homeowner, Tue 1 Dec, 10:00 AM')
    const leadMail = officeMailOf(lead.id)!
    expect(leadMail.parsed.messageId).toBe(`<lead-${lead.id}@roofing.example>`)
    expect(notice.parsed.inReplyTo).toBe(leadMail.parsed.messageId)
    expect(notice.parsed.references).toBe(leadMail.parsed.messageId)
    expect(notice.parsed.messageId).toBe(`<booking-${first.body.id}@roofing.example>`)
    expect(notice.envelopeTo).toEqual(['office@roofing.example'])
    const html = String(notice.parsed.html)
    expect(html).toContain('href="tel:+13035550121"')
    expect(html).toContain(
      `href="https://www.google.com/maps/dir/?api=1&amp;destination=${encodeURIComponent(VALID_ENQUIRY.address)}"`,
    )
    expect(notice.parsed.text).toContain('Tue, Dec 1, 2026, 10:00 AM MST')
    await twilio.waitForTexts(1)
    await waitFor(
      () => twilio.texts.some((t) => t.body.startsWith('Booked: Alma Homeowner, Tue 1 Dec, 10:00 AM.')),
      10_000,
      'the text',
    )
    const text = twilio.texts.find((t) => t.body.startsWith('Booked: Alma Homeowner'))!
    expect(text).toMatchObject({ to: '+13035550142', from: '+17205550100' })
    expect(text.body).toContain('Call (303) 555-0121.')
    expect(text.segments).toBeLessThanOrEqual(2)

    expect(readLeadState(p.db, lead.id)).toMatchObject({
      state: 'booked',
      bookedFor: '2026-12-01T17:00:00.000Z',
    })
    expect(readLeadHistory(p.db, lead.id)).toMatchObject([
      {
        state: 'booked',
        cause: 'calendly',
        detail: 'invitee.created',
        bookedFor: '2026-12-01T17:00:00.000Z',
      },
    ])
    // Exactly one notice of each kind for the event, however often it was delivered: asserted
    // once every message the event planned has reached its final state.
    const eventId = first.body.id as number
    await waitFor(
      () => (messagesOfEvents(p.db, [eventId])[eventId] ?? []).every((m) => m.status !== 'pending'),
      10_000,
      "the booking event's messages to be final",
    )
    expect(smtp.messages.filter((m) => m.parsed.subject?.startsWith('Booked: Alma Homeowner'))).toHaveLength(
      1,
    )
    expect(twilio.texts.filter((t) => t.body.startsWith('Booked: Alma Homeowner'))).toHaveLength(1)
  })
})

describe('the new lead’s text and office e-mail say whether radar saw hail near the home', () => {
  test('a contact lead at a ZIP code under a stored swath gets the radar line; one outside it, none', async () => {
    const p = pipeline()
    const parker = lookupZip('80134')!
    // A storm day a month ago: 1.6 in over 2 mi around Parker's ZIP code centre.
    const day = denverDate(new Date(Date.now() - 30 * 86_400_000))
    storeStormDay(p.db, day, [{ centre: parker, radiusMi: 2, inches: 1.6 }], new Date())
    const under = await postLead(p, {
      email: 'hailey.under@example.com',
      firstName: 'Hailey',
      lastName: 'Under',
      address: '7 Unknown Lane, Parker, CO 80134',
    })
    const outside = await postLead(p, {
      email: 'owen.outside@example.com',
      firstName: 'Owen',
      lastName: 'Outside',
      address: '9 Unknown Lane, Denver, CO 80220',
    })
    const textOf = (name: string) =>
      twilio.texts.find((t) => t.body.startsWith(`New inspection request: ${name}`))
    await waitFor(() => !!textOf('Hailey Under') && !!textOf('Owen Outside'), 10_000, 'the two leads’ texts')
    expect(textOf('Hailey Under')!.body).toBe(
      `New inspection request: Hailey Under, ${VALID_ENQUIRY.phone}, Parker. ` +
        `Radar: 1.6 in hail near 80134 on ${formatIsoDate(day)}. Contact form in the pop-up.`,
    )
    // The store holds this one day only, so the words say since when radar was looked at.
    expect(textOf('Owen Outside')!.body).toBe(
      `New inspection request: Owen Outside, ${VALID_ENQUIRY.phone}, Denver. ` +
        `Radar: no hail of 0.75 in+ near 80220 since ${formatIsoDate(day)}. Contact form in the pop-up.`,
    )
    const smsSent = (id: string) =>
      statusOf(
        p,
        "SELECT status FROM lead_notifications WHERE lead_id = ? AND channel = 'office_sms'",
        id,
      ) === 'sent'
    await waitFor(() => smsSent(under.id) && smsSent(outside.id), 10_000, 'both texts recorded as sent')
    // The office e-mail says it too, under the name, where a weather report's storms line would be.
    await waitFor(() => !!officeMailOf(under.id) && !!officeMailOf(outside.id), 10_000, 'the office e-mails')
    expect(officeMailOf(under.id)!.parsed.text).toContain(
      `Radar: 1.6 in hail near 80134 on ${formatIsoDate(day)}.`,
    )
    expect(officeMailOf(outside.id)!.parsed.text).toContain(
      `Radar: no hail of 0.75 in+ near 80220 since ${formatIsoDate(day)}.`,
    )
  })

  test('a home placed by its street address is told "at the address", or "within 1 mi" of it', async () => {
    const p = pipeline()
    const centre = pointAt(lookupZip('80134')!, 10, 90)
    const day = denverDate(new Date(Date.now() - 40 * 86_400_000))
    storeStormDay(p.db, day, [{ centre, radiusMi: 0.5, inches: 1.75 }], new Date())
    const streets = { '1 Hit Road': centre, '2 Near Road': pointAt(centre, 1.2, 0) }
    const geocoder = await startGeocoderPeer(placeStreets(streets))
    try {
      const hit = await postLead(p, { email: 'hit@example.com', address: '1 Hit Road, Parker, CO 80134' })
      const near = await postLead(p, { email: 'near@example.com', address: '2 Near Road, Parker, CO 80134' })
      // The storm response's pass places them, by the geocoder, as the worker does.
      await placeUnplacedLeads(p.db, {
        locate: (address) => locateAddressAnswered(address, { baseUrl: geocoder.url, timeoutMs: 2000 }),
        now: new Date(),
        limit: 10,
      })
      const lineOf = (id: string) => radarHailLine(p.db, findLead(p.db, id)!, new Date())
      expect(lineOf(hit.id)).toBe(`Radar: 1.8 in hail at the address on ${formatIsoDate(day)}.`)
      expect(lineOf(near.id)).toBe(`Radar: 1.8 in hail within 1 mi of the address on ${formatIsoDate(day)}.`)
    } finally {
      await geocoder.close()
    }
  })
})

describe('reschedules and cancellations reach the office', () => {
  test('a Calendly reschedule (a cancel with rescheduled: true and a new invitee) says Rescheduled, once', async () => {
    const p = pipeline()
    const lead = await postLead(p, {
      email: 'ray.resched@example.com',
      firstName: 'Ray',
      lastName: 'Resched',
    })
    const oldUri = calendlyInviteeUri()
    const newUri = calendlyInviteeUri()
    const person = { email: 'ray.resched@example.com', name: 'Ray Resched', ref: lead.ref }
    expect(
      (
        await deliverCalendly(
          p,
          calendlyEvent('invitee.created', { ...person, uri: oldUri, startTime: TUE_10AM }),
        )
      ).status,
    ).toBe(201)
    await waitForMail('Booked: Ray Resched, Tue 1 Dec, 10:00 AM')
    // As Calendly sends a reschedule: the old invitee canceled (rescheduled), the new one created.
    const cancel = calendlyEvent('invitee.canceled', {
      ...person,
      uri: oldUri,
      startTime: TUE_10AM,
      rescheduled: true,
      newInvitee: newUri,
    })
    const created = calendlyEvent('invitee.created', {
      ...person,
      uri: newUri,
      startTime: WED_1PM,
      oldInvitee: oldUri,
    })
    expect((await deliverCalendly(p, cancel)).status).toBe(201)
    expect((await deliverCalendly(p, created)).status).toBe(201)
    const moved = await waitForMail('Rescheduled: Ray Resched, Wed 2 Dec, 1:00 PM')
    expect(moved.parsed.text).toContain('was Tue 1 Dec, 10:00 AM')
    expect(moved.parsed.inReplyTo).toBe(`<lead-${lead.id}@roofing.example>`)
    await waitFor(
      () => readLeadState(p.db, lead.id).bookedFor === '2026-12-02T20:00:00.000Z',
      5000,
      'the new time',
    )
    expect(readLeadState(p.db, lead.id).state).toBe('booked')
    expect(readLeadHistory(p.db, lead.id).map((c) => [c.state, c.detail])).toEqual([
      ['booked', 'invitee.created'],
      ['booked', 'rescheduled (invitee.created)'],
    ])
    await waitFor(
      () => twilio.texts.some((t) => t.body.startsWith('Rescheduled: Ray Resched')),
      10_000,
      'the text',
    )
    expect(twilio.texts.find((t) => t.body.startsWith('Rescheduled: Ray Resched'))!.body).toContain(
      'Was Tue 1 Dec, 10:00 AM.',
    )
    expect(smtp.messages.some((m) => m.parsed.subject?.startsWith('Canceled: Ray Resched'))).toBe(false)
  })

  test('Cal.com: booked, rescheduled and canceled, the lead found by metadata, the state following', async () => {
    const p = pipeline()
    const lead = await postLead(p, { email: 'cora.cal@example.com', firstName: 'Cora', lastName: 'Cal' })
    const person = { email: 'cora.cal@example.com', name: 'Cora Cal', ref: lead.ref }
    expect(
      (
        await deliverCalCom(
          p,
          calComEvent('BOOKING_CREATED', { ...person, uid: 'uid-cora-1', startTime: TUE_10AM }),
        )
      ).status,
    ).toBe(201)
    await waitForMail('Booked: Cora Cal, Tue 1 Dec, 10:00 AM')
    const moved = calComEvent('BOOKING_RESCHEDULED', {
      ...person,
      uid: 'uid-cora-2',
      rescheduleUid: 'uid-cora-1',
      startTime: WED_1PM,
    })
    expect((await deliverCalCom(p, moved)).status).toBe(201)
    expect((await deliverCalCom(p, moved)).status).toBe(200)
    const rescheduled = await waitForMail('Rescheduled: Cora Cal, Wed 2 Dec, 1:00 PM')
    expect(rescheduled.parsed.inReplyTo).toBe(`<lead-${lead.id}@roofing.example>`)
    expect(
      (
        await deliverCalCom(
          p,
          calComEvent('BOOKING_CANCELLED', { ...person, uid: 'uid-cora-2', startTime: WED_1PM }),
        )
      ).status,
    ).toBe(201)
    await waitForMail('Canceled: Cora Cal, Wed 2 Dec, 1:00 PM')
    await waitFor(() => readLeadState(p.db, lead.id).state === 'canceled', 5000, 'the lead to be canceled')
    expect(readLeadHistory(p.db, lead.id).map((c) => [c.state, c.cause, c.detail])).toEqual([
      ['booked', 'cal_com', 'BOOKING_CREATED'],
      ['booked', 'cal_com', 'rescheduled (BOOKING_RESCHEDULED)'],
      ['canceled', 'cal_com', 'BOOKING_CANCELLED'],
    ])
  })
})

describe('bookings without a form, matching by e-mail', () => {
  test('a booking that matches no lead is kept and told as booked without a form, in a thread of its own', async () => {
    const p = pipeline()
    const uri = calendlyInviteeUri()
    const who = { email: 'walk.in@example.com', name: 'Walter Walkin', uri }
    const res = await deliverCalendly(p, calendlyEvent('invitee.created', { ...who, startTime: TUE_10AM }))
    expect(res.status).toBe(201)
    const booked = await waitForMail('Booked without a form: Walter Walkin, Tue 1 Dec, 10:00 AM')
    expect(booked.parsed.inReplyTo).toBeUndefined()
    expect(booked.parsed.replyTo?.value[0]?.address).toBe('walk.in@example.com')
    const stored = p.db
      .prepare('SELECT lead_id, matched_by FROM booking_events WHERE id = ?')
      .get(res.body.id)
    expect(stored).toEqual({ lead_id: null, matched_by: 'none' })
    await deliverCalendly(p, calendlyEvent('invitee.canceled', { ...who, startTime: TUE_10AM }))
    const canceled = await waitForMail('Canceled without a form: Walter Walkin, Tue 1 Dec, 10:00 AM')
    expect(canceled.parsed.inReplyTo).toBe(booked.parsed.messageId)
    const list = await siteAdmin(p, ['bookings', 'list', '--without-form'])
    expect(list.code).toBe(0)
    expect(list.out).toMatch(
      /Calendly +invitee\.created +Tue 1 Dec, 10:00 AM +Walter Walkin +without a form +e-mail sent, text sent/,
    )
  })

  test('a booking without a form keeps the campaign its tool passed back and counts under its source', async () => {
    const p = pipeline()
    const calendly = await deliverCalendly(
      p,
      calendlyEvent('invitee.created', {
        email: 'fay.formless@example.com',
        name: 'Fay Formless',
        startTime: TUE_10AM,
        utm: { utm_source: 'facebook', utm_medium: 'paid', utm_campaign: 'hail-2026' },
      }),
    )
    expect(calendly.status).toBe(201)
    const calCom = await deliverCalCom(
      p,
      calComEvent('BOOKING_CREATED', {
        email: 'gil.formless@example.com',
        name: 'Gil Formless',
        startTime: WED_1PM,
        utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'roof-ads' },
      }),
    )
    expect(calCom.status).toBe(201)
    const handled = (id: number) =>
      (p.db.prepare('SELECT matched_by FROM booking_events WHERE id = ?').get(id) as { matched_by: string })
        .matched_by === 'none'
    await waitFor(() => handled(calendly.body.id) && handled(calCom.body.id), 10_000, 'both handled')
    const campaign = p.db.prepare(
      'SELECT utm_source, utm_medium, utm_campaign FROM booking_events WHERE id = ?',
    )
    expect(campaign.get(calendly.body.id)).toEqual({
      utm_source: 'facebook',
      utm_medium: 'paid',
      utm_campaign: 'hail-2026',
    })
    expect(campaign.get(calCom.body.id)).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'roof-ads',
    })
    // A week on, this week is the last full week the report shows.
    const report = await runAdminCaptured(['leads', 'report'], {
      env: { DATABASE_PATH: p.config.databasePath },
      at: new Date(Date.now() + 7 * 86_400_000),
    })
    expect(report.code).toBe(0)
    expect(report.out).toMatch(
      /- All leads: \d+ of \d+ \(\d+%\) \/ 0 of 0 \(–\); booked without a form: \d+ \/ 0\n/,
    )
    expect(report.out).toContain('- Facebook: 0 of 0 (–) / 0 of 0 (–); booked without a form: 1 / 0\n')
    expect(report.out).toContain('- Google Ads: 0 of 0 (–) / 0 of 0 (–); booked without a form: 1 / 0\n')
  })

  test('without a reference, the latest lead of the same e-mail address within 30 days (not spam) is matched', async () => {
    const p = pipeline()
    const older = await postLead(p, { email: 'Ed.Email@Example.com', firstName: 'Ed', lastName: 'Email' })
    const latest = await postLead(p, { email: 'ed.email@example.com', firstName: 'Ed', lastName: 'Email' })
    // A later one the office called spam with its e-mail's link is no match.
    const spam = await postLead(p, { email: 'ed.email@example.com', firstName: 'Ed', lastName: 'Email' })
    p.db
      .prepare(
        "INSERT INTO office_actions (lead_id, action, source, acted_at) VALUES (?, 'spam', 'office-link', ?)",
      )
      .run(spam.id, new Date().toISOString())
    const res = await deliverCalendly(
      p,
      calendlyEvent('invitee.created', {
        email: 'ED.EMAIL@example.com',
        name: 'Ed Email',
        startTime: TUE_10AM,
      }),
    )
    await waitForMail('Booked: Ed Email, Tue 1 Dec, 10:00 AM')
    expect(
      p.db.prepare('SELECT lead_id, matched_by FROM booking_events WHERE id = ?').get(res.body.id),
    ).toEqual({
      lead_id: latest.id,
      matched_by: 'email',
    })
    expect(readLeadState(p.db, older.id).state).toBe('new')
  })
})

describe('site-admin and failures', () => {
  test('site-admin shows the state and history, and leads mark records the office’s word', async () => {
    const p = pipeline()
    const lead = await postLead(p, { email: 'mark.me@example.com', firstName: 'Mark', lastName: 'Me' })
    await deliverCalendly(
      p,
      calendlyEvent('invitee.created', {
        email: 'mark.me@example.com',
        name: 'Mark Me',
        startTime: TUE_10AM,
        ref: lead.ref,
      }),
    )
    await waitFor(() => readLeadState(p.db, lead.id).state === 'booked', 10_000, 'the booking')
    const settled = () =>
      (
        p.db
          .prepare(
            `SELECT (SELECT COUNT(*) FROM lead_messages WHERE lead_id = ? AND status = 'sent')
                  + (SELECT COUNT(*) FROM lead_notifications WHERE lead_id = ? AND status = 'sent') AS n`,
          )
          .get(lead.id, lead.id) as { n: number }
      ).n === 4
    await waitFor(settled, 10_000, 'the lead’s e-mail and text, and the booking’s')
    const marked = await siteAdmin(p, ['leads', 'mark', lead.id.slice(0, 8), 'reached'])
    expect(marked.code).toBe(0)
    expect(marked.out).toMatch(
      /marked reached: Reached, not booked yet \(was booked for Tue 1 Dec, 10:00 AM \(Denver time\)/,
    )
    const again = await siteAdmin(p, ['leads', 'mark', lead.id, 'reached'])
    expect(again.out).toMatch(/is reached already/)
    const wrong = await siteAdmin(p, ['leads', 'mark', lead.id, 'won'])
    expect(wrong.code).toBe(2)
    expect(wrong.err).toContain('"won" is not a mark: use booked, reached or lost.')
    const show = await siteAdmin(p, ['leads', 'show', lead.id])
    expect(show.out).toMatch(/^state +reached, since \d{4}-\d\d-\d\d \d\d:\d\d UTC$/m)
    expect(show.out).toMatch(/^history +\d{4}-\d\d-\d\d \d\d:\d\d {2}new: the form \(contact_modal\)$/m)
    expect(show.out).toMatch(
      /^ +\d{4}-\d\d-\d\d \d\d:\d\d {2}booked for Tue 1 Dec, 10:00 AM: Calendly invitee\.created$/m,
    )
    expect(show.out).toMatch(
      /^ +\d{4}-\d\d-\d\d \d\d:\d\d {2}reached: Reached, not booked yet \(site-admin leads mark\)$/m,
    )
    expect(show.out).toMatch(/^notices +booked e-mail sent\n +booked text sent$/m)
    expect(show.out).toMatch(/^text to office +sent$/m)
  })

  test('a text Twilio refuses (21211) fails for good and degrades /readyz; a 429 is retried', async () => {
    const p = pipeline()
    twilio.failWith((n) =>
      n % 2 === 1 ? { status: 429, code: 20429, message: 'Too Many Requests' } : undefined,
    )
    const lead = await postLead(p, { email: 'tina.twice@example.com', firstName: 'Tina', lastName: 'Twice' })
    await waitFor(
      () =>
        statusOf(
          p,
          "SELECT status FROM lead_notifications WHERE lead_id = ? AND channel = 'office_sms'",
          lead.id,
        ) === 'sent',
      10_000,
      'the text after a 429',
    )
    twilio.failWith({
      status: 400,
      code: 21211,
      message: "The 'To' number +13035550142 is not a valid phone number.",
    })
    try {
      await deliverCalendly(
        p,
        calendlyEvent('invitee.created', {
          email: 'tina.twice@example.com',
          name: 'Tina Twice',
          startTime: TUE_10AM,
          ref: lead.ref,
        }),
      )
      await waitFor(
        () =>
          statusOf(p, "SELECT status FROM lead_messages WHERE lead_id = ? AND medium = 'sms'", lead.id) ===
          'failed',
        10_000,
        'the notice’s text to fail',
      )
    } finally {
      twilio.failWith(undefined)
    }
    const row = p.db
      .prepare("SELECT detail FROM lead_messages WHERE lead_id = ? AND medium = 'sms'")
      .get(lead.id) as { detail: string }
    expect(row.detail).toBe(
      "HTTP 400: Twilio 21211 The 'To' number +13035550142 is not a valid phone number. (https://www.twilio.com/docs/errors/21211)",
    )
    const ready = await request(p.http).get('/readyz')
    expect(ready.body.checks.bookings).toMatchObject({
      status: 'degraded',
      counts: { failedMessages: 1 },
      detail: '1 failed notice(s) to the office: see the worker log',
    })
    const retried = await siteAdmin(p, ['leads', 'retry', lead.id])
    expect(retried.out).toContain('1 failed notice to the office (bookings, nudges) of lead')
    await waitFor(
      () =>
        statusOf(p, "SELECT status FROM lead_messages WHERE lead_id = ? AND medium = 'sms'", lead.id) ===
        'sent',
      10_000,
      'the retried text',
    )
    expect((await request(p.http).get('/readyz')).body.checks.bookings.status).toBe('ok')
  })
})

describe('an endpoint whose key is not set', () => {
  const pipeline = usePipeline(() => ({ label: 'bookings-off', env: {} }))

  test('answers 404, for either tool', async () => {
    const p = pipeline()
    const body = calendlyEvent('invitee.created', { email: 'x@example.com', name: 'X', startTime: TUE_10AM })
    const calendly = await deliverCalendly(p, body)
    expect(calendly.status).toBe(404)
    expect(calendly.body.error).toBe(
      'Not found: this site takes no Calendly events (CALENDLY_WEBHOOK_SIGNING_KEY is not set).',
    )
    expect((await deliverCalCom(p, body)).status).toBe(404)
    expect(countEvents(p)).toBe(0)
  })
})
