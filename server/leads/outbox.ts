/**
 * Transactional outbox (docs/decisions/004-lead-outbox.md): a lead is a row in
 * SQLite before it is anything else; handing it to the queue is a retriable side effect
 * recorded on the row (enqueued_at, enqueue_attempts, next_attempt_at).
 */
import { backoffDelayMs } from '../../core/platform/backoff'
import type { Db } from '../../core/platform/db/connection'
import { markEnqueued, recordEnqueueFailure } from '../../core/leads'
import type { Logger } from '../../core/platform/logger'
import type { LeadProducer } from './producer'

/** 1 s, 2 s, 4 s … a row that keeps failing is retried at most five minutes apart. */
const OUTBOX_BACKOFF = { baseMs: 1000, maxMs: 5 * 60_000 }

/**
 * Tries to hand one stored lead to the queue and records the outcome on the row.
 * Never throws: a failure only schedules the next attempt.
 */
export async function handOverLead(
  deps: { db: Db; producer: LeadProducer; logger: Logger },
  leadId: string,
): Promise<boolean> {
  try {
    await deps.producer.enqueueLead(leadId)
  } catch (err) {
    try {
      const next = recordEnqueueFailure(deps.db, leadId, new Date(), (attempts: number) =>
        backoffDelayMs(attempts, OUTBOX_BACKOFF),
      )
      deps.logger.warn(
        { leadId, nextAttemptAt: next.toISOString(), reason: (err as Error).message },
        'lead not enqueued yet; the relay will retry',
      )
    } catch (dbErr) {
      deps.logger.error({ leadId, err: dbErr }, 'could not record an enqueue failure')
    }
    return false
  }
  try {
    markEnqueued(deps.db, leadId, new Date())
  } catch (err) {
    // Redis has the job; the relay will re-add it and BullMQ will ignore the same job id.
    deps.logger.error({ leadId, err }, 'lead enqueued but not marked; the relay will re-add it')
  }
  return true
}
