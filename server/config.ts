/**
 * Start-up configuration: one zod schema over process.env (issue 2, ARCHITECTURE "Configuration").
 * Defaults make `npm start` work on a bare machine; a bad value stops start-up with a
 * message naming the variable and what is wrong.
 */
import { z } from 'zod'
import { DEFAULT_BUSINESS, type BusinessConfig } from '../shared/business'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), {
      message: `must be an absolute http(s) URL for ${what}, e.g. https://www.example.com`,
    })

const nonEmpty = z.string().trim().min(1, 'must not be empty')

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: nonEmpty.default('0.0.0.0'),
  DATABASE_PATH: nonEmpty.default('data/roofing.db'),
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
      message: 'must start with redis:// or rediss://, e.g. redis://127.0.0.1:6379',
    }),
  /** Prefix of every BullMQ key, so several sites or test runs can share one Redis. */
  QUEUE_PREFIX: nonEmpty.default('roofing'),
  SITE_URL: httpUrl('the public site address')
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: z.coerce
    .number({ error: 'must be a number of proxy hops, e.g. 1 behind one reverse proxy' })
    .int('must be a whole number of proxy hops')
    .min(0, 'must be 0 or more proxy hops')
    .default(0),
  LEAD_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number of requests per minute' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10),
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
})

export type Env = z.infer<typeof ConfigSchema>

export interface Config {
  env: Env['NODE_ENV']
  isProduction: boolean
  port: number
  host: string
  databasePath: string
  redisUrl: string | undefined
  queuePrefix: string
  siteUrl: string
  logLevel: Env['LOG_LEVEL']
  trustProxy: number
  leadRateLimitPerMinute: number
  business: BusinessConfig
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses the environment; throws ConfigError listing every bad variable. */
export function parseConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(source)
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'} ${issue.message}`),
    )
  }
  const e = result.data
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databasePath: e.DATABASE_PATH,
    redisUrl: e.REDIS_URL,
    queuePrefix: e.QUEUE_PREFIX,
    siteUrl: e.SITE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    leadRateLimitPerMinute: e.LEAD_RATE_LIMIT_PER_MINUTE,
    business: {
      name: e.BUSINESS_NAME,
      ownerName: e.BUSINESS_OWNER_NAME,
      phone: e.BUSINESS_PHONE,
      email: e.BUSINESS_EMAIL,
      bookingUrl: e.BOOKING_URL,
    },
  }
}

/**
 * For the entry points (web and worker): the parsed configuration, or, on a bad value, the
 * message naming the variable on stderr and exit code 1.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return parseConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`${err.message}\nFix these environment variables (see .env.example) and start again.`)
      process.exit(1)
    }
    throw err
  }
}
