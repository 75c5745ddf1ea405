/**
 * The worker keeps NOAA's storm data current on its own (docs/storm-data.md): when the store is
 * empty, then every STORM_REFRESH_HOURS, it runs the storms feature's refresh (NCEI's files,
 * SPC's days, the radar days; core/storms/refresh.ts) on the worker's scheduler and records it.
 * A refresh that failed is logged at error level with its reason, recorded for
 * `site-admin storms status` and /readyz, and tried again sooner (5 minutes, doubling, never
 * later than the usual interval). It never throws out of its timer: storm data never stops the
 * worker or delays a lead.
 */
import { backoffDelayMs, type Backoff } from '../../core/platform/backoff'
import type { Db } from '../../core/platform/db/connection'
import { StoppedError } from '../../core/platform/download'
import type { Logger } from '../../core/platform/logger'
import { startScheduler } from '../../core/platform/scheduler'
import {
  countStormEvents,
  describeRefresh,
  emptyRefreshOutcome,
  FETCH_BACKOFF,
  readRefreshState,
  recordRefreshOutcome,
  recordRefreshStart,
  runRefreshSteps,
  type RefreshContext,
  type RefreshOutcome,
  type StormDataSources,
} from '../../core/storms'
const HOUR_MS = 60 * 60 * 1000
/** The first refresh after a start waits this long, so start-up (and a migration) settles first. */
const FIRST_REFRESH_DELAY_MS = 10_000
/** After a failed refresh the next comes after 5 minutes, doubling, at most the usual interval. */
const FAILED_REFRESH_BASE_MS = 5 * 60_000

export interface StormRefreshSettings extends StormDataSources {
  /** STORM_REFRESH: false schedules nothing (runOnce still works). */
  on: boolean
  intervalHours: number
}

export interface StormRefresh {
  /** One refresh now (or the one under way); never throws. */
  runOnce(): Promise<RefreshOutcome>
  /** When the next scheduled refresh is due (null when off or stopped). */
  nextAt(): Date | null
  /** Stops the schedule and cuts a download under way short (at shutdown); resolves when it has ended. */
  stop(): Promise<void>
}

export function startStormRefresh(opts: {
  db: Db
  logger: Logger
  settings: StormRefreshSettings
  /** The clock (tests set the day). */
  now?: () => Date
  firstDelayMs?: number
  /** Tests shorten the waits between tries and after a failed refresh. */
  backoff?: { fetch?: Backoff; failedRefresh?: Backoff }
}): StormRefresh {
  const { db, settings } = opts
  const log = opts.logger.child({ component: 'storm-refresh' })
  const now = opts.now ?? (() => new Date())
  const intervalMs = settings.intervalHours * HOUR_MS
  const fetchBackoff = opts.backoff?.fetch ?? FETCH_BACKOFF
  const failedRefreshBackoff = opts.backoff?.failedRefresh ?? {
    baseMs: Math.min(FAILED_REFRESH_BASE_MS, intervalMs),
    maxMs: intervalMs,
  }
  const stopping = new AbortController()
  const ctx: RefreshContext = { db, settings, log, now, fetchBackoff, stopped: stopping.signal }
  let failures = 0

  async function refresh(): Promise<RefreshOutcome> {
    const startedAt = now()
    recordRefreshStart(db, startedAt)
    log.info({ states: settings.states, years: settings.years }, 'storm data refresh started')
    const outcome = await runRefreshSteps(ctx, startedAt)
    const done = describeRefresh(outcome)
    if (outcome.problems.length === 0) {
      failures = 0
      outcome.detail = done
      outcome.nextAt = new Date(startedAt.getTime() + intervalMs)
    } else {
      failures++
      outcome.outcome = 'failed'
      outcome.detail = `${outcome.problems.join('; ')}; so far ${done}`
      outcome.nextAt = new Date(now().getTime() + backoffDelayMs(failures, failedRefreshBackoff))
    }
    recordRefreshOutcome(db, {
      finishedAt: now(),
      outcome: outcome.outcome,
      detail: outcome.detail,
      nextAt: outcome.nextAt,
      radarStopped: outcome.radarStopped,
    })
    if (outcome.outcome === 'ok')
      log.info({ detail: outcome.detail, next: outcome.nextAt }, 'storm data refresh done')
    else
      log.error(
        { reason: outcome.detail, failures, next: outcome.nextAt },
        'storm data refresh failed; reports use the data stored before it, and it is tried again sooner',
      )
    return outcome
  }

  /** A refresh that threw (stopped by the shutdown, or the store failed): its outcome, logged. */
  function failedOutcome(err: unknown): RefreshOutcome {
    const stopped = err instanceof StoppedError
    const reason = err instanceof Error ? err.message : String(err)
    const nextAt = new Date(now().getTime() + backoffDelayMs(++failures, failedRefreshBackoff))
    if (stopped) log.info('storm data refresh stopped by the shutdown; the next start takes it up')
    else log.error({ reason }, 'storm data refresh failed; it is tried again sooner')
    return {
      ...emptyRefreshOutcome(nextAt),
      outcome: 'failed',
      detail: stopped ? 'stopped by the shutdown' : reason,
      problems: [reason],
    }
  }

  const scheduler = startScheduler<void, RefreshOutcome>({
    pass: () => refresh().catch(failedOutcome),
    resultOnError: failedOutcome,
    logger: log,
    errorMessage: 'storm data refresh failed; it is tried again sooner',
    intervalMs,
    nextAfter: (outcome) => outcome.nextAt,
    first: settings.on
      ? firstRunAt(db, new Date(now().getTime() + (opts.firstDelayMs ?? FIRST_REFRESH_DELAY_MS)))
      : 'never',
    now,
  })

  if (!settings.on) {
    log.info('storm data refresh is off (STORM_REFRESH); import files with site-admin storms import')
  } else {
    log.info(
      {
        next: scheduler.nextAt(),
        everyHours: settings.intervalHours,
        years: settings.years,
        states: settings.states,
        ncei: settings.nceiUrl,
        spc: settings.spcUrl,
        mesh: settings.meshUrl,
      },
      'storm data refresh scheduled',
    )
  }

  return {
    runOnce: () => scheduler.runOnce(),
    nextAt: () => (scheduler.isStopped() ? null : scheduler.nextAt()),
    stop() {
      stopping.abort()
      return scheduler.stop()
    },
  }
}

/**
 * When the first refresh after a start is due: soon when the store is empty, when the last
 * one did not finish (the worker stopped during it) or is overdue; else when the last one said.
 */
function firstRunAt(db: Db, soon: Date): Date {
  const last = readRefreshState(db)
  if (countStormEvents(db) === 0 || !last?.finishedAt || !last.nextAt) return soon
  const due = new Date(last.nextAt)
  return due > soon ? due : soon
}
