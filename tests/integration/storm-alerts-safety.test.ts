/**
 * Where storm response could still do harm (docs/storm-alerts.md), against a real SQLite file,
 * a local stand-in of the Census geocoder, a real SMTP server in-process and the storm alerts'
 * routers on a real HTTP server. Storm days are stored as the import stores them
 * (tests/support/storm-days.ts).
 *
 * - "At your home" only where the home is known: a home placed by its ZIP code's centre gets no
 *   alert; one placed so while the geocoder was down is placed again by its address later.
 * - Nothing after a stop: an address that stops its alerts between a failed send and its retry
 *   gets no retry.
 * - The one-click unsubscribe (and the confirmation's button) with a valid token is never
 *   refused by the rate limit; made-up tokens are.
 * - A briefing the SMTP server refused for a passing reason is tried again, as alerts are.
 * - The placing budget runs on the pass's clock.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { jsonLines } from '../support/log-sink'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { findZipCode } from '../../core/platform/geography'
import { createLogger } from '../../core/platform/logger'
import { createMailer, type Mailer } from '../../core/platform/mail/mailer'
import { respondToNewStormDays, type RespondDeps } from '../../core/storm-response'
import { makeConfirmToken } from '../../core/storm-response/consent'
import { makeUnsubscribeToken, unsubscribeKey } from '../../core/storm-response/unsubscribe'
import { createConfirmRouter, STORM_ALERTS_CONFIRM_PATH } from '../../server/storm-alerts/confirm-router'
import {
  createUnsubscribeRouter,
  STORM_ALERTS_UNSUBSCRIBE_PATH,
} from '../../server/storm-alerts/unsubscribe-router'
import { DEFAULT_BUSINESS } from '../../shared/business'
import { placeStreets, startGeocoderPeer, type GeocoderPeer } from '../support/geocoder-peer'
import { respondDepsFor, STORM_MAIL } from '../support/storm-response'
import { addLead } from '../support/leads'
import { startTestSmtpServer } from '../support/notify-peers'
import { storeStormDay } from '../support/storm-days'
import { useTempDir } from '../support/temp-dir'
import { usePeer } from '../support/use-peer'

/** 11020 S Pikes Peak Dr, Parker; a house on Pine St in Parker; a Centennial street. */
const HOME = { latitude: 39.5186, longitude: -104.7614 }
const PINE = { latitude: 39.5301, longitude: -104.7702 }
const CENTENNIAL = { latitude: 39.5807, longitude: -104.8772 }
const KNOWN = { '11020 S Pikes Peak': HOME, '300 Pine St': PINE, '7 Arapahoe Rd': CENTENNIAL }
/** The centre of ZIP code 80134, where the geocoder cannot place "9999 Nowhere Rd". */
const ZIP_80134 = findZipCode('Parker, CO 80134')!

/** The worker's clock: Saturday 14 Jun 2025, noon in Denver. */
const NOW = new Date('2025-06-14T18:00:00Z')
const ASKED = new Date('2025-06-01T16:00:00Z')
const CONFIRMED = new Date('2025-06-01T17:00:00Z')
const MINUTE = 60_000

const { siteUrl: SITE_URL, from: FROM, office: OFFICE } = STORM_MAIL
const tempDir = useTempDir('roofing-storm-safety-')
const smtp = usePeer(startTestSmtpServer)
/** The database's key of the unsubscribe and confirmation links. */
let key: Buffer
let geocoder: GeocoderPeer
let mailer: Mailer
let db: Db
let web: Server
let webUrl: string
const logLines: { msg: string; [k: string]: unknown }[] = []

function deps(over: Partial<RespondDeps> = {}): RespondDeps {
  const logger = createLogger('info', jsonLines(logLines))
  const base = { geocoderUrl: geocoder.url, mailer, from: FROM, office: OFFICE, siteUrl: SITE_URL }
  return { ...respondDepsFor({ ...base, unsubscribeKey: key, logger }), ...over }
}

const respond = (at = NOW, over: Partial<RespondDeps> = {}) => respondToNewStormDays(db, deps(over), at)

/** A lead that ticked the box; confirmed by its address unless told otherwise. */
function subscriber(email: string, address: string, opts: { confirmed?: boolean } = {}): string {
  const id = addLead(db, { email, address, createdAt: ASKED, firstName: 'Dana', lastName: 'Reyes' })
  db.prepare('UPDATE form_submissions SET storm_alerts = 1, storm_alerts_words = ? WHERE id = ?').run(
    'Tell me when radar sees hail at this address',
    id,
  )
  if (opts.confirmed ?? true)
    db.prepare(
      'INSERT INTO storm_alert_confirmations (email, lead_id, confirmed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ).run(email, id, CONFIRMED.toISOString())
  return id
}

const alertRow = (leadId: string, day: string) =>
  db
    .prepare('SELECT status, attempts, detail FROM storm_alerts WHERE lead_id = ? AND day = ?')
    .get(leadId, day) as { status: string; attempts: number; detail: string | null } | undefined
const placeOf = (leadId: string) =>
  db
    .prepare('SELECT located_by, place_again_at, address_tries FROM lead_places WHERE lead_id = ?')
    .get(leadId) as { located_by: string; place_again_at: string | null; address_tries: number } | undefined
/** What the SMTP server took for `email`: recorded before it answers, so complete once a pass returned. */
const acceptedFor = (email: string) => smtp.accepted.filter((m) => m.envelopeTo.includes(email))

beforeAll(async () => {
  geocoder = await startGeocoderPeer(placeStreets(KNOWN))
  mailer = createMailer({ url: smtp.url, safeUrl: smtp.url, from: FROM }, 5_000)
  db = openMigratedDatabase(path.join(tempDir(), 'roofing.db'))
  key = unsubscribeKey(db)
  const app = express()
  const routers = {
    db,
    logger: createLogger('silent'),
    business: DEFAULT_BUSINESS,
    perMinute: 2,
    now: () => NOW,
  }
  app.use(STORM_ALERTS_UNSUBSCRIBE_PATH, createUnsubscribeRouter(routers))
  app.use(STORM_ALERTS_CONFIRM_PATH, createConfirmRouter({ ...routers, siteUrl: SITE_URL }))
  web = createServer(app)
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve))
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`
})

afterAll(async () => {
  mailer?.close()
  await geocoder?.close()
  await new Promise((resolve) => web?.close(resolve))
  db?.close()
})

describe('"at your home" only where the home is known', () => {
  test('a home placed by its ZIP code’s centre gets no alert, and the briefing says why; one placed by its street gets its alert', async () => {
    const byZip = subscriber('zip@homeowner.test', '9999 Nowhere Rd, Parker, CO 80134')
    const byStreet = subscriber('street@homeowner.test', '11020 S Pikes Peak Dr, Parker, CO 80134')
    const day = '2025-06-12'
    storeStormDay(
      db,
      day,
      [
        { centre: ZIP_80134, radiusMi: 1.5, inches: 1.75 },
        { centre: HOME, radiusMi: 1.5, inches: 1.75 },
      ],
      NOW,
    )
    const [answered] = await respond()
    expect(answered).toMatchObject({ day, homesHit: 2, alertsSent: 1, briefing: { status: 'sent' } })
    // The geocoder answered that it has no match: placed by the ZIP code for good, not asked again.
    expect(placeOf(byZip)).toMatchObject({ located_by: 'zip', place_again_at: null })
    expect(placeOf(byStreet)).toMatchObject({ located_by: 'address' })
    expect(alertRow(byZip, day)).toEqual({
      status: 'skipped',
      attempts: 0,
      detail:
        "the home is placed by its ZIP code's centre, not by its street address: no alert says “at your home”",
    })
    expect(acceptedFor('zip@homeowner.test')).toHaveLength(0)
    expect(alertRow(byStreet, day)).toMatchObject({ status: 'sent' })
    expect(acceptedFor('street@homeowner.test')).toHaveLength(1)
    // The office still hears of the home, and why it got no alert.
    await expect.poll(() => smtp.messages.some((m) => m.envelopeTo.includes(OFFICE))).toBe(true)
    const text = smtp.messages.find((m) => m.envelopeTo.includes(OFFICE))!.parsed.text ?? ''
    expect(text).toContain(
      "Storm alerts: confirmed; no alert: the home is placed by its ZIP code's centre, not by its street address",
    )
  })

  test('a home placed by its ZIP code while the geocoder was down is placed again by its address on a later pass', async () => {
    geocoder.down = true
    const lead = subscriber('pine@homeowner.test', '300 Pine St, Parker, CO 80134')
    await respond(NOW)
    expect(placeOf(lead)).toMatchObject({
      located_by: 'zip',
      address_tries: 1,
      place_again_at: new Date(NOW.getTime() + 10 * MINUTE).toISOString(),
    })
    // Still down at its next try: it waits twice as long.
    await respond(new Date(NOW.getTime() + 11 * MINUTE))
    expect(placeOf(lead)).toMatchObject({
      located_by: 'zip',
      address_tries: 2,
      place_again_at: new Date(NOW.getTime() + 31 * MINUTE).toISOString(),
    })
    geocoder.down = false
    // Not before its time; then placed by its address, for good.
    await respond(new Date(NOW.getTime() + 20 * MINUTE))
    expect(placeOf(lead)).toMatchObject({ located_by: 'zip', address_tries: 2 })
    await respond(new Date(NOW.getTime() + 32 * MINUTE))
    expect(placeOf(lead)).toMatchObject({ located_by: 'address', address_tries: 3, place_again_at: null })
    const placed = db.prepare('SELECT latitude, longitude FROM lead_places WHERE lead_id = ?').get(lead)
    expect(placed).toEqual({ latitude: PINE.latitude, longitude: PINE.longitude })
  })
})

describe('nothing sent after a stop', () => {
  test('an address that stops its alerts between a failed send and its retry gets no retry', async () => {
    const lead = subscriber('stopper@homeowner.test', '7 Arapahoe Rd, Centennial, CO 80112')
    const day = '2025-06-11'
    storeStormDay(db, day, [{ centre: CENTENNIAL, radiusMi: 1.5, inches: 1.5 }], NOW)
    await smtp.stop()
    try {
      await respond()
    } finally {
      await smtp.start()
    }
    expect(alertRow(lead, day)).toMatchObject({ status: 'failed', attempts: 1 })

    const link = `${webUrl}${STORM_ALERTS_UNSUBSCRIBE_PATH}/${makeUnsubscribeToken(key, lead, 'stopper@homeowner.test')}`
    const stop = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(stop.status).toBe(200)

    // The retry is due; the check right before the send finds the stop.
    await respond(new Date(NOW.getTime() + 6 * MINUTE))
    expect(alertRow(lead, day)).toEqual({
      status: 'skipped',
      attempts: 1,
      detail: 'the address asked for no more alerts',
    })
    expect(acceptedFor('stopper@homeowner.test')).toHaveLength(0)
  })
})

describe('nothing sent without end', () => {
  test('an alert a dying worker left “sending” is sent again while attempts are left, and failed once they are spent', async () => {
    const again = subscriber('again@homeowner.test', '11020 S Pikes Peak Dr, Parker, CO 80134')
    const spent = subscriber('spent@homeowner.test', '11020 S Pikes Peak Dr, Parker, CO 80134')
    const day = '2025-06-08'
    const left = new Date(NOW.getTime() - 10 * MINUTE).toISOString()
    const insert = db.prepare(
      `INSERT INTO storm_alerts (lead_id, day, email, hail_mm10, status, attempts, sending_at, created_at, updated_at)
       VALUES (?, ?, ?, 381, 'sending', ?, ?, ?, ?)`,
    )
    insert.run(again, day, 'again@homeowner.test', 2, left, left, left)
    insert.run(spent, day, 'spent@homeowner.test', 5, left, left, left)
    await respond()
    expect(alertRow(again, day)).toMatchObject({ status: 'sent', attempts: 3 })
    expect(acceptedFor('again@homeowner.test')).toHaveLength(1)
    expect(alertRow(spent, day)).toEqual({
      status: 'failed',
      attempts: 5,
      detail: 'the worker stopped while sending it, 5 times: not tried again',
    })
    expect(acceptedFor('spent@homeowner.test')).toHaveLength(0)
  })
})

describe('the rate limit of the storm alerts’ links', () => {
  const oneClick = (url: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })

  test('a one-click unsubscribe POST with a valid token is never refused, however many come from one address; made-up ones are', async () => {
    // A mail provider posting for many of its users from one address, past the limit of 2 a minute.
    const people = Array.from({ length: 5 }, (_, i) =>
      subscriber(`provider${i}@bigmail.test`, `${i} Main St, Parker, CO 80134`, { confirmed: false }),
    )
    for (const [i, lead] of people.entries()) {
      const url = `${webUrl}${STORM_ALERTS_UNSUBSCRIBE_PATH}/${makeUnsubscribeToken(key, lead, `provider${i}@bigmail.test`)}`
      const res = await oneClick(url)
      expect(res.status, `one-click POST ${i + 1}`).toBe(200)
    }
    expect(
      db.prepare("SELECT COUNT(*) AS n FROM storm_alert_stops WHERE email LIKE 'provider%'").get(),
    ).toEqual({ n: 5 })
    // Made-up tokens count: two are answered, the third is refused.
    const bogus = `${webUrl}${STORM_ALERTS_UNSUBSCRIBE_PATH}/${people[0]}.${'A'.repeat(32)}`
    expect((await oneClick(bogus)).status).toBe(404)
    expect((await oneClick(bogus)).status).toBe(404)
    expect((await oneClick(bogus)).status).toBe(429)
    // A valid one still goes through.
    const again = `${webUrl}${STORM_ALERTS_UNSUBSCRIBE_PATH}/${makeUnsubscribeToken(key, people[1]!, 'provider1@bigmail.test')}`
    expect((await oneClick(again)).status).toBe(200)
  })

  test('the confirmation’s button with a valid token is never refused either', async () => {
    const people = Array.from({ length: 4 }, (_, i) =>
      subscriber(`office${i}@shared-ip.test`, `${i} Oak St, Parker, CO 80134`, { confirmed: false }),
    )
    for (const [i, lead] of people.entries()) {
      const url = `${webUrl}${STORM_ALERTS_CONFIRM_PATH}/${makeConfirmToken(key, lead, `office${i}@shared-ip.test`)}`
      const res = await fetch(url, { method: 'POST' })
      expect(res.status, `confirmation ${i + 1}`).toBe(200)
      expect(await res.text()).toContain('Storm alerts are confirmed')
    }
    const bogus = `${webUrl}${STORM_ALERTS_CONFIRM_PATH}/${people[0]}.${'A'.repeat(32)}`
    expect((await fetch(bogus, { method: 'POST' })).status).toBe(404)
    expect((await fetch(bogus, { method: 'POST' })).status).toBe(404)
    expect((await fetch(bogus, { method: 'POST' })).status).toBe(429)
  })
})

describe('a briefing the SMTP server refused', () => {
  test('for a passing reason (451) it is tried again after its wait, as alerts are, and sent once', async () => {
    subscriber('briefed@homeowner.test', '11020 S Pikes Peak Dr, Parker, CO 80134')
    const day = '2025-06-10'
    storeStormDay(db, day, [{ centre: HOME, radiusMi: 1, inches: 1.25 }], NOW)
    const response = () =>
      db
        .prepare(
          'SELECT briefing_status, briefing_attempts, briefing_retry_at, briefing_detail FROM storm_responses WHERE day = ?',
        )
        .get(day) as {
        briefing_status: string
        briefing_attempts: number
        briefing_retry_at: string | null
        briefing_detail: string
      }
    const briefings = () =>
      acceptedFor(OFFICE).filter((m) => m.messageId === `<storm-briefing-${day}@frontrange-roofing.test>`)

    smtp.deferRecipients.add(OFFICE)
    try {
      await respond()
    } finally {
      smtp.deferRecipients.clear()
    }
    expect(response()).toMatchObject({ briefing_status: 'failed', briefing_attempts: 1 })
    expect(response().briefing_detail).toMatch(/^SMTP 451/)
    // Due 5 minutes after the day was answered (at the pass's time, moving on with the pass).
    const retryAt = Date.parse(response().briefing_retry_at!)
    expect(retryAt - NOW.getTime()).toBeGreaterThanOrEqual(5 * MINUTE)
    expect(retryAt - NOW.getTime()).toBeLessThan(6 * MINUTE)
    expect(briefings()).toHaveLength(0)

    await respond(new Date(NOW.getTime() + 4 * MINUTE))
    expect(response()).toMatchObject({ briefing_status: 'failed', briefing_attempts: 1 })
    await respond(new Date(NOW.getTime() + 6 * MINUTE))
    expect(response()).toMatchObject({
      briefing_status: 'sent',
      briefing_attempts: 2,
      briefing_retry_at: null,
    })
    expect(briefings()).toHaveLength(1)
    await respond(new Date(NOW.getTime() + 60 * MINUTE))
    expect(briefings()).toHaveLength(1)
  })

  test('for good (550) it is not tried again', async () => {
    subscriber('refused@homeowner.test', '11020 S Pikes Peak Dr, Parker, CO 80134')
    const day = '2025-06-09'
    storeStormDay(db, day, [{ centre: HOME, radiusMi: 1, inches: 1.25 }], NOW)
    smtp.refuseRecipients.add(OFFICE)
    try {
      await respond()
    } finally {
      smtp.refuseRecipients.clear()
    }
    expect(
      db
        .prepare(
          'SELECT briefing_status, briefing_attempts, briefing_retry_at FROM storm_responses WHERE day = ?',
        )
        .get(day),
    ).toEqual({ briefing_status: 'failed', briefing_attempts: 1, briefing_retry_at: null })
  })
})

describe('the placing budget', () => {
  test('a pass stops placing homes once 60 s have passed on its own clock, answers the day, and says so', async () => {
    // Twenty homes never placed; each answer of the geocoder takes 25 s on the pass's clock.
    const leads = Array.from({ length: 20 }, (_, i) =>
      addLead(db, {
        email: `slow${i}@homeowner.test`,
        address: `${i} Main St, Parker, CO 80134`,
        createdAt: ASKED,
      }),
    )
    const day = '2025-06-13'
    storeStormDay(db, day, [{ centre: PINE, radiusMi: 1, inches: 1.5 }], NOW)
    const askedBefore = geocoder.asked
    const clock = () => new Date(NOW.getTime() + (geocoder.asked - askedBefore) * 25_000)
    logLines.length = 0
    const answered = await respond(NOW, { clock })
    expect(answered.map((r) => r.day)).toEqual([day])
    const placed = leads.filter((id) => placeOf(id) !== undefined).length
    // 0 s, 25 s and 50 s are within the minute; at 75 s it stops.
    expect(placed).toBe(3)
    expect(logLines.map((l) => l.msg)).toContain(
      'storm day answered before every lead was placed: the rest are placed a few a pass, for the next storm day',
    )
    // The day's answer is recorded at the pass's time.
    expect(db.prepare('SELECT finished_at FROM storm_responses WHERE day = ?').get(day)).toEqual({
      finished_at: new Date(NOW.getTime() + 75_000).toISOString(),
    })
  })
})
