/**
 * The repository's Caddyfile, run by a real Caddy (CADDY_BIN, or /usr/bin/caddy; skipped when
 * there is none) in front of a running web process (the app over Vike's renderer from source):
 * a plain GET or HEAD of a page is answered from the file the web process wrote, with the app's
 * status, headers and bytes (gzip, and Brotli where the client takes it), compared header by
 * header with the app's own answer to the same page; a query, a cookie the app reads, a Referer
 * from another site, a Range, any other path or method go to the app; and no file is served once
 * it is not current: not the files of a day that is over in Denver, not those of an earlier web
 * process (another build or configuration) once a new one has started
 * (docs/decisions/021-pages-from-files-first.md).
 */
import type { ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localTime } from '../../core/platform/business-time'
import { createApp } from '../../server/app'
import { parseWebConfig } from '../../server/config'
import { msUntilNextDay, retirePageLinks, writeFallbackPages } from '../../server/http/fallback-pages'
import { loadPages } from '../../server/http/pages'
import { formatCalendarDate, localParts } from '../../shared/business-time'
import { freePort } from '../../scripts/lib/free-port.mjs'
import { startPagePeer } from '../support/fallback-peer'
import { useTempDir } from '../support/temp-dir'
import { HAS_CADDY, startTestCaddy } from '../support/caddy'

const logger = pino({ level: 'silent' })

interface Answer {
  status: number
  /** Lower-case name → value, as they came on the wire. */
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/** The body as the page's HTML, whatever it was sent in. */
function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding']
  const raw =
    encoding === 'gzip'
      ? gunzipSync(answer.body)
      : encoding === 'br'
        ? brotliDecompressSync(answer.body)
        : answer.body
  return raw.toString('utf8')
}

/**
 * The headers two answers must share: all but the clock's (Date), each server's own validator
 * (ETag: the app's is a hash of the bytes, Caddy's the file's time and size) and the framing
 * (Caddy 2.6 sends a compressed file chunked where the app sends its length). Vite's development
 * server, which renders the pages here, adds Origin to Vary; a production build does not.
 */
function comparable(answer: Answer): Record<string, string | string[] | undefined> {
  const { date: _d, etag: _e, 'content-length': _l, 'transfer-encoding': _t, ...rest } = answer.headers
  if (rest.vary === 'Origin, Accept-Encoding') rest.vary = 'Accept-Encoding'
  return rest
}

const SITE_SETTINGS = { BOOKING_URL: 'https://book.example.com/acme/inspection' }
const servers: Server[] = []
let pages: Awaited<ReturnType<typeof loadPages>> | undefined

/**
 * A web process: the app on a port of its own over the one renderer, with its own clock, each
 * request it gets noted.
 */
async function startWeb(siteUrl: string, now: () => Date): Promise<{ origin: string; seen: string[] }> {
  const config = parseWebConfig({ NODE_ENV: 'production', SITE_URL: siteUrl, ...SITE_SETTINGS })
  pages ??= await loadPages({ ...config, isProduction: false })
  const app = createApp({
    config,
    logger,
    devMiddleware: pages.devMiddleware,
    clientDistDir: '/nonexistent',
    publicFiles: new Set(['/favicon.svg']),
    now,
  })
  const seen: string[] = []
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  server.on('request', (req: { method?: string; url?: string }) => seen.push(`${req.method} ${req.url}`))
  servers.push(server)
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

const dirOf = useTempDir('roofing-caddy-files-')
let caddy: ChildProcess | undefined
let origin = ''
let web: Awaited<ReturnType<typeof startWeb>>
const fallback = () => path.join(dirOf(), 'fallback')
const write = (webOrigin: string, now?: () => Date) =>
  writeFallbackPages({
    dir: fallback(),
    origin: webOrigin,
    business: { name: 'Test Roofing', phone: '(720) 555-0187' },
    logger,
    now,
  })

/** The answer through Caddy, and whether the web process saw the request. */
async function throughCaddy(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = web.seen.length
  const answer = await get(origin + url, headers, method)
  return { answer, fromApp: web.seen.length > before }
}

beforeAll(async () => {
  if (!HAS_CADDY) return
  // The files are linked by the hours of today in Denver: a run that would cross midnight
  // there waits for it (a minute at most), so the day cannot change under it.
  const left = msUntilNextDay(new Date()) - 1000
  if (left < 60_000) await new Promise((resolve) => setTimeout(resolve, left + 2000))

  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  web = await startWeb(origin, () => new Date())
  mkdirSync(fallback(), { recursive: true })
  await write(web.origin)
  caddy = await startTestCaddy({
    dir: dirOf(),
    port,
    upstream: web.origin.slice('http://'.length),
    // Caddy's clock names the hour in UTC, as the web process names the links.
    env: { TZ: 'UTC', ...SITE_SETTINGS },
  })
}, 120_000)

afterAll(async () => {
  caddy?.kill()
  for (const server of servers) await new Promise((r) => server.close(r))
  await pages?.viteServer?.close()
})

describe.skipIf(!HAS_CADDY)('Caddy answers a page from its file', () => {
  it(
    "answers a page from its file with the app's status, headers and bytes, for every encoding and for HEAD",
    { timeout: 60_000 },
    async () => {
      for (const page of ['/', '/faqs', '/service-areas/denver-co', '/privacy', '/schedule-inspection']) {
        for (const encoding of ['', 'gzip']) {
          const headers: Record<string, string> = encoding ? { 'Accept-Encoding': encoding } : {}
          const file = await throughCaddy(page, headers)
          expect(file.fromApp, `${page} ${encoding}: from its file`).toBe(false)
          // The same page from the app, through Caddy (a query sends it there; the page is the same).
          const app = await throughCaddy(`${page}?from=app`, headers)
          expect(app.fromApp).toBe(true)
          expect(file.answer.status).toBe(200)
          expect(comparable(file.answer), `${page} ${encoding}`).toEqual(comparable(app.answer))
          expect(file.answer.body.equals(app.answer.body), `${page} ${encoding}: the same bytes`).toBe(true)
          const head = await throughCaddy(page, headers, 'HEAD')
          expect(head.fromApp).toBe(false)
          expect(comparable(head.answer)).toEqual(comparable(app.answer))
          expect(head.answer.body.length).toBe(0)
        }
      }
      // The headers that matter, spelled out once.
      const { answer } = await throughCaddy('/schedule-inspection', { 'Accept-Encoding': 'gzip' })
      expect(answer.headers['content-encoding']).toBe('gzip')
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(answer.headers['cache-control']).toBe('no-cache')
      expect(answer.headers.vary).toBe('Accept-Encoding')
      expect(answer.headers['x-robots-tag']).toBe('noindex')
      expect(answer.headers['content-security-policy']).toContain('frame-src https://book.example.com ')
      expect(answer.headers['last-modified']).toBeUndefined()
      expect(answer.headers['strict-transport-security']).toBeUndefined()
    },
  )

  it('sends Brotli to a browser that takes it: the same page, smaller, with the same headers', async () => {
    const gzip = await throughCaddy('/faqs', { 'Accept-Encoding': 'gzip' })
    const file = await throughCaddy('/faqs', { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(file.fromApp).toBe(false)
    expect(file.answer.headers['content-encoding']).toBe('br')
    expect(decoded(file.answer)).toBe(decoded(gzip.answer))
    expect(file.answer.body.length).toBeLessThan(gzip.answer.body.length)
    // The gzip answer's headers are the app's (above): the Brotli one's are the same but its encoding.
    const { 'content-encoding': _b, ...brotliRest } = comparable(file.answer)
    const { 'content-encoding': _g, ...gzipRest } = comparable(gzip.answer)
    expect(brotliRest).toEqual(gzipRest)
  })
})

describe.skipIf(!HAS_CADDY)('Caddy sends everything else to the web process', () => {
  it('sends a query, a cookie the app reads, a Referer from another site or a Range to the app', async () => {
    const toApp: [string, Record<string, string>][] = [
      ['/faqs?utm_source=google&gclid=abc123', {}],
      ['/faqs', { Cookie: 'first_touch=utm_source%3Dgoogle%26p%3D%252F' }],
      ['/faqs', { Cookie: 'theme=dark; visit_touch=utm_source%3Dmailer%26p%3D%252F' }],
      ['/schedule-inspection', { Cookie: 'hail_report_sent=1' }],
      ['/faqs', { Referer: 'https://www.google.com/' }],
      ['/faqs', { Range: 'bytes=0-99' }],
    ]
    for (const [url, headers] of toApp) {
      const { answer, fromApp } = await throughCaddy(url, headers)
      expect(fromApp, `${url} ${JSON.stringify(headers)}`).toBe(true)
      expect(answer.status).toBe(200)
    }
    // What the app does with them: the campaign's cookies, the hail report's variant.
    const landing = await throughCaddy('/faqs?utm_source=google&gclid=abc123')
    expect(String(landing.answer.headers['set-cookie'])).toContain('visit_touch=')
    const variant = await throughCaddy('/schedule-inspection', { Cookie: 'hail_report_sent=1' })
    expect(decoded(variant.answer)).toContain('on its way')
    // A cookie the app never reads, and a Referer of this site, leave the page to its file.
    const samePage: Record<string, string>[] = [{ Cookie: 'theme=dark' }, { Referer: `${origin}/about` }]
    for (const headers of samePage)
      expect((await throughCaddy('/faqs', headers)).fromApp, JSON.stringify(headers)).toBe(false)
  })

  it('sends every other path and method to the app: no file answers them', async () => {
    for (const url of [
      '/FAQS',
      '/faqs/',
      '/f%61qs',
      '/index',
      '/404',
      '/faqs.html',
      '/fallback.json',
      '/no-such-page',
    ]) {
      const { answer, fromApp } = await throughCaddy(url)
      expect(fromApp, url).toBe(true)
      expect(answer.status, url).not.toBe(200)
    }
    const post = await throughCaddy('/faqs', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'POST')
    expect(post.fromApp).toBe(true)
  })
})

describe.skipIf(!HAS_CADDY)('Caddy never serves a file that is not current', () => {
  it('never serves the files of a day that is over in Denver', { timeout: 60_000 }, async () => {
    // A web process whose clock reads a minute before yesterday's midnight renders yesterday's date.
    const today = localParts(new Date())
    const yesterday = new Date(localTime({ ...today, hour: 23, minute: 59 }).getTime() - 86_400_000)
    const yesterdaysDate = formatCalendarDate(localParts(yesterday))
    const todaysDate = formatCalendarDate(today)
    const yesterdaysApp = await startWeb(origin, () => yesterday)
    expect(decoded(await get(`${yesterdaysApp.origin}/privacy`))).toContain(`Last updated: ${yesterdaysDate}`)
    // Its files (played by a peer, to spare a render of every page), written then: linked under
    // yesterday's last hour only, which Caddy's clock is past.
    const yesterdaysWeb = await startPagePeer(`Last updated: ${yesterdaysDate}`)
    try {
      await write(yesterdaysWeb.origin, () => yesterday)
    } finally {
      await yesterdaysWeb.close()
    }
    const privacy = await throughCaddy('/privacy', { 'Accept-Encoding': 'gzip' })
    expect(privacy.fromApp).toBe(true)
    expect(decoded(privacy.answer)).toContain(`Last updated: ${todaysDate}`)
    expect(decoded(privacy.answer)).not.toContain(yesterdaysDate)

    // Today's, written as the web process does one second into the day: served from the file again.
    await write(web.origin)
    const fresh = await throughCaddy('/privacy', { 'Accept-Encoding': 'gzip' })
    expect(fresh.fromApp).toBe(false)
    expect(decoded(fresh.answer)).toContain(`Last updated: ${todaysDate}`)
  })

  it(
    'never serves the files of an earlier web process once a new one has started: a new build or new settings',
    { timeout: 60_000 },
    async () => {
      // What the previous release wrote (its pages said something else), linked for today's hours.
      const previous = await startPagePeer('the previous release')
      try {
        await write(previous.origin)
      } finally {
        await previous.close()
      }
      const before = await throughCaddy('/about')
      expect(before.fromApp).toBe(false)
      expect(decoded(before.answer)).toContain('the previous release')
      // This release starting: it removes the links to the files before it answers anything, and
      // Caddy then asks it for every page.
      await retirePageLinks(fallback())
      const meanwhile = await throughCaddy('/about')
      expect(meanwhile.fromApp).toBe(true)
      expect(decoded(meanwhile.answer)).not.toContain('the previous release')
      // Once it has written its own: from the files again, and they are this release's.
      await write(web.origin)
      const after = await throughCaddy('/about', { 'Accept-Encoding': 'gzip' })
      expect(after.fromApp).toBe(false)
      expect(decoded(after.answer)).toBe(decoded(meanwhile.answer))
    },
  )
})
