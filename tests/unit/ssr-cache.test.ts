/**
 * The in-memory HTML cache (docs/decisions/002-html-cache.md, 015-one-render-per-route.md)
 * renders a known page once per calendar day whatever its query string, and the 404 page once
 * for every unknown path. Vike's renderPage is replaced by a counter here: the real rendering
 * is covered by tests/integration/page-fast-path.test.ts and the e2e suite; this checks the
 * cache's rules.
 */
import express from 'express'
import pino from 'pino'
import request from 'supertest'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { localTime } from '../../core/platform/business-time'
import { ALL_ROUTES, findRoute } from '../../shared/routes'

const renders = vi.hoisted(() => ({ count: 0, urls: [] as string[], days: [] as string[], failNext: false }))
vi.mock('vike/server', () => ({
  renderPage: async ({
    urlOriginal,
    hailReportSent,
    today,
  }: {
    urlOriginal: string
    hailReportSent?: boolean
    today?: string
  }) => {
    renders.count += 1
    renders.urls.push(urlOriginal)
    if (today) renders.days.push(today)
    const path = urlOriginal.split('?')[0]!
    const failed = renders.failNext
    renders.failNext = false
    if (path.endsWith('.pageContext.json')) {
      return {
        httpResponse: {
          statusCode: 200,
          headers: [['Content-Type', 'application/json']],
          body: `{"url":"${urlOriginal}"}`,
        },
      }
    }
    const { findRoute: known } = await import('../../shared/routes')
    return {
      httpResponse: {
        statusCode: failed ? 500 : known(path) ? 200 : 404,
        headers: [['Content-Type', 'text/html;charset=utf-8']],
        body: `<!doctype html><p>${urlOriginal}${hailReportSent ? ' report on its way' : ''} render ${renders.count}</p>`,
      },
    }
  },
}))

const { createSsrHandler } = await import('../../server/http/ssr')
const { PageCache, NOT_FOUND_RENDER_PATH } = await import('../../server/http/page-cache')

function appAt(clock: { now: Date }, cacheHtml = true) {
  const cache = new PageCache(() => clock.now)
  const app = express()
  app.use(createSsrHandler({ logger: pino({ level: 'silent' }), cacheHtml, cache, now: () => clock.now }))
  return { app, cache }
}

beforeEach(() => {
  renders.count = 0
  renders.urls = []
  renders.days = []
})

describe('the HTML cache', () => {
  it('renders a known page once, then serves it from memory the same day', async () => {
    const clock = { now: localTime({ year: 2026, month: 11, day: 22, hour: 0, minute: 0 }) }
    const { app } = appAt(clock)
    const first = await request(app).get('/privacy')
    clock.now = localTime({ year: 2026, month: 11, day: 22, hour: 23, minute: 59 })
    const second = await request(app).get('/privacy')
    expect(first.text).toContain('/privacy render 1')
    expect(second.text).toBe(first.text)
    expect(renders.count).toBe(1)
  })

  it('serves a page with any query string (campaign, click ids, anything) from its one render', async () => {
    const { app } = appAt({ now: new Date(2026, 10, 22, 12, 0) })
    const plain = await request(app).get('/service-areas/aurora-co')
    for (const query of [
      '?utm_source=bing&utm_medium=cpc&utm_campaign=hail-2026&msclkid=abc123',
      '?gclid=EAIaIQobChMI&utm_source=google',
      '?fbclid=IwAR0xyz',
      '?ref=menu&x=1',
      '?utm_source=%3Cscript%3E',
    ]) {
      const res = await request(app).get(`/service-areas/aurora-co${query}`)
      expect(res.status).toBe(200)
      expect(res.text).toBe(plain.text)
    }
    expect(renders.urls).toEqual(['/service-areas/aurora-co'])
  })

  it('adds the attribution cookies to a campaign landing, and only there', async () => {
    const { app } = appAt({ now: new Date(2026, 10, 22, 12, 0) })
    const landing = await request(app).get('/faqs?utm_source=bing&msclkid=abc123')
    const cookies = landing.headers['set-cookie'] as unknown as string[]
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['visit_touch', 'first_touch'])
    expect((await request(app).get('/faqs?ref=menu')).headers['set-cookie']).toBeUndefined()
    expect((await request(app).get('/faqs')).headers['set-cookie']).toBeUndefined()
    // An unknown path is no landing page.
    expect((await request(app).get('/nope?utm_source=bing')).headers['set-cookie']).toBeUndefined()
  })

  it('answers every unknown path with one 404 page, rendered once and for none of their paths', async () => {
    const { app } = appAt({ now: new Date(2026, 10, 22, 12, 0) })
    const answers = []
    for (const path of [
      '/no-such-page',
      '/wp-login.php',
      '/secret-path-of-one-visitor?q=1',
      '/service-areas/nowhere-co',
    ])
      answers.push(await request(app).get(path))
    for (const res of answers) {
      expect(res.status).toBe(404)
      expect(res.text).toBe(answers[0]!.text)
      expect(res.text).not.toContain('secret-path')
    }
    expect(renders.urls).toEqual([NOT_FOUND_RENDER_PATH])
    expect(findRoute(NOT_FOUND_RENDER_PATH)).toBeUndefined()
  })

  it('holds at most one page per route, the booking page’s variant and the 404 page, whatever URLs come', async () => {
    const { app, cache } = appAt({ now: new Date(2026, 10, 22, 12, 0) })
    for (let i = 0; i < 200; i++) {
      const route = ALL_ROUTES[i % ALL_ROUTES.length]!
      await request(app).get(`${route.path}?utm_source=s${i}&gclid=g${i}`)
      await request(app).get(`/random-${i}/x${'y'.repeat(i)}`)
    }
    await request(app).get('/schedule-inspection').set('Cookie', 'hail_report_sent=1')
    expect(cache.size).toBe(ALL_ROUTES.length + 2)
    expect(renders.count).toBe(ALL_ROUTES.length + 2)
  })

  it('keeps Vike’s .pageContext.json requests and its redirects out of the cache, rendered for their URL', async () => {
    const { app, cache } = appAt({ now: new Date(2026, 10, 22, 12, 0) })
    const json = await request(app).get('/faqs/index.pageContext.json')
    expect(json.text).toBe('{"url":"/faqs/index.pageContext.json"}')
    await request(app).get('/faqs/index.pageContext.json')
    await request(app).get('/faqs/')
    expect(renders.urls).toEqual(['/faqs/index.pageContext.json', '/faqs/index.pageContext.json', '/faqs/'])
    expect(cache.size).toBe(0)
  })

  it('does not keep a page that failed to render', async () => {
    const { app } = appAt({ now: new Date(2026, 10, 22, 12, 0) })
    renders.failNext = true
    expect((await request(app).get('/about')).status).toBe(500)
    expect((await request(app).get('/about')).status).toBe(200)
    expect((await request(app).get('/about')).text).toContain('render 2')
  })

  it('in development renders every request for its own URL, as before', async () => {
    const { app, cache } = appAt({ now: new Date(2026, 10, 22, 12, 0) }, false)
    await request(app).get('/faqs?utm_source=x')
    await request(app).get('/faqs')
    expect((await request(app).get('/nope')).status).toBe(404)
    expect(renders.urls).toEqual(['/faqs?utm_source=x', '/faqs', '/nope'])
    expect(cache.size).toBe(0)
  })

  it('keeps the booking page in two variants: as it is, and saying a hail report sent without JavaScript is on its way', async () => {
    const { app } = appAt({ now: new Date(2026, 10, 22, 9, 0) })
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

describe('the HTML cache’s day', () => {
  it('renders afresh on the first request of a new day in Denver, so dates on the page are today’s', async () => {
    const clock = { now: localTime({ year: 2026, month: 11, day: 22, hour: 23, minute: 59 }) }
    const { app } = appAt(clock)
    await request(app).get('/terms')
    expect(renders.days).toEqual(['2026-11-22'])
    clock.now = localTime({ year: 2026, month: 11, day: 23, hour: 0, minute: 1 })
    const nextDay = await request(app).get('/terms')
    expect(nextDay.text).toContain('/terms render 2')
    expect((await request(app).get('/terms')).text).toContain('/terms render 2')
    expect(renders.count).toBe(2)
    // The page is told the day it is for, which it shows.
    expect(renders.days).toEqual(['2026-11-22', '2026-11-23'])
  })

  it('keeps the day in Denver, not the server’s: 11 pm in Denver is the next day in UTC', async () => {
    const clock = { now: localTime({ year: 2026, month: 11, day: 22, hour: 16, minute: 59 }) }
    const { app } = appAt(clock)
    await request(app).get('/terms')
    // 17:01 in Denver is past midnight UTC: the same day here.
    clock.now = localTime({ year: 2026, month: 11, day: 22, hour: 17, minute: 1 })
    await request(app).get('/terms')
    expect(renders.count).toBe(1)
  })
})
