/**
 * The rendered pages kept in memory (docs/decisions/002-html-cache.md and
 * docs/decisions/015-one-render-per-route.md): one copy per known route, the booking page's
 * "hail report on its way" variant, and one 404 page for every unknown path, whatever the
 * query string. So the cache holds at most (routes + 2) pages, whatever URLs arrive.
 *
 * Each page also keeps, per encoding, the exact answer the full middleware stack gave for it
 * the first time it was sent (status, every header, bytes: a "replay"). The fast path at the
 * front of the app (fast-path.ts) writes that answer again without the stack, so its headers
 * are never written twice by hand.
 */
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http'
import { isoDate, localParts } from '../../shared/business-time'
import { HAIL_REPORT_SENT_COOKIE } from '../../shared/hail-summary'
import { ALL_ROUTES, ROUTES, type RouteEntry } from '../../shared/routes'

/** The key of the one 404 page every unknown path is answered with. */
const NOT_FOUND_KEY = '404'

/**
 * The URL the 404 page is rendered for. The page's dialog forms send the path they are on as
 * their source path, so a visitor's own path must not be rendered into the one copy every
 * unknown path shares; this placeholder, which no route will ever have, is what they send.
 */
export const NOT_FOUND_RENDER_PATH = '/page-not-found'

/** The encodings a replay is kept for: gzip (every browser) and none (no Accept-Encoding). */
export type ReplayEncoding = 'gzip' | 'identity'

/** An answer as the full stack sent it: to be written again byte for byte. */
interface Replay {
  statusCode: number
  /** Name and value pairs for writeHead, names as the stack wrote them, Set-Cookie left out. */
  headers: OutgoingHttpHeader[]
  body: Buffer
}

export interface CachedPage {
  /** The day in Denver it was rendered for (businessDayOf): its date and the footer's year. */
  day: string
  statusCode: number
  /** Vike's headers for the page (Content-Type). */
  headers: [string, string][]
  /**
   * The HTML's UTF-8 bytes, held once: sent as they are, and the replay without encoding is
   * these same bytes. Not the rendered string, which V8 keeps two bytes a character when the
   * page has any character beyond Latin-1 (a ’ is enough), twice the bytes (docs/performance.md,
   * "Memory").
   */
  body: Buffer
  /** The body gzipped once when cached, instead of on every request. */
  gzipped: Buffer
  replays: Partial<Record<ReplayEncoding, Replay>>
}

/** Which cached page answers a GET of `pathname`, or undefined when none does (rendered each time). */
export interface PageKey {
  key: string
  /** The route, or undefined for the 404 page. */
  route: RouteEntry | undefined
  /** The booking page's variant for a browser that just sent a hail report request without JavaScript. */
  hailReportSent: boolean
}

/**
 * The cached page for a path: its route (the booking page by its cookie), or the 404 page for a
 * path no route has. Not cached: Vike's `.pageContext.json` requests, and paths Vike answers with
 * a redirect to their normal form (a trailing slash, `//`).
 */
export function pageKeyOf(pathname: string, cookieHeader: string | undefined): PageKey | undefined {
  const route = ROUTE_BY_PATH.get(pathname)
  if (route) {
    const hailReportSent = route === ROUTES.scheduleInspection && sentHailReport(cookieHeader)
    return { key: hailReportSent ? `${route.path} hail-report-sent` : route.path, route, hailReportSent }
  }
  if (pathname.endsWith('.pageContext.json') || pathname.endsWith('/') || pathname.includes('//')) {
    return undefined
  }
  return { key: NOT_FOUND_KEY, route: undefined, hailReportSent: false }
}

/** The route table by path (findRoute's answers, looked up once per request of every page). */
const ROUTE_BY_PATH = new Map<string, RouteEntry>(ALL_ROUTES.map((route) => [route.path, route]))

/** Whether the request carries the cookie of a hail report request just sent without JavaScript. */
function sentHailReport(cookie: string | undefined): boolean {
  return cookie !== undefined && HAIL_REPORT_SENT.test(cookie)
}
const HAIL_REPORT_SENT = new RegExp(`(?:^|;\\s*)${HAIL_REPORT_SENT_COOKIE}=1(?:;|$)`)

/**
 * The calendar day in Denver ('2026-11-28'): the day a page is rendered for and shows ("Last
 * updated" on /privacy and /terms, the footer's year; client/hooks/use-today.ts), and the day the
 * cache and the files Caddy serves (fallback-pages.ts) are kept for.
 */
export function businessDayOf(date: Date): string {
  return isoDate(localParts(date))
}

/**
 * The pages of one calendar day in Denver. Pages show today's date, so the first request of a
 * new day empties the cache, and a page rendered for another day (a render begun before
 * midnight and finished after it) is not kept.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>()
  private day: string
  private checkedAt = 0
  /** How many answers the fast path wrote from the cache (tests read it). */
  fastPathAnswers = 0

  constructor(private readonly now: () => Date = () => new Date()) {
    this.day = businessDayOf(now())
  }

  /** The page under `key` today, or undefined. */
  get(key: string): CachedPage | undefined {
    this.expire()
    return this.pages.get(key)
  }

  set(key: string, page: CachedPage): void {
    this.expire()
    if (page.day === this.day) this.pages.set(key, page)
  }

  get size(): number {
    return this.pages.size
  }

  private expire(): void {
    const now = this.now()
    // Reading the date string costs more than the rest of a cached answer; the day is checked
    // at most once a second (a page rendered in the last second of a day is one second old).
    const ms = now.getTime()
    if (ms - this.checkedAt < 1000 && ms >= this.checkedAt) return
    this.checkedAt = ms
    const today = businessDayOf(now)
    if (today !== this.day) {
      this.pages.clear()
      this.day = today
    }
  }
}

/**
 * The encoding a cached page is sent in, as the normal path decides it (server/http/ssr.ts):
 * gzip when the request accepts it, none when it has no Accept-Encoding at all; undefined for
 * anything else (say `br` only), which the compression middleware may encode its own way, so
 * only the full stack answers it.
 */
export function replayEncodingOf(
  req: IncomingMessage & { acceptsEncodings?: unknown },
): ReplayEncoding | undefined {
  const accept = req.headers['accept-encoding']
  if (accept === undefined || accept === '') return 'identity'
  const accepts = (req as { acceptsEncodings(...e: string[]): string | false }).acceptsEncodings
  if (typeof accepts !== 'function') return undefined
  return accepts.call(req, 'gzip', 'identity') === 'gzip' ? 'gzip' : undefined
}

/**
 * Records what the full stack sends for a cached page, once per encoding, when the response
 * finishes: the status, every header as written (Set-Cookie left out: it is per visitor) and
 * the body. Only a complete answer with the page's own status is kept (not a 304). So no
 * middleware may set a header on a page that differs from one visitor to the next, other than
 * a cookie: the first visitor's would be sent to everyone for the rest of the day.
 */
export function captureReplay(
  res: ServerResponse,
  page: CachedPage,
  encoding: ReplayEncoding,
  body: Buffer,
): void {
  if (page.replays[encoding]) return
  res.once('finish', () => {
    if (res.statusCode !== page.statusCode || page.replays[encoding]) return
    const headers: OutgoingHttpHeader[] = []
    // The names as the stack wrote them (getRawHeaderNames: in Node since 15, not in its types).
    const names = (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()
    for (const name of names) {
      if (name.toLowerCase() === 'set-cookie') continue
      const value = res.getHeader(name)
      if (value === undefined) continue
      if (Array.isArray(value)) for (const v of value) headers.push(name, v)
      else headers.push(name, String(value))
    }
    page.replays[encoding] = { statusCode: res.statusCode, headers, body }
  })
}
