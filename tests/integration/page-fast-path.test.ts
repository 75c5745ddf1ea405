/**
 * The fast path at the front of the app (server/http/fast-path.ts) answers a cached page with
 * exactly what the whole middleware stack answers: the same status, headers (helmet's, Vary,
 * Cache-Control, X-Robots-Tag, Content-Encoding, ETag…) and bytes. Two apps over the same real
 * pages (Vike's renderer from source): one with the fast path, one without; each answer of the
 * first, once it came from the fast path, is compared with the second's, on the wire.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { jsonLines } from '../support/log-sink'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { parseWebConfig } from '../../server/config'
import { loadPages } from '../../server/http/pages'
import { businessDayOf, PageCache } from '../../server/http/page-cache'
import { createFastPath, ownedPathsOf } from '../../server/http/fast-path'
import { createLogger } from '../../core/platform/logger'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { ALL_ROUTES } from '../../shared/routes'

interface RawAnswer {
  status: number
  /** Name and value pairs as they came on the wire, the Date left out (it is the clock's). */
  headers: string[]
  body: Buffer
}

let dir: string
const logLines: Record<string, unknown>[] = []
let db: Db
let closeVite: (() => Promise<void>) | undefined
let fast: { server: Server; cache: PageCache; app: ReturnType<typeof createApp> }
let stack: { server: Server; cache: PageCache }

function listen(app: ReturnType<typeof createApp>): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server))
  })
}

function get(
  server: Server,
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const pairs: string[] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (res.rawHeaders[i]!.toLowerCase() !== 'date')
            pairs.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!)
        resolve({ status: res.statusCode!, headers: pairs, body: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'roofing-fast-path-'))
  const config = parseWebConfig({
    NODE_ENV: 'test',
    SITE_URL: 'https://www.roofing.example',
    LOG_LEVEL: 'silent',
    DATABASE_PATH: path.join(dir, 'leads.db'),
  })
  db = openMigratedDatabase(config.databasePath)
  const pages = await loadPages({ ...config, isProduction: false })
  closeVite = pages.viteServer ? () => pages.viteServer!.close() : undefined
  const build = (fastPath: boolean, logger = createLogger('silent')) => {
    const cache = new PageCache()
    const app = createApp({
      config,
      logger,
      db,
      devMiddleware: pages.devMiddleware,
      clientDistDir: path.join(dir, 'no-client'),
      cacheHtml: true,
      fastPath,
      pageCache: cache,
      // As a production build lists its public files (Vite's dev server has no such list).
      publicFiles: new Set(['/favicon.svg']),
    })
    return { app, cache }
  }
  const a = build(true, createLogger('info', jsonLines(logLines)))
  const b = build(false)
  fast = { server: await listen(a.app), cache: a.cache, app: a.app }
  stack = { server: await listen(b.app), cache: b.cache }
})

afterAll(async () => {
  await new Promise((r) => fast?.server.close(r))
  await new Promise((r) => stack?.server.close(r))
  await closeVite?.()
  db?.close()
  rmSync(dir, { recursive: true, force: true })
})

const GZIP = { 'accept-encoding': 'gzip, deflate, br' }
const NONE = {}

/** The fast path's answer (the first request goes through the stack and is recorded) and the stack's. */
async function bothAnswers(url: string, headers: Record<string, string>, method = 'GET') {
  await get(fast.server, url, headers, 'GET')
  const before = fast.cache.fastPathAnswers
  const fromFastPath = await get(fast.server, url, headers, method)
  expect(fast.cache.fastPathAnswers, `${method} ${url} came from the fast path`).toBe(before + 1)
  const fromStack = await get(stack.server, url, headers, method)
  expect(stack.cache.fastPathAnswers).toBe(0)
  return { fromFastPath, fromStack }
}

describe('a cached page from the fast path', () => {
  it('is the stack’s answer for every route, gzipped and not, and for HEAD', async () => {
    for (const route of ALL_ROUTES) {
      for (const headers of [GZIP, NONE]) {
        const { fromFastPath, fromStack } = await bothAnswers(route.path, headers)
        expect(fromFastPath).toEqual(fromStack)
        expect(fromFastPath.status).toBe(200)
      }
      const head = await bothAnswers(route.path, GZIP, 'HEAD')
      expect(head.fromFastPath).toEqual(head.fromStack)
      expect(head.fromFastPath.body.length).toBe(0)
    }
  }, 120_000)

  it('carries every security header, Vary, Cache-Control and the encoding', async () => {
    const { fromFastPath } = await bothAnswers('/schedule-inspection', GZIP)
    const names = fromFastPath.headers.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase())
    for (const name of [
      // (Strict-Transport-Security too in production over https: tests/integration/hsts.test.ts.)
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'vary',
      'cache-control',
      'x-robots-tag',
      'content-encoding',
      'etag',
      'content-length',
    ])
      expect(names, name).toContain(name)
    expect(gunzipSync(fromFastPath.body).toString()).toContain('</html>')
  })

  it('is the same page for a query string, with the attribution cookies of a campaign', async () => {
    const url = '/service-areas/aurora-co?utm_source=bing&utm_medium=cpc&msclkid=abc123'
    const { fromFastPath, fromStack } = await bothAnswers(url, GZIP)
    // The first visit's time is the clock's; the cookies come last from the fast path, among
    // the page's headers from the stack (the order of different headers means nothing).
    const untimed = (answer: RawAnswer) => ({
      ...answer,
      headers: answer.headers
        .map((h) => h.replace(/&t=[^;]*/, '&t=…'))
        .flatMap((h, i, all) => (i % 2 === 0 ? [`${h}: ${all[i + 1]}`] : []))
        .sort(),
    })
    expect(untimed(fromFastPath)).toEqual(untimed(fromStack))
    const cookies = fromFastPath.headers.filter((_, i, all) => i % 2 === 1 && all[i - 1] === 'Set-Cookie')
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['visit_touch', 'first_touch'])
    expect(cookies[0]).toContain('Secure')
    const plain = await get(fast.server, '/service-areas/aurora-co', GZIP)
    expect(fromFastPath.body).toEqual(plain.body)
  })

  it('is the one 404 page for any unknown path, with status 404, never showing the path', async () => {
    const first = await bothAnswers('/no-such-page', GZIP)
    expect(first.fromFastPath).toEqual(first.fromStack)
    expect(first.fromFastPath.status).toBe(404)
    const other = await bothAnswers('/a-visitors-own-path?x=1', NONE)
    expect(other.fromFastPath).toEqual(other.fromStack)
    expect(other.fromFastPath.status).toBe(404)
    expect(other.fromFastPath.body.toString()).not.toContain('a-visitors-own-path')
    const head = await bothAnswers('/old/page', GZIP, 'HEAD')
    expect(head.fromFastPath).toEqual(head.fromStack)
  })

  it('logs the request line pino-http writes, at the same level', async () => {
    for (const [url, level] of [
      ['/roof-repair?utm_source=x', 30],
      ['/gone-for-good', 40],
    ] as const) {
      // A conditional request goes through the stack (pino-http logs it), then the fast path.
      await get(fast.server, url, { ...GZIP, 'if-none-match': '"not-this-one"' })
      await bothAnswers(url, GZIP)
      // The line names the path: the query (campaign values, click ids) stays out of the log.
      const path = url.split('?')[0]
      const lines = logLines.filter((l) => (l.req as { url?: string } | undefined)?.url === path)
      expect(lines.length).toBeGreaterThanOrEqual(3)
      const shape = (l: Record<string, unknown>) => ({ ...l, time: 0, responseTime: 0 })
      expect(shape(lines.at(-1)!)).toEqual(shape(lines[0]!))
      expect(lines[2]).toMatchObject({
        level,
        msg: 'request completed',
        res: { statusCode: level === 30 ? 200 : 404 },
      })
    }
  })

  it('leaves every path another handler owns to it, and conditional requests to Express', async () => {
    await get(fast.server, '/no-such-page', GZIP)
    const before = fast.cache.fastPathAnswers
    const health = await get(fast.server, '/healthz', GZIP)
    expect(health.status).toBe(200)
    expect((await get(fast.server, '/robots.txt', NONE)).body.toString()).toContain('Sitemap:')
    expect((await get(fast.server, '/api/form-token', NONE)).body.toString()).toContain('token')
    // The office's links have their own router (and their own answer to a link without a token).
    const office = await get(fast.server, '/office/confirm?t=x', { accept: 'text/html' })
    expect(office).toEqual(await get(stack.server, '/office/confirm?t=x', { accept: 'text/html' }))
    expect((await get(fast.server, '/assets/gone.js', NONE)).status).toBe(404)
    expect((await get(fast.server, '/api/enquiries', { accept: 'text/html' })).status).toBe(303)
    // A request line with an absolute URL (as to a proxy): Express reads its path.
    expect((await get(fast.server, 'http://www.roofing.example/faqs', GZIP)).status).toBe(200)
    const page = await get(fast.server, '/faqs', GZIP)
    const etag = page.headers[page.headers.findIndex((h) => h.toLowerCase() === 'etag') + 1]!
    const conditional = await get(fast.server, '/faqs', { ...GZIP, 'if-none-match': etag })
    expect(conditional.status).toBe(304)
    expect(fast.cache.fastPathAnswers).toBe(before + 1)
  })
})

describe('what the fast path leaves alone, and when it fails', () => {
  it('is the 404 page for what scanners ask, paths naming a file no handler has', async () => {
    for (const url of [
      '/wp-login.php',
      '/.env',
      '/xmlrpc.php',
      '/config.json',
      '/wp-admin/setup-config.php?step=1',
    ]) {
      const { fromFastPath, fromStack } = await bothAnswers(url, GZIP)
      expect(fromFastPath, url).toEqual(fromStack)
      expect(fromFastPath.status).toBe(404)
    }
  })

  it('leaves the public files and a missing asset to their handlers, as before', async () => {
    await get(fast.server, '/no-such-page', GZIP)
    const before = fast.cache.fastPathAnswers
    const favicon = await get(fast.server, '/favicon.svg', GZIP)
    expect(favicon.status).toBe(200)
    expect(favicon.body.toString()).toContain('<svg')
    const chunk = await get(fast.server, '/assets/entry-client-0ld0ne5.js', GZIP)
    expect(chunk).toEqual(await get(stack.server, '/assets/entry-client-0ld0ne5.js', GZIP))
    expect(fast.cache.fastPathAnswers).toBe(before)
  })

  it('hands a request it fails on to the stack, which answers it, and logs the failure once', async () => {
    const url = '/service-areas/aurora-co?utm_source=bing'
    await get(fast.server, url, GZIP)
    const failures = () => logLines.filter((l) => l.msg === 'fast path failed')
    const failuresBefore = failures().length
    const before = fast.cache.fastPathAnswers
    // A recorded answer with a header Node refuses to write: the fast path throws before it
    // has written anything (the stack sends the page itself, not the recording).
    const replay = fast.cache.get('/service-areas/aurora-co')!.replays.gzip!
    const recorded = replay.headers
    replay.headers = [...recorded, 'X-Broken', 'line\nbreak']
    try {
      const answer = await get(fast.server, url, GZIP)
      expect(answer.status).toBe(200)
      expect(gunzipSync(answer.body).toString()).toContain('</html>')
    } finally {
      replay.headers = recorded
    }
    expect(fast.cache.fastPathAnswers).toBe(before)
    expect(failures().length).toBe(failuresBefore + 1)
    expect(failures().at(-1)).toMatchObject({ level: 50, req: { url: '/service-areas/aurora-co' } })
  })

  it('reads every path the app’s handlers own from Express’s router (its own fields: an upgrade that moves them fails here)', () => {
    expect(ownedPathsOf(fast.app as never).sort()).toEqual([
      '/api/booking-events',
      '/api/booking-events/cal-com',
      '/api/booking-events/calendly',
      '/api/enquiries',
      '/api/form-token',
      '/api/hail-reports',
      '/api/hail-reports/:id',
      // (and /assets in production: Vite's dev server serves them here)
      '/follow-ups/unsubscribe',
      '/healthz',
      '/office/confirm',
      '/office/mark',
      '/readyz',
      '/robots.txt',
      '/sitemap.xml',
      '/storm-alerts/confirm',
      '/storm-alerts/unsubscribe',
    ])
  })

  it('leaves every unknown path to the stack when the app’s routes cannot be read', async () => {
    const lines: Record<string, unknown>[] = []
    const logger = createLogger('info', jsonLines(lines))
    const cache = new PageCache()
    const answer = createFastPath({ router: undefined }, { cache, logger, secureCookies: false })
    const page = {
      day: businessDayOf(new Date()),
      statusCode: 404,
      headers: [],
      body: Buffer.from('x'),
      gzipped: Buffer.from(''),
      replays: { identity: { statusCode: 404, headers: [], body: Buffer.from('x') } },
    }
    cache.set('404', page)
    const req = { method: 'GET', url: '/healthz', headers: {} } as never
    expect(answer(req, {} as never)).toBe(false)
    expect(answer(req, {} as never)).toBe(false)
    expect(lines.filter((l) => l.level === 50)).toHaveLength(1)
  })
})
