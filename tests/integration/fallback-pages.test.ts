/**
 * The pages Caddy serves from files (server/http/fallback-pages.ts): every route and the 404 page
 * written byte for byte as served, with their gzip and Brotli copies; the page for a form posted
 * while the web is down; the set replaced atomically (Caddy's `current` never points at a
 * half-written set), a failed write leaving the previous set in place, a new set on a new day in
 * Denver, and the hours' links through which Caddy serves a set in the normal case: only the
 * hours of the day the set shows, none once the web process restarts.
 * The web process is played by a real HTTP server (tests/support/fallback-peer.ts).
 */
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { localTime } from '../../core/platform/business-time'
import pino from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CURRENT_LINK,
  fileOfRoute,
  hourKeyOf,
  hoursLeftInDay,
  HOURS_DIR,
  MANIFEST_FILE,
  msUntilNextDay,
  NOT_FOUND_FILE,
  retirePageLinks,
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
const hoursOf = (dir: string) =>
  existsSync(path.join(dir, HOURS_DIR)) ? readdirSync(path.join(dir, HOURS_DIR)).sort() : []
const linkOf = (dir: string, hour: string) => readlinkSync(path.join(dir, HOURS_DIR, hour))
/** A moment by the wall clock in Denver. */
const denver = (year: number, month: number, day: number, hour: number, minute: number, second = 0) =>
  new Date(localTime({ year, month, day, hour, minute }).getTime() + second * 1000)

describe('fileOfRoute', () => {
  it('puts / in index.html and every other route in <path>.html, cities beside their parent', () => {
    expect(fileOfRoute('/')).toBe('index.html')
    expect(fileOfRoute('/faqs')).toBe('faqs.html')
    expect(fileOfRoute('/service-areas')).toBe('service-areas.html')
    expect(fileOfRoute('/service-areas/denver-co')).toBe('service-areas/denver-co.html')
  })
})

describe('writeFallbackPages', () => {
  it('writes every route and the 404 page as the web serves them, each with its gzip and Brotli copies', async () => {
    peer = await startPagePeer('Wednesday')
    const dir = dirOf()
    const manifest = await writeFallbackPages({ dir, origin: peer.origin, business, logger })

    expect(manifest.routes.map((r) => r.path)).toEqual(ALL_ROUTES.map((r) => r.path))
    for (const route of ALL_ROUTES) {
      const file = path.join(current(dir), fileOfRoute(route.path))
      const expected = pageHtml(route.path, 'Wednesday')
      expect(readFileSync(file, 'utf8'), route.path).toBe(expected)
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString('utf8'), `${route.path}.gz`).toBe(expected)
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString('utf8'), `${route.path}.br`).toBe(
        expected,
      )
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
    // Linked under the hours left in its day, relatively too.
    expect(hoursOf(dir)).toEqual([...manifest.hours].sort())
    expect(manifest.hours[0]).toBe(hourKeyOf(new Date(Date.parse(manifest.writtenAt))))
    for (const hour of manifest.hours) expect(linkOf(dir, hour)).toBe(`../${readlinkSync(current(dir))}`)
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

  /** Day 1's set written from a new peer: its folder, and the set `current` names. */
  async function writeDayOne() {
    peer = await startPagePeer('day 1')
    const dir = dirOf()
    await writeFallbackPages({ dir, origin: peer.origin, business, logger })
    return { peer, dir, set: readlinkSync(current(dir)) }
  }

  it('replaces the set atomically: while a new one is written, `current` is the complete old one', async () => {
    const { peer, dir, set: first } = await writeDayOne()

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
    const { peer, dir, set: before } = await writeDayOne()
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
  it('writes at once, and a new set one second into the next day in Denver, linked under that day’s hours only', async () => {
    peer = await startPagePeer()
    const dir = dirOf()
    // A clock 0.9 s before midnight in Denver (Wednesday 25 November, MST) that runs at real speed.
    const base = denver(2026, 11, 25, 23, 59, 59).getTime() + 100
    const realStart = Date.now()
    const now = () => new Date(base + (Date.now() - realStart))
    peer.stamp = 'Wed 25 Nov 2026'
    const pages = startFallbackPages({ dir, origin: peer.origin, business, logger, now })
    try {
      const first = await pages.firstWrite
      expect(first?.day).toBe('2026-11-25')
      // The last hour of the day in Denver (06:00 to 07:00 UTC), no later one: at midnight no
      // file is current until the new day's are written.
      expect(first?.hours).toEqual(['2026-Nov-26T06'])
      expect(hoursOf(dir)).toEqual(['2026-Nov-26T06'])
      peer.stamp = 'Thu 26 Nov 2026'
      // The rewrite is due one second into the new day: about 1.9 s from now.
      const deadline = Date.now() + 5000
      while (manifestOf(dir).day === first?.day && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50))
      const second = manifestOf(dir)
      expect(second.day).toBe('2026-11-26')
      // The set's link changes first, then the hours are linked one by one: wait for the last.
      await vi.waitFor(() => expect(hoursOf(dir)).toEqual([...second.hours].sort()), {
        timeout: 5000,
        interval: 50,
      })
      expect(read(dir, 'privacy.html')).toContain('Thu 26 Nov 2026')
      // Thursday's 24 hours, 07:00 UTC on the 26th to 07:00 on the 27th; Wednesday's link is gone.
      expect(second.hours).toHaveLength(24)
      expect(second.hours[0]).toBe('2026-Nov-26T07')
      expect(second.hours.at(-1)).toBe('2026-Nov-27T06')
      expect(hoursOf(dir)).toEqual([...second.hours].sort())
      for (const hour of second.hours) expect(linkOf(dir, hour)).toBe(`../${readlinkSync(current(dir))}`)
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

  it('waits until one second into the next day in Denver, summer and winter', () => {
    expect(msUntilNextDay(denver(2026, 11, 25, 23, 59, 59))).toBe(2000)
    expect(msUntilNextDay(denver(2026, 7, 4, 23, 59, 59))).toBe(2000)
    expect(msUntilNextDay(denver(2026, 11, 25, 0, 0))).toBe(86_401_000)
    // The night the clocks go back (1 November 2026) is 25 hours long.
    expect(msUntilNextDay(denver(2026, 11, 1, 0, 0))).toBe(90_001_000)
  })
})

describe('the hours a set is served in the normal case', () => {
  it('are the hours (UTC) from now to midnight in Denver, named as Caddy names them', () => {
    expect(hourKeyOf(new Date(Date.UTC(2026, 10, 28, 17, 12, 59)))).toBe('2026-Nov-28T17')
    expect(hourKeyOf(new Date(Date.UTC(2026, 0, 5, 3)))).toBe('2026-Jan-05T03')
    // 10:12 MST is 17:12 UTC: 17:00 to 06:00 UTC, 14 hours.
    const morning = hoursLeftInDay(denver(2026, 11, 28, 10, 12))
    expect(morning[0]).toBe('2026-Nov-28T17')
    expect(morning.at(-1)).toBe('2026-Nov-29T06')
    expect(morning).toHaveLength(14)
    // In summer (MDT, UTC-6) the day ends at 06:00 UTC.
    expect(hoursLeftInDay(denver(2026, 7, 4, 23, 30))).toEqual(['2026-Jul-05T05'])
    // The days the clocks change: 23 and 25 hours.
    expect(hoursLeftInDay(denver(2026, 3, 8, 0, 0))).toHaveLength(23)
    expect(hoursLeftInDay(denver(2026, 11, 1, 0, 0))).toHaveLength(25)
  })

  it('are all removed when the web process starts again, so Caddy asks it until it has written its own', async () => {
    peer = await startPagePeer('build 1')
    const dir = dirOf()
    await writeFallbackPages({ dir, origin: peer.origin, business, logger })
    const set = readlinkSync(current(dir))
    expect(hoursOf(dir).length).toBeGreaterThan(0)
    await retirePageLinks(dir)
    expect(hoursOf(dir)).toEqual([])
    // The set itself stays: Caddy serves it while the web process is down.
    expect(readlinkSync(current(dir))).toBe(set)
    await retirePageLinks(dir)
    peer.stamp = 'build 2'
    const manifest = await writeFallbackPages({ dir, origin: peer.origin, business, logger })
    expect(hoursOf(dir)).toEqual([...manifest.hours].sort())
    expect(read(dir, 'faqs.html')).toBe(pageHtml('/faqs', 'build 2'))
    expect(readdirSync(dir).filter((e) => e.startsWith('.'))).toEqual([])
  })
})
