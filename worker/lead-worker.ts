/**
 * Builds the BullMQ worker of the leads queue; used by worker/main.ts and, in-process,
 * by the integration tests.
 */
import { Worker } from 'bullmq'
import { Redis } from 'ioredis'
import type { Db } from '../server/db/connection'
import type { Logger } from '../server/logger'
import { LEADS_QUEUE_NAME } from '../server/queue/leads-queue'
import { createRecordLeadProcessor } from './processors/record-lead'

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
}): LeadWorker {
  const logger = opts.logger.child({ component: 'lead-worker' })
  // BullMQ's blocking commands need maxRetriesPerRequest: null (its docs, "Connections").
  const connection = new Redis(opts.redisUrl, {
    maxRetriesPerRequest: null,
    connectionName: 'roofing-worker',
  })
  const worker = new Worker(LEADS_QUEUE_NAME, createRecordLeadProcessor({ db: opts.db, logger }), {
    connection,
    prefix: opts.prefix,
    // SQLite has one writer at a time; a few jobs in flight is plenty for one office's leads.
    concurrency: opts.concurrency ?? 4,
  })
  worker.on('failed', (job, err) => {
    logger.warn(
      {
        jobId: job?.id,
        submissionId: (job?.data as { submissionId?: unknown })?.submissionId,
        err: { message: err.message },
      },
      job && job.attemptsMade < (job.opts.attempts ?? 1)
        ? 'lead job failed; will retry'
        : 'lead job failed for good',
    )
  })
  worker.on('error', (err) => logger.error({ err: { message: err.message } }, 'worker error'))

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
