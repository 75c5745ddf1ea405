/**
 * Transactional outbox (docs/decisions/004-lead-outbox.md): a lead is a row in
 * SQLite before it is anything else; handing it to the queue is a retriable side effect
 * recorded on the row (enqueued_at, enqueue_attempts, next_attempt_at).
 */
import type { Db } from '../../core/db/connection'
import { markEnqueued, recordEnqueueFailure } from '../../core/db/submissions'
import type { Logger } from '../../core/logger'
import type { LeadProducer } from './producer'

const BACKOFF_BASE_MS = 1000
/** A row that keeps failing is retried at most this far apart. */
const BACKOFF_MAX_MS = 5 * 60_000

/** 1 s, 2 s, 4 s … capped at five minutes. */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
}

/**
 * Tries to hand one stored submission to the queue and records the outcome on the row.
 * Never throws: a failure only schedules the next attempt.
 */
export async function handOverSubmission(
  deps: { db: Db; producer: LeadProducer; logger: Logger },
  submissionId: string,
): Promise<boolean> {
  try {
    await deps.producer.enqueueLead(submissionId)
  } catch (err) {
    try {
      const next = recordEnqueueFailure(deps.db, submissionId, new Date(), outboxBackoffMs)
      deps.logger.warn(
        { submissionId, nextAttemptAt: next.toISOString(), reason: (err as Error).message },
        'lead not enqueued yet; the relay will retry',
      )
    } catch (dbErr) {
      deps.logger.error({ submissionId, err: dbErr }, 'could not record an enqueue failure')
    }
    return false
  }
  try {
    markEnqueued(deps.db, submissionId, new Date())
  } catch (err) {
    // Redis has the job; the relay will re-add it and BullMQ will ignore the same job id.
    deps.logger.error({ submissionId, err }, 'lead enqueued but not marked; the relay will re-add it')
  }
  return true
}
