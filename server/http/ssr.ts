/**
 * Vike's renderPage as the last middleware (https://vike.dev/renderPage).
 *
 * Pages here do not change per request (no cookies, no per-visitor data, no CSP nonce),
 * so in production the HTML of each known route is rendered once and kept in memory
 * (decision record docs/decisions/002-html-cache.md). Unknown paths are rendered every
 * time and never cached, so a crawler cannot fill memory; so is a landing page whose query
 * names a campaign (utm_*, an ad click id), whose forms carry it as hidden fields.
 * /schedule-inspection has a second cached variant, for a browser that just sent a hail report
 * request without JavaScript (its short-lived cookie): it says the report is on its way.
 */
import { gzipSync } from 'node:zlib'
import type { RequestHandler } from 'express'
import { renderPage } from 'vike/server'
import type { Logger } from '../../core/logger'
import { campaignOf, hasCampaign } from '../../shared/attribution'
import { HAIL_REPORT_SENT_COOKIE } from '../../shared/hail-summary'
import { findRoute, ROUTES } from '../../shared/routes'
import type { RenderFormPage } from '../leads/answers'

interface CachedPage {
  statusCode: number
  headers: [string, string][]
  body: string
  /** The body gzipped once when cached, instead of on every request. */
  gzipped?: Buffer
}

export interface SsrOptions {
  logger: Logger
  cacheHtml: boolean
  /** The clock; tests pass their own. */
  now?: () => Date
}

/** The server's calendar day, as the pages format dates (shared/dates.ts: local time). */
function dayOf(date: Date): string {
  return date.toDateString()
}

export function createSsrHandler(opts: SsrOptions): RequestHandler {
  const cache = new Map<string, CachedPage>()
  const now = opts.now ?? (() => new Date())
  // Pages show today's date ("Last updated" on /privacy and /terms, the footer's year), so
  // the cache lasts one calendar day: the first request of a new day renders afresh.
  let cachedDay = dayOf(now())

  return async (req, res, next) => {
    const today = dayOf(now())
    if (today !== cachedDay) {
      cache.clear()
      cachedDay = today
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const pathname = req.path
    const route = findRoute(pathname)
    // A landing page with a campaign query renders its forms with it as hidden fields
    // (docs/attribution.md), so it is rendered for that URL and not cached.
    const campaign = hasCampaign(campaignOf(new URL(req.originalUrl, 'http://localhost').searchParams))
    const cacheable =
      opts.cacheHtml && route !== undefined && !campaign && !pathname.endsWith('.pageContext.json')

    const hailReportSent = pathname === ROUTES.scheduleInspection.path && sentHailReport(req.headers.cookie)
    const cacheKey = hailReportSent ? `${pathname} hail-report-sent` : pathname
    let page = cacheable ? cache.get(cacheKey) : undefined
    if (!page) {
      try {
        const pageContext = await renderPage({
          urlOriginal: cacheable ? pathname : req.originalUrl,
          headersOriginal: req.headers,
          ...(hailReportSent ? { hailReportSent } : {}),
        })
        if (pageContext.errorWhileRendering) {
          opts.logger.error({ err: pageContext.errorWhileRendering, path: pathname }, 'page render failed')
        }
        const { httpResponse } = pageContext
        if (!httpResponse) return next()
        page = {
          statusCode: httpResponse.statusCode,
          headers: httpResponse.headers,
          body: httpResponse.body,
        }
        if (page.statusCode === 404) {
          opts.logger.warn({ path: pathname }, 'page not found')
        }
        if (cacheable && page.statusCode === 200) {
          page.gzipped = gzipSync(page.body, { level: 9 })
          cache.set(cacheKey, page)
        }
      } catch (err) {
        return next(err)
      }
    }

    res.status(page.statusCode)
    for (const [name, value] of page.headers) res.setHeader(name, value)
    if (route && !route.indexable) res.setHeader('X-Robots-Tag', 'noindex')
    // HTML is always revalidated; hashed assets carry the long cache instead.
    res.setHeader('Cache-Control', 'no-cache')
    if (page.gzipped) {
      res.vary('Accept-Encoding')
      if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
        // The compression middleware leaves a response that is already encoded alone.
        res.setHeader('Content-Encoding', 'gzip')
        res.type('html')
        return void res.send(page.gzipped)
      }
    }
    res.send(page.body)
  }
}

/** Whether the request carries the cookie of a hail report request just sent without JavaScript. */
function sentHailReport(cookie: string | undefined): boolean {
  return cookie !== undefined && new RegExp(`(?:^|;\\s*)${HAIL_REPORT_SENT_COOKIE}=1(?:;|$)`).test(cookie)
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
