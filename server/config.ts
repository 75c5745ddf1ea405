/**
 * The web process's configuration, one schema over the environment (docs/configuration.md):
 * where it listens, whom it trusts as a proxy, the enquiry rate limit, plus the shared settings
 * it reads (core/platform/config/settings.ts). Defaults make `npm start` work on a bare machine.
 */
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { nonEmpty, optionalText, parseEnv, port } from '../core/platform/config/helpers'
import {
  DATABASE_SETTINGS,
  readDatabaseSettings,
  readServiceSettings,
  RUNTIME_SETTINGS,
  SERVICE_SETTINGS,
} from '../core/platform/config/settings'
import { DEFAULT_SPAM_THRESHOLD, DEFAULT_OFFICE_LINKS_PER_MINUTE, SPAM_SETTINGS } from '../core/spam'
import { BOOKING_EVENT_SETTINGS, readBookingEventSettings } from '../core/bookings'
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

export const WebConfigSchema = z
  .object({
    ...RUNTIME_SETTINGS,
    PORT: port(3000),
    HOST: nonEmpty.default('0.0.0.0'),
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
    /**
     * Form tokens one client may ask for in a minute (server/leads/form-token-router.ts): each
     * is a row written, so a flood cannot fill the table or hold the write lock.
     */
    FORM_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: 'must be a number of requests per minute' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(60),
    /**
     * Office link pages one client may open in a minute (server/office/office-router.ts): a
     * flood of made-up links cannot keep the web process rendering pages.
     */
    OFFICE_LINK_RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: 'must be a number of requests per minute' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(DEFAULT_OFFICE_LINKS_PER_MINUTE),
    /**
     * The spam score at which a lead goes into quarantine instead of to the office
     * (core/spam/rules.ts, docs/spam.md). Lower catches more; a filled honeypot alone
     * scores 10.
     */
    SPAM_THRESHOLD: z.coerce
      .number({ error: 'must be a whole number of points, e.g. 5' })
      .int('must be a whole number')
      .min(1, 'must be at least 1 (at 0 every lead would be held back as spam)')
      .default(DEFAULT_SPAM_THRESHOLD),
    /**
     * Where the hashed assets of earlier builds are kept for a week, so a tab opened before a
     * deploy can still load its scripts (server/http/asset-archive.ts). Unset: a folder
     * `asset-archive` beside the database.
     */
    ASSET_ARCHIVE_DIR: optionalText,
    /**
     * Where the web process writes the pages Caddy serves while it is down
     * (server/http/fallback-pages.ts); docker-compose.yml sets it. Unset: none are written.
     */
    FALLBACK_DIR: optionalText,
    ...DATABASE_SETTINGS,
    ...SERVICE_SETTINGS,
    // The office links' pages say when a held lead will be deleted (docs/spam.md).
    ...SPAM_SETTINGS,
    // The scheduling tools' webhooks: their keys and rate limit (docs/bookings.md).
    ...BOOKING_EVENT_SETTINGS,
  })
  .transform((e) => {
    const { databasePath, backupDir } = readDatabaseSettings(e)
    return {
      env: e.NODE_ENV,
      isProduction: e.NODE_ENV === 'production',
      port: e.PORT,
      host: e.HOST,
      /** Addresses, subnets or names Express trusts as proxies; empty = none. */
      trustProxy: e.TRUST_PROXY,
      leadRateLimitPerMinute: e.LEAD_RATE_LIMIT_PER_MINUTE,
      formTokenRateLimitPerMinute: e.FORM_TOKEN_RATE_LIMIT_PER_MINUTE,
      officeLinkRateLimitPerMinute: e.OFFICE_LINK_RATE_LIMIT_PER_MINUTE,
      spamThreshold: e.SPAM_THRESHOLD,
      /** How long the worker keeps held spam: the office links' pages give the date. */
      spamRetentionDays: e.SPAM_RETENTION_DAYS,
      databasePath,
      /** Where the backup before a migration goes. */
      backupDir,
      /** The asset archive, served as /assets after the current build. */
      assetArchiveDir: e.ASSET_ARCHIVE_DIR ?? path.join(path.dirname(databasePath), 'asset-archive'),
      /** The pages for Caddy's fallback; undefined = not written. */
      fallbackDir: e.FALLBACK_DIR,
      ...readServiceSettings(e),
      /** The scheduling tools' keys (an endpoint without one answers 404) and their events' rate limit. */
      bookingEvents: readBookingEventSettings(e),
    }
  })

export type WebConfig = z.output<typeof WebConfigSchema>

export function parseWebConfig(source: NodeJS.ProcessEnv): WebConfig {
  return parseEnv(WebConfigSchema, source)
}
