/**
 * A hail report request end to end on real peers: the enquiry API (supertest on createApp), a
 * real SQLite file holding storm events, the real Redis queue, the worker's code in-process, a
 * local stand-in of the Census geocoder (HTTP on loopback, in the geocoder's JSON format) and an
 * in-process SMTP server. The homeowner gets the report with its PDF, the office e-mail carries
 * the summary's line, and the page's endpoint shows the summary to the key holder only.
 */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { HAIL_REPORT_ENDPOINT, REPORT_KEY_HEADER } from '../../shared/hail-summary'
import { findNotifications } from '../../core/notifications/notification-store'
import { storeStormFile } from '../../core/storms/events'
import { cellOf } from '../../core/storms/radar/mesh-file'
import { storeMeshDay } from '../../core/storms/radar/store'
import type { StormEventInput } from '../../core/storms/types'
import { HAIL_REQUEST } from '../support/enquiries'
import { startGeocoderPeer, type GeocoderPeer } from '../support/geocoder-peer'
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/notify-peers'
import { SITE_ORIGIN, usePipeline, waitFor } from '../support/pipeline'

/** The home: a point in Parker, CO, where the stand-in geocoder places '1 Storm Way'. */
const HOME = { latitude: 39.5186, longitude: -104.7614 }
const OFFICE = 'office@frontrange.example'

let smtp: TestSmtpServer
let geocoder: GeocoderPeer

/** A storm `mi` miles north (negative: south) of the home, `daysAgo` days before now. */
function storm(id: string, kind: StormEventInput['kind'], mi: number, beginAt: string, size: number) {
  return {
    source: 'ncei',
    sourceId: id,
    kind,
    beginAt: new Date(beginAt),
    localTime: beginAt,
    timeZone: 'MST-7',
    hailIn: kind === 'hail' ? size : null,
    windKt: kind === 'wind' ? size : null,
    tornadoScale: null,
    magnitudeType: kind === 'wind' ? 'EG' : null,
    latitude: HOME.latitude + mi / 69.0,
    longitude: HOME.longitude,
    countyZone: 'DOUGLAS',
    state: 'CO',
    place: 'Parker',
  } satisfies StormEventInput
}

const EVENTS: StormEventInput[] = [
  storm('1001', 'hail', 0.6, '2024-06-12T21:40:00Z', 1.75),
  storm('1002', 'hail', 2.5, '2023-07-01T22:00:00Z', 1.0),
  storm('1003', 'wind', -5, '2022-05-20T23:00:00Z', 60),
  // Too far (12 mi) and too old (2015): in no report.
  storm('1004', 'hail', 12, '2024-06-12T22:00:00Z', 2.75),
  storm('1005', 'hail', 0.2, '2015-06-01T20:00:00Z', 3.0),
]

beforeAll(async () => {
  smtp = await startTestSmtpServer()
  // Places '1 Storm Way' at the home and matches nothing else.
  geocoder = await startGeocoderPeer((address) =>
    address.startsWith('1 Storm Way')
      ? { ...HOME, matchedAddress: '1 STORM WAY, PARKER, CO, 80134' }
      : undefined,
  )
})
afterAll(async () => {
  await smtp?.close()
  await geocoder?.close()
})

const pipeline = usePipeline(
  () => ({
    label: 'hail-report',
    env: {
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: OFFICE,
      LEAD_NOTIFY_FROM: 'Website leads <leads@frontrange.example>',
      CENSUS_GEOCODER_URL: geocoder.url,
      GEOCODER_TIMEOUT_MS: '2000',
      NOTIFY_RETRY_BASE_MS: '40',
      NOTIFY_RETRY_MAX_MS: '150',
      RECONCILE_INTERVAL_MS: '50',
    },
  }),
  { worker: true },
)

beforeAll(() => {
  storeStormFile(
    pipeline().db,
    { name: 'StormEvents_details-ftp_v1.0_d2024_c20250101.csv', source: 'ncei' },
    { events: EVENTS, read: EVENTS.length, skippedBy: {} },
    new Date(),
  )
  // Radar of the same day: 40.6 mm (1.6 in) over the home's cell and its eight neighbours.
  const home = cellOf(HOME)
  const cells = [-1, 0, 1].flatMap((dr) =>
    [-1, 0, 1].map((dc) => ({ row: home.row + dr, col: home.col + dc, mm: 40.6 })),
  )
  storeMeshDay(
    pipeline().db,
    {
      file: 'MRMS_MESH_Max_1440min_00.50_20240613-060000.grib2.gz',
      validAt: new Date('2024-06-13T06:00:00Z'),
      day: '2024-06-12',
      cells,
      maxMm: 40.6,
      dropped: { isolated: 0, unsupported: 0, beyondLimit: 0 },
      coveredCells: cells.length,
    },
    new Date(),
  )
})

const post = (body: object) =>
  request(pipeline().http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).send(body)
const readSummary = (id: string, key?: string) => {
  const req = request(pipeline().http).get(`${HAIL_REPORT_ENDPOINT}/${id}`)
  return key === undefined ? req : req.set(REPORT_KEY_HEADER, key)
}

function mailTo(address: string, leadId: string): ReceivedMail | undefined {
  return smtp.messages.find(
    (m) =>
      m.envelopeTo.includes(address) && m.raw.includes(leadId) && !m.parsed.subject?.startsWith('[Test]'),
  )
}

async function waitForMail(address: string, leadId: string): Promise<ReceivedMail> {
  await waitFor(() => mailTo(address, leadId) !== undefined, 15_000, `the e-mail to ${address}`)
  return mailTo(address, leadId)!
}

describe('a hail report request', () => {
  test('the homeowner gets the report as a PDF, the office the summary line, the page the summary', async () => {
    const res = await post(HAIL_REQUEST)
    expect(res.status).toBe(201)
    const { id, reportKey } = res.body as { id: string; reportKey: string }
    expect(reportKey).toMatch(/^[\w-]{20,}$/)

    const homeowner = await waitForMail(HAIL_REQUEST.email, id)
    const pdf = homeowner.parsed.attachments.find((a) => a.contentType === 'application/pdf')
    expect(pdf, 'the PDF attachment').toBeDefined()
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf!.size).toBeLessThan(300 * 1024)
    expect(homeowner.parsed.text).toContain('1.75 in hail 0.6 mi N')
    const radarForHome =
      'Radar: hail of about 1.6 in at your home on 12 Jun 2024 (confirmed by a report 0.6 mi N)'
    expect(homeowner.parsed.text).toContain(radarForHome)

    const office = await waitForMail(OFFICE, id)
    expect(office.parsed.text).toMatch(
      /Storms at the address: 1\.75 in hail 0\.6 mi N on 12 Jun 2024; 2 storms within 3 mi since 20\d\d/,
    )
    // Radar's line right under it, in the text and the HTML.
    expect(office.parsed.text).toMatch(
      /since 20\d\d\nRadar: 1\.6 in at the home on 12 Jun 2024 \(confirmed by a report 0\.6 mi N\); 1 day of 1 in\+ in 5 years, more than \d+% of the area/,
    )
    expect(office.parsed.html).toMatch(/since 20\d\d<br\/>Radar: 1\.6 in at the home on 12 Jun 2024/)
    expect(office.parsed.text).toContain('Hail report page')
    expect(office.parsed.html).toContain(
      `https://www.google.com/maps/search/?api=1&amp;query=${encodeURIComponent(HAIL_REQUEST.address)}`,
    )

    const channels = findNotifications(pipeline().db, id).map((n) => [n.channel, n.status])
    expect(channels).toContainEqual(['hail_report', 'sent'])

    const summary = await readSummary(id, reportKey)
    expect(summary.status).toBe(200)
    expect(summary.headers['cache-control']).toBe('no-store')
    expect(summary.body).toMatchObject({
      status: 'ready',
      summary: {
        locatedText: 'located by street address',
        countByRing: [
          { ring: 1, count: 1 },
          { ring: 3, count: 1 },
          { ring: 10, count: 1 },
        ],
      },
    })
    expect(summary.body.summary.line).toMatch(/^1\.75 in hail 0\.6 mi N on 12 Jun 2024/)
    expect(summary.body.summary.radarLine).toBe(radarForHome)
    // The address is never in the page's answer.
    expect(JSON.stringify(summary.body)).not.toMatch(/Storm Way|80134/)
  })

  test('the summary is readable with its key only: none is 401, a wrong one or a guessed id 404', async () => {
    const res = await post({ ...HAIL_REQUEST, email: 'key.test@example.com' })
    const { id } = res.body as { id: string }
    expect((await readSummary(id)).status).toBe(401)
    const wrong = await readSummary(id, 'A'.repeat(24))
    expect(wrong.status).toBe(404)
    expect(wrong.body.error).toMatch(/only in the browser that sent the form/)
    expect((await readSummary('00000000-0000-0000-0000-000000000000', 'A'.repeat(24))).status).toBe(404)
  })

  test('an address nobody can place gets an honest e-mail without a report, and the page says so', async () => {
    const res = await post({
      ...HAIL_REQUEST,
      email: 'nowhere@example.com',
      address: 'Somewhere far away 99',
    })
    const { id, reportKey } = res.body as { id: string; reportKey: string }
    const homeowner = await waitForMail('nowhere@example.com', id)
    expect(homeowner.parsed.attachments.filter((a) => a.contentType === 'application/pdf')).toHaveLength(0)
    expect(homeowner.parsed.text).toMatch(/could not place this address/)
    const summary = await readSummary(id, reportKey)
    expect(summary.body).toEqual({ status: 'unplaced' })
  })

  test('a contact page lead gets no report, and its office e-mail names the form in words', async () => {
    const contactPage = { form: 'contact_page', sourcePath: '/contact' }
    const res = await post({ ...HAIL_REQUEST, ...contactPage, email: 'contact.page@example.com' })
    expect(res.body.reportKey).toBeUndefined()
    const office = await waitForMail(OFFICE, res.body.id)
    expect(office.parsed.text).toContain('Contact page form')
    expect(office.parsed.text).not.toContain('Storms at the address')
    const report = findNotifications(pipeline().db, res.body.id).find((n) => n.channel === 'hail_report')
    expect(report).toMatchObject({ status: 'skipped', detail: 'not a hail report request' })
  })

  test('a plain form post of a hail report lands on the booking page with the cookie that shows its note', async () => {
    const res = await request(pipeline().http)
      .post(ENQUIRY_ENDPOINT)
      .set('Origin', SITE_ORIGIN)
      .type('form')
      .send({ ...HAIL_REQUEST, email: 'no.js@example.com' })
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe('/schedule-inspection')
    // The booking page's variant that says the report is on its way, for two minutes, that page only;
    // beside it the lead's booking reference, which the page hands the scheduling tool (docs/bookings.md).
    expect(res.headers['set-cookie']).toEqual([
      expect.stringMatching(
        /^booking_ref=[A-Za-z0-9]+; Max-Age=604800; Path=\/schedule-inspection; Expires=.*; SameSite=Lax$/,
      ),
      expect.stringMatching(
        /^hail_report_sent=1; Max-Age=120; Path=\/schedule-inspection; Expires=.*; HttpOnly; SameSite=Lax$/,
      ),
    ])
    const contact = await request(pipeline().http)
      .post(ENQUIRY_ENDPOINT)
      .set('Origin', SITE_ORIGIN)
      .type('form')
      .send({
        ...HAIL_REQUEST,
        email: 'no.js.contact@example.com',
        form: 'contact_page',
        sourcePath: '/contact',
      })
    expect(contact.status).toBe(303)
    // Its booking reference only: no note that a report is on its way.
    expect(contact.headers['set-cookie']).toEqual([expect.stringMatching(/^booking_ref=[A-Za-z0-9]+;/)])
  })
})
