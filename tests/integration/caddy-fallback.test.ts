/**
 * The repository's Caddyfile, run by a real Caddy (CADDY_BIN, or /usr/bin/caddy; skipped when
 * there is none) in front of a web process that cannot be reached: pages come from the files the
 * fallback writer wrote, with status 200 (404 for an unknown path), the app's security headers
 * (compared with what the app itself sends) and its page headers; a plain form post gets the
 * clear page with 503 and Retry-After, JSON gets 503 JSON, health probes 503, and scripts come
 * from the asset archive. The compose smoke test and `npm run drills:compose` prove the same on
 * the compose stack.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pino from 'pino'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { parseWebConfig } from '../../server/config'
import { retirePageLinks, writeFallbackPages } from '../../server/http/fallback-pages'
import {
  apiUnavailableProblems,
  postJsonEnquiry,
  postPlainForm,
  unavailablePageProblems,
} from '../../scripts/lib/fallback-checks.mjs'
import { freePort } from '../../scripts/lib/free-port.mjs'
import { pageHtml, startPagePeer } from '../support/fallback-peer'
import { useTempDir } from '../support/temp-dir'
import { HAS_CADDY, startTestCaddy } from '../support/caddy'

const BOOKING_URL = 'https://book.example.com/acme/inspection'
const PHONE = '(720) 555-0187'
const SECURITY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]

describe.skipIf(!HAS_CADDY)('Caddy in front of a web process that is down', () => {
  const dirOf = useTempDir('roofing-caddy-')
  let caddy: ChildProcess | undefined
  let origin = ''

  beforeAll(async () => {
    const dir = dirOf()
    const peer = await startPagePeer('today')
    try {
      await writeFallbackPages({
        dir: path.join(dir, 'fallback'),
        origin: peer.origin,
        business: { name: 'Test Roofing', phone: PHONE },
        logger: pino({ level: 'silent' }),
      })
    } finally {
      await peer.close()
    }
    // As when the web process has just started and gone down again: no page is served from its
    // file first (caddy-pages-from-files.test.ts), every one is the answer to web being down.
    await retirePageLinks(path.join(dir, 'fallback'))
    mkdirSync(path.join(dir, 'archive/chunks'), { recursive: true })
    writeFileSync(path.join(dir, 'archive/chunks/old-build.abc123.js'), 'console.log("an earlier build")\n')

    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    // Nothing listens on the web's port: every request fails to dial, as when the container is gone.
    const webPort = await freePort()
    // Up once it answers anything: with web down, /healthz is a 503 too.
    caddy = await startTestCaddy({
      dir,
      port,
      upstream: `127.0.0.1:${webPort}`,
      env: { BOOKING_URL },
      probe: { path: '/', ready: () => true },
    })
  })
  afterAll(() => {
    caddy?.kill()
  })

  it("serves every page's file with 200 and the app's security headers, the same values", async () => {
    const app = createApp({
      config: parseWebConfig({ NODE_ENV: 'production', SITE_URL: origin, BOOKING_URL }),
      logger: pino({ level: 'silent' }),
      clientDistDir: dirOf(),
    })
    const fromApp = await request(app).get('/healthz')
    const res = await fetch(`${origin}/service-areas/denver-co`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(pageHtml('/service-areas/denver-co', 'today'))
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('x-robots-tag')).toBeNull()
    for (const name of SECURITY) expect(res.headers.get(name), name).toBe(fromApp.headers[name])
    expect(res.headers.get('content-security-policy')).toContain('frame-src https://book.example.com ')
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  it('serves / from index.html, says noindex where the app does, answers HEAD', async () => {
    const home = await fetch(`${origin}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toBe(pageHtml('/', 'today'))
    const thanks = await fetch(`${origin}/schedule-inspection`, { method: 'HEAD' })
    expect(thanks.status).toBe(200)
    expect(thanks.headers.get('x-robots-tag')).toBe('noindex')
  })

  it('answers an unknown path, or a file name of the fallback itself, with the 404 page and 404', async () => {
    for (const p of ['/no-such-page', '/404', '/index', '/unavailable', '/faqs.html', '/fallback.json']) {
      const res = await fetch(origin + p)
      expect(res.status, p).toBe(404)
      expect(await res.text(), p).toContain('Oops! Page not found')
    }
  })

  it('answers a form posted without JavaScript with the clear page: 503, Retry-After, nothing saved, the phone', async () => {
    const answer = await postPlainForm(origin)
    expect(unavailablePageProblems(answer, PHONE)).toEqual([])
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['content-security-policy']).toContain('frame-src https://book.example.com ')
  })

  it('answers the JSON API and the health probes with 503 JSON and Retry-After', async () => {
    expect(apiUnavailableProblems(await postJsonEnquiry(origin))).toEqual([])
    const ready = await fetch(`${origin}/readyz`)
    expect(ready.status).toBe(503)
    expect(ready.headers.get('retry-after')).toBe('60')
    expect(await ready.json()).toMatchObject({ status: 'down' })
  })

  it("serves an earlier build's script from the asset archive, and 404 for one it does not have", async () => {
    const old = await fetch(`${origin}/assets/chunks/old-build.abc123.js`)
    expect(old.status).toBe(200)
    expect(old.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await old.text()).toContain('an earlier build')
    const missing = await fetch(`${origin}/assets/chunks/missing.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBeNull()
  })
})
