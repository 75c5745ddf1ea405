/**
 * The settings more than one process reads, each variable defined once: its rule, its message
 * and its default. A process's schema takes the groups it reads (server/config.ts,
 * worker/config.ts, admin/config.ts) and turns them into its configuration with the read*
 * functions below. docs/configuration.md lists every variable with the processes that read it
 * (tests/unit/configuration-docs.test.ts holds the two together).
 */
import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_BUSINESS } from '../../../shared/business'
import { flag, hours, httpUrl, nonEmpty, optionalText, wholeNumberOf, type EnvOf } from './helpers'

/** Backups go beside the database unless BACKUP_DIR says otherwise (data/backups by default). */
export function defaultBackupDir(databasePath: string): string {
  return path.join(path.dirname(databasePath), 'backups')
}

/** The lead database and where backups of it go (web: before a migration; worker; site-admin). */
export const DATABASE_SETTINGS = {
  DATABASE_PATH: nonEmpty.default('data/roofing.db'),
  /** Unset: a backups folder beside the database. */
  BACKUP_DIR: optionalText,
}

export function readDatabaseSettings(e: EnvOf<typeof DATABASE_SETTINGS>) {
  return { databasePath: e.DATABASE_PATH, backupDir: e.BACKUP_DIR ?? defaultBackupDir(e.DATABASE_PATH) }
}

/** The automatic backups (the worker takes them; site-admin prunes and checks their age). */
export const BACKUP_SETTINGS = {
  /** Hours between the worker's automatic backups; 0 turns them off. */
  BACKUP_INTERVAL_HOURS: hours(
    24,
    [0, 'must be 0 (off) or more hours'],
    [168, 'must be at most 168 hours (a week)'],
  ),
  BACKUP_KEEP: wholeNumberOf('backups', 14, [1, 'must keep at least 1 backup']),
}

/** The database and its automatic backups, as the worker and site-admin read them. */
export function readBackupSettings(e: EnvOf<typeof DATABASE_SETTINGS & typeof BACKUP_SETTINGS>) {
  const { databasePath, backupDir } = readDatabaseSettings(e)
  return {
    databasePath,
    backup: { dir: backupDir, intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
  }
}

/** Which build runs (web: the built site or Vite's dev server; worker: whether storm data refreshes by default). */
export const RUNTIME_SETTINGS = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const LOG_SETTINGS = {
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
}

/** The queue and the rate-limit counters (web and worker). */
const QUEUE_SETTINGS = {
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    message: 'must start with redis:// or rediss://, e.g. redis://127.0.0.1:6379',
  }),
  /** Prefix of every BullMQ key, so several sites or test runs can share one Redis. */
  QUEUE_PREFIX: nonEmpty.default('roofing'),
}

/** What visitors and homeowners see: the site's address and the business (web and worker). */
export const SITE_SETTINGS = {
  SITE_URL: httpUrl('the public site address')
    .refine(
      (v) => {
        if (!URL.canParse(v)) return true // reported by httpUrl
        const url = new URL(v)
        return url.pathname === '/' && !url.search && !url.hash
      },
      { message: 'must be the address of the site only, without a path, e.g. https://www.example.com' },
    )
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  BUSINESS_NAME: nonEmpty.default(DEFAULT_BUSINESS.name),
  BUSINESS_OWNER_NAME: nonEmpty.default(DEFAULT_BUSINESS.ownerName),
  BUSINESS_PHONE: z
    .string()
    .trim()
    .refine((v) => v.replace(/\D/g, '').length >= 10, {
      message: 'must be a phone number with at least 10 digits, e.g. (303) 555-0142',
    })
    .default(DEFAULT_BUSINESS.phone),
  BUSINESS_EMAIL: z.email({ error: 'must be an e-mail address' }).default(DEFAULT_BUSINESS.email),
  BOOKING_URL: z
    .string()
    .trim()
    .refine((v) => /^https:\/\//i.test(v) && URL.canParse(v), {
      message: 'must be an https:// URL of the booking page',
    })
    .default(DEFAULT_BUSINESS.bookingUrl),
}

function readSiteSettings(e: EnvOf<typeof SITE_SETTINGS>) {
  return {
    siteUrl: e.SITE_URL,
    business: {
      name: e.BUSINESS_NAME,
      ownerName: e.BUSINESS_OWNER_NAME,
      phone: e.BUSINESS_PHONE,
      email: e.BUSINESS_EMAIL,
      bookingUrl: e.BOOKING_URL,
    },
  }
}

/** The production guard (core/platform/config/load.ts) of the two long-running processes. */
export const SAMPLE_VALUE_SETTINGS = {
  /** Set by docker-compose.yml: refuse to start while the sample values of .env.example are in place. */
  REFUSE_SAMPLE_VALUES: flag,
  /** Lets a trial or a test run start with sample values anyway (with a warning). */
  ALLOW_SAMPLE_VALUES: flag,
}

function readSampleValueSettings(e: EnvOf<typeof SAMPLE_VALUE_SETTINGS>) {
  return { sampleValues: { refuse: e.REFUSE_SAMPLE_VALUES, allow: e.ALLOW_SAMPLE_VALUES } }
}

/**
 * What the two long-running processes (web and worker) both read, in this order: the queue, the
 * site and the business, the log level and the production guard.
 */
export const SERVICE_SETTINGS = {
  ...QUEUE_SETTINGS,
  ...SITE_SETTINGS,
  ...LOG_SETTINGS,
  ...SAMPLE_VALUE_SETTINGS,
}

export function readServiceSettings(e: EnvOf<typeof SERVICE_SETTINGS>) {
  return {
    redisUrl: e.REDIS_URL,
    queuePrefix: e.QUEUE_PREFIX,
    logLevel: e.LOG_LEVEL,
    ...readSiteSettings(e),
    ...readSampleValueSettings(e),
  }
}
