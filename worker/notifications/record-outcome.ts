/**
 * Records what one attempt on a claimed notification row came to: sent, failed for good, or
 * another try after an exponential back-off (until the give-up window has passed). Every
 * failure that ends a channel is logged at error level, with ids and reasons only.
 */
import { backoffDelayMs } from '../../core/backoff'
import type { Db } from '../../core/db/connection'
import {
  expediteChannel,
  markNotificationFailed,
  markNotificationSent,
  scheduleNotificationRetry,
  type Channel,
  type NotificationRow,
} from '../../core/db/notifications'
import type { Logger } from '../../core/logger'
import type { NotifyConfig } from '../config'
import type { Outcome } from './outcome'

export type RecordOutcome = (claimed: NotificationRow, outcome: Outcome) => void

export function createOutcomeRecorder(deps: {
  db: Db
  logger: Logger
  retry: NotifyConfig['retry']
}): RecordOutcome {
  const { db, logger, retry } = deps
  /** Channels whose last attempt failed transiently; their next success brings the rest forward. */
  const failing = new Set<Channel>()

  const recordSent = (claimed: NotificationRow, detail: string, now: Date) => {
    const { submission_id: submissionId, channel, attempts } = claimed
    markNotificationSent(db, submissionId, channel, detail, now)
    logger.info({ submissionId, channel, attempt: attempts, detail }, 'notification sent')
    // This row failed before (perhaps under a worker that has since restarted), or the
    // channel's last attempt failed: the provider is back, so stop waiting on back-off.
    if (failing.delete(channel) || attempts > 1) {
      const brought = expediteChannel(db, channel, now)
      if (brought > 0)
        logger.info({ channel, count: brought }, 'channel delivers again; retrying its waiting leads now')
    }
  }

  const recordFailed = (claimed: NotificationRow, reason: string, now: Date) => {
    const { submission_id: submissionId, channel, attempts } = claimed
    markNotificationFailed(db, submissionId, channel, reason, now)
    logger.error({ submissionId, channel, attempt: attempts, reason }, 'notification failed permanently')
  }

  const recordRetry = (claimed: NotificationRow, reason: string, now: Date) => {
    const { submission_id: submissionId, channel, attempts } = claimed
    failing.add(channel)
    const age = now.getTime() - Date.parse(claimed.started_at)
    if (age >= retry.giveUpMs) {
      const hours = (age / 3_600_000).toFixed(1)
      recordFailed(claimed, `gave up after ${attempts} attempts over ${hours} h; last error: ${reason}`, now)
      return
    }
    const next = new Date(now.getTime() + backoffDelayMs(attempts, retry))
    scheduleNotificationRetry(db, submissionId, channel, reason, next, now)
    logger.warn(
      { submissionId, channel, attempt: attempts, reason, nextAttemptAt: next.toISOString() },
      'notification not sent yet; will retry',
    )
  }

  return (claimed, outcome) => {
    const now = new Date()
    if (outcome.kind === 'sent') recordSent(claimed, outcome.detail, now)
    else if (outcome.kind === 'failed') recordFailed(claimed, outcome.reason, now)
    else recordRetry(claimed, outcome.reason, now)
  }
}
