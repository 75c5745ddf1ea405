/**
 * Start-up configuration: one zod schema over process.env, shared by the web process, the
 * worker and site-admin. Defaults make `npm start` work on a bare machine; a bad value stops
 * start-up with a message naming the variable and what is wrong. The entry points read `.env`
 * first when there is one (real environment variables win).
 */
import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_BUSINESS, type BusinessConfig } from '../shared/business'

const DEFAULT_WORKER_HEARTBEAT_FILE = path.join(tmpdir(), 'roofing-worker-heartbeat.json')

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), {
      message: `must be an absolute http(s) URL for ${what}, e.g. https://www.example.com`,
    })

const nonEmpty = z.string().trim().min(1, 'must not be empty')

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(fallback)

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .refine((v) => v === undefined || ['', 'true', 'false', '1', '0', 'yes', 'no'].includes(v), {
    message: 'must be true or false',
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** Express's names for address ranges (proxy-addr): 127.0.0.0/8 + ::1, 169.254/16 + fe80::/10, private ranges + fc00::/7. */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const
const TRUST_NOTHING = new Set(['', 'none', 'false'])
const TRUST_PROXY_HINT =
  'list the addresses or subnets of your reverse proxies, e.g. loopback, uniquelocal or 172.18.0.0/16'

/** One TRUST_PROXY entry: a name, an IP address or a CIDR subnet (never everything, never a hop count). */
function trustProxyProblem(entry: string): string | undefined {
  if ((TRUST_PROXY_NAMES as readonly string[]).includes(entry)) return undefined
  if (/^\d+$/.test(entry))
    return `must ${TRUST_PROXY_HINT}, not a number of hops ("${entry}"): with a hop count any client that reaches the app directly can forge its address`
  if (entry === 'true' || entry === '*')
    return `must ${TRUST_PROXY_HINT}, not "${entry}": trusting every address lets any client forge its own`
  const [ip, bits, extra] = entry.split('/')
  const family = isIP(ip ?? '')
  if (!family || extra !== undefined)
    return `has "${entry}", which is not an IP address, a subnet or one of ${TRUST_PROXY_NAMES.join(', ')}`
  if (bits === undefined) return undefined
  const max = family === 4 ? 32 : 128
  if (!/^\d+$/.test(bits) || Number(bits) > max)
    return `has "${entry}": the subnet size must be /1 to /${max}`
  if (Number(bits) === 0) return `must ${TRUST_PROXY_HINT}, not "${entry}": /0 trusts every address`
  return undefined
}

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port(3000),
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
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  /**
   * Whose X-Forwarded-For the app believes: comma-separated names, addresses or subnets of the
   * reverse proxies in front (Express "trust proxy"); `none` trusts nobody. The default suits a
   * bare machine, where only a proxy on the same host can be in front.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v, ctx) => {
      const entries = v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e !== '')
      if (entries.length === 1 && TRUST_NOTHING.has(entries[0]!)) return []
      for (const entry of entries) {
        const problem = trustProxyProblem(entry)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      }
      return entries
    }),
  LEAD_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number of requests per minute' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10),
  /** Hours between the worker's automatic backups; 0 turns them off. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: 'must be a number of hours, e.g. 24' })
    .min(0, 'must be 0 (off) or more hours')
    .max(168, 'must be at most 168 hours (a week)')
    .default(24),
  /** Where backups go; unset = a backups folder beside the database (data/backups). */
  BACKUP_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a number of backups, e.g. 14' })
    .int('must be a whole number of backups')
    .min(1, 'must keep at least 1 backup')
    .default(14),
  /** Set by docker-compose.yml: refuse to start while the sample values of .env.example are in place. */
  REFUSE_SAMPLE_VALUES: flag,
  /** Lets a trial or a test run start with sample values anyway (with a warning). */
  ALLOW_SAMPLE_VALUES: flag,
  /** The file the worker rewrites while it is healthy; its container's healthcheck reads it. */
  WORKER_HEARTBEAT_FILE: nonEmpty.default(DEFAULT_WORKER_HEARTBEAT_FILE),
  /**
   * A heartbeat older than this means the worker is stuck (it beats every 10 s): nine missed
   * beats by default, long enough for a slow backup on a busy machine.
   */
  WORKER_HEARTBEAT_MAX_AGE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds, e.g. 90' })
    .int('must be a whole number of seconds')
    .min(20, 'must be at least 20 seconds (the worker beats every 10 s)')
    .default(90),
  /** Host ports Caddy publishes in docker-compose.yml (read by compose; checked here so a typo is named). */
  HTTP_PORT: port(80),
  HTTPS_PORT: port(443),
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
  /** Addresses, subnets or names Express trusts as proxies; empty = none. */
  trustProxy: string[]
  leadRateLimitPerMinute: number
  backup: {
    dir: string
    /** 0 = no automatic backups. */
    intervalHours: number
    keep: number
  }
  workerHeartbeat: { file: string; maxAgeMs: number }
  business: BusinessConfig
  /** REFUSE_SAMPLE_VALUES and ALLOW_SAMPLE_VALUES (see findSampleValues). */
  sampleValues: { refuse: boolean; allow: boolean }
  /** The .env file read at start-up (loadConfigOrExit), or null. */
  envFile: string | null
  /** Things the entry point should log as warnings once its logger exists. */
  warnings: string[]
}

/** Backups go beside the database unless BACKUP_DIR says otherwise (data/backups by default). */
export function defaultBackupDir(databasePath: string): string {
  return path.join(path.dirname(databasePath), 'backups')
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
    backup: {
      dir: e.BACKUP_DIR ?? defaultBackupDir(e.DATABASE_PATH),
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      keep: e.BACKUP_KEEP,
    },
    workerHeartbeat: { file: e.WORKER_HEARTBEAT_FILE, maxAgeMs: e.WORKER_HEARTBEAT_MAX_AGE_SECONDS * 1000 },
    business: {
      name: e.BUSINESS_NAME,
      ownerName: e.BUSINESS_OWNER_NAME,
      phone: e.BUSINESS_PHONE,
      email: e.BUSINESS_EMAIL,
      bookingUrl: e.BOOKING_URL,
    },
    sampleValues: { refuse: e.REFUSE_SAMPLE_VALUES, allow: e.ALLOW_SAMPLE_VALUES },
    envFile: null,
    warnings: [],
  }
}

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): never a live site's. */
const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i

const digitsOf = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')

/**
 * What still holds a sample value of .env.example (or the built-in placeholder it repeats),
 * one line per variable, saying what to set. Empty when the site is ready to go live.
 */
export function findSampleValues(source: NodeJS.ProcessEnv, config: Config): string[] {
  const problems: string[] = []
  const siteHost = new URL(config.siteUrl).hostname
  if (!source.SITE_URL?.trim())
    problems.push(
      'SITE_URL is not set: set it to the public address of the site, e.g. SITE_URL=https://www.your-roofing-company.com',
    )
  else if (RESERVED_DOMAIN.test(siteHost) && siteHost !== 'localhost')
    problems.push(
      `SITE_URL is still the example address ${config.siteUrl}: set it to the public address of the site, e.g. SITE_URL=https://www.your-roofing-company.com (its DNS name must point at this server)`,
    )
  const phone = digitsOf(config.business.phone)
  // 555-0100 to 555-0199 are reserved for fiction in North America: never a real line.
  if (phone === digitsOf(DEFAULT_BUSINESS.phone) || /^\d{3}55501\d\d$/.test(phone))
    problems.push(
      `BUSINESS_PHONE is still the sample number ${config.business.phone}: set it to the office number visitors should call, e.g. BUSINESS_PHONE=(303) 123-4567`,
    )
  const emailDomain = config.business.email.split('@')[1] ?? ''
  if (config.business.email.toLowerCase() === DEFAULT_BUSINESS.email || RESERVED_DOMAIN.test(emailDomain))
    problems.push(
      `BUSINESS_EMAIL is still the sample address ${config.business.email}: set it to the office e-mail address shown on the site, e.g. BUSINESS_EMAIL=office@your-roofing-company.com`,
    )
  const booking = config.business.bookingUrl.replace(/\/+$/, '')
  if (booking === DEFAULT_BUSINESS.bookingUrl || RESERVED_DOMAIN.test(new URL(booking).hostname))
    problems.push(
      `BOOKING_URL is still the sample booking page ${config.business.bookingUrl}: set it to your own online booking page (https://…), e.g. your Calendly link`,
    )
  return problems
}

/**
 * Reads `.env` from the working directory into process.env when the file exists. Variables
 * already in the environment win, so `PORT=4000 npm start` overrides the file.
 * Returns the file read, or null.
 */
export function readEnvFile(file = '.env'): string | null {
  if (!existsSync(file)) return null
  process.loadEnvFile(file)
  return path.resolve(file)
}

/**
 * For the entry points (web, worker, site-admin): reads `.env`, parses the configuration
 * (`parse`: the worker passes its own schema, which extends this one) and,
 * with the sample-value guard on (REFUSE_SAMPLE_VALUES, set by docker-compose.yml), refuses
 * sample values unless ALLOW_SAMPLE_VALUES is true. On a problem: the message naming each
 * variable on stderr and exit code 1. Warnings to log at start-up are in config.warnings.
 */
export function loadConfigOrExit<C extends Config = Config>(
  opts: { guardSampleValues?: boolean; parse?: (source: NodeJS.ProcessEnv) => C } = {},
): C {
  let envFile: string | null = null
  try {
    envFile = readEnvFile()
  } catch (err) {
    console.error(`Could not read .env: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
  const parse = opts.parse ?? (parseConfig as (source: NodeJS.ProcessEnv) => C)
  let config: C
  try {
    config = parse(process.env)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`${err.message}\nFix these environment variables (see .env.example) and start again.`)
      process.exit(1)
    }
    throw err
  }
  config.envFile = envFile
  const guard = opts.guardSampleValues ?? true
  const { refuse, allow } = config.sampleValues
  // Caddy takes SITE_URL as its site address as written, and "https://host/" there would
  // serve the home page only.
  if (guard && refuse && /\/\s*$/.test(process.env.SITE_URL ?? '')) {
    console.error(
      `SITE_URL ends with "/": write it without the trailing slash, e.g. SITE_URL=${config.siteUrl}, and start again.`,
    )
    process.exit(1)
  }
  const samples = guard && refuse ? findSampleValues(process.env, config) : []
  if (samples.length && !allow) {
    console.error(
      [
        'Refusing to start: these settings still hold the sample values of .env.example.',
        ...samples.map((p) => `  - ${p}`),
        'Set them in .env and start again (docker compose up -d). For a trial run, ALLOW_SAMPLE_VALUES=true in .env starts the site anyway.',
      ].join('\n'),
    )
    process.exit(1)
  }
  for (const p of samples) config.warnings.push(`ALLOW_SAMPLE_VALUES=true, starting anyway: ${p}`)
  return config
}
