/**
 * Drives each lead's notification channels to a final state (docs/decisions/008-lead-notifications.md).
 *
 * - Plans the channels once per lead: pending when configured, skipped (with why) when not.
 * - Each attempt claims its row first (core/db/notifications.ts), so the job and the
 *   reconciler never send the same channel at the same time, and a channel that is already
 *   sent is never sent again by another channel's retry.
 * - A transient failure schedules the next attempt with exponential back-off (capped);
 *   after the give-up window (72 h by default) the row fails with its last reason.
 * - A permanent failure fails at once. Every failure that ends a channel is logged at
 *   error level with ids and reasons only.
 * - When a channel delivers again after failures, its other rows waiting on back-off are
 *   brought forward, so leads queued during an outage go out right after it.
 */
import type { Db } from '../../core/db/connection'
import {
  beginLeadDelivery,
  claimNotification,
  findDueNotifications,
  type Channel,
  type ChannelPlan,
  type NotificationRow,
} from '../../core/db/notifications'
import { DUPLICATE_WINDOW_MS, findSubmission, type SubmissionRow } from '../../core/db/submissions'
import type { Logger } from '../../core/logger'
import type { NotifyConfig, WorkerConfig } from '../config'
import { buildLeadView, type LeadView } from './lead-view'
import { createMailer, type Mailer } from './mailer'
import type { Outcome } from './outcome'
import { createOutcomeRecorder } from './record-outcome'
import { sendOnChannel, type SendContext } from './send'
import { toReason } from './text'

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

/**
 * A claim outlives the longest attempt (its own timeout) with room to spare; only then may
 * another driver take the row over from a process that died mid-send.
 */
function claimLeaseMs(sendTimeoutMs: number): number {
  return 2 * sendTimeoutMs + 1000
}

function planChannels(row: SubmissionRow, notify: NotifyConfig, now: Date): ChannelPlan[] {
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
  const sending: SendContext = { notify, business: config.business, mailer }
  const record = createOutcomeRecorder({ db, logger, retry: notify.retry })
  const leaseMs = claimLeaseMs(notify.sendTimeoutMs)

  function viewOf(row: SubmissionRow): LeadView {
    const original = row.duplicate_of ? findSubmission(db, row.duplicate_of) : undefined
    return buildLeadView(row, original, config.siteUrl)
  }

  /** One attempt on a claimed row, and its outcome recorded. */
  async function attemptClaimed(claimed: NotificationRow, lead: LeadView | undefined): Promise<void> {
    let outcome: Outcome
    try {
      outcome = lead
        ? await sendOnChannel(claimed.channel, lead, sending)
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
    const row = findSubmission(db, submissionId)
    await attemptClaimed(claimed, row && viewOf(row))
    return true
  }

  return {
    async deliverLead(submissionId, jobId) {
      const row = findSubmission(db, submissionId)
      if (!row) throw new Error(`submission ${submissionId} is not in this database`)
      const now = new Date()
      const plans = planChannels(row, notify, now)
      const claimed = beginLeadDelivery(db, { submissionId, jobId, plans, now, leaseMs })
      if (claimed.length === 0) return
      const lead = viewOf(row)
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

    describeChannels: () => describeChannels(notify),
    hasOwnerChannel: () => Boolean(notify.smtp || notify.webhook),
    close() {
      mailer?.close()
    },
  }
}

function describeChannels(notify: NotifyConfig): Record<Channel, string> {
  return {
    owner_email: notify.smtp
      ? `on: ${notify.smtp.safeUrl} to ${notify.notifyTo.join(', ')}`
      : 'off (SMTP_URL unset)',
    webhook: notify.webhook ? `on: ${new URL(notify.webhook.url).origin}` : 'off (LEAD_WEBHOOK_URL unset)',
    autoreply: notify.autoreply ? 'on' : 'off (LEAD_AUTOREPLY is not true)',
  }
}
