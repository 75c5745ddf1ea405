/**
 * The web process's side of the queue. It fails fast: a visitor's request must never
 * hang on Redis (a queue failure never fails the request), because the
 * row is already stored and the outbox relay will hand it over later.
 */
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import type { Logger } from '../../core/platform/logger'
import { reconnectDelayMs } from '../../core/platform/redis'
import { withTimeout } from '../../core/platform/with-timeout'
import {
  LEAD_JOB_OPTIONS,
  LEAD_RECEIVED_JOB,
  LEADS_QUEUE_NAME,
  leadJobId,
  type LeadJobData,
} from '../../core/platform/leads-queue'

/** How long a request waits for Redis to take a job before leaving it to the relay. */
const ENQUEUE_TIMEOUT_MS = 1000

export interface LeadProducer {
  /** Resolves when Redis holds the job (or already held it); rejects fast otherwise. */
  enqueueLead(leadId: string): Promise<void>
  /** Whether the Redis connection is up right now. */
  isReady(): boolean
  /** Calls `listener` each time the connection to Redis is (re)established. */
  onReady(listener: () => void): void
  close(): Promise<void>
}

class QueueUnavailableError extends Error {
  constructor(reason: string) {
    super(`queue unavailable: ${reason}`)
    this.name = 'QueueUnavailableError'
  }
}

export interface ProducerOptions {
  redisUrl: string
  prefix: string
  logger: Logger
  timeoutMs?: number
}

export function createLeadProducer(opts: ProducerOptions): LeadProducer {
  const timeoutMs = opts.timeoutMs ?? ENQUEUE_TIMEOUT_MS
  const log = opts.logger.child({ component: 'queue-producer' })
  const connection = new Redis(opts.redisUrl, {
    // Commands fail at once while disconnected instead of piling up in memory.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: 'roofing-web-producer',
    retryStrategy: reconnectDelayMs,
  })
  const queue = new Queue<LeadJobData>(LEADS_QUEUE_NAME, {
    connection,
    prefix: opts.prefix,
    defaultJobOptions: LEAD_JOB_OPTIONS,
    // Not skipWaitingForReady: BullMQ's one-time set-up (INFO, script loading) must wait
    // for the first connection, or it fails for good when Redis starts after us. add() is
    // only called while the connection is ready, so no caller ever waits on it.
  })

  // ioredis retries the connection for ever; log the transitions, not every retry, and
  // nothing once close() has begun (the connection it ends is not "lost").
  let up = false
  let closing = false
  connection.on('ready', () => {
    if (!up && !closing) log.info('queue connected')
    up = true
  })
  const onDown = (err?: Error) => {
    if (up && !closing) log.warn({ err: err ? { message: err.message } : undefined }, 'queue connection lost')
    up = false
  }
  connection.on('error', onDown)
  connection.on('close', () => onDown())
  // Without a listener an 'error' event would crash the process.
  queue.on('error', () => {})

  return {
    isReady: () => connection.status === 'ready',
    onReady(listener) {
      connection.on('ready', listener)
    },
    async enqueueLead(leadId) {
      if (connection.status !== 'ready') throw new QueueUnavailableError(`redis is ${connection.status}`)
      await withTimeout(
        queue.add(LEAD_RECEIVED_JOB, { leadId }, { jobId: leadJobId(leadId) }),
        timeoutMs,
        () => new QueueUnavailableError(`no answer in ${timeoutMs} ms`),
      )
    },
    async close() {
      closing = true
      await queue.close().catch(() => {})
      connection.disconnect()
    },
  }
}
