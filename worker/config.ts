/**
 * The worker's configuration, one schema over the environment (docs/configuration.md): how
 * leads reach the contractor (e-mail over SMTP, a signed webhook, the optional autoreply), the
 * timing of retries and of the reconciler, its heartbeat, plus the shared settings it reads
 * (core/config/settings.ts). A bad value stops start-up naming the variable. See .env.example
 * and docs/lead-pipeline.md.
 */
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Webhook } from 'standardwebhooks'
import { z } from 'zod'
import { flag, nonEmpty, optionalText, parseEnv, wholeMs, type EnvOf } from '../core/config/helpers'
import {
  BACKUP_SETTINGS,
  DATABASE_SETTINGS,
  LOG_SETTINGS,
  QUEUE_SETTINGS,
  readDatabaseSettings,
  readSampleValueSettings,
  readSiteSettings,
  SAMPLE_VALUE_SETTINGS,
  SITE_SETTINGS,
} from '../core/config/settings'

/** The reconciler must pick a lost lead up within two minutes at most. */
const MAX_RECONCILE_GRACE_MS = 2 * 60_000
const HOUR_MS = 60 * 60_000

const EMAIL = z.email()
const isEmail = (v: string) => EMAIL.safeParse(v).success

/** `a@x.com` or `Office <a@x.com>`; returns the bare address, or undefined. */
export function addressOf(mailbox: string): string | undefined {
  const m = /^\s*(?:[^<>]*<\s*([^<>\s]+)\s*>|([^<>\s]+))\s*$/.exec(mailbox)
  const address = m?.[1] ?? m?.[2]
  return address && isEmail(address) ? address : undefined
}

function isLocalHost(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname.toLowerCase())
}

/** The worker's heartbeat: written by the worker, read by its container healthcheck (worker/health-check.ts). */
const HEARTBEAT_SETTINGS = {
  /** The file the worker rewrites while it is healthy. */
  WORKER_HEARTBEAT_FILE: nonEmpty.default(path.join(tmpdir(), 'roofing-worker-heartbeat.json')),
  /**
   * A heartbeat older than this means the worker is stuck (it beats every 10 s): nine missed
   * beats by default, long enough for a slow backup on a busy machine.
   */
  WORKER_HEARTBEAT_MAX_AGE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds, e.g. 90' })
    .int('must be a whole number of seconds')
    .min(20, 'must be at least 20 seconds (the worker beats every 10 s)')
    .default(90),
}

function readHeartbeatSettings(e: EnvOf<typeof HEARTBEAT_SETTINGS>) {
  return {
    workerHeartbeat: { file: e.WORKER_HEARTBEAT_FILE, maxAgeMs: e.WORKER_HEARTBEAT_MAX_AGE_SECONDS * 1000 },
  }
}

/** The healthcheck's own configuration: the heartbeat settings alone. */
export const HealthCheckConfigSchema = z.object(HEARTBEAT_SETTINGS).transform(readHeartbeatSettings)

/** Where leads go: e-mail, the webhook, the autoreply. */
const NOTIFY_SETTINGS = {
  SMTP_URL: optionalText.refine(
    (v) => {
      if (v === undefined) return true
      if (!URL.canParse(v)) return false
      const u = new URL(v)
      return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== ''
    },
    {
      message:
        'must look like smtp://user:password@smtp.example.com:587 (STARTTLS) or smtps://user:password@smtp.example.com:465, with user and password URL-encoded',
    },
  ),
  LEAD_NOTIFY_TO: optionalText,
  LEAD_NOTIFY_FROM: optionalText,
  LEAD_WEBHOOK_URL: optionalText,
  LEAD_WEBHOOK_SECRET: optionalText,
  LEAD_AUTOREPLY: flag,
}

/** How retries and the reconciler are timed. */
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

const CHECKED_TOGETHER = new Set([...Object.keys(NOTIFY_SETTINGS), ...Object.keys(TIMING_SETTINGS)])

export const WorkerConfigSchema = z
  .object({
    ...DATABASE_SETTINGS,
    ...BACKUP_SETTINGS,
    ...QUEUE_SETTINGS,
    ...SITE_SETTINGS,
    ...LOG_SETTINGS,
    ...SAMPLE_VALUE_SETTINGS,
    ...HEARTBEAT_SETTINGS,
    ...NOTIFY_SETTINGS,
    ...TIMING_SETTINGS,
  })
  // The rules between variables need theirs read first, but not the unrelated ones: a bad
  // SITE_URL and a webhook URL without its secret are reported by the same start-up.
  .superRefine(checkNotifySettings, {
    when: (payload) => !payload.issues.some((issue) => CHECKED_TOGETHER.has(String(issue.path?.[0]))),
  })
  .transform((e) => {
    const { databasePath, backupDir } = readDatabaseSettings(e)
    return {
      databasePath,
      backup: { dir: backupDir, intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
      redisUrl: e.REDIS_URL,
      queuePrefix: e.QUEUE_PREFIX,
      logLevel: e.LOG_LEVEL,
      ...readSiteSettings(e),
      ...readSampleValueSettings(e),
      ...readHeartbeatSettings(e),
      notify: {
        smtp: e.SMTP_URL ? { url: e.SMTP_URL, safeUrl: withoutCredentials(e.SMTP_URL) } : undefined,
        /** Office addresses for new leads; empty when SMTP is off. */
        notifyTo: e.SMTP_URL && e.LEAD_NOTIFY_TO ? e.LEAD_NOTIFY_TO.split(',').map((s) => s.trim()) : [],
        /** Sender of every e-mail: an address or `Name <address>`. */
        notifyFrom: e.LEAD_NOTIFY_FROM,
        webhook:
          e.LEAD_WEBHOOK_URL && e.LEAD_WEBHOOK_SECRET
            ? { url: e.LEAD_WEBHOOK_URL, secret: e.LEAD_WEBHOOK_SECRET }
            : undefined,
        autoreply: e.LEAD_AUTOREPLY,
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

export type WorkerConfig = z.output<typeof WorkerConfigSchema>
export type NotifyConfig = WorkerConfig['notify']
export type SmtpSettings = NonNullable<NotifyConfig['smtp']>

function checkNotifySettings(
  e: EnvOf<typeof NOTIFY_SETTINGS> & EnvOf<typeof TIMING_SETTINGS>,
  ctx: z.RefinementCtx,
): void {
  const problem = (variable: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message })
  if (e.LEAD_NOTIFY_TO !== undefined) {
    const bad = e.LEAD_NOTIFY_TO.split(',')
      .map((s) => s.trim())
      .filter((s) => !isEmail(s))
    if (bad.length)
      problem(
        'LEAD_NOTIFY_TO',
        `must be e-mail addresses separated by commas; not an address: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
      )
  }
  if (e.LEAD_NOTIFY_FROM !== undefined && !addressOf(e.LEAD_NOTIFY_FROM))
    problem(
      'LEAD_NOTIFY_FROM',
      'must be an e-mail address, or Name <address>, that your SMTP account may send as',
    )
  if (e.SMTP_URL !== undefined) {
    if (e.LEAD_NOTIFY_TO === undefined)
      problem(
        'LEAD_NOTIFY_TO',
        'must list at least one address when SMTP_URL is set (who receives new leads)',
      )
    if (e.LEAD_NOTIFY_FROM === undefined)
      problem('LEAD_NOTIFY_FROM', 'must be set when SMTP_URL is set (the address your SMTP account sends as)')
  } else {
    if (e.LEAD_NOTIFY_TO !== undefined)
      problem('SMTP_URL', 'must be set when LEAD_NOTIFY_TO is set: without it no e-mail can be sent')
    if (e.LEAD_AUTOREPLY)
      problem('SMTP_URL', 'must be set when LEAD_AUTOREPLY=true: the autoreply is an e-mail')
  }
  if (e.LEAD_WEBHOOK_URL !== undefined) {
    const url = URL.canParse(e.LEAD_WEBHOOK_URL) ? new URL(e.LEAD_WEBHOOK_URL) : undefined
    if (!url || !['https:', 'http:'].includes(url.protocol))
      problem('LEAD_WEBHOOK_URL', 'must be an absolute https:// URL, e.g. https://hooks.example.com/leads')
    else if (url.protocol === 'http:' && !isLocalHost(url.hostname))
      problem(
        'LEAD_WEBHOOK_URL',
        'must use https:// (a lead holds personal data); plain http:// is allowed only for localhost',
      )
    if (e.LEAD_WEBHOOK_SECRET === undefined)
      problem(
        'LEAD_WEBHOOK_SECRET',
        'must be set when LEAD_WEBHOOK_URL is set (the receiver checks the signature with it), e.g. whsec_ followed by 32 random bytes in base64',
      )
  } else if (e.LEAD_WEBHOOK_SECRET !== undefined) {
    problem('LEAD_WEBHOOK_URL', 'must be set when LEAD_WEBHOOK_SECRET is set')
  }
  if (e.LEAD_WEBHOOK_SECRET !== undefined && !isWebhookSecret(e.LEAD_WEBHOOK_SECRET))
    problem(
      'LEAD_WEBHOOK_SECRET',
      "must be a Standard Webhooks secret: whsec_ followed by base64 (at least 24 random bytes), e.g. from: node -e \"console.log('whsec_'+require('crypto').randomBytes(32).toString('base64'))\"",
    )
  if (e.NOTIFY_RETRY_MAX_MS < e.NOTIFY_RETRY_BASE_MS)
    problem('NOTIFY_RETRY_MAX_MS', 'must not be smaller than NOTIFY_RETRY_BASE_MS')
}

function isWebhookSecret(secret: string): boolean {
  const raw = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : undefined
  if (!raw || !/^[A-Za-z0-9+/]+={0,2}$/.test(raw) || Buffer.from(raw, 'base64').length < 24) return false
  try {
    new Webhook(secret)
    return true
  } catch {
    return false
  }
}

function withoutCredentials(url: string): string {
  const u = new URL(url)
  u.username = ''
  u.password = ''
  return u.toString()
}

export function parseWorkerConfig(source: NodeJS.ProcessEnv): WorkerConfig {
  return parseEnv(WorkerConfigSchema, source)
}
