/**
 * The office's links and the spam digest (docs/spam.md, "The office's links"), on the
 * real app (supertest), a real SQLite file, the worker's notifier and reconciler, and a real
 * SMTP server: a link is signed, expires and acts once; a GET never changes anything; the
 * button releases a held lead (delivered once) or marks a delivered one as spam, and the
 * classifier's examples get the office's label; the digest lists what was held since the last
 * one, and the worker's schedule sends one a day.
 */
import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import request from 'supertest'
import { beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../core/platform/db/connection'
import { findLead } from '../../core/leads/store'
import { findOfficeActions, readOfficeLink } from '../../core/spam/quarantine'
import { formatOfficeTime } from '../../shared/business-time'
import {
  createOfficeLinks,
  makeOfficeToken,
  officeLinkKey,
  OFFICE_CONFIRM_PATH,
} from '../../core/spam/office-links'
import { createMailer } from '../../core/platform/mail/mailer'
import { startSpamDigestSchedule } from '../../worker/spam-digest'
import { createLogger } from '../../core/platform/logger'
import { addLead, HONEYPOT_REASON } from '../support/leads'
import { startTestSmtpServer } from '../support/notify-peers'
import { SITE_ORIGIN, usePipeline, waitFor } from '../support/pipeline'
import { usePeer } from '../support/use-peer'
import { getRedisUrl } from '../support/redis'
import { runAdminCaptured } from '../support/admin'
import { createSpamClassifier } from '../../core/spam/classifier'

const smtp = usePeer(startTestSmtpServer)

const SPAM = {
  score: 11,
  reasons: [
    HONEYPOT_REASON,
    { code: 'token_missing', points: 1, text: 'no form token (sent without the form)' },
  ],
  quarantine: true,
}

const pipeline = usePipeline(
  () => ({
    label: 'office-links',
    env: {
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_FROM: 'leads@roofer.example',
      LEAD_NOTIFY_TO: 'office@roofer.example',
      RECONCILE_GRACE_MS: '0',
      RECONCILE_INTERVAL_MS: '50',
    },
  }),
  { reconciler: true },
)

const db = (): Db => pipeline().db
const pathOf = (url: string) => new URL(url).pathname
const linkTo = (action: 'not_spam' | 'spam', leadId: string) =>
  pathOf(createOfficeLinks(db(), { siteUrl: SITE_ORIGIN, days: 14 }).url(action, leadId))
const press = (path: string, origin = SITE_ORIGIN) =>
  request(pipeline().http).post(path).set('Origin', origin).type('form').send('')
const open = (path: string) => request(pipeline().http).get(path)

/** A lead held as spam, at `at` (now by default). */
function quarantinedLead(name = 'Quentin', at?: Date): string {
  return addLead(db(), {
    firstName: name,
    message: 'Please call about hail on the roof.',
    spam: SPAM,
    ...(at ? { createdAt: at } : {}),
  })
}

/** Everything a link could change: the lead's row, the office's acts, the classifier's examples. */
function stateOf(leadId: string) {
  return {
    lead: findLead(db(), leadId),
    actions: findOfficeActions(db(), leadId),
    examples: db().prepare('SELECT label, source FROM spam_examples WHERE lead_id = ?').all(leadId),
  }
}

const officeMailsFor = (leadId: string) =>
  smtp.messages.filter((m) => m.parsed.headers.get('x-lead-id') === leadId)

describe('the confirmation page: GET never changes anything', () => {
  test('a valid "Not spam" link shows the lead and the button, not cached or indexed; opening it again changes nothing', async () => {
    const id = quarantinedLead('Opened')
    const before = stateOf(id)
    const link = linkTo('not_spam', id)
    expect(link).toMatch(new RegExp(`^${OFFICE_CONFIRM_PATH}/n\\.${id}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{32}$`))
    for (let i = 0; i < 3; i++) {
      const res = await open(link)
      expect(res.status).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['x-robots-tag']).toBe('noindex')
      expect(res.headers['referrer-policy']).toBe('no-referrer')
      expect(res.text).toContain('Deliver this enquiry?')
      expect(res.text).toContain(`<form method="post" action="${link}">`)
    }
    const head = await request(pipeline().http).head(link)
    expect(head.status).toBe(200)
    expect(stateOf(id)).toEqual(before)
    expect(before.lead?.releasedAt).toBeNull()
  })
})

describe('a GET never writes, and each client may open so many a minute', () => {
  test('with another connection holding the write lock, valid, expired and made-up links still answer', async () => {
    const id = quarantinedLead('Locked')
    const link = linkTo('not_spam', id)
    const expired = `${OFFICE_CONFIRM_PATH}/${makeOfficeToken(officeLinkKey(db()), 'not_spam', id, new Date(Date.now() - 1000))}`
    const before = stateOf(id)
    // A writer elsewhere (the worker, site-admin) holds SQLite's write lock throughout: a GET
    // that wrote would wait out the busy timeout and fail with SQLITE_BUSY.
    const writer = new Database(pipeline().config.databasePath, { timeout: 0 })
    writer.exec('BEGIN IMMEDIATE')
    try {
      const ready = await open(link)
      expect(ready.status).toBe(200)
      expect(ready.text).toContain('Deliver this enquiry?')
      expect((await open(expired)).status).toBe(410)
      const madeUp = await open(`${OFFICE_CONFIRM_PATH}/n.${randomUUID()}.zzzzzz.${'A'.repeat(32)}`)
      expect(madeUp.status).toBe(404)
      expect(madeUp.text).toContain('This link does not work')
    } finally {
      writer.exec('ROLLBACK')
      writer.close()
    }
    expect(stateOf(id)).toEqual(before)
  })

  describe('over OFFICE_LINK_RATE_LIMIT_PER_MINUTE', () => {
    const limited = usePipeline(() => ({
      label: 'office-limit',
      env: { OFFICE_LINK_RATE_LIMIT_PER_MINUTE: '3' },
      rateLimitRedisUrl: getRedisUrl(),
    }))

    test('the next GET or press gets 429 and a page that says how long to wait; nothing changes', async () => {
      const { http: app, db: limitedDb } = limited()
      const id = addLead(limitedDb, { firstName: 'Limited', spam: SPAM })
      const link = new URL(
        createOfficeLinks(limitedDb, { siteUrl: SITE_ORIGIN, days: 14 }).url('not_spam', id),
      ).pathname
      expect((await request(app).get(link)).status).toBe(200)
      for (let i = 0; i < 2; i++)
        expect((await request(app).get(`${OFFICE_CONFIRM_PATH}/made-up-${i}`)).status).toBe(404)

      for (const res of [
        await request(app).get(link),
        await request(app).post(link).set('Origin', SITE_ORIGIN).type('form').send(''),
      ]) {
        expect(res.status).toBe(429)
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
        expect(res.headers['cache-control']).toBe('no-store')
        expect(res.headers['x-robots-tag']).toBe('noindex')
        expect(res.headers['content-type']).toMatch(/^text\/html/)
        expect(res.text).toContain('<title>Too many links opened at once</title>')
        expect(res.text).toContain('<h1>Too many links opened at once</h1>')
        expect(res.text).toContain('Nothing has been changed.')
        expect(res.text).toContain(
          `Wait ${res.headers['retry-after']} seconds, then open the link from the e-mail again.`,
        )
        expect(res.text).not.toContain('Limited')
      }
      expect(findLead(limitedDb, id)?.releasedAt).toBeNull()
      expect(findOfficeActions(limitedDb, id)).toEqual([])
    })
  })
})

/** A homeowner whose every value is easy to find in a page. */
const PERSON = {
  firstName: 'Philippa',
  lastName: 'Quarrington',
  email: 'philippa.quarrington@example.com',
  phone: '(720) 555-0163',
  address: '9 Juniper Lane, Golden, CO 80401',
  message: 'Wind lifted the ridge cap over the garage.',
}

describe('a used, expired or inapplicable link shows no personal data, only what happened and the short id', () => {
  const personal = Object.values(PERSON)
  /** Which of the homeowner's values a page or page object shows. */
  const shown = (text: string) => personal.filter((value) => text.includes(value))
  const key = () => officeLinkKey(db())

  test('a valid unused link shows the lead, so the office can decide', async () => {
    const id = addLead(db(), { ...PERSON, email: `ready.${PERSON.email}`, spam: SPAM })
    const res = await open(linkTo('not_spam', id))
    expect(res.status).toBe(200)
    expect(res.text).toContain('Philippa Quarrington')
    const page = readOfficeLink(db(), key(), linkTo('not_spam', id).slice(OFFICE_CONFIRM_PATH.length + 1))
    expect(page.kind).toBe('ready')
    expect(shown(JSON.stringify(page))).toEqual(personal)
  })

  test('after the button: its answer, and the link opened again, name the lead by its short id only', async () => {
    const id = addLead(db(), { ...PERSON, spam: SPAM })
    const link = linkTo('not_spam', id)
    const pressed = await press(link)
    expect(pressed.text).toContain('Enquiry delivered')
    const reopened = await open(link)
    expect(reopened.text).toContain('Already delivered')
    for (const res of [pressed, reopened]) {
      expect(shown(res.text)).toEqual([])
      expect(res.text).toContain(`Enquiry ${id.slice(0, 8)}`)
      expect(res.text).toMatch(/Released from the spam hold on \w{3}, \w{3} \d+, \d{4}/)
    }
    // What the Vike page is rendered from (pageContext.officeLink) holds nothing more.
    const page = readOfficeLink(db(), key(), link.slice(OFFICE_CONFIRM_PATH.length + 1))
    expect(page).toMatchObject({ kind: 'done', shortId: id.slice(0, 8) })
    expect(shown(JSON.stringify(page))).toEqual([])
  })

  test('an expired link says when it expired and names the lead by its short id only', async () => {
    const id = addLead(db(), { ...PERSON, email: `expired.${PERSON.email}`, spam: SPAM })
    const expiredAt = new Date(Date.now() - 60_000)
    const token = makeOfficeToken(key(), 'not_spam', id, expiredAt)
    const res = await open(`${OFFICE_CONFIRM_PATH}/${token}`)
    expect(res.status).toBe(410)
    expect(res.text).toContain(`This link expired on ${formatOfficeTime(expiredAt)}.`)
    expect(res.text).toContain(`Enquiry ${id.slice(0, 8)}`)
    expect(shown(res.text)).toEqual([])
    const page = readOfficeLink(db(), key(), token)
    expect(page).toMatchObject({
      kind: 'expired',
      shortId: id.slice(0, 8),
      expiredAt: formatOfficeTime(expiredAt),
    })
    expect(shown(JSON.stringify(page))).toEqual([])
  })

  test('a link that does not fit the lead (this is spam, for a held one) names it by its short id only', async () => {
    const id = addLead(db(), { ...PERSON, email: `held.${PERSON.email}`, spam: SPAM })
    const res = await open(linkTo('spam', id))
    expect(res.text).toContain('This enquiry is held as spam')
    expect(shown(res.text)).toEqual([])
    const page = readOfficeLink(db(), key(), linkTo('spam', id).slice(OFFICE_CONFIRM_PATH.length + 1))
    expect(page).toMatchObject({ kind: 'not-applicable', shortId: id.slice(0, 8) })
    expect(shown(JSON.stringify(page))).toEqual([])
  })
})

describe('"Not spam: deliver it"', () => {
  test('the button releases the lead, which reaches the office once; the classifier learns not_spam; a second press says what happened', async () => {
    const id = quarantinedLead('Released')
    const link = linkTo('not_spam', id)
    const res = await press(link)
    expect(res.status).toBe(200)
    expect(res.text).toContain('Enquiry delivered')
    expect(res.text).toContain('Released from the spam hold on')
    const after = stateOf(id)
    expect(after.lead?.releasedAt).not.toBeNull()
    expect(after.actions).toEqual([
      { leadId: id, action: 'not_spam', source: 'office-link', actedAt: after.lead?.releasedAt },
    ])
    expect(after.examples).toEqual([{ label: 'not_spam', source: 'office-link' }])

    await waitFor(() => officeMailsFor(id).length === 1, 5000, 'the released lead to reach the office')
    await waitFor(() => findLead(db(), id)?.settledAt != null, 5000, 'the lead to settle')
    const settled = stateOf(id)

    const again = await press(link)
    expect(again.status).toBe(200)
    expect(again.text).toContain('Already delivered')
    const reopened = await open(link)
    expect(reopened.text).toContain('Already delivered')
    expect(stateOf(id)).toEqual(settled)
    // A whole reconciler pass after the presses delivers nothing again.
    await pipeline().reconciler().runOnce()
    expect(officeMailsFor(id)).toHaveLength(1)
  })

  test('a lead released with site-admin first: the link says so and changes nothing', async () => {
    const id = quarantinedLead('AdminFirst')
    const link = linkTo('not_spam', id)
    const admin = await runAdminCaptured(['leads', 'not-spam', id], {
      env: { DATABASE_PATH: pipeline().config.databasePath },
      at: new Date(),
    })
    expect(admin.code).toBe(0)
    // The worker delivers the released lead on its own time: the state to compare is after that.
    await waitFor(() => officeMailsFor(id).length === 1, 10_000, 'the released lead to reach the office')
    await waitFor(() => findLead(db(), id)?.settledAt != null, 10_000, 'the lead to settle')
    const before = stateOf(id)
    const res = await press(link)
    expect(res.text).toContain('Already delivered')
    expect(stateOf(id)).toEqual(before)
  })

  test('a cross-site press is refused (403) and changes nothing', async () => {
    const id = quarantinedLead('CrossSite')
    const before = stateOf(id)
    const res = await press(linkTo('not_spam', id), 'https://elsewhere.example')
    expect(res.status).toBe(403)
    expect(res.text).toContain('Please use the button on the page')
    expect(stateOf(id)).toEqual(before)
  })

  test('a "Not spam" link for a lead that was never held changes nothing', async () => {
    const id = addLead(db(), { firstName: 'NeverHeld' })
    // The reconciler delivers a lead that was never held (grace 0): compare from once it has.
    await waitFor(() => findLead(db(), id)?.settledAt != null, 5000, 'the lead to be delivered and settle')
    const before = stateOf(id)
    const res = await press(linkTo('not_spam', id))
    expect(res.text).toContain('This enquiry was never held back')
    expect(stateOf(id)).toEqual(before)
  })
})

describe('tampered, expired and unknown links change nothing', () => {
  let id: string
  let link: string
  beforeEach(() => {
    id = quarantinedLead('Tampered')
    link = linkTo('not_spam', id)
  })

  const tamperings: [string, (token: string) => string][] = [
    ['one character of the signature', (t) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A')],
    ['the action (not spam → spam)', (t) => `s${t.slice(1)}`],
    [
      'the expiry, a year later',
      (t) =>
        t.replace(/\.([0-9a-z]+)\./, (_m, e: string) => `.${(parseInt(e, 36) + 31_536_000).toString(36)}.`),
    ],
    ['another lead id', (t) => t.replace(/\.[0-9a-f-]{36}\./, `.${randomUUID()}.`)],
    ['cut short', (t) => t.slice(0, 40)],
    ['garbage', () => '%3Cscript%3E'],
  ]
  for (const [what, tamper] of tamperings) {
    test(`${what}: 404 "does not work" on GET and POST`, async () => {
      const token = link.slice(OFFICE_CONFIRM_PATH.length + 1)
      const bad = `${OFFICE_CONFIRM_PATH}/${tamper(token)}`
      const before = stateOf(id)
      for (const res of [await open(bad), await press(bad)]) {
        expect(res.status).toBe(404)
        expect(res.text).toContain('This link does not work')
        expect(res.headers['cache-control']).toBe('no-store')
      }
      expect(stateOf(id)).toEqual(before)
    })
  }

  test('an expired link: 410, says so, changes nothing', async () => {
    const key = officeLinkKey(db())
    const expired = `${OFFICE_CONFIRM_PATH}/${makeOfficeToken(key, 'not_spam', id, new Date(Date.now() - 1000))}`
    const before = stateOf(id)
    for (const res of [await open(expired), await press(expired)]) {
      expect(res.status).toBe(410)
      expect(res.text).toContain('This link has expired')
    }
    expect(stateOf(id)).toEqual(before)
    expect(before.lead?.releasedAt).toBeNull()
  })

  test('a signed link whose lead is gone: 404 "no longer stored"', async () => {
    const gone = linkTo('not_spam', randomUUID())
    const res = await press(gone)
    expect(res.status).toBe(404)
    expect(res.text).toContain('This enquiry is no longer stored')
  })

  test('a link signed with another database key does not work', async () => {
    const other = makeOfficeToken(Buffer.alloc(32, 7), 'not_spam', id, new Date(Date.now() + 60_000))
    const res = await press(`${OFFICE_CONFIRM_PATH}/${other}`)
    expect(res.status).toBe(404)
    expect(stateOf(id).lead?.releasedAt).toBeNull()
  })
})

describe('"This is spam" from a delivered lead\'s e-mail', () => {
  test('the office e-mail carries the link; pressing it records the verdict and teaches the classifier, once', async () => {
    const id = addLead(db(), { firstName: 'Pitchy', message: 'We can rank your site first on Google.' })
    await waitFor(() => officeMailsFor(id).length === 1, 5000, 'the office e-mail')
    const mail = officeMailsFor(id)[0]!
    const url = /https?:\/\/\S+\/office\/confirm\/s\.[^\s"<>)]+/.exec(mail.parsed.html || '')?.[0]
    expect(url, 'the "This is spam" link in the HTML part').toBeDefined()
    expect(mail.parsed.text).toContain('This is spam')
    expect(mail.parsed.text).toContain(url!)
    const link = pathOf(url!)

    const page = await open(link)
    expect(page.text).toContain('Mark this enquiry as spam?')
    expect(stateOf(id).actions).toEqual([])
    // The classifier of a web process, trained before the office's answer.
    const classifier = createSpamClassifier(db())
    const text = { firstName: 'Pitchy', lastName: 'Reyes', message: 'We can rank your site first on Google.' }
    const before = classifier.spamProbability(text)!

    const res = await press(link)
    expect(res.text).toContain('Marked as spam on')
    const after = stateOf(id)
    expect(after.actions).toMatchObject([{ action: 'spam', source: 'office-link' }])
    expect(after.examples).toEqual([{ label: 'spam', source: 'office-link' }])
    // Still a delivered lead: it is not put back in quarantine.
    expect(after.lead?.quarantinedAt).toBeNull()
    // The same classifier trains again on its next use and reads the text as more like spam.
    expect(classifier.spamProbability(text)!).toBeGreaterThan(before)

    expect((await press(link)).text).toContain('Already marked as spam')
    expect(stateOf(id)).toEqual(after)

    const shown = await runAdminCaptured(['leads', 'show', id], {
      env: { DATABASE_PATH: pipeline().config.databasePath },
      at: new Date(),
    })
    expect(shown.out).toMatch(/office\s+marked as spam at \d{4}-\d\d-\d\dT/)
  })

  test('a "This is spam" link on a lead that is held changes nothing', async () => {
    const id = quarantinedLead('HeldSpam')
    const before = stateOf(id)
    expect((await press(linkTo('spam', id))).text).toContain('This enquiry is held as spam')
    expect(stateOf(id)).toEqual(before)
  })
})

describe('the spam digest', () => {
  const env = () => ({
    DATABASE_PATH: pipeline().config.databasePath,
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_FROM: 'leads@roofer.example',
    LEAD_NOTIFY_TO: 'office@roofer.example',
    SITE_URL: SITE_ORIGIN,
  })
  const digests = () => smtp.messages.filter((m) => m.parsed.headers.get('x-spam-digest-id'))

  test('site-admin leads digest lists what was held since the last one, each with its link; then nothing new is nothing sent', async () => {
    // Whatever earlier tests held is covered by a first digest.
    const first = await runAdminCaptured(['leads', 'digest'], { env: env(), at: new Date() })
    if (first.out.startsWith('Sent')) await waitFor(() => digests().length === 1, 5000, 'the first digest')
    const sentBefore = digests().length
    const a = addLead(db(), {
      firstName: 'Hilda',
      address: '77 Pine Ct, Parker, CO 80134',
      phone: '(720) 555-0111',
      message: `${'Hail dented the gutters and I think the roof too. '.repeat(8)}END`,
      spam: SPAM,
    })
    const run = await runAdminCaptured(['leads', 'digest'], { env: env(), at: new Date() })
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    expect(run.out).toMatch(/^Sent the digest of 1 held lead to office@roofer\.example\./)
    await waitFor(() => digests().length === sentBefore + 1, 5000, 'the digest')
    const digest = digests().at(-1)!
    const text = digest.parsed.text ?? ''
    expect(digest.parsed.subject).toBe('Held as possible spam: 1 enquiry to check')
    for (const part of [
      'Hilda Reyes',
      '(720) 555-0111',
      `${a}@example.com`,
      '77 Pine Ct, Parker, CO 80134',
      'honeypot field filled: +10; no form token (sent without the form): +1',
      'Hail dented the gutters',
    ])
      expect(text).toContain(part)
    expect(text).not.toContain('END')
    const url = new RegExp(`https?://\\S+/office/confirm/n\\.${a}\\.[^\\s"<>)]+`).exec(
      digest.parsed.html || '',
    )?.[0]
    expect(url).toBeDefined()
    expect(text).toContain(url!)
    expect((await open(pathOf(url!))).text).toContain('Hilda Reyes')

    const again = await runAdminCaptured(['leads', 'digest'], { env: env(), at: new Date() })
    expect(again.code).toBe(0)
    expect(again.out).toMatch(/^Nothing held since the last digest .*: no digest sent\. \d+ older still held/)
    expect(digests()).toHaveLength(sentBefore + 1)
  })

  test('without the office e-mail settings it says what to set', async () => {
    const run = await runAdminCaptured(['leads', 'digest'], {
      env: { DATABASE_PATH: pipeline().config.databasePath },
      at: new Date(),
    })
    expect(run.code).toBe(1)
    expect(run.err).toContain('SMTP_URL is not set: no SMTP server to send through')
    expect(run.err).toContain('LEAD_NOTIFY_TO is not set: no office address to send to')
  })

  test("the worker's schedule: nothing before 08:00 Denver time, one digest at 08:00, none again that day, even after a restart", async () => {
    const mailer = createMailer({ url: smtp.url, safeUrl: smtp.url, from: 'leads@roofer.example' }, 5000)
    const start = () =>
      startSpamDigestSchedule({
        db: db(),
        logger: createLogger('silent'),
        time: { hour: 8, minute: 0 },
        mail: { mailer, from: 'leads@roofer.example', to: ['office@roofer.example'] },
        links: createOfficeLinks(db(), { siteUrl: SITE_ORIGIN, days: 14 }),
        businessName: 'Front Range Roofing',
        linkDays: 14,
        retentionDays: 30,
        firstDelayMs: 3_600_000,
        intervalMs: 3_600_000,
      })
    // 2030-07-01 is in summer time: 08:00 in Denver is 14:00 UTC.
    const schedule = start()
    quarantinedLead('Scheduled', new Date('2030-07-01T13:00:00Z'))
    const before = digests().length
    expect(await schedule.runOnce(new Date('2030-07-01T13:59:00Z'))).toBeNull()
    const sent = await schedule.runOnce(new Date('2030-07-01T14:00:30Z'))
    expect(sent?.status).toBe('sent')
    await waitFor(() => digests().length === before + 1, 5000, 'the scheduled digest')
    quarantinedLead('LaterThatDay', new Date('2030-07-01T19:00:00Z'))
    expect(await schedule.runOnce(new Date('2030-07-01T20:00:00Z'))).toBeNull()
    schedule.stop()
    const restarted = start()
    expect(await restarted.runOnce(new Date('2030-07-02T05:59:00Z'))).toBeNull() // 23:59 the same day in Denver
    // The next morning lists the one held after the last digest.
    const next = await restarted.runOnce(new Date('2030-07-02T14:05:00Z'))
    expect(next).toMatchObject({ status: 'sent', leads: 1 })
    expect(await restarted.runOnce(new Date('2030-07-03T14:05:00Z'))).toMatchObject({ status: 'nothing' })
    restarted.stop()
    mailer.close()
  })
})
