/**
 * Lead delivery end to end on real peers: supertest on createApp, a real SQLite file, the
 * real Redis (own key prefix), the worker's code in-process, an in-process SMTP server that
 * nodemailer talks to over TCP, and an HTTP webhook receiver that verifies signatures.
 * Back-off, grace and reconciler interval are shortened by configuration, so nothing sleeps.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { jsonLines } from '../support/log-sink'
import request from 'supertest'
import { afterEach, describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { findNotifications, retryFailedNotifications } from '../../core/notifications/notification-store'
import { findLead, insertLead, releaseLead } from '../../core/leads/store'
import { startLeadWorker } from '../../worker/lead-worker'
import { createWorkerNotifier } from '../../worker/lead-delivery'
import { formatOfficeTime } from '../../shared/business-time'
import {
  startTestSmtpServer,
  startTestWebhookReceiver,
  type TestSmtpServer,
  type TestWebhookReceiver,
} from '../support/notify-peers'
import { deleteKeys } from '../support/redis'
import { VALID_ENQUIRY } from '../support/enquiries'
import { createPipeline, SITE_ORIGIN, usePipeline, waitFor, type Pipeline } from '../support/pipeline'
import { usePeer } from '../support/use-peer'

const OFFICE = ['office@frontrange.example', 'jake@frontrange.example']
const FAST = {
  NOTIFY_RETRY_BASE_MS: '40',
  NOTIFY_RETRY_MAX_MS: '150',
  NOTIFY_SEND_TIMEOUT_MS: '3000',
  RECONCILE_INTERVAL_MS: '50',
  RECONCILE_GRACE_MS: '300',
}

function notifyEnv(smtp: TestSmtpServer, hook: TestWebhookReceiver, extra: Record<string, string> = {}) {
  return {
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_TO: OFFICE.join(', '),
    LEAD_NOTIFY_FROM: 'Website leads <leads@frontrange.example>',
    LEAD_WEBHOOK_URL: hook.url,
    LEAD_WEBHOOK_SECRET: hook.secret,
    ...FAST,
    ...extra,
  }
}

/** Pipeline options with e-mail, webhook and autoreply all on. */
const everyChannelOn = (label: string) => () => ({
  label,
  env: notifyEnv(smtp, hook, { LEAD_AUTOREPLY: 'true' }),
})

function captureLog() {
  const lines: Record<string, unknown>[] = []
  return { stream: jsonLines(lines), entries: () => lines }
}

async function postLead(p: Pipeline, body: Record<string, unknown> = VALID_ENQUIRY): Promise<string> {
  const res = await request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).send(body)
  expect(res.status).toBe(201)
  return res.body.id as string
}

function channelState(p: Pipeline, id: string, channel: string) {
  return findNotifications(p.db, id).find((n) => n.channel === channel)
}

/** Waits, then checks nothing more arrived: proves "once", not just "at least once". */
async function settleFor(ms: number) {
  await new Promise((r) => setTimeout(r, ms))
}

const smtp = usePeer(startTestSmtpServer)
const hook = usePeer(startTestWebhookReceiver)
afterEach(async () => {
  smtp.messages.length = 0
  smtp.accepted.length = 0
  smtp.refuseRecipients.clear()
  hook.requests.length = 0
  hook.respondWith(200)
})

describe('a lead with every channel on', () => {
  const pipeline = usePipeline(everyChannelOn('notify-all'), { worker: true })

  test('produces one e-mail with every field and Reply-To the homeowner, one signed webhook, and one autoreply', async () => {
    const p = pipeline()
    const id = await postLead(p)
    await smtp.waitForMessages(2)
    await waitFor(() => hook.delivered().length === 1, 5000, 'the webhook')
    await waitFor(() => findLead(p.db, id)?.settledAt != null, 5000, 'the lead to settle')
    await settleFor(200)
    expect(smtp.messages).toHaveLength(2)
    expect(hook.requests).toHaveLength(1)

    const owner = smtp.messages.find((m) => m.envelopeTo.includes(OFFICE[0]!))!
    const row = findLead(p.db, id)!
    expect(owner.envelopeTo.sort()).toEqual([...OFFICE].sort())
    expect(owner.parsed.subject).toBe('New inspection request: Dana Reyes, Denver')
    expect(owner.parsed.replyTo?.value).toEqual([{ name: 'Dana Reyes', address: VALID_ENQUIRY.email }])
    expect(owner.parsed.from?.value).toEqual([{ name: 'Website leads', address: 'leads@frontrange.example' }])
    expect(owner.parsed.messageId).toBe(`<lead-${id}@frontrange.example>`)
    const text = owner.parsed.text ?? ''
    const html = String(owner.parsed.html)
    for (const value of [
      VALID_ENQUIRY.firstName,
      VALID_ENQUIRY.lastName,
      VALID_ENQUIRY.email,
      VALID_ENQUIRY.phone,
      VALID_ENQUIRY.address,
      VALID_ENQUIRY.message,
      // The form in the office's words (shared/lead-forms.ts), not its stored name.
      'Contact form in the pop-up',
      `${SITE_ORIGIN}${VALID_ENQUIRY.sourcePath}`,
      formatOfficeTime(row.createdAt),
      id,
    ]) {
      expect(text).toContain(value)
      expect(html).toContain(value.replaceAll("'", '&#x27;'))
    }
    expect(formatOfficeTime(row.createdAt)).toMatch(/M[SD]T$/)
    expect(html).toContain('href="tel:+13035550199"')
    expect(text).not.toContain('Repeat enquiry')

    const reply = smtp.messages.find((m) => m.envelopeTo.includes(VALID_ENQUIRY.email))!
    expect(reply.parsed.subject).toBe(`Thank you for your request – ${p.config.business.name}`)
    expect(reply.parsed.text).toContain('24-48 hours')
    expect(reply.parsed.text).toContain(p.config.business.bookingUrl)
    expect(reply.parsed.text).toContain(p.config.business.phone)
    expect(reply.parsed.headers.get('auto-submitted')).toBe('auto-replied')

    const delivery = hook.requests[0]!
    expect(delivery.verified).toBe(true)
    expect(delivery.headers['webhook-id']).toBe(id)
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'lead.received',
      data: {
        id,
        firstName: VALID_ENQUIRY.firstName,
        email: VALID_ENQUIRY.email,
        phone: VALID_ENQUIRY.phone,
        address: VALID_ENQUIRY.address,
        message: VALID_ENQUIRY.message,
        formType: 'contact_modal',
        request: 'inspection request',
        sourcePath: '/roof-inspection',
        createdAt: row.createdAt,
        duplicateOf: null,
      },
    })
    expect(findNotifications(p.db, id).map((n) => [n.channel, n.status, n.attempts])).toEqual([
      ['autoreply', 'sent', 1],
      ['hail_report', 'skipped', 0],
      ['office_email', 'sent', 1],
      ['office_sms', 'skipped', 0],
      ['storm_alerts_confirmation', 'skipped', 0],
      ['webhook', 'sent', 1],
    ])
    expect(channelState(p, id, 'office_email')?.detail).toContain(`<lead-${id}@frontrange.example>`)
    expect(channelState(p, id, 'webhook')?.detail).toBe('HTTP 200')
  })

  test('a repeat within 24 hours says so with the first date, and gets no second autoreply', async () => {
    const p = pipeline()
    const id = await postLead(p, { ...VALID_ENQUIRY, sourcePath: '/contact', message: undefined })
    await waitFor(() => findLead(p.db, id)?.settledAt != null, 5000, 'the repeat to settle')
    await smtp.waitForMessages(1)
    await settleFor(150)
    const row = findLead(p.db, id)!
    const original = findLead(p.db, row.duplicateOf!)!
    expect(smtp.messages).toHaveLength(1)
    const owner = smtp.messages[0]!
    expect(owner.parsed.subject).toBe('New inspection request: Dana Reyes, Denver')
    expect(owner.parsed.text).toContain(
      `Repeat enquiry: the same e-mail address first wrote on ${formatOfficeTime(original.createdAt)}`,
    )
    expect(channelState(p, id, 'autoreply')).toMatchObject({ status: 'skipped', attempts: 0 })
    expect(JSON.parse(hook.requests[0]!.body).data.duplicateOf).toBe(original.id)
  })
})

describe('hostile text in a lead', () => {
  // The reconciler delivers a lead released from quarantine (in production the web's relay hands it over too).
  const pipeline = usePipeline(everyChannelOn('notify-hostile'), { worker: true, reconciler: true })

  test('HTML in a name and CR/LF and HTML in a message arrive escaped, with intact headers', async () => {
    const p = pipeline()
    const lead = {
      ...VALID_ENQUIRY,
      email: 'mallory@example.com',
      firstName: 'Ada',
      lastName: '<b>Roof</b>',
      address: '12 Pine St, Parker, CO 80134',
      message: '<script>alert(1)</script>\r\nsecond line',
    }
    const id = await postLead(p, lead)
    // Markup in the fields scores as spam (docs/spam.md): held back until the office releases it.
    expect(findLead(p.db, id)?.quarantinedAt).not.toBeNull()
    expect(releaseLead(p.db, id, new Date())).toBe(true)
    await waitFor(() => findLead(p.db, id)?.settledAt != null, 8000, 'the released lead to settle')
    await smtp.waitForMessages(2)
    await settleFor(100)
    const owner = smtp.messages.find((m) => m.envelopeTo.includes(OFFICE[0]!))!
    expect(smtp.messages.flatMap((m) => m.envelopeTo).sort()).toEqual([...OFFICE, lead.email].sort())
    expect(String(owner.parsed.html)).not.toMatch(/<b>|<script>/)
    expect(String(owner.parsed.html)).toContain('&lt;b&gt;Roof&lt;/b&gt;')
    expect(String(owner.parsed.html)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br/>second line')
    expect(owner.parsed.subject).toBe('New inspection request: Ada <b>Roof</b>, Parker')
    expect(owner.parsed.replyTo?.value).toEqual([{ name: 'Ada <b>Roof</b>', address: lead.email }])
  })

  test('a name with CR/LF and right-to-left overrides is refused by the form; one already stored cannot add or break a header', async () => {
    const p = pipeline()
    const evil = {
      ...VALID_ENQUIRY,
      email: 'eve@example.com',
      firstName: 'Ada\r\nBcc: attacker@evil.example\r\nX-Injected: yes',
      lastName: '<b>Roof</b>\u202Egnp.exe\u2066',
      address: '12 Pine St, Parker, CO 80134',
      message: '<script>alert(1)</script>\r\nsecond line',
    }
    // The form's rules refuse hidden characters in a name (docs/forms.md)…
    const refused = await request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).send(evil)
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.errors).sort()).toEqual(['firstName', 'lastName'])
    // …but a row stored before those rules (or restored from an old backup) still reaches the
    // worker as it is, and the e-mail must stay intact.
    const id = randomUUID()
    insertLead(p.db, {
      id,
      firstName: evil.firstName,
      lastName: evil.lastName,
      email: evil.email,
      phone: evil.phone,
      address: evil.address,
      message: evil.message,
      formType: 'contact_modal',
      form: 'contact_modal',
      sourcePath: '/roof-inspection',
      createdAt: new Date(),
      nextAttemptAt: new Date(),
    })
    await p.producer!.enqueueLead(id)
    await waitFor(() => findLead(p.db, id)?.settledAt != null, 5000, 'the lead to settle')
    await smtp.waitForMessages(2)
    await settleFor(100)
    const owner = smtp.messages.find((m) => m.envelopeTo.includes(OFFICE[0]!))!
    const reply = smtp.messages.find((m) => m.envelopeTo.includes(evil.email))!
    // Nobody else got it: the injected Bcc never became a recipient.
    expect(smtp.messages.flatMap((m) => m.envelopeTo).sort()).toEqual([...OFFICE, evil.email].sort())
    for (const mail of [owner, reply]) {
      const headerBlock = mail.raw.split('\r\n\r\n')[0]!
      expect(headerBlock).not.toMatch(/^(Bcc|X-Injected):/im)
      expect(mail.parsed.headers.has('bcc')).toBe(false)
      expect(mail.parsed.headers.has('x-injected')).toBe(false)
      expect(mail.raw).not.toMatch(/\u202E|\u2066/)
      expect(String(mail.parsed.html)).not.toMatch(/\u202E|\u2066|<b>|<script>/)
    }
    expect(String(owner.parsed.html)).toContain('&lt;b&gt;Roof&lt;/b&gt;gnp.exe')
    expect(owner.parsed.subject).toBe(
      'New inspection request: Ada Bcc: attacker@evil.example X-Injected: yes <b>Roof</b>gnp.exe, Parker',
    )
    expect(owner.parsed.replyTo?.value).toEqual([
      { name: 'Ada Bcc: attacker@evil.example X-Injected: yes <b>Roof</b>gnp.exe', address: evil.email },
    ])
    expect(String(owner.parsed.html)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br/>second line')
    // The webhook carries the data as stored (JSON-escaped), signed.
    const body = JSON.parse(hook.requests.at(-1)!.body)
    expect(hook.requests.at(-1)!.verified).toBe(true)
    expect(body.data.firstName).toBe('Ada\nBcc: attacker@evil.example\nX-Injected: yes')
  })
})

describe('when a provider fails', () => {
  const log = captureLog()
  const pipeline = usePipeline(
    () => ({
      label: 'notify-retry',
      env: notifyEnv(smtp, hook, { LEAD_AUTOREPLY: 'true' }),
      logStream: log.stream,
      deliveryGraceMs: 100,
    }),
    { worker: true, reconciler: true },
  )

  test('SMTP refusing connections for the first attempts: the e-mail arrives once, after the server is back', async () => {
    const p = pipeline()
    await smtp.stop()
    const id = await postLead(p, { ...VALID_ENQUIRY, email: 'smtp-down@example.com' })
    await waitFor(
      () => (channelState(p, id, 'office_email')?.attempts ?? 0) >= 3,
      5000,
      'three refused attempts',
    )
    expect(channelState(p, id, 'office_email')).toMatchObject({ status: 'pending' })
    expect(channelState(p, id, 'office_email')?.detail).toMatch(/ECONNECTION|ESOCKET|ECONNREFUSED/)
    // The webhook did not wait for, or repeat with, the e-mail.
    expect(hook.requests.filter((r) => r.headers['webhook-id'] === id)).toHaveLength(1)
    expect(smtp.messages).toHaveLength(0)

    await smtp.start()
    await smtp.waitForMessages(2)
    await waitFor(() => findLead(p.db, id)?.settledAt != null, 5000, 'the lead to settle')
    await settleFor(300)
    expect(
      smtp.messages.filter((m) => m.parsed.messageId === `<lead-${id}@frontrange.example>`),
    ).toHaveLength(1)
    expect(smtp.messages).toHaveLength(2)
    expect(channelState(p, id, 'office_email')?.status).toBe('sent')
    expect(hook.requests.filter((r) => r.headers['webhook-id'] === id)).toHaveLength(1)
  })

  test('a webhook answering 500 and then 200 is delivered once, and the e-mail is not repeated', async () => {
    const p = pipeline()
    hook.respondWith((n) => (n <= 2 ? 500 : 200))
    const id = await postLead(p, { ...VALID_ENQUIRY, email: 'hook-500@example.com' })
    await waitFor(
      () => channelState(p, id, 'webhook')?.status === 'sent',
      5000,
      'the webhook to be delivered',
    )
    await settleFor(300)
    expect(hook.requests.map((r) => r.status)).toEqual([500, 500, 200])
    expect(hook.delivered()).toHaveLength(1)
    expect(channelState(p, id, 'webhook')).toMatchObject({ attempts: 3, detail: 'HTTP 200' })
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(OFFICE[0]!))).toHaveLength(1)
  })

  test('a 410 is marked failed and not retried; /readyz turns degraded until the admin retry delivers it', async () => {
    const p = pipeline()
    hook.respondWith(410)
    const id = await postLead(p, { ...VALID_ENQUIRY, email: 'hook-410@example.com' })
    await waitFor(() => channelState(p, id, 'webhook')?.status === 'failed', 5000, 'the webhook to fail')
    await settleFor(300)
    expect(hook.requests).toHaveLength(1)
    expect(channelState(p, id, 'webhook')).toMatchObject({
      attempts: 1,
      detail: expect.stringContaining('HTTP 410'),
    })
    expect(channelState(p, id, 'office_email')?.status).toBe('sent')
    const error = log.entries().find((e) => e.level === 50 && e.leadId === id && e.channel === 'webhook')
    expect(error).toMatchObject({
      msg: 'notification failed permanently',
      reason: expect.stringContaining('410'),
    })

    const degraded = await request(p.http).get('/readyz')
    expect(degraded.status).toBe(200)
    expect(degraded.body.status).toBe('degraded')
    expect(degraded.body.checks.delivery).toMatchObject({
      status: 'degraded',
      counts: { failedNotifications: 1, leadsWithFailedNotifications: 1 },
      detail: expect.stringContaining('1 failed notification(s) to the contractor, of 1 lead(s)'),
    })

    hook.respondWith(200)
    expect(retryFailedNotifications(p.db, new Date(), id)).toBe(1)
    await waitFor(() => channelState(p, id, 'webhook')?.status === 'sent', 5000, 'the retried webhook')
    const ok = await request(p.http).get('/readyz')
    expect(ok.body.checks.delivery).toMatchObject({
      status: 'ok',
      counts: { failedNotifications: 0, leadsWithFailedNotifications: 0 },
    })
  })

  test('an SMTP 5xx for the recipient fails that e-mail at once, with its reason and no personal data in the log', async () => {
    const p = pipeline()
    smtp.refuseRecipients.add('no-such-mailbox@example.com')
    const id = await postLead(p, { ...VALID_ENQUIRY, email: 'no-such-mailbox@example.com' })
    await waitFor(() => channelState(p, id, 'autoreply')?.status === 'failed', 5000, 'the autoreply to fail')
    await settleFor(200)
    expect(channelState(p, id, 'autoreply')).toMatchObject({
      attempts: 1,
      detail: expect.stringMatching(/^SMTP 550 at RCPT TO: .*mailbox unavailable/),
    })
    expect(channelState(p, id, 'office_email')?.status).toBe('sent')
    const lines = log.entries().filter((e) => e.leadId === id)
    expect(lines.some((e) => e.level === 50 && e.channel === 'autoreply')).toBe(true)
    expect(JSON.stringify(lines)).not.toContain('no-such-mailbox')
    // A homeowner's mistyped address is not the operator's to fix: counted, not degrading.
    const ready = await request(p.http).get('/readyz')
    expect(ready.body.checks.delivery.counts.failedToHomeowners).toBe(1)
  })
})

describe('when the queue loses the lead', () => {
  const log = captureLog()
  const pipeline = usePipeline(() => ({
    label: 'notify-lost',
    env: notifyEnv(smtp, hook),
    logStream: log.stream,
    deliveryGraceMs: 100,
  }))

  test('Redis emptied after the hand-off: every lead is still notified, once', async () => {
    const p = pipeline()
    const ids: string[] = []
    for (let i = 0; i < 5; i++)
      ids.push(await postLead(p, { ...VALID_ENQUIRY, email: `flushed-${i}@example.com` }))
    for (const id of ids) expect(findLead(p.db, id)?.enqueuedAt).not.toBeNull()
    // What FLUSHALL does to this queue, without touching anyone else's keys on the shared Redis.
    expect(await deleteKeys(p.redisUrl, p.prefix)).toBeGreaterThan(0)

    const ready = await request(p.http).get('/readyz')
    await new Promise((r) => setTimeout(r, 120))
    const degraded = await request(p.http).get('/readyz')
    expect(ready.status).toBe(200)
    expect(degraded.body.checks.delivery).toMatchObject({ status: 'degraded', counts: { undelivered: 5 } })

    p.startWorker()
    p.startReconciler()
    await smtp.waitForMessages(5)
    await waitFor(() => hook.delivered().length === 5, 5000, 'five webhooks')
    await settleFor(300)
    expect(smtp.messages.map((m) => m.parsed.messageId).sort()).toEqual(
      ids.map((id) => `<lead-${id}@frontrange.example>`).sort(),
    )
    expect(hook.requests).toHaveLength(5)
    const ok = await request(p.http).get('/readyz')
    expect(ok.body.checks.delivery).toMatchObject({ status: 'ok', counts: { undelivered: 0 } })
    expect(
      log.entries().filter((e) => e.msg?.toString().startsWith('lead not handled by a queue job')),
    ).toHaveLength(5)
  })

  test('a job failed for good is reported at error level and the lead is still delivered', async () => {
    const p = pipeline()
    // A worker pointed at another database file (a DATABASE_PATH mistake) fails the job for
    // good. Its job id stays in Redis as failed, so a re-add with the same id would be ignored.
    const otherDir = mkdtempSync(path.join(tmpdir(), 'roofing-other-'))
    const otherDb = openMigratedDatabase(path.join(otherDir, 'other.db'))
    const strayNotifier = createWorkerNotifier({ db: otherDb, config: p.workerConfig, logger: p.logger })
    const stray = startLeadWorker({
      db: otherDb,
      logger: p.logger,
      redisUrl: p.redisUrl,
      prefix: `${p.prefix}-stray`,
      notifier: strayNotifier,
    })
    p.track({
      close: async () => {
        await stray.close()
        strayNotifier.close()
        otherDb.close()
        rmSync(otherDir, { recursive: true, force: true })
        await deleteKeys(p.redisUrl, `${p.prefix}-stray`)
      },
    })
    // Only the stray worker consumes this prefix; the lead goes through the web app's own producer.
    const { createLeadProducer } = await import('../../server/leads/producer')
    const producer = createLeadProducer({
      redisUrl: p.redisUrl,
      prefix: `${p.prefix}-stray`,
      logger: p.logger,
    })
    p.track(producer)
    await waitFor(() => producer.isReady(), 5000, 'the producer')
    const id = await postLead(p, { ...VALID_ENQUIRY, email: 'failed-job@example.com' })
    // The pipeline's producer also enqueued it on the main prefix; drop that copy so only the failing job exists.
    await deleteKeys(p.redisUrl, `${p.prefix}:`)
    await producer.enqueueLead(id)
    await waitFor(
      () =>
        log.entries().some((e) => e.level === 50 && e.leadId === id && /failed for good/.test(String(e.msg))),
      5000,
      'the job to fail for good',
    )
    // The reconciler started by the test above picks it up after its grace period.
    const mine = () => smtp.messages.filter((m) => m.parsed.messageId === `<lead-${id}@frontrange.example>`)
    await waitFor(() => mine().length > 0, 5000, 'the reconciler to deliver the lead')
    await settleFor(200)
    expect(mine()).toHaveLength(1)
    expect(findLead(p.db, id)?.settledAt).not.toBeNull()
  })
})

describe('where a lead came from, and spam held back', () => {
  const pipeline = usePipeline(everyChannelOn('notify-source'), { worker: true, reconciler: true })

  const TOUCH = {
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'hail-2026',
    gclid: 'Cj0KCQiA-parker_1',
    landing_page:
      '/service-areas/parker-co?utm_source=google&utm_medium=cpc&utm_campaign=hail-2026&gclid=Cj0KCQiA-parker_1',
    first_utm_source: 'facebook',
    first_utm_medium: 'paid',
    first_landing_page: '/',
    first_seen_at: '2026-11-01T15:04:05.000Z',
  }

  test('the office e-mail says where it came from in one line each, and the webhook carries an attribution object', async () => {
    const p = pipeline()
    const id = await postLead(p, { ...VALID_ENQUIRY, email: 'source@example.com', ...TOUCH })

    await waitFor(() => findLead(p.db, id)?.settledAt != null, 5000, 'the lead to settle')
    await waitFor(() => hook.delivered().length === 1, 5000, 'the webhook')
    await smtp.waitForMessages(2)
    const owner = smtp.messages.find((m) => m.envelopeTo.includes(OFFICE[0]!))!
    for (const body of [owner.parsed.text ?? '', String(owner.parsed.html)]) {
      expect(body).toContain(
        'Came from: Google Ads (cpc), campaign hail-2026, landed on /service-areas/parker-co',
      )
      expect(body).toContain('First found us: Facebook (paid), landed on /, on 2026-11-01')
    }
    const data = JSON.parse(hook.requests[0]!.body).data
    expect(data.attribution).toEqual({
      lastTouch: {
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'hail-2026',
        gclid: 'Cj0KCQiA-parker_1',
        landing_page: TOUCH.landing_page,
      },
      firstTouch: {
        utm_source: 'facebook',
        utm_medium: 'paid',
        landing_page: '/',
        seen_at: '2026-11-01T15:04:05.000Z',
      },
    })
    // The source values live in the attribution object only.
    expect(Object.keys(data).filter((key) => key.startsWith('utm_') || key.startsWith('first_'))).toEqual([])
  })

  test('a lead without a recorded source says so, and its webhook has null touches', async () => {
    const p = pipeline()
    const id = await postLead(p, { ...VALID_ENQUIRY, email: 'nosource@example.com' })
    await waitFor(() => findLead(p.db, id)?.settledAt != null, 5000, 'the lead to settle')
    await waitFor(() => hook.delivered().length === 1, 5000, 'the webhook')
    await smtp.waitForMessages(2)
    const owner = smtp.messages.find((m) => m.envelopeTo.includes(OFFICE[0]!))!
    expect(owner.parsed.text).toContain('Came from: not recorded')
    expect(owner.parsed.text).not.toContain('First found us')
    expect(JSON.parse(hook.requests[0]!.body).data.attribution).toEqual({ lastTouch: null, firstTouch: null })
  })

  test('spam in quarantine reaches nobody; released, it is delivered on every channel exactly once', async () => {
    const p = pipeline()
    const id = await postLead(p, {
      ...VALID_ENQUIRY,
      email: 'held@example.com',
      website: 'https://seo.example',
    })
    expect(findLead(p.db, id)).toMatchObject({ enqueuedAt: null, releasedAt: null })
    expect(findLead(p.db, id)?.quarantinedAt).not.toBeNull()
    // Longer than the reconciler's grace: it does not pick spam up either.
    await settleFor(1000)
    expect(smtp.messages).toHaveLength(0)
    expect(hook.requests).toHaveLength(0)
    expect(findNotifications(p.db, id)).toEqual([])

    expect(releaseLead(p.db, id, new Date())).toBe(true)
    await waitFor(() => findLead(p.db, id)?.settledAt != null, 8000, 'the released lead to settle')
    await waitFor(() => hook.delivered().length === 1, 5000, 'the webhook')
    // A second release is refused and changes nothing.
    expect(releaseLead(p.db, id, new Date())).toBe(false)
    await settleFor(1000)
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(OFFICE[0]!))).toHaveLength(1)
    expect(smtp.messages.filter((m) => m.envelopeTo.includes('held@example.com'))).toHaveLength(1)
    expect(hook.requests).toHaveLength(1)
    expect(findNotifications(p.db, id).map((n) => [n.channel, n.status, n.attempts])).toEqual(
      expect.arrayContaining([
        ['office_email', 'sent', 1],
        ['webhook', 'sent', 1],
        ['autoreply', 'sent', 1],
      ]),
    )
  })

  test('the worker deletes spam older than the retention, never a released lead', async () => {
    const p = pipeline()
    const { startQuarantinePurge } = await import('../../worker/quarantine-purge')
    const old = await postLead(p, { ...VALID_ENQUIRY, email: 'old.spam@example.com', website: 'x' })
    const kept = await postLead(p, { ...VALID_ENQUIRY, email: 'released@example.com', website: 'x' })
    expect(releaseLead(p.db, kept, new Date())).toBe(true)
    const purge = startQuarantinePurge({
      db: p.db,
      retentionDays: 30,
      logger: p.logger,
      firstDelayMs: 3_600_000,
    })
    try {
      expect(purge.runOnce(new Date(Date.now() + 29 * 86_400_000))).toBe(0)
      expect(purge.runOnce(new Date(Date.now() + 31 * 86_400_000))).toBe(1)
    } finally {
      purge.stop()
    }
    expect(findLead(p.db, old)).toBeUndefined()
    expect(findLead(p.db, kept)).toBeDefined()
  })
})

describe('a provider that never comes back', () => {
  // The give-up window is 72 h by default; shortened here to one second.
  const pipeline = usePipeline(
    () => ({
      label: 'notify-giveup',
      env: notifyEnv(smtp, hook, { NOTIFY_GIVE_UP_MS: '1000' }),
    }),
    { worker: true, reconciler: true },
  )

  test('is retried until the give-up window ends, then fails with its last reason: nothing retries forever', async () => {
    const p = pipeline()
    await smtp.stop()
    const id = await postLead(p, { ...VALID_ENQUIRY, email: 'never-back@example.com' })
    await waitFor(
      () => channelState(p, id, 'office_email')?.status === 'failed',
      5000,
      'the e-mail to be given up',
    )
    const state = channelState(p, id, 'office_email')!
    expect(state.attempts).toBeGreaterThan(2)
    expect(state.detail).toMatch(/^gave up after \d+ attempts over 0\.0 h; last error: /)
    expect(channelState(p, id, 'webhook')?.status).toBe('sent')
    expect(findLead(p.db, id)?.settledAt).not.toBeNull()
    const attempts = state.attempts
    await settleFor(300)
    expect(channelState(p, id, 'office_email')?.attempts).toBe(attempts)
  })
})

describe('the worker at start-up', () => {
  test('logs which channels are on, and says so when none is configured', async () => {
    const { startLeadDelivery } = await import('../../worker/lead-delivery')
    for (const [env, level, msg] of [
      [notifyEnv(smtp, hook), 30, 'lead notifications on'],
      [FAST, 40, 'no notification channel is configured'],
    ] as const) {
      const log = captureLog()
      const p = await createPipeline({ label: 'notify-start', env, logStream: log.stream, producerUrl: null })
      const delivery = startLeadDelivery({ db: p.db, config: p.workerConfig, logger: p.logger })
      await delivery.close()
      await p.close()
      const line = log.entries().find((e) => String(e.msg).startsWith(msg))
      expect(line).toMatchObject({ level })
      const channels = (line as { channels: Record<string, string> }).channels
      if (level === 30) {
        expect(channels.office_email).toBe(`on: ${smtp.url} to ${OFFICE.join(', ')}`)
        expect(channels.webhook).toMatch(/^on: http:\/\/127\.0\.0\.1:\d+$/)
        expect(channels.autoreply).toMatch(/^off/)
        // The secret and the webhook's path (which can hold a token) stay out of the log.
        expect(JSON.stringify(log.entries())).not.toContain(hook.secret)
        expect(JSON.stringify(log.entries())).not.toContain('/hooks/leads')
      } else {
        expect(Object.values(channels).every((c) => c.startsWith('off'))).toBe(true)
      }
    }
  })
})
