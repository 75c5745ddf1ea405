/**
 * The worker's configuration: the base schema of server/core/config.ts plus how leads reach the
 * contractor (e-mail over SMTP, a signed webhook, the optional autoreply) and the timing of
 * retries and of the reconciler. A bad value stops start-up naming the variable, like the
 * base schema. See .env.example and docs/lead-pipeline.md.
 */
import { Webhook } from 'standardwebhooks'
import { z } from 'zod'
import { ConfigError, loadConfigOrExit, parseConfig, type Config } from '../core/config'

/** The reconciler must pick a lost lead up within two minutes at most. */
const MAX_RECONCILE_GRACE_MS = 2 * 60_000
const HOUR_MS = 60 * 60_000

export interface SmtpSettings {
  /** The connection URL as configured (holds the password: never log it). */
  url: string
  /** The URL without user and password, for logs. */
  safeUrl: string
}

export interface NotifyConfig {
  smtp?: SmtpSettings
  /** Owner addresses for new leads; empty when SMTP is off. */
  notifyTo: string[]
  /** Sender of every e-mail: an address or `Name <address>`. */
  notifyFrom?: string
  webhook?: { url: string; secret: string }
  autoreply: boolean
  retry: {
    /** First back-off after a transient failure; doubles per attempt. */
    baseMs: number
    /** Back-off cap. */
    maxMs: number
    /** A channel still failing this long after its first attempt is marked failed. */
    giveUpMs: number
  }
  /** Longest one attempt may take (SMTP dialogue or webhook request). */
  sendTimeoutMs: number
  reconcile: {
    /** How long after it was stored a lead may stay unhandled before the reconciler takes it. */
    graceMs: number
    /** How often the reconciler looks for lost leads and due retries. */
    intervalMs: number
  }
}

export interface WorkerConfig extends Config {
  notify: NotifyConfig
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))

const wholeMs = (what: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: `must be a number of milliseconds (${what})` })
    .int('must be a whole number of milliseconds')
    .min(min, `must be at least ${min} ms`)
    .max(max, `must be at most ${max} ms`)

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

const NotifyEnvSchema = z
  .object({
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
    LEAD_AUTOREPLY: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .refine((v) => v === undefined || ['', 'true', 'false'].includes(v), {
        message: 'must be true or false',
      })
      .transform((v) => v === 'true'),
    NOTIFY_RETRY_BASE_MS: wholeMs('first retry delay', 10).default(5000),
    NOTIFY_RETRY_MAX_MS: wholeMs('longest retry delay', 10).default(5 * 60_000),
    NOTIFY_GIVE_UP_HOURS: z.coerce
      .number({ error: 'must be a number of hours' })
      .min(24, 'must be at least 24 hours, so retries ride out a day-long outage')
      .default(72),
    NOTIFY_SEND_TIMEOUT_MS: wholeMs('longest attempt', 1000, 60_000).default(30_000),
    RECONCILE_GRACE_MS: wholeMs(
      'grace before the reconciler takes a lead',
      0,
      MAX_RECONCILE_GRACE_MS,
    ).default(60_000),
    RECONCILE_INTERVAL_MS: wholeMs('reconciler interval', 50, 60_000).default(2000),
    /** Tests and drills only: allows a give-up window shorter than a day. */
    NOTIFY_GIVE_UP_MS: wholeMs('give-up window', 1000).optional(),
  })
  .superRefine((e, ctx) => {
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
        problem(
          'LEAD_NOTIFY_FROM',
          'must be set when SMTP_URL is set (the address your SMTP account sends as)',
        )
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
  })

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

/** Parses the environment; throws ConfigError listing every bad variable (base and worker ones). */
export function parseWorkerConfig(source: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const problems: string[] = []
  let base: Config | undefined
  try {
    base = parseConfig(source)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    problems.push(...err.problems)
  }
  const result = NotifyEnvSchema.safeParse(source)
  if (!result.success) {
    problems.push(
      ...result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'} ${issue.message}`),
    )
  }
  if (problems.length || !base || !result.success) throw new ConfigError(problems)
  const e = result.data
  return {
    ...base,
    notify: {
      smtp: e.SMTP_URL ? { url: e.SMTP_URL, safeUrl: withoutCredentials(e.SMTP_URL) } : undefined,
      notifyTo: e.SMTP_URL && e.LEAD_NOTIFY_TO ? e.LEAD_NOTIFY_TO.split(',').map((s) => s.trim()) : [],
      notifyFrom: e.LEAD_NOTIFY_FROM,
      webhook:
        e.LEAD_WEBHOOK_URL && e.LEAD_WEBHOOK_SECRET
          ? { url: e.LEAD_WEBHOOK_URL, secret: e.LEAD_WEBHOOK_SECRET }
          : undefined,
      autoreply: e.LEAD_AUTOREPLY,
      retry: {
        baseMs: e.NOTIFY_RETRY_BASE_MS,
        maxMs: e.NOTIFY_RETRY_MAX_MS,
        giveUpMs: e.NOTIFY_GIVE_UP_MS ?? e.NOTIFY_GIVE_UP_HOURS * HOUR_MS,
      },
      sendTimeoutMs: e.NOTIFY_SEND_TIMEOUT_MS,
      reconcile: { graceMs: e.RECONCILE_GRACE_MS, intervalMs: e.RECONCILE_INTERVAL_MS },
    },
  }
}

/**
 * For the worker's entry points: reads `.env` and applies the sample-value guard like the web
 * process (loadConfigOrExit), with the worker's schema; on a bad value the message naming the
 * variable and exit code 1.
 */
export function loadWorkerConfigOrExit(opts: { guardSampleValues?: boolean } = {}): WorkerConfig {
  return loadConfigOrExit({ ...opts, parse: parseWorkerConfig })
}
