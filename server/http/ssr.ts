/**
 * Vike's renderPage as the last middleware (https://vike.dev/renderPage).
 *
 * Pages here do not change per request (no per-visitor data, no CSP nonce), so in production
 * each known route is rendered once a day and kept in memory, whatever its query string, and
 * every unknown path is answered with one 404 page rendered once (server/http/page-cache.ts;
 * decision records docs/decisions/002-html-cache.md and 015-one-render-per-route.md). A landing
 * page whose query names a campaign gets the same cached page plus the attribution cookies
 * (attribution-cookie.ts), which a plain form post reads later. /schedule-inspection has a
 * second cached variant, for a browser that just sent a hail report request without
 * JavaScript (its short-lived cookie): it says the report is on its way.
 *
 * The first answer of each cached page is recorded (its replay) for the fast path at the
 * front of the app (fast-path.ts), which then sends it again without the middleware stack.
 */
import { gzipSync } from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import { renderPage } from 'vike/server'
import type { Logger } from '../../core/platform/logger'
import type { RenderFormPage } from '../leads/answers'
import { touchCookiesFor } from './attribution-cookie'
import {
  businessDayOf,
  captureReplay,
  NOT_FOUND_RENDER_PATH,
  PageCache,
  pageKeyOf,
  replayEncodingOf,
  type CachedPage,
  type PageKey,
} from './page-cache'

export interface SsrOptions {
  logger: Logger
  /** Production: keep rendered pages (development renders every request, so edits show). */
  cacheHtml: boolean
  /** The cache to fill; the fast path reads the same one. Made here when absent. */
  cache?: PageCache
  /** Mark the attribution cookies Secure (the site is served over HTTPS). */
  secureCookies?: boolean
  /** The clock; tests pass their own. */
  now?: () => Date
}

export function createSsrHandler(opts: SsrOptions): RequestHandler {
  const now = opts.now ?? (() => new Date())
  const cache = opts.cache ?? new PageCache(now)
  const secure = opts.secureCookies ?? false

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const pathname = req.path
    const search = searchOf(req.originalUrl)
    const pageKey = pageKeyOf(pathname, req.headers.cookie)
    // The day the page is for, read once: a render that runs past midnight is still that day's.
    const today = businessDayOf(now())
    // Where the visit came from, for a plain form post later: the same page, plus cookies.
    if (pageKey?.route) {
      try {
        const cookies = touchCookiesFor(pathname, search, req.headers.cookie, now(), secure)
        if (cookies) res.append('Set-Cookie', cookies)
      } catch (err) {
        // The cookies only say where a visit came from: the page goes out without them.
        opts.logger.error({ err, path: pathname }, 'attribution cookies failed')
      }
    }

    if (!opts.cacheHtml || !pageKey) {
      try {
        const pageContext = await renderPage({
          urlOriginal: req.originalUrl,
          headersOriginal: req.headers,
          today,
          ...(pageKey?.hailReportSent ? { hailReportSent: true } : {}),
        })
        if (pageContext.errorWhileRendering) {
          opts.logger.error({ err: pageContext.errorWhileRendering, path: pathname }, 'page render failed')
        }
        const { httpResponse } = pageContext
        if (!httpResponse) return next()
        res.status(httpResponse.statusCode)
        for (const [name, value] of httpResponse.headers) res.setHeader(name, value)
        if (pageKey?.route && !pageKey.route.indexable) res.setHeader('X-Robots-Tag', 'noindex')
        res.setHeader('Cache-Control', 'no-cache')
        return void res.send(httpResponse.body)
      } catch (err) {
        return next(err)
      }
    }

    let page = cache.get(pageKey.key)
    if (!page) {
      try {
        page = await renderCached(pageKey, req, today, opts.logger)
      } catch (err) {
        return next(err)
      }
      if (!page) return next()
      // Only the page's own answer is kept: a known route's 200, the 404 page's 404 (never a 500).
      if (page.statusCode === (pageKey.route ? 200 : 404)) cache.set(pageKey.key, page)
    }
    sendCached(req, res, page, pageKey)
  }
}

/** The query of a URL, with its `?`, or ''. */
function searchOf(url: string): string {
  const q = url.indexOf('?')
  return q < 0 ? '' : url.slice(q)
}

/**
 * Renders a cached page: a route for its path alone (the query never reaches the HTML), the
 * 404 page for the placeholder path (never a visitor's path).
 */
async function renderCached(
  pageKey: PageKey,
  req: Request,
  today: string,
  logger: Logger,
): Promise<CachedPage | undefined> {
  const urlOriginal = pageKey.route ? pageKey.route.path : NOT_FOUND_RENDER_PATH
  const pageContext = await renderPage({
    urlOriginal,
    headersOriginal: req.headers,
    today,
    ...(pageKey.hailReportSent ? { hailReportSent: true } : {}),
  })
  if (pageContext.errorWhileRendering) {
    logger.error({ err: pageContext.errorWhileRendering, path: req.path }, 'page render failed')
  }
  const { httpResponse } = pageContext
  if (!httpResponse) return undefined
  const body = Buffer.from(httpResponse.body)
  return {
    day: today,
    statusCode: httpResponse.statusCode,
    headers: httpResponse.headers,
    body,
    gzipped: gzipSync(body, { level: 9 }),
    replays: {},
  }
}

/**
 * A cached page through the whole stack: the headers every middleware before set (helmet's),
 * the page's, then its body, gzipped when the browser takes gzip. The first answer per encoding
 * is recorded for the fast path.
 */
function sendCached(req: Request, res: Response, page: CachedPage, pageKey: PageKey): void {
  res.status(page.statusCode)
  for (const [name, value] of page.headers) res.setHeader(name, value)
  if (pageKey.route && !pageKey.route.indexable) res.setHeader('X-Robots-Tag', 'noindex')
  // HTML is always revalidated; hashed assets carry the long cache instead.
  res.setHeader('Cache-Control', 'no-cache')
  res.vary('Accept-Encoding')
  const encoding = replayEncodingOf(req)
  if (encoding === 'gzip') {
    // The compression middleware leaves a response that is already encoded alone.
    res.setHeader('Content-Encoding', 'gzip')
    res.type('html')
    if (req.method === 'GET') captureReplay(res, page, 'gzip', page.gzipped)
    return void res.send(page.gzipped)
  }
  if (encoding === 'identity' && req.method === 'GET') captureReplay(res, page, 'identity', page.body)
  // As Express sends an HTML string: its Content-Type with the charset (text/html; charset=utf-8).
  res.type('html')
  res.send(page.body)
}

/**
 * Renders the page a refused plain form post came from, its form showing the visitor's
 * values and the messages (pageContext.enquiryForm). Never cached: the page holds what one
 * visitor typed. Rejects when the page does not render as a normal page, so the caller can
 * answer otherwise.
 */
export function createFormPageRenderer(): RenderFormPage {
  return async (req, res, state) => {
    const { 'content-type': _type, 'content-length': _length, ...headers } = req.headers
    const pageContext = await renderPage({
      urlOriginal: state.pagePath,
      headersOriginal: headers,
      enquiryForm: state,
    })
    if (pageContext.errorWhileRendering) throw pageContext.errorWhileRendering
    const { httpResponse } = pageContext
    if (!httpResponse || httpResponse.statusCode !== 200) {
      throw new Error(`${state.pagePath} rendered with status ${httpResponse?.statusCode ?? 'none'}`)
    }
    for (const [name, value] of httpResponse.headers) res.setHeader(name, value)
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('X-Robots-Tag', 'noindex')
    res.send(httpResponse.body)
  }
}
