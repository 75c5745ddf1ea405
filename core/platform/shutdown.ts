/**
 * Graceful stop on SIGTERM/SIGINT for every long-running process (web, worker): log once,
 * run the process's own `close` (finish what is in progress, release Redis and SQLite), exit 0.
 * A close that fails exits 1; one that takes longer than `timeoutMs` is cut short (exit 1),
 * so the process always ends by itself before the container runtime's SIGKILL.
 */
import type { Logger } from './logger'

// docker-compose.yml gives both containers 15 s (stop_grace_period) between SIGTERM and
// SIGKILL: each process gives up by itself before that, so its last log line says why.

/** The web process: requests in flight finish; idle keep-alive connections are closed at once. */
export const WEB_SHUTDOWN_TIMEOUT_MS = 10_000
/**
 * The worker: the job in progress finishes. One cut short is not lost: BullMQ hands it out
 * again and recording a lead is idempotent.
 */
export const WORKER_SHUTDOWN_TIMEOUT_MS = 8000

export interface ShutdownOptions {
  /** Who is stopping, as the log lines name it: 'web' or 'worker'. */
  name: string
  logger: Logger
  timeoutMs: number
  /** Releases everything the process holds; resolves when it may exit. */
  close: () => Promise<void>
}

export function onShutdown({ name, logger, timeoutMs, close }: ShutdownOptions): void {
  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    logger.info({ signal }, `${name} shutting down`)
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, `${name} did not stop within ${timeoutMs} ms; exiting`)
      exitAfterLogging(1)
    }, timeoutMs)
    timer.unref()
    close().then(
      () => {
        clearTimeout(timer)
        logger.info(`${name} stopped`)
        exitAfterLogging(0)
      },
      (err: unknown) => {
        clearTimeout(timer)
        logger.error({ err }, `${name} could not stop cleanly`)
        exitAfterLogging(1)
      },
    )
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

/**
 * pino writes to stdout asynchronously: an immediate process.exit() can lose a line still
 * being written, or print it after the ones flushed at exit. So the process ends by itself
 * once its writes are done (close() released everything else), and is made to within
 * EXIT_AFTER_LOGGING_MS when something still holds it.
 */
const EXIT_AFTER_LOGGING_MS = 500

function exitAfterLogging(code: number): void {
  process.exitCode = code
  setTimeout(() => process.exit(code), EXIT_AFTER_LOGGING_MS).unref()
}

/**
 * The message of the line an error that escaped every handler is logged with (tests and the fuzz
 * script look for it in the log: it must never appear).
 */
export const UNCAUGHT_ERROR_MESSAGE = 'uncaught error: a handler let an error escape'

/**
 * Logs, at fatal level, every error that escapes to the process: a throw no handler caught
 * (`uncaughtExceptionMonitor` sees it whoever handles it next: Vike installs handlers of its own
 * that only print it to stderr, outside the log) and a rejected promise nobody awaited. Each is
 * a bug: a request handler must answer, never throw past its request.
 */
export function logUncaughtErrors(logger: Logger): void {
  process.on('uncaughtExceptionMonitor', (err, origin) =>
    logger.fatal({ err, origin }, UNCAUGHT_ERROR_MESSAGE),
  )
  process.on('unhandledRejection', (reason) =>
    logger.fatal({ err: reason, origin: 'unhandledRejection' }, UNCAUGHT_ERROR_MESSAGE),
  )
}
