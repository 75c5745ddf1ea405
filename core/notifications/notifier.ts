/**
 * Drives each lead's notifications to a final state, on every channel of the list
 * (core/notifications/channels/; docs/decisions/008-lead-notifications.md).
 *
 * - Plans a lead's channels once: pending when the channel applies, skipped (with why) when
 *   not (it is off, or it does not apply to this lead).
 * - Each attempt claims its row first (core/notifications/notification-store.ts), so the job and the
 *   reconciler never send the same channel at the same time, and a channel that is already
 *   sent is never sent again by another channel's retry.
 * - A transient failure schedules the next attempt with exponential back-off (capped);
 *   after the give-up window (72 h by default) the row fails with its last reason.
 * - A permanent failure fails at once. Every failure that ends a channel is logged at
 *   error level with ids and reasons only.
 * - When a channel delivers again after failures, its other rows waiting on back-off are
 *   brought forward, so leads queued during an outage go out right after it.
 */
import type { Db } from '../platform/db/connection'
import { findLead, isQuarantined, type Lead } from '../leads'
import {
  beginLeadDelivery,
  claimNotification,
  findDueNotifications,
  registerChannels,
  type Notification,
} from './notification-store'
import type { Logger } from '../platform/logger'
import type { BusinessConfig } from '../../shared/business'
import type { Backoff } from '../platform/backoff'
import type { SmtpSettings } from '../platform/mail/smtp'
import { findLeadReport, type LeadReports } from '../storms'
import { LEAD_FORMS } from '../../shared/lead-forms'
import type { ConfiguredChannel, SendContext, SendOutcome } from './channels/channel'
import type { OfficeLinks } from '../spam'
import { consentWords, createConsentAsking } from '../storm-response'
import { buildLeadView, type LeadView } from './lead-view'
import { radarHailLine } from './radar-hail-line'
import { createMailer, type Mailer } from '../platform/mail/mailer'
import { createOutcomeRecorder } from './record-outcome'
import { toReason } from '../platform/mail/text'

/** How many due rows one pass drives at the same time. */
const DRIVE_CONCURRENCY = 8

export interface Notifier {
  /**
   * Records that this worker has the lead (under `jobId`), plans its channels (once) and
   * drives every due one. Safe to call any number of times.
   */
  deliverLead(leadId: string, jobId: string): Promise<void>
  /** Drives pending rows that are due (retries, claims of a dead process). Returns how many. */
  driveDue(limit?: number): Promise<number>
  /** One line per channel: on (and where to) or off (and why), for the start-up log. */
  describeChannels(): Record<string, string>
  /** The channels that reach the contractor and are on. */
  contractorChannelsOn(): ConfiguredChannel[]
  close(): void
}

/**
 * A claim outlives the longest attempt (its own timeout) with room to spare; only then may
 * another driver take the row over from a process that died mid-send.
 */
function claimLeaseMs(sendTimeoutMs: number): number {
  return 2 * sendTimeoutMs + 1000
}

/** What the notifier reads of the worker's configuration (worker/config.ts builds it). */
export interface NotifierConfig {
  siteUrl: string
  business: BusinessConfig
  notify: {
    /** The SMTP connection every e-mail channel sends through; undefined when SMTP_URL is unset. */
    smtp: SmtpSettings | undefined
    /** Every channel, with its settings (on) or without (off), in the list's order. */
    channels: ConfiguredChannel[]
    retry: Backoff & { giveUpMs: number }
    /** Longest one attempt may take (SMTP dialogue or webhook request). */
    sendTimeoutMs: number
  }
}

export function createNotifier(deps: {
  db: Db
  config: NotifierConfig
  logger: Logger
  mailer?: Mailer
  /** The weather reports of hail report leads (core/storms), made with the worker's geocoder. */
  reports: LeadReports
  /** The office e-mail's signed links (core/spam: mark as spam, not spam), valid for the worker's days. */
  officeLinks: OfficeLinks
  /** The office e-mail's mark links (core/bookings createMarkLinks, handed in by the worker); none when not given. */
  markLinks?: SendContext['markLinks']
}): Notifier {
  const { db, config } = deps
  const notify = config.notify
  const logger = deps.logger.child({ component: 'notifier' })
  const channels = new Map(notify.channels.map((c) => [c.id, c]))
  const mailer = deps.mailer ?? (notify.smtp ? createMailer(notify.smtp, notify.sendTimeoutMs) : undefined)
  const reports = deps.reports
  const sending: SendContext = {
    mailer,
    business: config.business,
    sendTimeoutMs: notify.sendTimeoutMs,
    reports,
    officeLinks: deps.officeLinks,
    stormAlerts: createConsentAsking(db, { siteUrl: config.siteUrl }),
    markLinks: deps.markLinks,
  }
  const record = createOutcomeRecorder({ db, logger, retry: notify.retry })
  const leaseMs = claimLeaseMs(notify.sendTimeoutMs)
  // site-admin and /readyz read the channels from the database: they show whatever this list holds.
  registerChannels(db, notify.channels, new Date())

  function viewOf(lead: Lead): LeadView {
    const original = lead.duplicateOf ? findLead(db, lead.duplicateOf) : undefined
    const { storms, radar } = stormLinesOf(lead)
    const view = buildLeadView(lead, original, config.siteUrl, storms, radar)
    // The office reads whether a ticked box was confirmed yet (core/storm-response/consent.ts).
    if (lead.stormAlerts) view.consentWords.stormAlerts = consentWords(db, lead, new Date())
    view.radarHail = radarHailOf(lead)
    return view
  }

  /**
   * The radar line of the office's text, and of its e-mail when no weather report gave one. A
   * failure here (a radar store that cannot be read) is logged and delays nothing: the lead goes
   * out without the line.
   */
  function radarHailOf(lead: Lead): string | undefined {
    try {
      return radarHailLine(db, lead, new Date())
    } catch (err) {
      logger.error({ err, leadId: lead.id }, 'radar hail line could not be made; the text is sent without it')
      return undefined
    }
  }

  /** The office e-mail's lines about the storms at a hail report lead's address: the summary's and radar's. */
  function stormLinesOf(lead: Lead): { storms?: string; radar?: string } {
    if (!LEAD_FORMS[lead.form].hailReport) return {}
    const stored = findLeadReport(db, lead.id)
    if (!stored) return { storms: 'not made yet (no storm data in the store: site-admin storms status)' }
    if (!stored.report) return { storms: 'the address could not be placed: please send the report by hand' }
    // A report made without radar data, or stored before radar, has no radar line.
    return { storms: stored.report.summary.line, radar: stored.report.summary.radar?.office }
  }

  /**
   * A hail report lead's report is made before its notifications go out (a few seconds at most:
   * the geocoder's timeout), so the office e-mail carries its summary. A failure here is logged
   * and delays nothing: the lead goes out without the line, and the report channel tries again.
   */
  async function prepareReport(lead: Lead): Promise<void> {
    try {
      await reports.prepare(lead)
    } catch (err) {
      logger.error({ err, leadId: lead.id }, 'weather report could not be made; the lead is sent without it')
    }
  }

  function sendOn(channelId: string, lead: LeadView): Promise<SendOutcome> {
    const channel = channels.get(channelId)
    // Planned by a worker that had this channel; this one does not, so retrying cannot help.
    if (!channel)
      return Promise.resolve({ kind: 'failed', reason: `channel ${channelId} is no longer in this worker` })
    return channel.send(lead, sending)
  }

  /** One attempt on a claimed row, and its outcome recorded. */
  async function attemptClaimed(claimed: Notification, lead: LeadView | undefined): Promise<void> {
    let outcome: SendOutcome
    try {
      outcome = lead
        ? await sendOn(claimed.channel, lead)
        : { kind: 'failed', reason: 'lead not found in this database' }
    } catch (err) {
      outcome = { kind: 'retry', reason: toReason(`unexpected error: ${(err as Error).message}`) }
    }
    record(claimed, outcome)
  }

  /** One attempt on one channel, if the row is due and nobody else holds it. */
  async function drive(leadId: string, channel: string): Promise<boolean> {
    const claimed = claimNotification(db, leadId, channel, new Date(), leaseMs)
    if (!claimed) return false
    const lead = findLead(db, leadId)
    await attemptClaimed(claimed, lead && viewOf(lead))
    return true
  }

  return {
    async deliverLead(leadId, jobId) {
      const lead = findLead(db, leadId)
      if (!lead) throw new Error(`lead ${leadId} is not in this database`)
      // Spam in quarantine reaches nobody until `site-admin leads not-spam` releases it (the
      // web tier never hands it over; this guards a job that reached the queue anyway).
      if (isQuarantined(lead)) {
        logger.info({ leadId, jobId }, 'lead is in quarantine as spam: not notified')
        return
      }
      await prepareReport(lead)
      const now = new Date()
      const plans = notify.channels.map((channel) => channel.plan(lead, now))
      const claimed = beginLeadDelivery(db, { leadId, jobId, plans, now, leaseMs })
      if (claimed.length === 0) return
      const view = viewOf(lead)
      await Promise.all(claimed.map((c) => attemptClaimed(c, view)))
    },

    async driveDue(limit = 100) {
      const due = findDueNotifications(db, new Date(), limit)
      let driven = 0
      for (let i = 0; i < due.length; i += DRIVE_CONCURRENCY) {
        const batch = due.slice(i, i + DRIVE_CONCURRENCY)
        const results = await Promise.all(batch.map((n) => drive(n.leadId, n.channel)))
        driven += results.filter(Boolean).length
      }
      return driven
    },

    describeChannels: () => Object.fromEntries(notify.channels.map((c) => [c.id, c.describe()])),
    contractorChannelsOn: () => notify.channels.filter((c) => c.isOn && c.audience === 'contractor'),
    close() {
      mailer?.close()
    },
  }
}
