/**
 * The Express application, built without listening so supertest can drive it.
 * Vike's renderPage is the last middleware.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import type { Redis } from 'ioredis'
import compression from 'compression'
import { pinoHttp } from 'pino-http'
import type { LevelWithSilent } from 'pino'
import type { WebConfig } from './config'
import type { Logger } from '../core/platform/logger'
import { createSecurityHeaders } from './http/security'
import { createFormPageRenderer, createSsrHandler } from './http/ssr'
import { installFastPath, publicFilesOf } from './http/fast-path'
import { redactRequestUrl } from './http/redact'
import { PageCache } from './http/page-cache'
import { createHealthRouter, type ReadinessCheck } from './http/health'
import type { Db } from '../core/platform/db/connection'
import type { LeadProducer } from './leads/producer'
import { createEnquiryRouter } from './leads/enquiry-router'
import { createFormTokenRouter } from './leads/form-token-router'
import { createHailReportRouter } from './leads/hail-report-router'
import { HAIL_REPORT_ENDPOINT } from '../shared/hail-summary'
import {
  createBookingsCheck,
  createDatabaseCheck,
  createDeliveryCheck,
  createQueueCheck,
  createStormDataCheck,
} from './leads/readiness'
import { ENQUIRY_ENDPOINT, FORM_TOKEN_ENDPOINT } from '../shared/enquiry'
import { createSeoFilesRouter } from './http/seo-files'
import { createOfficeRouter, OFFICE_CONFIRM_PATH, renderPlainOfficePage } from './office/office-router'
import { createUnsubscribeRouter, STORM_ALERTS_UNSUBSCRIBE_PATH } from './storm-alerts/unsubscribe-router'
import { BOOKING_EVENTS_PATH, createBookingEventsRouter } from './bookings/booking-events-router'
import { createConfirmRouter, STORM_ALERTS_CONFIRM_PATH } from './storm-alerts/confirm-router'
import { createFollowUpRouter, FOLLOW_UPS_UNSUBSCRIBE_PATH } from './bookings/follow-up-router'
import { createMarkRouter, OFFICE_MARK_PATH } from './bookings/mark-router'

export interface AppDeps {
  config: WebConfig
  logger: Logger
  /** Vite's dev middleware (development only). Production serves dist/client instead. */
  devMiddleware?: RequestHandler
  /** Where the production client build lives. */
  clientDistDir?: string
  readinessChecks?: ReadinessCheck[]
  /**
   * The lead database. Without it the app serves pages only (no POST /api/enquiries),
   * which keeps page-only tests free of SQLite.
   */
  db?: Db
  /** The queue producer; absent when REDIS_URL is unset (leads stay pending in the outbox). */
  producer?: LeadProducer
  /** Redis for the enquiry rate limit's counters; absent = counted in memory. */
  rateLimitRedis?: Redis
  /**
   * false when neither the page build nor Vite's dev middleware is loaded (API-only tests):
   * a refused plain form post then gets the plain answer page instead of its own page.
   */
  renderPages?: boolean
  /** How long a lead may take to be delivered before /readyz counts it (tests shorten it). */
  deliveryGraceMs?: number
  /**
   * Keep rendered pages in memory and answer them from the fast path; production by default
   * (tests turn it on over the development renderer).
   */
  cacheHtml?: boolean
  /** false: cached pages too go through the whole stack (tests compare the two paths). */
  fastPath?: boolean
  /** The rendered pages' cache (tests pass their own to look into it). */
  pageCache?: PageCache
  /**
   * The clock of the pages: the day they are rendered and cached for, and the time an
   * attribution cookie records (tests pass their own, e.g. a minute before midnight in Denver).
   */
  now?: () => Date
  /**
   * The paths of the client build's public files, which the fast path leaves to the static
   * handler; read from clientDistDir when absent in production (tests over Vite's dev server,
   * which has no list, pass their own).
   */
  publicFiles?: ReadonlySet<string>
}

export function createApp(deps: AppDeps): express.Express {
  const { config, logger } = deps
  const app = express()
  app.disable('x-powered-by')
  // The proxies' addresses or subnets, never a hop count or `true`: X-Forwarded-For (and so
  // req.ip, the rate limit's key) is believed only when it comes from one of them.
  app.set('trust proxy', config.trustProxy.length ? config.trustProxy : false)

  const cacheHtml = deps.cacheHtml ?? config.isProduction
  const secureCookies = config.siteUrl.startsWith('https://')
  const pageCache = deps.pageCache ?? new PageCache(deps.now)
  const clientDir = deps.clientDistDir ?? path.resolve('dist/client')
  // First of all: a page already rendered and sent once is written again as it was, before
  // Express and the stack below (server/http/fast-path.ts); anything else goes on.
  if (cacheHtml && deps.fastPath !== false) {
    installFastPath(app, {
      cache: pageCache,
      logger,
      secureCookies,
      now: deps.now,
      // The build's files are fixed while the process runs; with Vite's dev server there is no list.
      publicFiles: deps.publicFiles ?? (deps.devMiddleware ? undefined : publicFilesOf(clientDir)),
    })
  }

  app.use(
    pinoHttp({
      logger,
      // Health probes every few seconds would drown the log.
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      customLogLevel: requestLogLevel,
      serializers: {
        // The path without its query (campaign values and ad click ids, which the lead records
        // where they matter; docs/performance.md, "Cached pages") and without the secrets a path
        // may carry, such as an office link's token (server/http/redact.ts). No header.
        req: (req: { method: string; url: string }) => ({
          method: req.method,
          url: redactRequestUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  )
  app.use(
    createSecurityHeaders({
      bookingUrl: config.business.bookingUrl,
      isProduction: config.isProduction,
      // HSTS only where the site is served over HTTPS (browsers ignore it on http:// anyway).
      hsts: config.isProduction && config.siteUrl.startsWith('https://'),
    }),
  )
  app.use(createHealthRouter([...(deps.readinessChecks ?? []), ...pipelineChecks(deps)]))
  app.use(compression())

  if (deps.db) {
    app.use(BOOKING_EVENTS_PATH, bookingEventsRouter(deps, deps.db))
    app.use(
      ENQUIRY_ENDPOINT,
      createEnquiryRouter({
        config,
        logger,
        db: deps.db,
        producer: deps.producer,
        rateLimitRedis: deps.rateLimitRedis,
        renderFormPage: deps.renderPages === false ? undefined : createFormPageRenderer(),
      }),
    )
    app.use(
      FORM_TOKEN_ENDPOINT,
      createFormTokenRouter(deps.db, {
        siteUrl: config.siteUrl,
        perMinute: config.formTokenRateLimitPerMinute,
        rateLimitRedis: deps.rateLimitRedis,
        queuePrefix: config.queuePrefix,
        logger,
      }),
    )
    app.use(HAIL_REPORT_ENDPOINT, createHailReportRouter(deps.db))
    // The office's links: their own router, never the page cache (docs/spam.md).
    app.use(
      OFFICE_CONFIRM_PATH,
      createOfficeRouter({
        db: deps.db,
        logger,
        siteUrl: config.siteUrl,
        retentionDays: config.spamRetentionDays,
        renderPage: deps.renderPages === false ? renderPlainOfficePage : undefined,
        perMinute: config.officeLinkRateLimitPerMinute,
        rateLimitRedis: deps.rateLimitRedis,
        queuePrefix: config.queuePrefix,
      }),
    )
    // The storm alerts' unsubscribe and confirmation links: their own routers, never the page cache.
    const { db, rateLimitRedis } = deps
    const links = { db, logger, business: config.business, queuePrefix: config.queuePrefix, rateLimitRedis }
    app.use(STORM_ALERTS_UNSUBSCRIBE_PATH, createUnsubscribeRouter(links))
    app.use(STORM_ALERTS_CONFIRM_PATH, createConfirmRouter({ ...links, siteUrl: config.siteUrl }))
    // The follow-ups' unsubscribe links and the office's marks (docs/bookings.md).
    app.use(FOLLOW_UPS_UNSUBSCRIBE_PATH, createFollowUpRouter(links))
    app.use(
      OFFICE_MARK_PATH,
      createMarkRouter({ ...links, siteUrl: config.siteUrl, perMinute: config.officeLinkRateLimitPerMinute }),
    )
  }

  if (deps.devMiddleware) {
    app.use(deps.devMiddleware)
  } else {
    // Vite's hashed output: safe to cache for a year. The current build first, then the
    // earlier builds' files (a tab opened before a deploy asks for those;
    // server/http/asset-archive.ts); a file in neither is a 404, never a page.
    const hashed = { immutable: true, maxAge: '1y', index: false } as const
    app.use('/assets', express.static(path.join(clientDir, 'assets'), hashed))
    app.use('/assets', express.static(config.assetArchiveDir, { ...hashed, fallthrough: false }))
    // Unhashed public files (uploads, favicon): cached for a day, revalidated after.
    app.use(express.static(clientDir, { index: false, maxAge: '1d' }))
  }

  app.use(createSeoFilesRouter({ siteUrl: config.siteUrl }))
  // Vike renders every page; last, as the catch-all.
  app.use(createSsrHandler({ logger, cacheHtml, cache: pageCache, secureCookies, now: deps.now }))

  app.use(((err, req, res, _next) => {
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
    if (status >= 500) req.log?.error({ err }, 'request failed')
    if (res.headersSent) return
    // Never a stack trace to the client.
    if (req.path.startsWith('/api/') || req.accepts(['html', 'json']) === 'json') {
      res.status(status).json({
        success: false,
        error: status === 404 ? 'Not found' : 'Something went wrong. Please try again.',
      })
    } else {
      res
        .status(status)
        .type('text')
        .send(status === 404 ? 'Not found' : 'Something went wrong. Please try again.')
    }
  }) satisfies ErrorRequestHandler)

  return app
}

/** /readyz's checks of the lead pipeline, when the app has the database. */
function pipelineChecks(deps: AppDeps): ReadinessCheck[] {
  if (!deps.db) return []
  return [
    createDatabaseCheck(deps.db),
    createQueueCheck(deps.producer),
    createDeliveryCheck(deps.db, deps.deliveryGraceMs),
    createBookingsCheck(deps.db, deps.deliveryGraceMs),
    createStormDataCheck(deps.db),
  ]
}

/**
 * POST /api/booking-events/calendly and /cal-com (docs/bookings.md): they read their body raw,
 * for the signature, so they are mounted before any router that parses one.
 */
function bookingEventsRouter(deps: AppDeps, db: Db) {
  return createBookingEventsRouter({
    db,
    logger: deps.logger,
    settings: deps.config.bookingEvents,
    rateLimitRedis: deps.rateLimitRedis,
    queuePrefix: deps.config.queuePrefix,
  })
}

/**
 * Successful requests for images, scripts and styles are not logged: they would rotate the
 * lines that matter (leads, errors) out of a size-capped log. A failed one still is.
 */
function requestLogLevel(req: IncomingMessage, res: ServerResponse, err?: Error): LevelWithSilent {
  if (err || res.statusCode >= 500) return 'error'
  if (res.statusCode >= 400) return 'warn'
  // originalUrl: a router mounted on /assets strips its prefix from req.url. Read as the line
  // writes it: an office link's token has dots, and would read as a file name.
  const url = redactRequestUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? '')
  return isStaticAsset(url) ? 'silent' : 'info'
}

/** Built assets and public files: a path under /assets/ or /uploads/, or one naming a file. */
export function isStaticAsset(url: string | undefined): boolean {
  const p = (url ?? '').split('?')[0] ?? ''
  return p.startsWith('/assets/') || p.startsWith('/uploads/') || /\/[^/]+\.[a-z0-9]+$/i.test(p)
}
