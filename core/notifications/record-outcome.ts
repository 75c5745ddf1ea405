/**
 * Records what one attempt on a claimed notification row came to: sent, failed for good,
 * skipped (nothing needed sending after all), or another try after an exponential back-off
 * (until the give-up window has passed). Every
 * failure that ends a channel is logged at error level, with ids and reasons only.
 */
import { backoffDelayMs, type Backoff } from '../platform/backoff'
import type { Db } from '../platform/db/connection'
import {
  expediteChannel,
  finishNotification,
  scheduleNotificationRetry,
  type Notification,
} from './notification-store'
import type { Logger } from '../platform/logger'
import type { SendOutcome } from './channels/channel'

export type RecordOutcome = (claimed: Notification, outcome: SendOutcome) => void

export function createOutcomeRecorder(deps: {
  db: Db
  logger: Logger
  retry: Backoff & { giveUpMs: number }
}): RecordOutcome {
  const { db, logger, retry } = deps
  /** Channels whose last attempt failed transiently; their next success brings the rest forward. */
  const failing = new Set<string>()

  const recordSent = (claimed: Notification, detail: string, now: Date) => {
    const { leadId, channel, attempts } = claimed
    finishNotification(db, leadId, channel, 'sent', detail, now)
    logger.info({ leadId, channel, attempt: attempts, detail }, 'notification sent')
    // This row failed before (perhaps under a worker that has since restarted), or the
    // channel's last attempt failed: the provider is back, so stop waiting on back-off.
    if (failing.delete(channel) || attempts > 1) {
      const brought = expediteChannel(db, channel, now)
      if (brought > 0)
        logger.info({ channel, count: brought }, 'channel delivers again; retrying its waiting leads now')
    }
  }

  const recordFailed = (claimed: Notification, reason: string, now: Date) => {
    const { leadId, channel, attempts } = claimed
    finishNotification(db, leadId, channel, 'failed', reason, now)
    logger.error({ leadId, channel, attempt: attempts, reason }, 'notification failed permanently')
  }

  const recordRetry = (claimed: Notification, reason: string, now: Date) => {
    const { leadId, channel, attempts } = claimed
    failing.add(channel)
    const age = now.getTime() - Date.parse(claimed.startedAt)
    if (age >= retry.giveUpMs) {
      const hours = (age / 3_600_000).toFixed(1)
      recordFailed(claimed, `gave up after ${attempts} attempts over ${hours} h; last error: ${reason}`, now)
      return
    }
    const next = new Date(now.getTime() + backoffDelayMs(attempts, retry))
    scheduleNotificationRetry(db, leadId, channel, reason, next, now)
    logger.warn(
      { leadId, channel, attempt: attempts, reason, nextAttemptAt: next.toISOString() },
      'notification not sent yet; will retry',
    )
  }

  return (claimed, outcome) => {
    const now = new Date()
    if (outcome.kind === 'sent') recordSent(claimed, outcome.detail, now)
    else if (outcome.kind === 'failed') recordFailed(claimed, outcome.reason, now)
    else if (outcome.kind === 'skipped') {
      finishNotification(db, claimed.leadId, claimed.channel, 'skipped', outcome.reason, now)
      logger.info(
        { leadId: claimed.leadId, channel: claimed.channel, reason: outcome.reason },
        'notification not needed',
      )
    } else recordRetry(claimed, outcome.reason, now)
  }
}
