/**
 * Confirmed opt-in for storm alerts (docs/storm-alerts.md, "Confirming") through the real lead
 * pipeline: a lead posted to POST /api/enquiries with the box ticked, the worker's notifier
 * sending to a real SMTP server in-process, the confirmation links answered by the web app, a
 * storm day's radar stored as the import stores it, homes placed through a local stand-in of the
 * Census geocoder, and the worker's storm response pass.
 *
 * - With the autoreply on, the autoreply asks ("Confirm storm alerts"); no other e-mail goes
 *   for it. An unconfirmed consent gets no alert; a GET of the link changes nothing; its button
 *   confirms; storm days landing from then on are alerted. The office reads "asked, not
 *   confirmed" or "confirmed" in its e-mail, the briefing, `leads show` and the CSV.
 * - With no autoreply, a short e-mail asks alone, once for an address within a day.
 * - A consent left unconfirmed for 30 days lapses: its link confirms nothing.
 */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { findNotifications } from '../../core/notifications/notification-store'
import { createLogger } from '../../core/platform/logger'
import { createMailer, type Mailer } from '../../core/platform/mail/mailer'
import { sampleWeatherReport } from '../../core/storms'
import { respondToNewStormDays, type RespondDeps } from '../../core/storm-response'
import { makeConfirmToken } from '../../core/storm-response/consent'
import { unsubscribeKey } from '../../core/storm-response/unsubscribe'
import { buildLeadView } from '../../core/notifications/lead-view'
import { buildWeatherReportMail } from '../../core/notifications/weather-report-mail'
import { DEFAULT_BUSINESS } from '../../shared/business'
import { isoDate, localParts } from '../../shared/business-time'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { CONFIRM_BUTTON, STORM_ALERTS_CONFIRM_PATH } from '../../shared/storm-alerts-consent'
import { runAdminCaptured } from '../support/admin'
import { VALID_ENQUIRY } from '../support/enquiries'
import { placeStreets, startGeocoderPeer, type GeocoderPeer } from '../support/geocoder-peer'
import { respondDepsFor } from '../support/storm-response'
import { addLead } from '../support/leads'
import { leadToShow } from '../support/lead-view'
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/notify-peers'
import { SITE_ORIGIN, usePipeline, type Pipeline } from '../support/pipeline'
import { storeStormDay } from '../support/storm-days'

/** 11020 S Pikes Peak Dr, Parker, and a home in Centennial. */
const HOME = { latitude: 39.5186, longitude: -104.7614 }
const CENTENNIAL = { latitude: 39.5807, longitude: -104.8772 }
const HOME_ADDRESS = '11020 S Pikes Peak Dr, Parker, CO 80138'
const FROM = 'Front Range Roofing <alerts@frontrange.example>'
const OFFICE = 'office@frontrange.example'
const DAY_MS = 24 * 60 * 60_000

let smtp: TestSmtpServer
let geocoder: GeocoderPeer
let mailer: Mailer

beforeAll(async () => {
  smtp = await startTestSmtpServer()
  geocoder = await startGeocoderPeer(
    placeStreets({ '11020 S Pikes Peak': HOME, '7 Arapahoe Rd': CENTENNIAL }),
  )
  mailer = createMailer({ url: smtp.url, safeUrl: smtp.url, from: FROM }, 5_000)
})
afterAll(async () => {
  mailer?.close()
  await smtp?.close()
  await geocoder?.close()
})

const env = (extra: Record<string, string> = {}) => ({
  SMTP_URL: smtp.url,
  LEAD_NOTIFY_TO: OFFICE,
  LEAD_NOTIFY_FROM: FROM,
  CENSUS_GEOCODER_URL: geocoder.url,
  ...extra,
})

/** Posts a lead as the contact modal does, and lets the worker deliver it. */
async function postLead(p: Pipeline, fields: Record<string, unknown>): Promise<string> {
  const res = await request(p.http)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send({ ...VALID_ENQUIRY, ...fields })
  expect(res.status).toBe(201)
  const id = res.body.id as string
  await p.notifier().deliverLead(id, `job-${id}`)
  return id
}

/** What the SMTP server took for `email` (recorded before it answers: complete once a send returned). */
const acceptedFor = (email: string) => smtp.accepted.filter((m) => m.envelopeTo.includes(email))
const mailTo = async (email: string, subject: RegExp): Promise<ReceivedMail> => {
  await expect
    .poll(() =>
      smtp.messages.find((m) => m.envelopeTo.includes(email) && subject.test(m.parsed.subject ?? '')),
    )
    .toBeTruthy()
  return smtp.messages.find((m) => m.envelopeTo.includes(email) && subject.test(m.parsed.subject ?? ''))!
}

/** The path of the confirmation link in an e-mail's text (after the button's words). */
function confirmPathIn(mail: ReceivedMail): string {
  const url = new RegExp(`${CONFIRM_BUTTON}\\s+(https?://\\S+)`).exec(mail.parsed.text ?? '')?.[1]
  expect(url, 'the e-mail has the button with its link').toBeDefined()
  expect(url!.startsWith(`${SITE_ORIGIN}${STORM_ALERTS_CONFIRM_PATH}/`)).toBe(true)
  return new URL(url!).pathname
}

const respondDeps = (p: Pipeline): RespondDeps =>
  respondDepsFor({
    geocoderUrl: geocoder.url,
    mailer,
    from: FROM,
    office: OFFICE,
    siteUrl: SITE_ORIGIN,
    unsubscribeKey: unsubscribeKey(p.db),
    logger: createLogger('silent'),
  })

const confirmations = (p: Pipeline) =>
  (p.db.prepare('SELECT COUNT(*) AS n FROM storm_alert_confirmations').get() as { n: number }).n
const alertRow = (p: Pipeline, leadId: string, day: string) =>
  p.db.prepare('SELECT status, detail FROM storm_alerts WHERE lead_id = ? AND day = ?').get(leadId, day) as
    { status: string; detail: string | null } | undefined
const denverDay = (at: Date) => isoDate(localParts(at))

/** The pipeline of the autoreply's tests; its lead, the lead's link and when it asked, as the tests find them. */
const pipeline = usePipeline(() => ({
  label: 'storm-confirm',
  producerUrl: null,
  env: env({ LEAD_AUTOREPLY: 'true' }),
}))
const EMAIL = 'dana.confirm@homeowner.test'
let lead: string
let link: string
let asked: Date

describe('with the autoreply on: the autoreply asks, and an unconfirmed consent gets no alert', () => {
  test('ticking the box asks: the autoreply carries the “Confirm storm alerts” button, no other e-mail goes, and the office reads “asked, not confirmed”', async () => {
    const p = pipeline()
    lead = await postLead(p, { email: EMAIL, address: HOME_ADDRESS, stormAlerts: true })
    asked = new Date(
      (
        p.db.prepare('SELECT created_at FROM form_submissions WHERE id = ?').get(lead) as {
          created_at: string
        }
      ).created_at,
    )
    const autoreply = await mailTo(EMAIL, /^Thank you for your request/)
    link = confirmPathIn(autoreply)
    expect(link).toMatch(new RegExp(`^${STORM_ALERTS_CONFIRM_PATH}/${lead}\\.[A-Za-z0-9_-]{32}$`))
    expect(autoreply.parsed.html).toContain(`href="${SITE_ORIGIN}${link}"`)
    expect(autoreply.parsed.text).toContain('We send no storm alert until you confirm')
    expect(acceptedFor(EMAIL)).toHaveLength(1)
    expect(
      findNotifications(p.db, lead).find((n) => n.channel === 'storm_alerts_confirmation'),
    ).toMatchObject({
      status: 'skipped',
      detail: 'the autoreply asks to confirm',
    })
    const office = await mailTo(OFFICE, /^New inspection request/)
    expect(office.parsed.text).toMatch(/Storm alerts\s*asked, not confirmed/)
  })

  test('an unconfirmed consent gets no alert, and the briefing says it was not confirmed', async () => {
    const p = pipeline()
    const day = denverDay(new Date(asked.getTime() + DAY_MS))
    const at = new Date(asked.getTime() + 1.5 * DAY_MS)
    storeStormDay(p.db, day, [{ centre: HOME, radiusMi: 1.5, inches: 1.75 }], at)
    const [answered] = await respondToNewStormDays(p.db, respondDeps(p), at)
    expect(answered).toMatchObject({ day, homesHit: 1, alertsSent: 0, briefing: { status: 'sent' } })
    expect(alertRow(p, lead, day)).toEqual({
      status: 'skipped',
      detail: 'the homeowner has not confirmed storm alerts',
    })
    expect(acceptedFor(EMAIL)).toHaveLength(1) // the autoreply, no alert
    const briefing = await mailTo(OFFICE, /^Storm briefing/)
    expect(briefing.parsed.text).toContain('Storm alerts: asked, not confirmed; no alert')
    expect(briefing.parsed.text).toContain('Homeowner alerts: 0 sent, 1 not confirmed.')
  })
})

describe('confirming: a GET changes nothing, the button confirms, and the office reads it', () => {
  test('a GET of the link shows the address and the button and changes nothing', async () => {
    const p = pipeline()
    for (let i = 0; i < 2; i++) {
      const page = await request(p.http).get(link)
      expect(page.status).toBe(200)
      expect(page.headers['cache-control']).toBe('no-store')
      expect(page.headers['x-robots-tag']).toBe('noindex')
      expect(page.text).toContain('<title>Confirm your storm alerts</title>')
      expect(page.text).toContain('d•••@homeowner.test')
      expect(page.text).not.toContain(EMAIL)
      expect(page.text).toContain(
        `<form method="post" action="${link}"><button type="submit">Confirm storm alerts</button></form>`,
      )
      expect(page.text).toContain('Nothing has changed yet: only the button confirms.')
    }
    expect(confirmations(p)).toBe(0)
  })

  test('the button from another site changes nothing; the page’s own button confirms, and the page says so', async () => {
    const p = pipeline()
    const elsewhere = await request(p.http).post(link).set('Origin', 'https://evil.example').send('')
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.text).toContain('Nothing was changed')
    expect(confirmations(p)).toBe(0)

    const pressed = await request(p.http)
      .post(link)
      .set('Origin', SITE_ORIGIN)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send('')
    expect(pressed.status).toBe(200)
    expect(pressed.text).toContain('<title>Storm alerts are confirmed</title>')
    expect(pressed.text).toContain(
      'Done: d•••@homeowner.test gets an e-mail when radar sees hail at the address you gave us.',
    )
    expect(p.db.prepare('SELECT email, lead_id FROM storm_alert_confirmations').all()).toEqual([
      { email: EMAIL, lead_id: lead },
    ])
    const again = await request(p.http).get(link)
    expect(again.text).toMatch(/d•••@homeowner\.test confirmed storm alerts on \d{1,2} \w{3} \d{4}\./)
    const twice = await request(p.http).post(link).set('Origin', SITE_ORIGIN).send('')
    expect(twice.status).toBe(200)
    expect(twice.text).toContain('confirmed storm alerts on')
    expect(confirmations(p)).toBe(1)
  })

  test('the office reads “confirmed” in leads show and the CSV', async () => {
    const p = pipeline()
    const admin = (...argv: string[]) =>
      runAdminCaptured(argv, { env: { DATABASE_PATH: p.config.databasePath }, at: new Date() })
    expect((await admin('leads', 'show', lead)).out).toMatch(/^storm alerts +confirmed$/m)
    const csv = (await admin('leads', 'export')).out.split('\r\n')
    const column = csv[0]!.split(',').indexOf('storm_alerts_confirmed')
    expect(column).toBeGreaterThan(0)
    expect(csv.find((row) => row.startsWith(lead))).toContain(',confirmed,')
    expect((await admin('storm-alerts', 'list')).out).toMatch(new RegExp(`${EMAIL}.*confirmed \\d{4}-`))
  })
})

describe('confirmed: alerted for radar data that lands from then on', () => {
  test('confirmed, it is alerted for radar data that lands from then on, not for a day answered before', async () => {
    const p = pipeline()
    const earlier = denverDay(new Date(asked.getTime() + DAY_MS))
    const day = denverDay(new Date(asked.getTime() + 2 * DAY_MS))
    const at = new Date(asked.getTime() + 2.5 * DAY_MS)
    storeStormDay(p.db, day, [{ centre: HOME, radiusMi: 1.5, inches: 1.5 }], at)
    const answered = await respondToNewStormDays(p.db, respondDeps(p), at)
    expect(answered.map((r) => r.day)).toEqual([day])
    expect(alertRow(p, lead, day)).toMatchObject({ status: 'sent' })
    expect(alertRow(p, lead, earlier)).toMatchObject({ status: 'skipped' })
    const alerts = acceptedFor(EMAIL).filter((m) => m.messageId?.startsWith('<storm-alert-'))
    expect(alerts.map((m) => m.messageId)).toEqual([`<storm-alert-${lead}-${day}@frontrange.example>`])
    const alert = await mailTo(EMAIL, /^Radar saw hail/)
    expect(alert.parsed.text).toContain('ticked, and you confirmed it.')
  })

  test('a day whose radar landed before the address confirmed is not alerted', async () => {
    const p = pipeline()
    const email = 'late.confirm@homeowner.test'
    const now = new Date()
    const late = addLead(p.db, {
      email,
      address: '7 Arapahoe Rd, Centennial, CO 80112',
      stormAlerts: true,
      createdAt: new Date(now.getTime() - 3 * DAY_MS),
    })
    const day = denverDay(new Date(now.getTime() - DAY_MS))
    storeStormDay(
      p.db,
      day,
      [{ centre: CENTENNIAL, radiusMi: 1, inches: 1.5 }],
      new Date(now.getTime() - 60 * 60_000),
    )
    const path = `${STORM_ALERTS_CONFIRM_PATH}/${makeConfirmToken(unsubscribeKey(p.db), late, email)}`
    expect((await request(p.http).post(path).send('')).status).toBe(200)
    await respondToNewStormDays(p.db, respondDeps(p), new Date(now.getTime() + 60_000))
    expect(alertRow(p, late, day)).toEqual({
      status: 'skipped',
      detail: "the address confirmed storm alerts after this day's radar data landed",
    })
    expect(acceptedFor(email)).toHaveLength(0)
  })

  test('a later request of a confirmed address is confirmed already: no e-mail asks again, and the office reads “confirmed”', async () => {
    const p = pipeline()
    const before = acceptedFor(EMAIL).length
    const second = await postLead(p, { email: EMAIL, address: HOME_ADDRESS, stormAlerts: true })
    // A repeat within 24 hours gets no autoreply; nothing needs asking either.
    expect(
      findNotifications(p.db, second).find((n) => n.channel === 'storm_alerts_confirmation'),
    ).toMatchObject({
      status: 'skipped',
      detail: 'the address confirmed storm alerts already',
    })
    expect(acceptedFor(EMAIL)).toHaveLength(before)
    const officeMail = () =>
      smtp.messages.find((m) => m.parsed.messageId === `<lead-${second}@frontrange.example>`)
    await expect.poll(officeMail).toBeTruthy()
    expect(officeMail()!.parsed.text).toMatch(/Storm alerts\s*confirmed/)
  })
})

describe('a lapsed consent, and the weather report e-mail', () => {
  test('a consent left unconfirmed for 30 days lapses: its link says so and confirms nothing', async () => {
    const p = pipeline()
    const email = 'lapsed@homeowner.test'
    const old = addLead(p.db, { email, stormAlerts: true, createdAt: new Date(Date.now() - 31 * DAY_MS) })
    const path = `${STORM_ALERTS_CONFIRM_PATH}/${makeConfirmToken(unsubscribeKey(p.db), old, email)}`
    const page = await request(p.http).get(path)
    expect(page.status).toBe(410)
    expect(page.text).toContain('This request has lapsed')
    expect(page.text).toContain('not confirmed within 30 days')
    const pressed = await request(p.http).post(path).send('')
    expect(pressed.status).toBe(410)
    expect(p.db.prepare('SELECT 1 FROM storm_alert_confirmations WHERE email = ?').get(email)).toBeUndefined()
    const bad = await request(p.http).get(`${path.slice(0, -4)}AAAA`)
    expect(bad.status).toBe(404)
    expect(bad.text).toContain('This link is not valid')
  })

  test('the weather report e-mail asks with the same button', async () => {
    const lead = buildLeadView(
      leadToShow({ address: HOME_ADDRESS, createdAt: new Date().toISOString(), stormAlerts: true }),
      undefined,
      SITE_ORIGIN,
    )
    const url = `${SITE_ORIGIN}${STORM_ALERTS_CONFIRM_PATH}/token`
    const mail = await buildWeatherReportMail(lead, sampleWeatherReport(), {
      from: FROM,
      business: DEFAULT_BUSINESS,
      confirmUrl: url,
    })
    expect(mail.html).toContain(`href="${url}"`)
    expect(mail.text).toContain(`${CONFIRM_BUTTON} ${url}`)
    const without = await buildWeatherReportMail(lead, sampleWeatherReport(), {
      from: FROM,
      business: DEFAULT_BUSINESS,
    })
    expect(without.text).not.toContain(CONFIRM_BUTTON)
  })
})

describe('with no autoreply: a short e-mail asks alone', () => {
  const alone = usePipeline(() => ({ label: 'storm-confirm-alone', producerUrl: null, env: env() }))

  test('it is the only e-mail the homeowner gets; a second request within a day is asked by the first one’s', async () => {
    const p = alone()
    const email = 'alone@homeowner.test'
    const first = await postLead(p, {
      email,
      address: HOME_ADDRESS,
      stormAlerts: true,
      form: 'contact_page',
      formType: 'contact',
      sourcePath: '/contact',
    })
    const mail = await mailTo(email, /^Confirm storm alerts from /)
    expect(mail.parsed.subject).toBe(`Confirm storm alerts from ${DEFAULT_BUSINESS.name}`)
    expect(mail.parsed.messageId).toBe(`<storm-alerts-confirm-${first}@frontrange.example>`)
    expect(mail.parsed.text).toContain(`website for ${HOME_ADDRESS} gave this e-mail address`)
    expect(confirmPathIn(mail)).toMatch(new RegExp(`^${STORM_ALERTS_CONFIRM_PATH}/${first}\\.`))
    expect(findNotifications(p.db, first).map((n) => [n.channel, n.status])).toEqual(
      expect.arrayContaining([
        ['autoreply', 'skipped'],
        ['storm_alerts_confirmation', 'sent'],
      ]),
    )
    expect(acceptedFor(email)).toHaveLength(1)

    const second = await postLead(p, { email, address: HOME_ADDRESS, stormAlerts: true })
    expect(
      findNotifications(p.db, second).find((n) => n.channel === 'storm_alerts_confirmation'),
    ).toMatchObject({
      status: 'skipped',
      detail: 'an earlier request of this address within 24 hours asked to confirm',
    })
    const unticked = await postLead(p, { email: 'no.box@homeowner.test' })
    expect(
      findNotifications(p.db, unticked).find((n) => n.channel === 'storm_alerts_confirmation'),
    ).toMatchObject({
      status: 'skipped',
      detail: 'did not ask for storm alerts',
    })
    expect(acceptedFor(email)).toHaveLength(1)
    expect(acceptedFor('no.box@homeowner.test')).toHaveLength(0)
  })
})
