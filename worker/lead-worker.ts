/**
 * Builds the BullMQ worker of the leads queue; used by worker/main.ts and, in-process,
 * by the integration tests.
 */
import { Worker } from 'bullmq'
import { Redis } from 'ioredis'
import type { Db } from '../core/platform/db/connection'
import type { Logger } from '../core/platform/logger'
import { LEADS_QUEUE_NAME } from '../core/platform/leads-queue'
import { reconnectDelayMs } from '../core/platform/redis'
import type { Notifier } from '../core/notifications'
import { createRecordLeadProcessor } from './processors/record-lead'

const ERROR_LOG_INTERVAL_MS = 30_000

/** Pause of BullMQ's fetch loop after a Redis error. */
const RUN_RETRY_DELAY_MS = 1000

export interface LeadWorker {
  worker: Worker
  /** Waits for the job in progress, then releases Redis. Does not close the database. */
  close(): Promise<void>
}

export function startLeadWorker(opts: {
  db: Db
  logger: Logger
  redisUrl: string
  prefix: string
  concurrency?: number
  /** Records and delivers each lead. */
  notifier: Notifier
}): LeadWorker {
  const logger = opts.logger.child({ component: 'lead-worker' })
  // BullMQ's blocking commands need maxRetriesPerRequest: null (its docs, "Connections").
  const connection = new Redis(opts.redisUrl, {
    maxRetriesPerRequest: null,
    connectionName: 'roofing-worker',
    retryStrategy: reconnectDelayMs,
  })
  const processor = createRecordLeadProcessor({ db: opts.db, logger, notifier: opts.notifier })
  const worker = new Worker(LEADS_QUEUE_NAME, processor, {
    connection,
    prefix: opts.prefix,
    // SQLite has one writer at a time; a few jobs in flight is plenty for one office's leads.
    concurrency: opts.concurrency ?? 4,
    // BullMQ waits this long before fetching again after a Redis error (15 s by default),
    // which made leads sent just after a Redis restart wait up to ~50 s; the reconnect
    // itself is cheap, so try again every second.
    runRetryDelay: RUN_RETRY_DELAY_MS,
  })
  worker.on('failed', (job, err) => {
    // BullMQ sets finishedOn only when the job moved to the failed set for good (retries
    // used up, or an UnrecoverableError, which skips the remaining attempts).
    const willRetry = job !== undefined && !job.finishedOn
    const ids = {
      jobId: job?.id,
      leadId: (job?.data as { leadId?: unknown })?.leadId,
      err: { message: err.message },
    }
    if (willRetry) logger.warn(ids, 'lead job failed; will retry')
    // The reconciler still delivers a stored lead whose job failed for good; this line says why it had to.
    else logger.error(ids, 'lead job failed for good; the reconciler delivers the lead from the database')
  })
  // While Redis is away every reconnect attempt (each second) fails the same way: log a
  // message once, and again only when it changes or half a minute has passed.
  let lastError = { message: '', at: 0 }
  worker.on('error', (err) => {
    const now = Date.now()
    if (err.message === lastError.message && now - lastError.at < ERROR_LOG_INTERVAL_MS) return
    lastError = { message: err.message, at: now }
    logger.error({ err: { message: err.message } }, 'worker error')
  })

  return {
    worker,
    async close() {
      // With Redis unreachable a graceful close would wait for it forever: the job in
      // progress cannot be acknowledged anyway, and BullMQ re-delivers it (the record is
      // idempotent), so close at once.
      const redisUp = connection.status === 'ready'
      await worker.close(!redisUp)
      if (redisUp) await connection.quit().catch(() => connection.disconnect())
      else connection.disconnect()
    },
  }
}
