/**
 * The lead's changes of state on the outbound webhook (core/bookings/lead-events.ts): a booking
 * through the real Calendly route, its cancellation and the office's mark reach a real HTTP
 * receiver that checks the Standard Webhooks signature, as lead.booked, lead.canceled and
 * lead.marked, each once, in order; a 503 is retried.
 */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { localTime } from '../../core/platform/business-time'
import { createBookingDesk, makeBookingRef, markLead, type BookingDesk } from '../../core/bookings'
import { addLead } from '../support/leads'
import { calendlyEvent, calendlyInviteeUri, calendlySignature } from '../support/booking-tools'
import { startTestWebhookReceiver, type TestWebhookReceiver } from '../support/notify-peers'
import { usePipeline } from '../support/pipeline'

const KEY = 'lead-events-calendly-key'
let hook: TestWebhookReceiver
beforeAll(async () => {
  hook = await startTestWebhookReceiver()
})
afterAll(async () => {
  await hook?.close()
})

describe('lead.booked, lead.canceled and lead.marked on the webhook', () => {
  const pipeline = usePipeline(() => ({
    label: 'lead-events',
    env: { CALENDLY_WEBHOOK_SIGNING_KEY: KEY, LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: hook.secret },
  }))
  let desk: BookingDesk
  beforeAll(() => {
    const p = pipeline()
    const c = p.workerConfig
    expect(c.leadWebhook).toEqual({ url: hook.url, secret: hook.secret })
    desk = createBookingDesk({
      db: p.db,
      logger: p.logger,
      settings: c.leadLife,
      webhook: c.leadWebhook,
      siteUrl: c.siteUrl,
      retry: { ...c.notify.retry, baseMs: 20, maxMs: 50 },
      sendTimeoutMs: c.notify.sendTimeoutMs,
    })
  })

  const deliver = (body: string) =>
    request(pipeline().http)
      .post('/api/booking-events/calendly')
      .set('content-type', 'application/json')
      .set('calendly-webhook-signature', calendlySignature(body, KEY))
      .send(body)
      .expect(201)

  test('each change once, signed, in order; a 503 is tried again', async () => {
    const p = pipeline()
    // The first pass starts the cursor: a change from before the webhook was on is not sent.
    const before = addLead(p.db, { email: 'old.change@example.com' })
    markLead(p.db, before, 'lost', 'site-admin', new Date())
    await desk.runPass()
    const ref = makeBookingRef()
    const id = addLead(p.db, { email: 'ella.events@example.com', bookingRef: ref })
    const uri = calendlyInviteeUri()
    const start = localTime({ year: 2027, month: 3, day: 2, hour: 10 }).toISOString()
    await deliver(
      calendlyEvent('invitee.created', {
        uri,
        email: 'ella.events@example.com',
        name: 'Ella Events',
        startTime: start,
        ref,
      }),
    )
    hook.respondWith((n) => (n === 1 ? 503 : 200))
    await desk.runPass()
    await new Promise((r) => setTimeout(r, 100))
    await desk.runPass()
    await deliver(
      calendlyEvent('invitee.canceled', {
        uri,
        email: 'ella.events@example.com',
        name: 'Ella Events',
        startTime: start,
        ref,
      }),
    )
    await desk.runPass()
    markLead(p.db, id, 'reached', 'office-link', new Date())
    await desk.runPass()
    const events = hook
      .delivered()
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
    expect(events.map((e) => [e.type, e.data.id, e.data.state, e.data.mark, e.data.by])).toEqual([
      ['lead.booked', id, 'booked', null, 'calendly'],
      ['lead.canceled', id, 'canceled', null, 'calendly'],
      ['lead.marked', id, 'reached', 'reached', 'office-link'],
    ])
    expect(events[0]!.data.bookedFor).toBe(start)
    expect(hook.requests.filter((r) => r.status === 503)).toHaveLength(1)
    expect(new Set(hook.delivered().map((r) => r.headers['webhook-id'])).size).toBe(3)
  })
})
