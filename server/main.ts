/**
 * Web process entry point: parse configuration, build the app, listen, and close
 * gracefully on SIGTERM/SIGINT.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RequestHandler } from 'express'
import { loadConfigOrExit } from './core/config'
import { createLogger } from './core/logger'
import { createApp } from './app'
import { openMigratedDatabase } from './core/db/connection'
import { createLeadProducer, type LeadProducer } from './leads/producer'
import { startOutboxRelay, type OutboxRelay } from './leads/relay'
import { createRateLimitRedis } from './leads/rate-limit'

const SHUTDOWN_TIMEOUT_MS = 10_000

async function main() {
  const config = loadConfigOrExit()
  const logger = createLogger(config.logLevel)
  for (const warning of config.warnings) logger.warn(warning)
  if (config.envFile) logger.info({ envFile: config.envFile }, 'settings read from .env')

  let devMiddleware: RequestHandler | undefined
  if (!config.isProduction) {
    const { createDevMiddleware } = await import('vike/server')
    const dev = await createDevMiddleware({ root: process.cwd() })
    devMiddleware = dev.devMiddleware as unknown as RequestHandler
  } else {
    // The server build of the pages, made by `vike build`.
    await import(pathToFileURL(path.resolve('dist/server/entry.mjs')).href)
  }

  // Store first: the database must open (and migrate) before the site accepts anything.
  const db = openMigratedDatabase(config.databasePath, { backupDir: config.backup.dir, logger })
  logger.info({ databasePath: config.databasePath }, 'database ready')

  let producer: LeadProducer | undefined
  let relay: OutboxRelay | undefined
  let rateLimitRedis: ReturnType<typeof createRateLimitRedis> | undefined
  if (config.redisUrl) {
    producer = createLeadProducer({ redisUrl: config.redisUrl, prefix: config.queuePrefix, logger })
    relay = startOutboxRelay({ db, producer, logger })
    rateLimitRedis = createRateLimitRedis(config.redisUrl)
  } else {
    logger.warn('queue disabled: REDIS_URL is not set; leads are stored and wait in the outbox until it is')
  }

  const app = createApp({ config, logger, devMiddleware, db, producer, rateLimitRedis })
  const server = app.listen(config.port, config.host, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    logger.info({ port, env: config.env }, `site listening on http://localhost:${port}`)
  })
  server.on('error', (err) => {
    logger.fatal({ err }, 'could not start the web server')
    process.exit(1)
  })

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    timer.unref()
    server.close(async () => {
      logger.info('server closed')
      // In-flight requests are done; now stop handing leads over, then let go of Redis and SQLite.
      try {
        await relay?.stop()
        await producer?.close()
        rateLimitRedis?.disconnect()
        db.close()
      } catch (err) {
        logger.error({ err }, 'error while closing')
        process.exit(1)
      }
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
