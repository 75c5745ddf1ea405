/**
 * Fixtures for the lead pipeline: a temp SQLite file per test file, the app built by
 * createApp (without Vike: page rendering is not under test here), a producer on a real
 * Redis with a key prefix of its own, and an in-process worker from worker/ code.
 * Everything created is removed by close().
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DestinationStream } from 'pino'
import type { Express, RequestHandler } from 'express'
import { afterAll, beforeAll } from 'vitest'
import { createApp } from '../../server/app'
import { loadPages } from '../../server/http/pages'
import { parseWebConfig, type WebConfig } from '../../server/config'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { createLogger, type Logger } from '../../core/platform/logger'
import { createLeadProducer, type LeadProducer } from '../../server/leads/producer'
import { createRateLimitRedis } from '../../server/leads/rate-limit'
import { parseEnv } from '../../core/platform/config/helpers'
import { workerConfigSchema, type WorkerConfig } from '../../worker/config'
import { CHANNELS } from '../../core/notifications/channels/index'
import type { Channel } from '../../core/notifications/channels/channel'
import { startLeadWorker, type LeadWorker } from '../../worker/lead-worker'
import type { Notifier } from '../../core/notifications'
import { createWorkerNotifier } from '../../worker/lead-delivery'
import { startReconciler, type Reconciler } from '../../worker/reconciler'
import { createQueuePrefix, deleteKeys, getRedisUrl } from './redis'
import { listenOnLoopback } from './listen'

export const SITE_ORIGIN = 'http://localhost:3000'

export interface Pipeline {
  app: Express
  /**
   * The app on one listening loopback server for the whole file. Tests send with
   * `request(p.http)`: supertest given a bare app listens and closes a server per request, and
   * a loop of those fails now and then under load with ECONNREFUSED (supertest issue #844).
   */
  http: Server
  db: Db
  config: WebConfig
  logger: Logger
  redisUrl: string
  prefix: string
  producer?: LeadProducer
  /** The worker's configuration, parsed from the same environment (notification settings included). */
  workerConfig: WorkerConfig
  /** The worker's notifier (one per pipeline, created on first use, closed with the pipeline). */
  notifier(): Notifier
  /** The worker's reconciler loop, with the grace and interval of workerConfig. */
  startReconciler(): Reconciler
  /** The reconciler startReconciler() started, for a test to run a pass of its own and await it. */
  reconciler(): Reconciler
  /** Producers made by the test (e.g. one pointing at a working Redis later); closed with the pipeline. */
  track(closeable: { close(): Promise<void> }): void
  startWorker(): LeadWorker
  close(): Promise<void>
}

export interface PipelineOptions {
  label: string
  env?: Record<string, string>
  /** Where the web process's producer points; `null` = no producer (REDIS_URL unset). */
  producerUrl?: string | null
  logStream?: DestinationStream
  /** Where the enquiry rate limit counts; absent = in memory. */
  rateLimitRedisUrl?: string
  /** Wait until the rate limit's Redis connection is up (default); false when Redis is meant to be down. */
  awaitRateLimitRedis?: boolean
  /**
   * 'dev': pages are rendered by Vike through Vite's dev server, as `npm run dev` does (a few
   * seconds to start), so a refused form post is answered with its real page. Otherwise the
   * app serves the API only.
   */
  pages?: 'dev'
  /** Grace period of /readyz's delivery check. */
  deliveryGraceMs?: number
  /** The worker's notification channels; CHANNELS by default. */
  channels?: readonly Channel[]
}

export async function createPipeline(opts: PipelineOptions): Promise<Pipeline> {
  const redisUrl = getRedisUrl()
  const prefix = createQueuePrefix(opts.label)
  const dir = mkdtempSync(path.join(tmpdir(), `roofing-${opts.label}-`))
  const env = {
    NODE_ENV: 'test',
    DATABASE_PATH: path.join(dir, 'nested', 'leads.db'),
    QUEUE_PREFIX: prefix,
    SITE_URL: SITE_ORIGIN,
    LEAD_RATE_LIMIT_PER_MINUTE: '1000',
    ...opts.env,
  }
  const config = parseWebConfig(env)
  const workerConfig = parseEnv(workerConfigSchema(opts.channels ?? CHANNELS), env)
  const logger = createLogger(opts.logStream ? 'debug' : 'silent', opts.logStream)
  const db = openMigratedDatabase(config.databasePath)
  const producerUrl = opts.producerUrl === undefined ? redisUrl : opts.producerUrl
  const producer = producerUrl
    ? createLeadProducer({ redisUrl: producerUrl, prefix, logger, timeoutMs: 1000 })
    : undefined
  const closeables: { close(): Promise<void> }[] = []
  if (producer) closeables.push(producer)
  if (producer && producerUrl === redisUrl) await waitFor(() => producer.isReady(), 5000)

  const rateLimitRedis = opts.rateLimitRedisUrl ? createRateLimitRedis(opts.rateLimitRedisUrl) : undefined
  if (rateLimitRedis) {
    closeables.push({ close: async () => rateLimitRedis.disconnect() })
    if (opts.awaitRateLimitRedis ?? true)
      await waitFor(() => rateLimitRedis.status === 'ready', 5000, 'the rate limit to connect to Redis')
  }

  let devMiddleware: RequestHandler | undefined
  if (opts.pages === 'dev') {
    const pages = await loadPages({ ...config, isProduction: false })
    devMiddleware = pages.devMiddleware
    const vite = pages.viteServer
    if (vite) closeables.push({ close: () => vite.close() })
  }
  const app = createApp({
    config,
    logger,
    db,
    producer,
    rateLimitRedis,
    devMiddleware,
    renderPages: devMiddleware !== undefined,
    clientDistDir: path.join(dir, 'no-client'),
    deliveryGraceMs: opts.deliveryGraceMs,
  })
  const { server: http, close: closeHttp } = await listenOnLoopback(app)
  closeables.push({ close: closeHttp })
  let notifier: Notifier | undefined
  let reconciler: Reconciler | undefined
  const getNotifier = () => (notifier ??= createWorkerNotifier({ db, config: workerConfig, logger }))

  return {
    app,
    http,
    db,
    config,
    logger,
    redisUrl,
    prefix,
    producer,
    workerConfig,
    notifier: getNotifier,
    startReconciler() {
      const r = startReconciler({
        db,
        notifier: getNotifier(),
        logger,
        graceMs: workerConfig.notify.reconcile.graceMs,
        intervalMs: workerConfig.notify.reconcile.intervalMs,
      })
      closeables.unshift({ close: () => r.stop() })
      reconciler = r
      return r
    },
    reconciler() {
      if (!reconciler) throw new Error('the pipeline has no reconciler: start it first')
      return reconciler
    },
    track: (c) => void closeables.push(c),
    startWorker() {
      const w = startLeadWorker({ db, logger, redisUrl, prefix, concurrency: 2, notifier: getNotifier() })
      closeables.unshift(w)
      return w
    },
    async close() {
      for (const c of closeables) await c.close()
      notifier?.close()
      db.close()
      await deleteKeys(redisUrl, prefix)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A pipeline for the tests of the enclosing describe block: created before them (with the
 * worker and the reconciler running when asked), closed after them. `options` is read when
 * the block starts, so it may use what an outer beforeAll made (a test SMTP server's address).
 */
export function usePipeline(
  options: () => PipelineOptions,
  start: { worker?: boolean; reconciler?: boolean } = {},
): () => Pipeline {
  let pipeline: Pipeline | undefined
  beforeAll(async () => {
    pipeline = await createPipeline(options())
    if (start.worker) pipeline.startWorker()
    if (start.reconciler) pipeline.startReconciler()
  })
  afterAll(async () => {
    await pipeline?.close()
  })
  return () => {
    if (!pipeline)
      throw new Error('usePipeline: the pipeline exists once the block has started; use it in a test')
    return pipeline
  }
}

/** Polls until the condition holds; fails the test with a clear message otherwise. */
export async function waitFor(condition: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

export function countRows(
  db: Db,
  table: 'form_submissions' | 'lead_receipts' | 'lead_notifications',
): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
}
