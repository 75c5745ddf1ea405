import { describe, expect, it } from 'vitest'
import request from 'supertest'
import { createApp } from '../../server/app'
import { parseWebConfig } from '../../server/config'
import { createLogger } from '../../core/platform/logger'
import { ALL_ROUTES, INDEXABLE_ROUTES, ROUTES } from '../../shared/routes'

const SITE = 'https://www.roofing.example'
const app = createApp({
  config: parseWebConfig({ NODE_ENV: 'test', SITE_URL: `${SITE}/`, LOG_LEVEL: 'silent' }),
  logger: createLogger('silent'),
})

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])

describe('GET /sitemap.xml', () => {
  it('is XML listing exactly the indexable routes as absolute URLs', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/)
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const listed = locs(res.text)
    expect(listed).toEqual(INDEXABLE_ROUTES.map((r) => `${SITE}${r.path}`))
    expect(new Set(listed).size).toBe(listed.length)
    // Home, 16 other static pages and the 14 city pages.
    expect(listed).toHaveLength(ALL_ROUTES.length - 1)
    expect(listed).toContain(`${SITE}/`)
    expect(listed).toContain(`${SITE}/service-areas/central-park-co`)
  })

  it('leaves out /schedule-inspection (noindex)', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200)
    expect(res.text).not.toContain(ROUTES.scheduleInspection.path)
  })

  it('has one <url> per <loc> and nothing else', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200)
    const tags = new Set([...res.text.matchAll(/<\/?([a-z]+)/g)].map((m) => m[1]))
    expect([...tags].sort()).toEqual(['loc', 'url', 'urlset'])
  })
})

describe('GET /robots.txt', () => {
  it('allows crawling, keeps out /api/ and points to the sitemap', async () => {
    const res = await request(app).get('/robots.txt').expect(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    const lines = res.text.split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    expect(lines).toContain('Disallow: /api/')
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })

  it('does not block /schedule-inspection, so crawlers can read its noindex', async () => {
    const res = await request(app).get('/robots.txt').expect(200)
    const disallowed = res.text
      .split('\n')
      .filter((l) => l.startsWith('Disallow:'))
      .map((l) => l.slice('Disallow:'.length).trim())
    for (const rule of disallowed) {
      expect(rule).not.toBe('')
      expect(ROUTES.scheduleInspection.path.startsWith(rule)).toBe(false)
    }
  })
})
