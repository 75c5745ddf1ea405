/**
 * The web process (started by bin/server.ts): parse configuration, load the pages, open the
 * database, connect the queue, listen, and close gracefully on SIGTERM/SIGINT. Each step is a
 * function below.
 */
import type { Server } from 'node:http'
import path from 'node:path'
import type { Express } from 'express'
import type { Redis } from 'ioredis'
import { createApp } from './app'
import { loadPages } from './http/pages'
import { updateAssetArchive } from './http/asset-archive'
import { loadConfigOrExit, refuseSampleValuesOrExit } from '../core/platform/config/load'
import { WebConfigSchema, type WebConfig } from './config'
import { type Db } from '../core/platform/db/connection'
import { openMigratedDatabase } from '../core/platform/db/open'
import { createLogger, type Logger } from '../core/platform/logger'
import { logUncaughtErrors, onShutdown, WEB_SHUTDOWN_TIMEOUT_MS } from '../core/platform/shutdown'
import { createLeadProducer, type LeadProducer } from './leads/producer'
import { createRateLimitRedis } from './leads/rate-limit'
import { startOutboxRelay, type OutboxRelay } from './leads/relay'
import { retirePageLinks, startFallbackPages, type FallbackPages } from './http/fallback-pages'
import { bookingOriginMismatch } from './http/caddy-snippets'

/** What the web process holds on Redis; empty when REDIS_URL is unset. */
interface QueueConnections {
  producer?: LeadProducer
  relay?: OutboxRelay
  rateLimitRedis?: Redis
}

export async function startWeb(): Promise<void> {
  const { config, envFile } = loadConfigOrExit(WebConfigSchema)
  const warnings = refuseSampleValuesOrExit(config)
  const logger = createLogger(config.logLevel)
  logUncaughtErrors(logger)
  for (const warning of warnings) logger.warn(warning)
  if (envFile) logger.info({ envFile }, 'settings read from .env')
  // First: Caddy must stop serving the pages an earlier process wrote (another build, other
  // settings) before this one answers anything.
  await retirePageFiles(config, logger)

  const { devMiddleware } = await loadPages(config)
  if (!devMiddleware) await archiveBuildAssets(config, logger)
  // Store first: the database must open (and migrate) before the site accepts anything.
  const db = openDatabase(config, logger)
  const queue = connectQueue(config, db, logger)
  const app = createApp({ config, logger, devMiddleware, db, ...queue })
  const server = listen(app, config, logger)
  const fallback = writeFallbackPagesOnceListening(server, config, logger)
  onShutdown({
    name: 'web',
    logger,
    timeoutMs: WEB_SHUTDOWN_TIMEOUT_MS,
    close: () => {
      fallback?.stop()
      return closeWeb(server, queue, db, logger)
    },
  })
}

function openDatabase(config: WebConfig, logger: Logger): Db {
  const db = openMigratedDatabase(config.databasePath, { backupDir: config.backupDir, logger })
  logger.info({ databasePath: config.databasePath }, 'database ready')
  return db
}

/**
 * Copies this build's hashed assets into the asset archive and prunes the week-old files of
 * earlier builds (server/http/asset-archive.ts). A failure leaves the site running on its own
 * build (only tabs opened before a deploy would reload), so it is logged, never fatal.
 */
async function archiveBuildAssets(config: WebConfig, logger: Logger): Promise<void> {
  const archiveDir = config.assetArchiveDir
  try {
    const result = await updateAssetArchive(path.resolve('dist/client/assets'), archiveDir)
    logger.info({ archiveDir, ...result }, 'asset archive up to date')
  } catch (err) {
    logger.error(
      { err, archiveDir },
      'could not update the asset archive (ASSET_ARCHIVE_DIR): tabs opened before this deploy will reload when they need a script',
    )
  }
}

/** The queue producer, the outbox relay and the rate limit's counters, all on REDIS_URL. */
function connectQueue(config: WebConfig, db: Db, logger: Logger): QueueConnections {
  if (!config.redisUrl) {
    logger.warn('queue disabled: REDIS_URL is not set; leads are stored and wait in the outbox until it is')
    return {}
  }
  const producer = createLeadProducer({ redisUrl: config.redisUrl, prefix: config.queuePrefix, logger })
  return {
    producer,
    relay: startOutboxRelay({ db, producer, logger }),
    rateLimitRedis: createRateLimitRedis(config.redisUrl),
  }
}

function listen(app: Express, config: WebConfig, logger: Logger): Server {
  const server = app.listen(config.port, config.host, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    logger.info({ port, env: config.env }, `site listening on http://localhost:${port}`)
  })
  server.on('error', (err) => {
    logger.fatal({ err }, 'could not start the web server')
    process.exit(1)
  })
  return server
}

/**
 * Removes the links through which Caddy serves the pages an earlier process wrote, so that it
 * asks this process for every page until this one has written its own
 * (server/http/fallback-pages.ts). A failure is logged: Caddy may then serve an earlier build's
 * pages until the end of their day, which is what it serves while this process is down anyway.
 */
async function retirePageFiles(config: WebConfig, logger: Logger): Promise<void> {
  if (!config.fallbackDir) return
  try {
    await retirePageLinks(config.fallbackDir)
  } catch (err) {
    logger.error(
      { err, dir: config.fallbackDir },
      'could not remove the links to the pages an earlier process wrote (FALLBACK_DIR): Caddy may serve them until the end of their day',
    )
  }
}

/**
 * Once listening, the pages Caddy serves from files (until their day is over, and while this
 * process is down) are written to FALLBACK_DIR, asked from this server itself, and again each
 * new day in Denver (server/http/fallback-pages.ts).
 */
function writeFallbackPagesOnceListening(
  server: Server,
  config: WebConfig,
  logger: Logger,
): { stop(): void } | undefined {
  const dir = config.fallbackDir
  if (!dir) return undefined
  const mismatch = bookingOriginMismatch(config.business.bookingUrl)
  if (mismatch) logger.warn(mismatch)
  let pages: FallbackPages | undefined
  let stopped = false
  server.once('listening', () => {
    if (stopped) return
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    // Any-address listeners are asked on loopback; a specific address on itself.
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
    pages = startFallbackPages({ dir, origin, business: config.business, logger })
  })
  return {
    stop() {
      stopped = true
      pages?.stop()
    },
  }
}

/** Requests in flight finish first; then stop handing leads over, and let go of Redis and SQLite. */
async function closeWeb(server: Server, queue: QueueConnections, db: Db, logger: Logger): Promise<void> {
  await new Promise<void>((resolve) => {
    // Its only error is "not listening", which leaves nothing to wait for either.
    server.close(() => resolve())
    server.closeIdleConnections()
  })
  logger.info('server closed')
  await queue.relay?.stop()
  await queue.producer?.close()
  queue.rateLimitRedis?.disconnect()
  db.close()
}
