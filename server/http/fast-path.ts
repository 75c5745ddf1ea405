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
 *   later is never shadowed), /api/…, /assets/… and /uploads/… (a missing hashed chunk answers
 *   as the asset handlers answer it), the build's public files (favicon.svg…), Vike's
 *   .pageContext.json, and, in development (no list of public files), every path whose last
 *   segment names a file, since Vite's dev server serves source files under such paths. Any
 *   other path with a dot (`/wp-login.php`, `/.env`: what scanners ask all day) is an unknown
 *   path like any other and gets the cached 404 page here.
 *
 * Never a throw: whatever fails while the fast path answers is logged once at error level and
 * the request goes on to the stack, which answers it (the fast path is only ever a shortcut).
 *
 * Logging: one line per page request, as pino-http writes it (same message, fields and level:
 * info, warn for the 404; the path without its query, as the app's serializer writes it), so the
 * log reads the same whichever path answered.
 */
import { readdirSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import express from 'express'
import type { Logger } from '../../core/platform/logger'
import { touchCookiesFor } from './attribution-cookie'
import { pageKeyOf, type PageCache, type ReplayEncoding } from './page-cache'

export interface FastPathOptions {
  cache: PageCache
  logger: Logger
  /** Mark the attribution cookies Secure (the site is served over HTTPS). */
  secureCookies: boolean
  /**
   * The paths of the files the app serves from the client build outside /assets and /uploads
   * (`/favicon.svg`), which the fast path leaves to the static handler. Undefined in development:
   * every path naming a file is then left to the stack (Vite serves source files).
   */
  publicFiles?: ReadonlySet<string>
  now?: () => Date
}

/** Paths the 404 page never answers here: the built files' folders and the API. */
const FILES_AND_API = /^\/(?:api|assets|uploads)(?:\/|$)/
/** A path whose last segment names a file (`.php`, `.env`, `.json`…). */
const NAMES_A_FILE = /\.[^/]*$/

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
    let answered = false
    try {
      answered = answer(req, res)
    } catch (err) {
      // Logged once here; the stack then answers the request as if the fast path were not
      // there (it never leaves a request to a process-wide handler, or a visitor waiting).
      opts.logger.error({ err, req: { method: req.method, url: pathOfRequest(req) } }, 'fast path failed')
      if (res.headersSent) return void res.destroy(err as Error)
    }
    if (!answered) handle(req, res, next)
  }
}

/** A request's path without its query, for a log line (the query may hold click ids). */
function pathOfRequest(req: IncomingMessage): string {
  const url = req.url ?? ''
  const q = url.indexOf('?')
  return q < 0 ? url : url.slice(0, q)
}

/** The fast path: true when it answered the request, false to leave it to the app. */
export function createFastPath(
  app: AppWithRouter,
  opts: FastPathOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { cache, publicFiles } = opts
  // The request line carries the method, URL, status and time, never a field a person typed,
  // so it skips the redaction of form fields the site's logger applies to every object.
  const logger = opts.logger.child({}, { redact: [] })
  const now = opts.now ?? (() => new Date())
  /** The paths the app's handlers own, each with its `/` after; null when they could not be read. */
  let owned: string[] | null | undefined
  const readOwnedPaths = (): string[] | null => {
    const paths = ownedPathsOf(app)
    if (paths.length) return paths.map((path) => `${path}/`)
    // Express keeps its router's layers in fields of its own (ownedPathsOf): should an upgrade
    // move them, /healthz and the API must not get the 404 page, so unknown paths go to the stack.
    // tests/integration/page-fast-path.test.ts names every path the app owns and fails first.
    opts.logger.error("the fast path could not read the app's routes; unknown paths go through the stack")
    return null
  }
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
    if (!pageKey.route) {
      if (FILES_AND_API.test(pathname)) return false
      if (publicFiles ? publicFiles.has(pathname) : NAMES_A_FILE.test(pathname)) return false
      if (owned === undefined) owned = readOwnedPaths()
      if (owned === null || ownedBy(owned, pathname)) return false
    }
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
 * Every path a handler of the app is mounted on or routes. Express has no public way to list
 * them, so this reads its router's own fields (Express 5: `app.router.stack`, a layer's
 * `rawPath`, `slash`, `route.path`, `handle.stack`); a test lists what it must find in this app
 * and fails when an upgrade changes them, and an empty answer turns the 404 shortcut off. (`app.use('/office/confirm', router)`,
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

/**
 * The URL paths of the files in the client build that the static handler serves at the root
 * (`/favicon.svg`), the /assets and /uploads folders left out (the fast path leaves those
 * folders to their handlers whole). Empty when there is no build.
 */
export function publicFilesOf(clientDir: string): Set<string> {
  const files = new Set<string>()
  let entries: { name: string; parentPath: string; isFile(): boolean }[]
  try {
    entries = readdirSync(clientDir, { recursive: true, withFileTypes: true })
  } catch {
    return files
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep)
    if (relative[0] === 'assets' || relative[0] === 'uploads') continue
    files.add(`/${relative.join('/')}`)
  }
  return files
}
