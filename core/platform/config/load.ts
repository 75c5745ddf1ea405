/**
 * How the programs read their configuration at start-up: `.env` first when there is one (real
 * environment variables win), then the process's own schema; a bad value stops start-up with a
 * message naming the variable. The web process and the worker then apply the production guard:
 * with REFUSE_SAMPLE_VALUES (docker-compose.yml) they refuse the sample values of .env.example.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import { DEFAULT_BUSINESS, type BusinessConfig } from '../../../shared/business'
import { ConfigError, parseEnv } from './helpers'

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
 * For the programs' start-up: reads `.env`, parses the process's schema. On a problem: the
 * message naming each variable on stderr and exit code 1. Returns the configuration and the
 * `.env` file read (or null).
 */
export function loadConfigOrExit<S extends z.ZodType>(
  schema: S,
): { config: z.output<S>; envFile: string | null } {
  let envFile: string | null = null
  try {
    envFile = readEnvFile()
  } catch (err) {
    console.error(`Could not read .env: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
  try {
    return { config: parseEnv(schema, process.env), envFile }
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`${err.message}\nFix these environment variables (see .env.example) and start again.`)
      process.exit(1)
    }
    throw err
  }
}

/** What the production guard looks at. */
export interface GuardedSettings {
  siteUrl: string
  business: BusinessConfig
  /** REFUSE_SAMPLE_VALUES and ALLOW_SAMPLE_VALUES. */
  sampleValues: { refuse: boolean; allow: boolean }
}

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): never a live site's. */
const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i

const digitsOf = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')

/**
 * What still holds a sample value of .env.example (or the built-in placeholder it repeats),
 * one line per variable, saying what to set. Empty when the site is ready to go live.
 */
export function findSampleValues(source: NodeJS.ProcessEnv, config: GuardedSettings): string[] {
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
 * The production guard of the web process and the worker: with REFUSE_SAMPLE_VALUES (set by
 * docker-compose.yml) a sample value stops start-up, naming each, unless ALLOW_SAMPLE_VALUES is
 * true. Returns the warnings to log once the process has its logger.
 */
export function refuseSampleValuesOrExit(
  config: GuardedSettings,
  source: NodeJS.ProcessEnv = process.env,
): string[] {
  const { refuse, allow } = config.sampleValues
  if (!refuse) return []
  // Caddy takes SITE_URL as its site address as written, and "https://host/" there would
  // serve the home page only.
  if (/\/\s*$/.test(source.SITE_URL ?? '')) {
    console.error(
      `SITE_URL ends with "/": write it without the trailing slash, e.g. SITE_URL=${config.siteUrl}, and start again.`,
    )
    process.exit(1)
  }
  const samples = findSampleValues(source, config)
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
  return samples.map((p) => `ALLOW_SAMPLE_VALUES=true, starting anyway: ${p}`)
}
