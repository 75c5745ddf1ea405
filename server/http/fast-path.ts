/**
 * In front of the production app: a GET or HEAD of a page already in the cache (page-cache.ts)
 * is answered here with the exact answer the full stack gave for it the first time (its replay:
 * status, every header helmet, compression and the page handler set, the bytes), plus the
 * attribution cookies of a campaign landing. So a cached page costs little more than writing
 * its bytes (docs/performance.md, "Cached pages"); everything else, and a page not yet sent once
 * through the stack in this encoding, goes on to the stack.
 *
 * It runs before Express's own work on a request (installFastPath wraps the app's `handle`):
 * Express alone, with nothing but one middleware that writes a buffer, costs about four times
 * what Node's HTTP server costs for the same answer (measured; docs/performance.md).
 *
 * Left to the stack:
 * - conditional requests (If-None-Match, If-Modified-Since: Express answers 304) and any
 *   Accept-Encoding that is neither gzip nor absent (compression encodes those its own way);
 * - for the 404 page, any path another handler of the app owns: the paths its routers are
 *   mounted on and their routes (read from the app itself once it is built, so a router added
 *   later is never shadowed), /api/…, /assets/…, /uploads/…, and every path whose last segment
 *   names a file (the public files, robots.txt, sitemap.xml, Vike's .pageContext.json).
 *
 * Logging: one line per page request, as pino-http writes it (same message, fields and level:
 * info, warn for the 404; the path without its query, as the app's serializer writes it), so the
 * log reads the same whichever path answered.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import express from 'express'
import type { Logger } from '../../core/logger'
import { touchCookiesFor } from './attribution-cookie'
import { pageKeyOf, type PageCache, type ReplayEncoding } from './page-cache'

export interface FastPathOptions {
  cache: PageCache
  logger: Logger
  /** Mark the attribution cookies Secure (the site is served over HTTPS). */
  secureCookies: boolean
  now?: () => Date
}

/** Paths the 404 page never answers here: the built files' folders, the API, any file name. */
const FILES_AND_API = /^\/(?:api|assets|uploads)(?:\/|$)|\.[^/]*$/

/** The app whose routers' paths the fast path leaves alone (Express's own stack, read once). */
interface AppWithRouter {
  router?: { stack?: unknown[] }
}

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void

/**
 * Puts the fast path in front of `app`: Express calls `app.handle` for every request (its
 * `listen`, supertest and any server given the app alike), so the fast path answers there
 * before Express decorates the request, and hands every other request to Express unchanged.
 */
export function installFastPath(app: express.Express, opts: FastPathOptions): void {
  const answer = createFastPath(app as AppWithRouter, opts)
  const target = app as unknown as { handle: Handle }
  const handle = target.handle.bind(app)
  target.handle = (req, res, next) => {
    if (!answer(req, res)) handle(req, res, next)
  }
}

/** The fast path: true when it answered the request, false to leave it to the app. */
export function createFastPath(
  app: AppWithRouter,
  opts: FastPathOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { cache } = opts
  // The request line carries the method, URL, status and time, never a field a person typed,
  // so it skips the redaction of form fields the site's logger applies to every object.
  const logger = opts.logger.child({}, { redact: [] })
  const now = opts.now ?? (() => new Date())
  let owned: string[] | undefined
  return (req, res) => {
    const method = req.method
    if (method !== 'GET' && method !== 'HEAD') return false
    const headers = req.headers
    if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return false
    const url = req.url ?? ''
    // Only a path (origin form): Express reads an absolute URL's path itself, so it answers those.
    if (url.charCodeAt(0) !== 47 /* / */) return false
    const q = url.indexOf('?')
    const pathname = q < 0 ? url : url.slice(0, q)
    const pageKey = pageKeyOf(pathname, headers.cookie)
    if (!pageKey) return false
    if (
      !pageKey.route &&
      (FILES_AND_API.test(pathname) ||
        ownedBy((owned ??= ownedPathsOf(app).map((path) => `${path}/`)), pathname))
    )
      return false
    const page = cache.get(pageKey.key)
    const encoding = page && encodingOf(headers['accept-encoding'])
    const replay = encoding && page.replays[encoding]
    if (!replay) return false

    const start = performance.now()
    const cookies =
      pageKey.route && q >= 0
        ? touchCookiesFor(pathname, url.slice(q), headers.cookie, now(), opts.secureCookies)
        : undefined
    let out = replay.headers
    if (cookies) {
      out = replay.headers.slice()
      for (const cookie of cookies) out.push('Set-Cookie', cookie)
    }
    res.writeHead(replay.statusCode, out)
    res.end(method === 'HEAD' ? undefined : replay.body)
    cache.fastPathAnswers++
    const line = {
      req: { method, url: pathname },
      res: { statusCode: replay.statusCode },
      responseTime: Math.round(performance.now() - start),
    }
    if (replay.statusCode >= 400) logger.warn(line, 'request completed')
    else logger.info(line, 'request completed')
    return true
  }
}

/**
 * The encoding a cached page goes out in, decided as the page handler decides it
 * (page-cache.ts, replayEncodingOf: Express's own negotiation), remembered per Accept-Encoding
 * value: browsers send a handful of them, and a flood of made-up ones only fills a small table.
 */
const encodings = new Map<string, ReplayEncoding | undefined>()
const MAX_REMEMBERED_ENCODINGS = 64
const expressRequest = express.request as unknown as {
  acceptsEncodings(this: { headers: Record<string, string> }, ...e: string[]): string | false
}

function encodingOf(accept: string | undefined): ReplayEncoding | undefined {
  if (accept === undefined || accept === '') return 'identity'
  if (encodings.has(accept)) return encodings.get(accept)
  const chosen = expressRequest.acceptsEncodings.call(
    { headers: { 'accept-encoding': accept } },
    'gzip',
    'identity',
  )
  const encoding = chosen === 'gzip' ? 'gzip' : undefined
  if (encodings.size < MAX_REMEMBERED_ENCODINGS) encodings.set(accept, encoding)
  return encoding
}

/** Whether `pathname` is one of the `owned` paths or under one (each given with its `/` after). */
function ownedBy(owned: readonly string[], pathname: string): boolean {
  for (const under of owned)
    if (pathname.startsWith(under) || (pathname.length === under.length - 1 && under.startsWith(pathname)))
      return true
  return false
}

/**
 * Every path a handler of the app is mounted on or routes (`app.use('/office/confirm', router)`,
 * `router.get('/healthz')` in a router used at the root), read from Express's stack: its layers
 * keep the path they were given (`rawPath`), a router its own stack, a route its path. Only
 * string paths are kept; a pattern is not used in this app.
 */
export function ownedPathsOf(app: AppWithRouter): string[] {
  const owned = new Set<string>()
  const walk = (stack: unknown[] | undefined, prefix: string) => {
    for (const item of stack ?? []) {
      const layer = item as {
        rawPath?: unknown
        slash?: boolean
        route?: { path?: unknown }
        handle?: { stack?: unknown[] }
      }
      const own = typeof layer.route?.path === 'string' ? layer.route.path : layer.rawPath
      const path = typeof own === 'string' && own !== '/' && !layer.slash ? joinPath(prefix, own) : prefix
      if (path !== prefix || layer.route) owned.add(path)
      if (Array.isArray(layer.handle?.stack)) walk(layer.handle.stack, path)
    }
  }
  walk(app.router?.stack, '')
  owned.delete('')
  owned.delete('/')
  return [...owned]
}

function joinPath(prefix: string, path: string): string {
  return `${prefix}${path.startsWith('/') ? path : `/${path}`}`.replace(/\/+$/, '')
}
