/**
 * Drives each lead's notification channels to a final state (docs/decisions/008-lead-notifications.md).
 *
 * - Plans the channels once per lead: pending when configured, skipped (with why) when not.
 * - Each attempt claims its row first (server/core/db/notifications.ts), so the job and the
 *   reconciler never send the same channel at the same time, and a channel that is already
 *   sent is never sent again by another channel's retry.
 * - A transient failure schedules the next attempt with exponential back-off (capped);
 *   after the give-up window (72 h by default) the row fails with its last reason.
 * - A permanent failure fails at once. Every failure that ends a channel is logged at
 *   error level with ids and reasons only.
 * - When a channel delivers again after failures, its other rows waiting on back-off are
 *   brought forward, so leads queued during an outage go out right after it.
 */
import type { Db } from '../../server/core/db/connection'
import {
  beginLeadDelivery,
  claimNotification,
  expediteChannel,
  findDueNotifications,
  markNotificationFailed,
  markNotificationSent,
  scheduleNotificationRetry,
  type Channel,
  type ChannelPlan,
  type NotificationRow,
} from '../../server/core/db/notifications'
import { DUPLICATE_WINDOW_MS, findSubmission, type SubmissionRow } from '../../server/core/db/submissions'
import type { Logger } from '../../server/core/logger'
import type { WorkerConfig } from '../config'
import { buildLeadView, type LeadView } from './lead-view'
import { createMailer, type Mailer } from './mailer'
import { buildAutoreplyMail, buildOwnerMail } from './messages'
import type { Outcome } from './outcome'
import { toReason } from './text'
import { buildWebhookPayload, postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook'

/** How many due rows one pass drives at the same time. */
const DRIVE_CONCURRENCY = 8

export interface Notifier {
  /**
   * Records that this worker has the lead (under `jobId`), plans its channels (once) and
   * drives every due one. Safe to call any number of times.
   */
  deliverLead(submissionId: string, jobId: string): Promise<void>
  /** Drives pending rows that are due (retries, claims of a dead process). Returns how many. */
  driveDue(limit?: number): Promise<number>
  /** One line per channel: on (and where to) or off (and why), for the start-up log. */
  describeChannels(): Record<Channel, string>
  /** Whether at least one channel reaches the contractor. */
  hasOwnerChannel(): boolean
  close(): void
}

export function retryDelayMs(attempts: number, retry: WorkerConfig['notify']['retry']): number {
  return Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempts - 1))
}

/**
 * A claim outlives the longest attempt (its own timeout) with room to spare; only then may
 * another driver take the row over from a process that died mid-send.
 */
export function claimLeaseMs(sendTimeoutMs: number): number {
  return 2 * sendTimeoutMs + 1000
}

export function planChannels(row: SubmissionRow, notify: WorkerConfig['notify'], now: Date): ChannelPlan[] {
  const autoreply = (): ChannelPlan => {
    if (!notify.autoreply)
      return { channel: 'autoreply', status: 'skipped', detail: 'off (LEAD_AUTOREPLY is not true)' }
    if (row.duplicate_of)
      return {
        channel: 'autoreply',
        status: 'skipped',
        detail: 'repeat enquiry within 24 hours: no second confirmation',
      }
    if (now.getTime() - Date.parse(row.created_at) > DUPLICATE_WINDOW_MS)
      return {
        channel: 'autoreply',
        status: 'skipped',
        detail: 'lead was over 24 hours old when first handled',
      }
    return { channel: 'autoreply', status: 'pending' }
  }
  return [
    notify.smtp
      ? { channel: 'owner_email', status: 'pending' }
      : { channel: 'owner_email', status: 'skipped', detail: 'not configured (SMTP_URL unset)' },
    notify.webhook
      ? { channel: 'webhook', status: 'pending' }
      : { channel: 'webhook', status: 'skipped', detail: 'not configured (LEAD_WEBHOOK_URL unset)' },
    autoreply(),
  ]
}

export function createNotifier(deps: {
  db: Db
  config: WorkerConfig
  logger: Logger
  mailer?: Mailer
}): Notifier {
  const { db, config } = deps
  const notify = config.notify
  const logger = deps.logger.child({ component: 'notifier' })
  const mailer = deps.mailer ?? (notify.smtp ? createMailer(notify.smtp, notify.sendTimeoutMs) : undefined)
  const leaseMs = claimLeaseMs(notify.sendTimeoutMs)
  /** Channels whose last attempt failed transiently; their next success brings the rest forward. */
  const failing = new Set<Channel>()

  function viewOf(submissionId: string): LeadView | undefined {
    const row = findSubmission(db, submissionId)
    if (!row) return undefined
    const original = row.duplicate_of ? findSubmission(db, row.duplicate_of) : undefined
    return buildLeadView(row, original, config.siteUrl)
  }

  async function attempt(channel: Channel, lead: LeadView): Promise<Outcome> {
    switch (channel) {
      case 'owner_email':
        if (!mailer || !notify.notifyFrom)
          return { kind: 'failed', reason: 'SMTP_URL is no longer configured' }
        return mailer.send(await buildOwnerMail(lead, { from: notify.notifyFrom, to: notify.notifyTo }))
      case 'autoreply':
        if (!mailer || !notify.notifyFrom)
          return { kind: 'failed', reason: 'SMTP_URL is no longer configured' }
        return mailer.send(
          await buildAutoreplyMail(lead, { from: notify.notifyFrom, business: config.business }),
        )
      case 'webhook':
        if (!notify.webhook) return { kind: 'failed', reason: 'LEAD_WEBHOOK_URL is no longer configured' }
        return postWebhook(
          notify.webhook,
          lead.id,
          buildWebhookPayload(lead),
          Math.min(WEBHOOK_TIMEOUT_MS, notify.sendTimeoutMs),
        )
    }
  }

  function record(claimed: NotificationRow, outcome: Outcome): void {
    const { submission_id: submissionId, channel, attempts } = claimed
    const now = new Date()
    const ids = { submissionId, channel, attempt: attempts }
    if (outcome.kind === 'sent') {
      markNotificationSent(db, submissionId, channel, outcome.detail, now)
      logger.info({ ...ids, detail: outcome.detail }, 'notification sent')
      // This row failed before (perhaps under a worker that has since restarted), or the
      // channel's last attempt failed: the provider is back, so stop waiting on back-off.
      if (failing.delete(channel) || attempts > 1) {
        const brought = expediteChannel(db, channel, now)
        if (brought > 0)
          logger.info({ channel, count: brought }, 'channel delivers again; retrying its waiting leads now')
      }
      return
    }
    if (outcome.kind === 'failed') {
      markNotificationFailed(db, submissionId, channel, outcome.reason, now)
      logger.error({ ...ids, reason: outcome.reason }, 'notification failed permanently')
      return
    }
    failing.add(channel)
    const age = now.getTime() - Date.parse(claimed.started_at)
    if (age >= notify.retry.giveUpMs) {
      const hours = (age / 3_600_000).toFixed(1)
      const reason = `gave up after ${attempts} attempts over ${hours} h; last error: ${outcome.reason}`
      markNotificationFailed(db, submissionId, channel, reason, now)
      logger.error({ ...ids, reason }, 'notification failed permanently')
      return
    }
    const next = new Date(now.getTime() + retryDelayMs(attempts, notify.retry))
    scheduleNotificationRetry(db, submissionId, channel, outcome.reason, next, now)
    logger.warn(
      { ...ids, reason: outcome.reason, nextAttemptAt: next.toISOString() },
      'notification not sent yet; will retry',
    )
  }

  /** One attempt on a claimed row, and its outcome recorded. */
  async function attemptClaimed(claimed: NotificationRow, lead: LeadView | undefined): Promise<void> {
    let outcome: Outcome
    try {
      outcome = lead
        ? await attempt(claimed.channel, lead)
        : { kind: 'failed', reason: 'lead not found in this database' }
    } catch (err) {
      outcome = { kind: 'retry', reason: toReason(`unexpected error: ${(err as Error).message}`) }
    }
    record(claimed, outcome)
  }

  /** One attempt on one channel, if the row is due and nobody else holds it. */
  async function drive(submissionId: string, channel: Channel): Promise<boolean> {
    const claimed = claimNotification(db, submissionId, channel, new Date(), leaseMs)
    if (!claimed) return false
    await attemptClaimed(claimed, viewOf(submissionId))
    return true
  }

  return {
    async deliverLead(submissionId, jobId) {
      const row = findSubmission(db, submissionId)
      if (!row) throw new Error(`submission ${submissionId} is not in this database`)
      const now = new Date()
      const claimed = beginLeadDelivery(db, {
        submissionId,
        jobId,
        plans: planChannels(row, notify, now),
        now,
        leaseMs,
      })
      if (claimed.length === 0) return
      const original = row.duplicate_of ? findSubmission(db, row.duplicate_of) : undefined
      const lead = buildLeadView(row, original, config.siteUrl)
      await Promise.all(claimed.map((c) => attemptClaimed(c, lead)))
    },

    async driveDue(limit = 100) {
      const due = findDueNotifications(db, new Date(), limit)
      let driven = 0
      for (let i = 0; i < due.length; i += DRIVE_CONCURRENCY) {
        const batch = due.slice(i, i + DRIVE_CONCURRENCY)
        const results = await Promise.all(batch.map((n) => drive(n.submission_id, n.channel)))
        driven += results.filter(Boolean).length
      }
      return driven
    },

    describeChannels() {
      return {
        owner_email: notify.smtp
          ? `on: ${notify.smtp.safeUrl} to ${notify.notifyTo.join(', ')}`
          : 'off (SMTP_URL unset)',
        webhook: notify.webhook
          ? `on: ${new URL(notify.webhook.url).origin}`
          : 'off (LEAD_WEBHOOK_URL unset)',
        autoreply: notify.autoreply ? 'on' : 'off (LEAD_AUTOREPLY is not true)',
      } satisfies Record<Channel, string>
    },

    hasOwnerChannel: () => Boolean(notify.smtp || notify.webhook),

    close() {
      mailer?.close()
    },
  }
}
