/**
 * The pages Caddy serves while the web process is down (server/http/fallback-pages.ts): every
 * route and the 404 page written byte for byte as served, with their gzip copies; the page for a
 * form posted meanwhile; the set replaced atomically (Caddy's `current` never points at a
 * half-written set), a failed write leaving the previous set in place, and a new set on a new day.
 * The web process is played by a real HTTP server (tests/support/fallback-peer.ts).
 */
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import {
  CURRENT_LINK,
  fileOfRoute,
  MANIFEST_FILE,
  msUntilNextDay,
  NOT_FOUND_FILE,
  startFallbackPages,
  UNAVAILABLE_FILE,
  UNAVAILABLE_TITLE,
  unavailablePage,
  writeFallbackPages,
  type FallbackManifest,
} from '../../server/http/fallback-pages'
import { ALL_ROUTES } from '../../shared/routes'
import { pageHtml, startPagePeer, type PagePeer } from '../support/fallback-peer'
import { useTempDir } from '../support/temp-dir'

const business = { name: 'Test Roofing', phone: '(720) 555-0187' }
const logger = pino({ level: 'silent' })
const dirOf = useTempDir('roofing-fallback-', 'test')
let peer: PagePeer | undefined
afterEach(async () => {
  await peer?.close()
  peer = undefined
})

const current = (dir: string) => path.join(dir, CURRENT_LINK)
const read = (dir: string, file: string) => readFileSync(path.join(current(dir), file), 'utf8')
const manifestOf = (dir: string) => JSON.parse(read(dir, MANIFEST_FILE)) as FallbackManifest
const sets = (dir: string) => readdirSync(dir).filter((e) => e.startsWith('pages-'))

describe('fileOfRoute', () => {
  it('puts / in index.html and every other route in <path>.html, cities beside their parent', () => {
    expect(fileOfRoute('/')).toBe('index.html')
    expect(fileOfRoute('/faqs')).toBe('faqs.html')
    expect(fileOfRoute('/service-areas')).toBe('service-areas.html')
    expect(fileOfRoute('/service-areas/denver-co')).toBe('service-areas/denver-co.html')
  })
})

describe('writeFallbackPages', () => {
  it('writes every route and the 404 page as the web serves them, each with its gzip copy', async () => {
    peer = await startPagePeer('Wednesday')
    const dir = dirOf()
    const manifest = await writeFallbackPages({ dir, origin: peer.origin, business, logger })

    expect(manifest.routes.map((r) => r.path)).toEqual(ALL_ROUTES.map((r) => r.path))
    for (const route of ALL_ROUTES) {
      const file = path.join(current(dir), fileOfRoute(route.path))
      const expected = pageHtml(route.path, 'Wednesday')
      expect(readFileSync(file, 'utf8'), route.path).toBe(expected)
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString('utf8'), `${route.path}.gz`).toBe(expected)
    }
    expect(read(dir, NOT_FOUND_FILE)).toBe(pageHtml('/.fallback-pages/not-found', 'Wednesday'))
    expect(gunzipSync(readFileSync(path.join(current(dir), `${NOT_FOUND_FILE}.gz`))).toString()).toBe(
      read(dir, NOT_FOUND_FILE),
    )
    // Once plainly and once gzipped, no more.
    expect(peer.hits.get('/faqs')).toBe(2)
    // `current` is a relative link, so it resolves in Caddy's mount as in web's.
    expect(lstatSync(current(dir)).isSymbolicLink()).toBe(true)
    expect(readlinkSync(current(dir))).toMatch(/^pages-[^/]+$/)
    expect(readdirSync(dir).filter((e) => e.startsWith('.'))).toEqual([])
  })

  it('writes the page for a form posted while web is down: nothing saved, the phone, try again in a minute', async () => {
    peer = await startPagePeer()
    const dir = dirOf()
    await writeFallbackPages({ dir, origin: peer.origin, business, logger })
    const html = read(dir, UNAVAILABLE_FILE)
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    expect(html).toContain(`<title>${UNAVAILABLE_TITLE} | Test Roofing</title>`)
    expect(text).toMatch(/nothing was saved/)
    expect(text).toMatch(/try again in a minute/)
    expect(text).toContain('(720) 555-0187')
    expect(html).toContain('href="tel:')
    // The layout around it is the 404 page's; its message is gone, and so is the marker that
    // makes the script layer log a missing page.
    expect(html).toContain('<header>Call (303) 555-0100</header>')
    expect(html).not.toContain('Oops! Page not found')
    expect(html).not.toContain('data-not-found')
    expect(gunzipSync(readFileSync(path.join(current(dir), `${UNAVAILABLE_FILE}.gz`))).toString()).toBe(html)
  })

  it('refuses a 404 page it cannot put the message into, rather than write a page without it', () => {
    expect(() => unavailablePage('<html><title>x</title><main>no section</main></html>', business)).toThrow(
      /no error-page section/,
    )
  })

  it('replaces the set atomically: while a new one is written, `current` is the complete old one', async () => {
    peer = await startPagePeer('day 1')
    const dir = dirOf()
    await writeFallbackPages({ dir, origin: peer.origin, business, logger })
    const first = readlinkSync(current(dir))

    peer.stamp = 'day 2'
    const held = peer.hold('/terms')
    const writing = writeFallbackPages({ dir, origin: peer.origin, business, logger })
    await held.reached
    // Mid-write: the half-written set sits in a hidden folder; Caddy's link still names the old set.
    expect(readlinkSync(current(dir))).toBe(first)
    expect(readdirSync(dir).some((e) => e.startsWith('.tmp-'))).toBe(true)
    for (const route of ALL_ROUTES)
      expect(read(dir, fileOfRoute(route.path)), route.path).toBe(pageHtml(route.path, 'day 1'))
    held.release()
    await writing

    const second = readlinkSync(current(dir))
    expect(second).not.toBe(first)
    expect(read(dir, 'terms.html')).toBe(pageHtml('/terms', 'day 2'))
    // The previous set stays (a file Caddy is sending may be in it); a third write removes the first.
    expect(sets(dir).sort()).toEqual([first, second].sort())
    await new Promise((r) => setTimeout(r, 5))
    await writeFallbackPages({ dir, origin: peer.origin, business, logger })
    expect(sets(dir)).not.toContain(first)
    expect(sets(dir)).toHaveLength(2)
  })

  it('leaves the previous set in place and nothing half-written when a page fails', async () => {
    peer = await startPagePeer('day 1')
    const dir = dirOf()
    await writeFallbackPages({ dir, origin: peer.origin, business, logger })
    const before = readlinkSync(current(dir))
    peer.stamp = 'day 2'
    peer.failing.add('/faqs')
    await expect(writeFallbackPages({ dir, origin: peer.origin, business, logger })).rejects.toThrow(
      '/faqs answered 500, expected 200',
    )
    expect(readlinkSync(current(dir))).toBe(before)
    expect(read(dir, 'faqs.html')).toBe(pageHtml('/faqs', 'day 1'))
    expect(readdirSync(dir).filter((e) => e.startsWith('.'))).toEqual([])
  })

  it('fails with the path when the web process answers an unknown path with anything but 404', async () => {
    peer = await startPagePeer()
    peer.failing.add('/.fallback-pages/not-found')
    await expect(writeFallbackPages({ dir: dirOf(), origin: peer.origin, business, logger })).rejects.toThrow(
      '/.fallback-pages/not-found answered 500, expected 404',
    )
  })
})

describe('startFallbackPages', () => {
  it('writes at once, and a new set early on the next day (pages show the date)', async () => {
    peer = await startPagePeer()
    const dir = dirOf()
    // A clock 0.9 s before local midnight that runs at real speed.
    const base = new Date(2026, 10, 25, 23, 59, 59, 100).getTime()
    const realStart = Date.now()
    const now = () => new Date(base + (Date.now() - realStart))
    peer.stamp = now().toDateString()
    const pages = startFallbackPages({ dir, origin: peer.origin, business, logger, now })
    try {
      const first = await pages.firstWrite
      expect(first?.day).toBe('Wed Nov 25 2026')
      peer.stamp = 'Thu Nov 26 2026'
      // The rewrite is due one second into the new day: about 1.9 s from now.
      const deadline = Date.now() + 5000
      while (manifestOf(dir).day === first?.day && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50))
      expect(manifestOf(dir).day).toBe('Thu Nov 26 2026')
      expect(read(dir, 'privacy.html')).toContain('Thu Nov 26 2026')
    } finally {
      pages.stop()
    }
  })

  it('logs a failed write as an error and tries again a minute later', async () => {
    peer = await startPagePeer()
    peer.failing.add('/')
    const lines: { level: number; msg: string }[] = []
    const capture = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) })
    const dir = dirOf()
    const pages = startFallbackPages({ dir, origin: peer.origin, business, logger: capture })
    try {
      expect(await pages.firstWrite).toBeUndefined()
      expect(lines.find((l) => l.level === 50)?.msg).toMatch(
        /fallback pages not written.*trying again in a minute/,
      )
      expect(existsSync(current(dir))).toBe(false)
    } finally {
      pages.stop()
    }
  })

  it('waits until one second into the next local day', () => {
    expect(msUntilNextDay(new Date(2026, 10, 25, 23, 59, 59, 0))).toBe(2000)
    expect(msUntilNextDay(new Date(2026, 10, 25, 0, 0, 0, 0))).toBe(86_401_000)
  })
})
