/**
 * Graceful stop on SIGTERM/SIGINT (docker stop sends SIGTERM, then SIGKILL after 10 s):
 * let the job in progress finish, release Redis and SQLite, exit 0.
 */
import type { Logger } from '../server/core/logger'

export const SHUTDOWN_TIMEOUT_MS = 8000

export function onShutdown(logger: Logger, close: () => Promise<void>): void {
  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'worker shutting down')
    const timer = setTimeout(() => {
      logger.error('worker shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    timer.unref()
    close().then(
      () => {
        logger.info('worker stopped')
        process.exit(0)
      },
      (err: unknown) => {
        logger.error({ err }, 'error while stopping the worker')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}
