/**
 * The Express application, built without listening so supertest can drive it
 * (ARCHITECTURE "Shape"). Vike's renderPage is the last middleware.
 */
import path from 'node:path'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import compression from 'compression'
import { pinoHttp } from 'pino-http'
import type { Config } from './config'
import type { Logger } from './logger'
import { createSecurityHeaders } from './http/security'
import { createSsrHandler } from './http/ssr'
import { bootScriptSrc } from './http/script-priority'
import { createHealthRouter, type ReadinessCheck } from './http/health'
import type { Db } from './db/connection'
import type { LeadProducer } from './queue/producer'
import { createEnquiryRouter } from './leads/enquiry-router'
import { createDatabaseCheck, createDeliveryCheck, createQueueCheck } from './leads/readiness'
import { ENQUIRY_ENDPOINT } from '../shared/enquiry'
import { createSeoFilesRouter } from './http/seo-files'

export interface AppDeps {
  config: Config
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
  /** How long a lead may take to be delivered before /readyz counts it (tests shorten it). */
  deliveryGraceMs?: number
}

export function createApp(deps: AppDeps): express.Express {
  const { config, logger } = deps
  const app = express()
  app.disable('x-powered-by')
  // A hop count, never `true`: only that many proxies' X-Forwarded-For entries are trusted.
  app.set('trust proxy', config.trustProxy)

  app.use(
    pinoHttp({
      logger,
      // Health probes every few seconds would drown the log.
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  )
  app.use(
    createSecurityHeaders({ bookingUrl: config.business.bookingUrl, isProduction: config.isProduction }),
  )
  const readinessChecks = [...(deps.readinessChecks ?? [])]
  if (deps.db) {
    readinessChecks.push(
      createDatabaseCheck(deps.db),
      createQueueCheck(deps.producer),
      createDeliveryCheck(deps.db, deps.deliveryGraceMs),
    )
  }
  app.use(createHealthRouter(readinessChecks))
  app.use(compression())

  if (deps.db) {
    app.use(ENQUIRY_ENDPOINT, createEnquiryRouter({ config, logger, db: deps.db, producer: deps.producer }))
  }

  let bootSrc: string | undefined
  if (deps.devMiddleware) {
    app.use(deps.devMiddleware)
  } else {
    const clientDir = deps.clientDistDir ?? path.resolve('dist/client')
    bootSrc = bootScriptSrc(clientDir)
    // Vite's hashed output: safe to cache for a year.
    app.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        fallthrough: false,
      }),
    )
    // Unhashed public files (uploads, favicon): cached for a day, revalidated after.
    app.use(express.static(clientDir, { index: false, maxAge: '1d' }))
  }

  app.use(createSeoFilesRouter({ siteUrl: config.siteUrl }))
  // Vike renders every page; last, as the catch-all.
  app.use(createSsrHandler({ logger, cacheHtml: config.isProduction, bootSrc }))

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
