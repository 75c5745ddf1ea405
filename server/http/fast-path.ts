/**
 * The first middleware of the production app: a GET or HEAD of a page already in the cache
 * (page-cache.ts) is answered here with the exact answer the full stack gave for it the first
 * time (its replay: status, every header helmet, compression and the page handler set, the
 * bytes), plus the attribution cookies of a campaign landing. So a cached page costs little
 * more than writing its bytes (docs/performance.md, "Cached pages"); everything else, and a
 * page not yet sent once through the stack in this encoding, goes on to the stack.
 *
 * Left to the stack as well:
 * - conditional requests (If-None-Match, If-Modified-Since: Express answers 304) and any
 *   Accept-Encoding that is neither gzip nor absent (compression encodes those its own way);
 * - for the 404 page, any path another handler of the app owns: the paths its routers are
 *   mounted on and their routes (read from the app itself once it is built, so a router added
 *   later is never shadowed), /api/…, /assets/…, /uploads/…, and every path whose last segment
 *   names a file (the public files, robots.txt, sitemap.xml, Vike's .pageContext.json).
 *
 * Logging: one line per page request, as pino-http writes it (same message, fields and level:
 * info, warn for the 404), so the log reads the same whichever path answered.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import type { Logger } from '../../core/logger'
import { touchCookiesFor } from './attribution-cookie'
import { pageKeyOf, replayEncodingOf, type PageCache } from './page-cache'

export interface FastPathOptions {
  cache: PageCache
  /** The app this is the first middleware of: read when the first unknown path comes. */
  app: AppWithRouter
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

export function createFastPath(opts: FastPathOptions): RequestHandler {
  const { cache, logger } = opts
  const now = opts.now ?? (() => new Date())
  let owned: string[] | undefined
  return (req, res, next) => {
    const method = req.method
    if (method !== 'GET' && method !== 'HEAD') return next()
    const headers = req.headers
    if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return next()
    const url = req.url
    const q = url.indexOf('?')
    const pathname = q < 0 ? url : url.slice(0, q)
    const pageKey = pageKeyOf(pathname, headers.cookie)
    if (!pageKey) return next()
    if (
      !pageKey.route &&
      (FILES_AND_API.test(pathname) || ownedBy((owned ??= ownedPathsOf(opts.app)), pathname))
    )
      return next()
    const page = cache.get(pageKey.key)
    const encoding = page && replayEncodingOf(req)
    const replay = encoding && page.replays[encoding]
    if (!replay) return next()

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
    logRequest(logger, req, res, replay.statusCode, performance.now() - start)
  }
}

/** The line pino-http writes for a request (server/app.ts), at the level it would choose. */
function logRequest(
  logger: Logger,
  req: IncomingMessage,
  _res: ServerResponse,
  statusCode: number,
  ms: number,
): void {
  const line = {
    req: { method: req.method, url: req.url },
    res: { statusCode },
    responseTime: Math.round(ms),
  }
  if (statusCode >= 400) logger.warn(line, 'request completed')
  else logger.info(line, 'request completed')
}

/** Whether `pathname` is one of `owned` or under it. */
function ownedBy(owned: readonly string[], pathname: string): boolean {
  for (const path of owned) if (pathname === path || pathname.startsWith(`${path}/`)) return true
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
