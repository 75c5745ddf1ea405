/**
 * The in-memory HTML cache (docs/decisions/002-html-cache.md) renders a known page once per
 * calendar day. Vike's renderPage is replaced by a counter here: the real rendering is
 * covered by the e2e suite against the production build; this checks the cache's rules.
 */
import express from 'express'
import pino from 'pino'
import request from 'supertest'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const renders = vi.hoisted(() => ({ count: 0 }))
vi.mock('vike/server', () => ({
  renderPage: async ({ urlOriginal, hailReportSent }: { urlOriginal: string; hailReportSent?: boolean }) => {
    renders.count += 1
    return {
      httpResponse: {
        statusCode: urlOriginal === '/no-such-page' ? 404 : 200,
        headers: [['Content-Type', 'text/html;charset=utf-8']],
        body: `<!doctype html><p>${urlOriginal}${hailReportSent ? ' report on its way' : ''} render ${renders.count}</p>`,
      },
    }
  },
}))

const { createSsrHandler } = await import('../../server/http/ssr')

function appAt(clock: { now: Date }) {
  const app = express()
  app.use(createSsrHandler({ logger: pino({ level: 'silent' }), cacheHtml: true, now: () => clock.now }))
  return app
}

describe('the HTML cache', () => {
  beforeEach(() => {
    renders.count = 0
  })

  it('renders a known page once, then serves it from memory the same day', async () => {
    const clock = { now: new Date(2026, 10, 22, 9, 0) }
    const app = appAt(clock)
    const first = await request(app).get('/privacy')
    clock.now = new Date(2026, 10, 22, 23, 59)
    const second = await request(app).get('/privacy')
    expect(first.text).toContain('/privacy render 1')
    expect(second.text).toBe(first.text)
    expect(renders.count).toBe(1)
  })

  it('renders afresh on the first request of a new day, so dates on the page are today’s', async () => {
    const clock = { now: new Date(2026, 10, 22, 23, 59) }
    const app = appAt(clock)
    await request(app).get('/terms')
    clock.now = new Date(2026, 10, 23, 0, 1)
    const nextDay = await request(app).get('/terms')
    expect(nextDay.text).toContain('/terms render 2')
    expect((await request(app).get('/terms')).text).toContain('/terms render 2')
    expect(renders.count).toBe(2)
  })

  it('never caches an unknown path', async () => {
    const app = appAt({ now: new Date(2026, 10, 22, 12, 0) })
    expect((await request(app).get('/no-such-page')).status).toBe(404)
    expect((await request(app).get('/no-such-page')).status).toBe(404)
    expect(renders.count).toBe(2)
  })

  it('keeps the booking page in two variants: as it is, and saying a hail report sent without JavaScript is on its way', async () => {
    const app = appAt({ now: new Date(2026, 10, 22, 9, 0) })
    const plain = await request(app).get('/schedule-inspection')
    const sent = await request(app).get('/schedule-inspection').set('Cookie', 'other=x; hail_report_sent=1')
    const again = await request(app).get('/schedule-inspection').set('Cookie', 'hail_report_sent=1')
    const plainAgain = await request(app).get('/schedule-inspection').set('Cookie', 'hail_report_sent=0')
    expect(plain.text).not.toContain('report on its way')
    expect(sent.text).toContain('/schedule-inspection report on its way render 2')
    expect(again.text).toBe(sent.text)
    expect(plainAgain.text).toBe(plain.text)
    expect(renders.count).toBe(2)
    // Another page ignores the cookie.
    const faqs = await request(app).get('/faqs').set('Cookie', 'hail_report_sent=1')
    expect(faqs.text).not.toContain('report on its way')
  })
})
