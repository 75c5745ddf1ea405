/**
 * The worker's storm response (docs/storm-alerts.md): every STORM_RESPONSE_POLL_SECONDS
 * (default 20 s) it looks for storm days not answered yet, whoever stored them (its own
 * refresh, or `site-admin storms import`, another process), and answers each: the homeowners
 * who asked are alerted and the office is briefed (core/storm-response). It sends through an
 * SMTP connection of its own, so a storm's thousand alerts never hold up a lead's e-mails.
 * A pass that throws is logged and the next one tries again; nothing stops the worker.
 */
import type { Db } from '../core/platform/db/connection'
import type { Logger } from '../core/platform/logger'
import type { Mailer } from '../core/platform/mail/mailer'
import { startScheduler, type TimedJob } from '../core/platform/scheduler'
import { locateAddressAnswered, type GeocoderSettings } from '../core/storms'
import { respondToNewStormDays, unsubscribeKey, type StormResponse } from '../core/storm-response'
import type { BusinessConfig } from '../shared/business'

/** The first look waits this long after start, so start-up (and a migration) settles first. */
const FIRST_LOOK_DELAY_MS = 5_000

export interface StormResponseOptions {
  db: Db
  logger: Logger
  settings: { minIn: number; pollSeconds: number }
  geocoder: GeocoderSettings
  /** Undefined when SMTP_URL is unset: alerts are recorded as skipped, the briefing as its helper says. */
  mailer: Mailer | undefined
  /** The sender (LEAD_NOTIFY_FROM); '' when SMTP is not set. */
  from: string
  /** The office's recipients (LEAD_NOTIFY_TO). */
  officeTo: readonly string[]
  business: BusinessConfig
  siteUrl: string
  firstDelayMs?: number
  /** The clock the passes read (tests set their own). */
  now?: () => Date
  /** The longest one e-mail may take (NOTIFY_SEND_TIMEOUT_MS): a storm alert still sending twice that long was left by a worker that stopped. */
  sendTimeoutMs?: number
}

export type StormResponseSchedule = TimedJob<StormResponse[]>

export function startStormResponse(opts: StormResponseOptions): StormResponseSchedule {
  const log = opts.logger.child({ component: 'storm-response' })
  const key = unsubscribeKey(opts.db)
  const loop = startScheduler<undefined, StormResponse[]>({
    pass: () =>
      respondToNewStormDays(
        opts.db,
        {
          minIn: opts.settings.minIn,
          locate: (address) => locateAddressAnswered(address, opts.geocoder, { logger: log }),
          alerts: {
            mailer: opts.mailer,
            from: opts.from,
            business: opts.business,
            siteUrl: opts.siteUrl,
            unsubscribeKey: key,
            sendTimeoutMs: opts.sendTimeoutMs,
          },
          briefing: opts.mailer && {
            mailer: opts.mailer,
            from: opts.from,
            to: opts.officeTo,
            business: opts.business,
            siteUrl: opts.siteUrl,
          },
          logger: log,
          clock: opts.now,
        },
        opts.now?.() ?? new Date(),
      ),
    resultOnError: [],
    logger: log,
    errorMessage: 'storm response pass failed; the next pass tries again',
    intervalMs: opts.settings.pollSeconds * 1000,
    first: opts.firstDelayMs ?? FIRST_LOOK_DELAY_MS,
  })
  log.info(
    {
      everySeconds: opts.settings.pollSeconds,
      minIn: opts.settings.minIn,
      alerts: opts.mailer ? 'on' : 'off',
    },
    opts.mailer
      ? 'storm response started'
      : 'storm response started; alerts are recorded as skipped: SMTP_URL is not set',
  )
  return { runOnce: () => loop.runOnce(), stop: () => loop.stop() }
}
