/**
 * Storm alerts (docs/storm-alerts.md) end to end on a real SQLite file: storm days written by
 * ecCodes (tests/support/mesh/write_mesh.py) and imported with `site-admin storms import`, homes
 * placed through a local stand-in of the Census geocoder, the worker's pass
 * (respondToNewStormDays) sending through nodemailer to a real SMTP server in-process, and the
 * unsubscribe links answered by their router on a real HTTP server.
 *
 * The homes: a subscriber in Parker under a swath of 1.75 in (who wrote twice, so two leads of
 * one address), their neighbour who did not tick the box, a subscriber in Denver outside the
 * swath, a spam lead in quarantine at the same address, and a hail report lead whose weather
 * report already placed it and covered the storm day.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { createLogger } from '../../core/platform/logger'
import { createMailer, type Mailer } from '../../core/platform/mail/mailer'
import { RADAR_MEANING } from '../../core/storms'
import {
  respondToNewStormDays,
  STORM_ALERTS_UNSUBSCRIBE_PATH,
  STORM_RESPONSE_MAX_AGE_DAYS,
  MAX_ALERT_ATTEMPTS,
  type RespondDeps,
} from '../../core/storm-response'
import { unsubscribeKey } from '../../core/storm-response/unsubscribe'
import { DEFAULT_BUSINESS, FACTS } from '../../shared/business'
import { createUnsubscribeRouter } from '../../server/storm-alerts/unsubscribe-router'
import { startStormResponse } from '../../worker/storm-response'
import { runAdminCaptured } from '../support/admin'
import { placeStreets, startGeocoderPeer, type GeocoderPeer } from '../support/geocoder-peer'
import { respondDepsFor, STORM_MAIL } from '../support/storm-response'
import { addLead } from '../support/leads'
import { writeMeshFile } from '../support/mesh-files'
import { startTestSmtpServer, type ReceivedMail } from '../support/notify-peers'
import { useTempDir } from '../support/temp-dir'
import { usePeer } from '../support/use-peer'

/** 11020 S Pikes Peak Dr, Parker, and the house next door. */
const HOME = { latitude: 39.5186, longitude: -104.7614 }
const NEXT_DOOR = { latitude: 39.5189, longitude: -104.7614 }
/** Downtown Denver: 18 mi from the swath. */
const DENVER = { latitude: 39.7392, longitude: -104.9903 }
const PLACES = { '11020 S Pikes Peak': HOME, '11030 S Pikes Peak': NEXT_DOOR, '1437 Bannock': DENVER }
const HOME_ADDRESS = '11020 S Pikes Peak Dr, Parker, CO 80138'

/** The worker's clock: Saturday 14 Jun 2025, noon in Denver. */
const NOW = new Date('2025-06-14T18:00:00Z')
const DAY = '2025-06-12'
const NEXT_DAY = '2025-06-13'
const OLD_DAY = '2025-05-01'

const SUBSCRIBER = 'dana.reyes@homeowner.test'

const { siteUrl: SITE_URL, from: FROM, office: OFFICE } = STORM_MAIL
const tempDir = useTempDir('roofing-storm-alerts-')
let geocoder: GeocoderPeer
let mailer: Mailer
let db: Db
let web: Server
let webUrl: string
const smtp = usePeer(startTestSmtpServer)
const files: Record<string, string> = {}
const leads: Record<string, string> = {}

/** The environment of `site-admin` runs: the test's database and geocoder. */
let env: NodeJS.ProcessEnv
const admin = (...argv: string[]) => runAdminCaptured(argv, { env, at: NOW })

const deps = (): RespondDeps =>
  respondDepsFor({
    geocoderUrl: geocoder.url,
    mailer,
    from: FROM,
    office: OFFICE,
    siteUrl: SITE_URL,
    unsubscribeKey: unsubscribeKey(db),
    logger: createLogger('silent'),
  })

const respond = (at = NOW) => respondToNewStormDays(db, deps(), at)
const alertsTo = (email: string) => smtp.messages.filter((m) => m.envelopeTo.includes(email))
/**
 * What the SMTP server took, to whom: recorded before its answer, so once a pass has returned
 * (its sends each waited for the answer), every e-mail it sent is counted here.
 */
const acceptedFor = (email: string) => smtp.accepted.filter((m) => m.envelopeTo.includes(email))
const acceptedForHomeowners = () => smtp.accepted.filter((m) => !m.envelopeTo.includes(OFFICE))

/** The address confirmed its storm alerts (its link's button) at `at`. */
function confirmAddress(email: string, leadId: string, at: Date): void {
  db.prepare(
    'INSERT INTO storm_alert_confirmations (email, lead_id, confirmed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  ).run(email, leadId, at.toISOString())
}

/** A lead as the forms store it, with the storm alerts box ticked or not. */
function seed(name: string, fields: Parameters<typeof addLead>[1], stormAlerts: boolean): string {
  const id = addLead(db, { formType: 'contact', form: 'contact_page', ...fields })
  if (stormAlerts)
    db.prepare('UPDATE form_submissions SET storm_alerts = 1, storm_alerts_words = ? WHERE id = ?').run(
      'Tell me when radar sees hail at this address',
      id,
    )
  leads[name] = id
  return id
}

/** Waits (up to 5 s) until a message the server took is parsed; fails the test when it never is. */
async function waitFor(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 50) {
    if (waited >= 5000) throw new Error('waited 5 s and the message the test waits for was not parsed')
    await new Promise((r) => setTimeout(r, 50))
  }
}

function alertRow(leadId: string, day: string) {
  return db.prepare('SELECT * FROM storm_alerts WHERE lead_id = ? AND day = ?').get(leadId, day) as
    { status: string; detail: string | null; hail_mm10: number; attempts: number } | undefined
}

function header(mail: ReceivedMail, name: string): string | undefined {
  const m = new RegExp(`^${name}:\\s*(.+)$`, 'mi').exec(mail.raw.split(/\r?\n\r?\n/)[0] ?? '')
  return m?.[1]?.trim()
}

beforeAll(async () => {
  geocoder = await startGeocoderPeer(placeStreets(PLACES))
  mailer = createMailer({ url: smtp.url, safeUrl: smtp.url, from: FROM }, 10_000)
  const dbPath = path.join(tempDir(), 'roofing.db')
  db = openMigratedDatabase(dbPath)
  env = { DATABASE_PATH: dbPath, CENSUS_GEOCODER_URL: geocoder.url }
  const dir = tempDir()
  // Each file is valid at the next Denver midnight after its storm day (06:00Z in summer).
  files.day = writeMeshFile(dir, {
    validAt: '2025-06-13T06:00:00Z',
    swaths: [{ ...HOME, radiusMi: 3, peakIn: 1.75 }],
  })
  files.nextDay = writeMeshFile(dir, {
    validAt: '2025-06-14T06:00:00Z',
    swaths: [{ ...HOME, radiusMi: 3, peakIn: 1.5 }],
  })
  files.oldDay = writeMeshFile(dir, {
    validAt: '2025-05-02T06:00:00Z',
    swaths: [{ ...HOME, radiusMi: 3, peakIn: 2 }],
  })

  const asked = new Date('2025-06-01T16:00:00Z')
  const fields = (email: string, address: string) => ({
    email,
    address,
    createdAt: asked,
    firstName: 'Dana',
    lastName: 'Reyes',
  })
  seed('subscriber', fields(SUBSCRIBER, HOME_ADDRESS), true)
  // The same homeowner again the next day: one alert for the address, to the newest lead.
  seed(
    'subscriberAgain',
    { ...fields(SUBSCRIBER, HOME_ADDRESS), createdAt: new Date('2025-06-02T16:00:00Z') },
    true,
  )
  seed('neighbour', fields('neighbour@homeowner.test', '11030 S Pikes Peak Dr, Parker, CO 80138'), false)
  seed('denver', fields('denver@homeowner.test', '1437 Bannock St, Denver, CO 80202'), true)
  seed(
    'spam',
    {
      ...fields('spam@bot.test', HOME_ADDRESS),
      spam: { score: 12, reasons: [{ code: 'links', points: 12, text: 'links' }], quarantine: true },
    },
    true,
  )
  // A hail report lead: the geocoder cannot place its address, but its weather report placed
  // the home, and that report's radar already reached the storm day.
  const reported = seed(
    'reported',
    { ...fields('reported@homeowner.test', 'Lot 7, unknown road'), form: 'hail_report' },
    true,
  )
  db.prepare(
    'INSERT INTO weather_reports (lead_id, located_by, place, latitude, longitude, report, made_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    reported,
    'address',
    '11020 S PIKES PEAK DR',
    HOME.latitude,
    HOME.longitude,
    JSON.stringify({ radar: { coverage: { first: '2020-06-01', last: DAY, days: 400 } } }),
    asked.toISOString(),
  )

  // Each address that ticked the box confirmed it an hour later (the spam never got the e-mail).
  const confirmedAt = new Date(asked.getTime() + 60 * 60_000)
  confirmAddress(SUBSCRIBER, leads.subscriber!, confirmedAt)
  confirmAddress('denver@homeowner.test', leads.denver!, confirmedAt)
  confirmAddress('reported@homeowner.test', reported, confirmedAt)

  const app = express()
  app.use(
    STORM_ALERTS_UNSUBSCRIBE_PATH,
    createUnsubscribeRouter({ db, logger: createLogger('silent'), business: DEFAULT_BUSINESS }),
  )
  web = createServer(app)
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve))
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`
}, 120_000)

afterAll(async () => {
  mailer?.close()
  await geocoder?.close()
  await new Promise((resolve) => web?.close(resolve))
  db?.close()
})

/** The alert's unsubscribe link, moved to the test's web server. */
const localLink = (mail: ReceivedMail) => {
  const link = /^<(.+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1] ?? ''
  return link.replace(SITE_URL, webUrl)
}

describe('storm alerts', () => {
  test('a subscribed home under the swath gets one alert: its date, size, meaning, booking link, claim limit and one-click unsubscribe', async () => {
    const run = await admin('storms', 'import', files.day!, files.oldDay!)
    expect(run.err).toBe('')
    expect(run.code).toBe(0)

    const answered = await respond()
    expect(answered.map((r) => r.day).sort()).toEqual([OLD_DAY, DAY])
    await smtp.waitForMessages(2, 10_000) // the alert and the office's briefing

    const alerts = alertsTo(SUBSCRIBER)
    expect(alerts).toHaveLength(1)
    const mail = alerts[0]!
    const row = alertRow(leads.subscriberAgain!, DAY)!
    expect(row.status).toBe('sent')
    const size = (row.hail_mm10 / 254).toFixed(1)
    expect(Number(size)).toBeGreaterThanOrEqual(1.5)
    expect(mail.parsed.subject).toBe(`Radar saw hail of about ${size} in at your home on 12 Jun 2025`)
    expect(mail.parsed.messageId).toBe(
      `<storm-alert-${leads.subscriberAgain}-${DAY}@frontrange-roofing.test>`,
    )
    expect(header(mail, 'List-Unsubscribe')).toMatch(
      new RegExp(`^<${SITE_URL}/storm-alerts/unsubscribe/${leads.subscriberAgain}\\.[A-Za-z0-9_-]{32}>$`),
    )
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const text = mail.parsed.text ?? ''
    expect(text).toContain(`About ${size} in hail on 12 Jun 2025`)
    expect(text).toContain(RADAR_MEANING)
    expect(text).toContain(FACTS.claimFilingLimit)
    expect(text).toContain('Stop these alerts')
    const booking = new URL(
      /Book your free roof inspection\s+(https:\/\/\S+)/.exec(text)?.[1] ?? 'https://none',
    )
    expect(booking.origin + booking.pathname).toBe(DEFAULT_BUSINESS.bookingUrl)
    expect(booking.searchParams.get('email')).toBe(SUBSCRIBER)
    expect(booking.searchParams.get('first_name')).toBe('Dana')
    expect(mail.parsed.html).toContain(localLink(mail).replace(webUrl, SITE_URL))

    // The older lead of the same address is skipped, not sent a second e-mail.
    expect(alertRow(leads.subscriber!, DAY)).toMatchObject({
      status: 'skipped',
      detail: 'sent already to this address',
    })
    const response = db.prepare('SELECT * FROM storm_responses WHERE day = ?').get(DAY) as Record<
      string,
      unknown
    >
    expect(response).toMatchObject({ homes_hit: 4, alerts_sent: 1 })
    expect(response.finished_at).not.toBeNull()
  })

  test('the neighbour who did not tick the box, the home outside the swath and the spam in quarantine get nothing', () => {
    expect(alertsTo('neighbour@homeowner.test')).toHaveLength(0)
    expect(alertRow(leads.neighbour!, DAY)).toBeUndefined()
    expect(alertsTo('denver@homeowner.test')).toHaveLength(0)
    expect(alertRow(leads.denver!, DAY)).toBeUndefined()
    // Denver was placed, just not under the swath; the spam was never placed.
    expect(db.prepare('SELECT located_by FROM lead_places WHERE lead_id = ?').get(leads.denver)).toEqual({
      located_by: 'address',
    })
    expect(alertsTo('spam@bot.test')).toHaveLength(0)
    expect(alertRow(leads.spam!, DAY)).toBeUndefined()
    expect(db.prepare('SELECT 1 FROM lead_places WHERE lead_id = ?').get(leads.spam)).toBeUndefined()
  })

  test('a home its weather report placed is placed there without the geocoder, and a day that report covered is not alerted', () => {
    expect(
      db.prepare('SELECT located_by, row, col FROM lead_places WHERE lead_id = ?').get(leads.reported),
    ).toMatchObject({
      located_by: 'address',
    })
    expect(alertRow(leads.reported!, DAY)).toMatchObject({ status: 'skipped' })
    expect(alertRow(leads.reported!, DAY)!.detail).toContain('weather report already covered this day')
    expect(alertsTo('reported@homeowner.test')).toHaveLength(0)
  })

  test(`a day older than ${STORM_RESPONSE_MAX_AGE_DAYS} days when it landed is answered with no alert and no briefing`, () => {
    const response = db.prepare('SELECT * FROM storm_responses WHERE day = ?').get(OLD_DAY) as Record<
      string,
      unknown
    >
    expect(response).toMatchObject({
      homes_hit: 0,
      alerts_sent: 0,
      briefing_status: 'skipped',
      briefing_detail: `older than ${STORM_RESPONSE_MAX_AGE_DAYS} days when its radar landed: no alerts or briefing`,
    })
    expect(db.prepare('SELECT COUNT(*) AS n FROM storm_alerts WHERE day = ?').get(OLD_DAY)).toEqual({ n: 0 })
  })

  test('a re-import and a second pass send nothing again; a pass resuming a crashed day sends its briefing again, no alert', async () => {
    const before = smtp.accepted.length
    const again = await admin('storms', 'import', files.day!)
    expect(again.code).toBe(0)
    expect(again.out).toContain('stored already')
    expect(await respond()).toEqual([])
    // A pass that crashed midway: the day's row started long ago and never finished.
    db.prepare(
      "UPDATE storm_responses SET finished_at = NULL, started_at = '2025-06-14T17:00:00.000Z' WHERE day = ?",
    ).run(DAY)
    const resumed = await respond()
    expect(resumed.map((r) => r.day)).toEqual([DAY])
    expect(resumed[0]).toMatchObject({ homesHit: 4, alertsSent: 1 })
    // The passes have returned, and the server records a message before its sender hears 250.
    // No alert goes again; the briefing does: a crash can fall between its send and the row's finish.
    expect(acceptedForHomeowners().length).toBe(1)
    expect(smtp.accepted.slice(before).map((m) => m.envelopeTo)).toEqual([[OFFICE]])
  })
})

describe('storm alerts that cannot be sent', () => {
  test('an alert the SMTP server refuses is failed with its reason, never retried; one it could not take is retried later and sent', async () => {
    const dir = tempDir()
    const refused = writeMeshFile(dir, {
      validAt: '2025-06-11T06:00:00Z',
      swaths: [{ ...DENVER, radiusMi: 2, peakIn: 1.5 }],
    })
    const unreachable = writeMeshFile(dir, {
      validAt: '2025-06-10T06:00:00Z',
      swaths: [{ ...DENVER, radiusMi: 2, peakIn: 1.5 }],
    })
    expect((await admin('storms', 'import', refused)).code).toBe(0)
    smtp.refuseRecipients.add('denver@homeowner.test')
    await respond()
    smtp.refuseRecipients.clear()
    expect(alertRow(leads.denver!, '2025-06-10')).toMatchObject({
      status: 'failed',
      attempts: MAX_ALERT_ATTEMPTS,
    })
    expect(alertRow(leads.denver!, '2025-06-10')!.detail).toMatch(/^SMTP 550 at RCPT TO/)
    await respond(new Date(NOW.getTime() + 60 * 60_000))
    expect(alertRow(leads.denver!, '2025-06-10')).toMatchObject({
      status: 'failed',
      attempts: MAX_ALERT_ATTEMPTS,
    })

    expect((await admin('storms', 'import', unreachable)).code).toBe(0)
    await smtp.stop()
    try {
      await respond()
    } finally {
      await smtp.start()
    }
    expect(alertRow(leads.denver!, '2025-06-09')).toMatchObject({ status: 'failed', attempts: 1 })
    // Not before its wait (5 minutes after the first try) is over; then sent.
    await respond(new Date(NOW.getTime() + 60_000))
    expect(alertRow(leads.denver!, '2025-06-09')).toMatchObject({ status: 'failed', attempts: 1 })
    await respond(new Date(NOW.getTime() + 6 * 60_000))
    expect(alertRow(leads.denver!, '2025-06-09')).toMatchObject({ status: 'sent', attempts: 2 })
    await waitFor(() => alertsTo('denver@homeowner.test').length > 0)
    const sent = alertsTo('denver@homeowner.test')
    expect(sent.map((m) => m.parsed.subject)).toEqual([expect.stringMatching(/ on 9 Jun 2025$/)])
  })

  test('without SMTP_URL the worker’s pass records the alert and the briefing as skipped, and goes on', async () => {
    const file = writeMeshFile(tempDir(), {
      validAt: '2025-06-09T06:00:00Z',
      swaths: [{ ...DENVER, radiusMi: 2, peakIn: 1.5 }],
    })
    expect((await admin('storms', 'import', file)).code).toBe(0)
    const schedule = startStormResponse({
      db,
      logger: createLogger('silent'),
      settings: { minIn: 1, pollSeconds: 20 },
      geocoder: { baseUrl: geocoder.url, timeoutMs: 2000 },
      mailer: undefined,
      from: '',
      officeTo: [OFFICE],
      business: DEFAULT_BUSINESS,
      siteUrl: SITE_URL,
      firstDelayMs: 60_000,
      now: () => NOW,
    })
    try {
      expect(await schedule.runOnce()).toEqual([
        {
          day: '2025-06-08',
          homesHit: 1,
          alertsSent: 0,
          briefing: { status: 'skipped', detail: 'SMTP_URL is not set' },
        },
      ])
    } finally {
      await schedule.stop()
    }
    expect(alertRow(leads.denver!, '2025-06-08')).toMatchObject({
      status: 'skipped',
      detail: 'SMTP_URL is not set',
    })
  })
})

describe('stopping storm alerts', () => {
  test('opening the unsubscribe link changes nothing; its one-click POST stops the next storm day’s alert', async () => {
    const link = localLink(alertsTo(SUBSCRIBER)[0]!)
    const page = await fetch(link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"')
    expect(html).not.toContain(SUBSCRIBER)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(db.prepare('SELECT COUNT(*) AS n FROM storm_alert_stops').get()).toEqual({ n: 0 })

    const bad = await fetch(`${link.slice(0, -3)}AAA`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(bad.status).toBe(404)
    expect(await bad.text()).toContain('not valid')
    expect(db.prepare('SELECT COUNT(*) AS n FROM storm_alert_stops').get()).toEqual({ n: 0 })

    const stop = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(stop.status).toBe(200)
    expect(db.prepare('SELECT email, how FROM storm_alert_stops').all()).toEqual([
      { email: SUBSCRIBER, how: 'one-click' },
    ])

    const run = await admin('storms', 'import', files.nextDay!)
    expect(run.code).toBe(0)
    const answered = await respond()
    expect(answered.map((r) => r.day)).toEqual([NEXT_DAY])
    // The pass has returned: whatever it sent, the server has taken.
    expect(acceptedFor(SUBSCRIBER)).toHaveLength(1)
    expect(alertRow(leads.subscriberAgain!, NEXT_DAY)).toMatchObject({
      status: 'skipped',
      detail: 'the address asked for no more alerts',
    })
  })

  test('a mail client’s multipart one-click POST stops the alerts too', async () => {
    db.prepare('DELETE FROM storm_alert_stops').run()
    const link = localLink(alertsTo(SUBSCRIBER)[0]!)
    const form = new FormData()
    form.set('List-Unsubscribe', 'One-Click')
    const stop = await fetch(link, { method: 'POST', body: form })
    expect(stop.status).toBe(200)
    expect(db.prepare('SELECT email, how FROM storm_alert_stops').all()).toEqual([
      { email: SUBSCRIBER, how: 'one-click' },
    ])
    const empty = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    expect(empty.status).toBe(400)
  })

  test('site-admin storm-alerts lists the subscribers and the alerts, and stops an address', async () => {
    const list = await admin('storm-alerts', 'list')
    expect(list.code).toBe(0)
    expect(list.out).toContain(SUBSCRIBER)
    expect(list.out).toContain('denver@homeowner.test')
    expect(list.out).not.toContain('neighbour@homeowner.test')
    const sent = await admin('storm-alerts', 'sent', '--day', DAY)
    expect(sent.code).toBe(0)
    expect(sent.out).toMatch(
      new RegExp(`${DAY}\\s+${SUBSCRIBER.replace(/\./g, '\\.')}\\s+1\\.\\d in\\s+sent`),
    )
    expect(sent.out).toContain('sent already to this address')
    const stop = await admin('storm-alerts', 'unsubscribe', 'denver@homeowner.test')
    expect(stop.code).toBe(0)
    expect(stop.out).toContain('gets no more storm alerts')
    const again = await admin('storm-alerts', 'unsubscribe', 'denver@homeowner.test')
    expect(again.out).toContain('stopped already')
    expect(
      db.prepare("SELECT how FROM storm_alert_stops WHERE email = 'denver@homeowner.test'").get(),
    ).toEqual({
      how: 'site-admin',
    })
  })
})
