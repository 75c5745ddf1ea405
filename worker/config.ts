/**
 * The worker's configuration, one schema over the environment (docs/configuration.md): the
 * SMTP connection, each notification channel's own variables (declared by the channel,
 * core/notifications/channels/), the timing of retries and of the reconciler, its heartbeat,
 * plus the shared settings it reads (core/platform/config/settings.ts). A bad value stops start-up
 * naming the variable. See .env.example and docs/lead-pipeline.md.
 */
import { z } from 'zod'
import { parseEnv, wholeMs, type EnvOf, type Problem } from '../core/platform/config/helpers'
import {
  BACKUP_SETTINGS,
  DATABASE_SETTINGS,
  readBackupSettings,
  readServiceSettings,
  RUNTIME_SETTINGS,
  SERVICE_SETTINGS,
} from '../core/platform/config/settings'
import { HEARTBEAT_SETTINGS, readHeartbeatSettings } from './heartbeat'
import { CHANNELS, type Channel } from '../core/notifications'
import { checkSmtpSettings, readSmtpSettings, SMTP_SETTINGS } from '../core/platform/mail/smtp'
import { OFFICE_LINK_SETTINGS, parseDigestTime, SPAM_SETTINGS } from '../core/spam'
import { readWeeklyReport, WEEKLY_REPORT_SETTINGS } from '../core/weekly-report'
import { readStormResponseSettings, STORM_RESPONSE_SETTINGS } from '../core/storm-response'
import {
  GEOCODER_SETTINGS,
  readGeocoderSettings,
  readStormRefreshSettings,
  STORM_REFRESH_SETTINGS,
  STORM_SETTINGS,
} from '../core/storms'
import { LEAD_LIFE_SETTINGS, readLeadLifeSettings } from '../core/bookings'
import { readTwilioSettings, TWILIO_SETTINGS } from '../core/platform/sms/twilio'

/** The reconciler must pick a lost lead up within two minutes at most. */
const MAX_RECONCILE_GRACE_MS = 2 * 60_000
const HOUR_MS = 60 * 60_000

/** The worker's refresh of NOAA's storm data (docs/storm-data.md). */
const TIMING_SETTINGS = {
  NOTIFY_RETRY_BASE_MS: wholeMs('first retry delay', 10).default(5000),
  NOTIFY_RETRY_MAX_MS: wholeMs('longest retry delay', 10).default(5 * 60_000),
  NOTIFY_GIVE_UP_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(24, 'must be at least 24 hours, so retries ride out a day-long outage')
    .default(72),
  NOTIFY_SEND_TIMEOUT_MS: wholeMs('longest attempt', 1000, 60_000).default(30_000),
  RECONCILE_GRACE_MS: wholeMs('grace before the reconciler takes a lead', 0, MAX_RECONCILE_GRACE_MS).default(
    60_000,
  ),
  RECONCILE_INTERVAL_MS: wholeMs('reconciler interval', 50, 60_000).default(2000),
  /** Tests and drills only: allows a give-up window shorter than a day. */
  NOTIFY_GIVE_UP_MS: wholeMs('give-up window', 1000).optional(),
}

/**
 * The worker's schema for a list of channels: each channel's own variables (a variable two
 * channels read is the same schema in both) join the worker's, and its rules run with theirs.
 * The worker runs with CHANNELS; a test can add a channel of its own.
 */
export function workerConfigSchema(channels: readonly Channel[]) {
  const channelSettings: z.ZodRawShape = Object.assign({}, ...channels.map((channel) => channel.env))
  /** The variables whose rules between them are checked together (checkNotifySettings). */
  const notifyVariables = new Set([
    ...Object.keys(SMTP_SETTINGS),
    ...Object.keys(TWILIO_SETTINGS),
    ...Object.keys(channelSettings),
    ...Object.keys(TIMING_SETTINGS),
  ])
  return (
    z
      .object({
        ...DATABASE_SETTINGS,
        ...BACKUP_SETTINGS,
        ...SERVICE_SETTINGS,
        ...HEARTBEAT_SETTINGS,
        ...SMTP_SETTINGS,
        ...TIMING_SETTINGS,
        ...SPAM_SETTINGS,
        ...OFFICE_LINK_SETTINGS,
        ...WEEKLY_REPORT_SETTINGS,
        ...RUNTIME_SETTINGS,
        ...STORM_SETTINGS,
        ...STORM_REFRESH_SETTINGS,
        ...GEOCODER_SETTINGS,
        ...STORM_RESPONSE_SETTINGS,
        ...LEAD_LIFE_SETTINGS,
        // The office's texts: the SMS channel's variables, which the booking notices and nudges use too.
        ...TWILIO_SETTINGS,
        ...channelSettings,
      })
      // The rules between variables need theirs read first, but not the unrelated ones: a bad
      // SITE_URL and a webhook URL without its secret are reported by the same start-up.
      .superRefine((e, ctx) => checkNotifySettings(e as NotifyEnv, channels, ctx), {
        when: (payload) => !payload.issues.some((issue) => notifyVariables.has(String(issue.path?.[0]))),
      })
      .transform((e) => {
        const smtp = readSmtpSettings(e)
        return {
          ...readBackupSettings(e),
          /** Spam in quarantine older than this is deleted by the worker. */
          spamRetentionDays: e.SPAM_RETENTION_DAYS,
          /** The office's links and the daily spam digest (core/spam/). */
          office: {
            linkDays: e.OFFICE_LINK_DAYS,
            digestTime: parseDigestTime(e.SPAM_DIGEST_TIME),
            /** The office e-mail's recipients (LEAD_NOTIFY_TO): the digest goes to them too. */
            notifyTo: listOfAddresses((e as Record<string, unknown>).LEAD_NOTIFY_TO),
          },
          /** When the office's weekly report goes out (WEEKLY_REPORT), or off. */
          weeklyReport: readWeeklyReport(e.WEEKLY_REPORT),
          ...readServiceSettings(e),
          ...readHeartbeatSettings(e),
          ...readGeocoderSettings(e),
          /** The storm alerts and the office's briefing (core/storm-response/). */
          ...readStormResponseSettings(e),
          /** The lead's life after the form: the nudge and the office's hours (core/bookings/). */
          leadLife: readLeadLifeSettings(e),
          /** The outbound webhook, for the lead's changes of state too (core/bookings/lead-events.ts); undefined: off. */
          leadWebhook: readLeadWebhook(e as Record<string, unknown>),
          /** The office's texts (Twilio), for the booking notices and nudges; undefined: off. */
          sms: readTwilioSettings(e),
          stormRefresh: readStormRefreshSettings(e, e.NODE_ENV === 'production'),
          notify: {
            /** The SMTP connection every e-mail channel sends through; undefined when SMTP_URL is unset. */
            smtp,
            /** Every channel, with its settings (on) or without (off), in the list's order. */
            channels: channels.map((channel) => channel.configure(e, { smtp })),
            retry: {
              /** First back-off after a transient failure; doubles per attempt. */
              baseMs: e.NOTIFY_RETRY_BASE_MS,
              /** Back-off cap. */
              maxMs: e.NOTIFY_RETRY_MAX_MS,
              /** A channel still failing this long after its first attempt is marked failed. */
              giveUpMs: e.NOTIFY_GIVE_UP_MS ?? e.NOTIFY_GIVE_UP_HOURS * HOUR_MS,
            },
            /** Longest one attempt may take (SMTP dialogue or webhook request). */
            sendTimeoutMs: e.NOTIFY_SEND_TIMEOUT_MS,
            reconcile: {
              /** How long after it was stored a lead may stay unhandled before the reconciler takes it. */
              graceMs: e.RECONCILE_GRACE_MS,
              /** How often the reconciler looks for lost leads and due retries. */
              intervalMs: e.RECONCILE_INTERVAL_MS,
            },
          },
        }
      })
  )
}

type NotifyEnv = EnvOf<typeof SMTP_SETTINGS> & EnvOf<typeof TIMING_SETTINGS> & Record<string, unknown>

/** A comma-separated list of addresses (a channel's variable, checked by its channel). */
function listOfAddresses(value: unknown): string[] {
  return typeof value === 'string' ? value.split(',').map((a) => a.trim()) : []
}

export const WorkerConfigSchema = workerConfigSchema(CHANNELS)

export type WorkerConfig = z.output<typeof WorkerConfigSchema>

/** The rules between the notification variables: the SMTP connection's, each channel's, the timing's. */
function checkNotifySettings(e: NotifyEnv, channels: readonly Channel[], ctx: z.RefinementCtx): void {
  const problem: Problem = (variable, message) => ctx.addIssue({ code: 'custom', path: [variable], message })
  checkSmtpSettings(e, problem)
  for (const channel of channels) channel.check(e, { smtpUrlSet: e.SMTP_URL !== undefined }, problem)
  if (e.NOTIFY_RETRY_MAX_MS < e.NOTIFY_RETRY_BASE_MS)
    problem('NOTIFY_RETRY_MAX_MS', 'must not be smaller than NOTIFY_RETRY_BASE_MS')
}

export function parseWorkerConfig(source: NodeJS.ProcessEnv): WorkerConfig {
  return parseEnv(WorkerConfigSchema, source)
}

/** LEAD_WEBHOOK_URL and its secret (checked by the webhook channel), or undefined while unset. */
function readLeadWebhook(e: Record<string, unknown>): { url: string; secret: string } | undefined {
  const url = typeof e.LEAD_WEBHOOK_URL === 'string' ? e.LEAD_WEBHOOK_URL.trim() : ''
  const secret = typeof e.LEAD_WEBHOOK_SECRET === 'string' ? e.LEAD_WEBHOOK_SECRET.trim() : ''
  return url && secret ? { url, secret } : undefined
}
