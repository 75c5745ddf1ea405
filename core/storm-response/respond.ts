/**
 * Answering a storm day (docs/storm-alerts.md): when a storm day's radar lands (the worker's
 * refresh or `site-admin storms import`), the worker finds the homes it hit and alerts the
 * homeowners who asked, then briefs the office.
 *
 * Each day is claimed by inserting its storm_responses row before anything else, so a day is
 * answered once whatever imports it again. A pass that crashed leaves its row unfinished; the
 * next pass after a few minutes takes it up again, and the alerts already sent are not sent
 * again (storm_alerts, alerts.ts). A day older than STORM_RESPONSE_MAX_AGE_DAYS when its radar
 * lands (the backfill of five years, an import of old files) is recorded as answered with no
 * alerts or briefing. A briefing the SMTP server did not take for a passing reason is tried
 * again on later passes, as alerts are. Logs name lead ids only: no address, name or e-mail.
 *
 * The pass reads time from the clock it is given (RespondDeps.clock): the placing budget too,
 * so a test can run the pass on a clock of its own.
 */
import { isoDate, localParts } from '../../shared/business-time'
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import type { Logger } from '../platform/logger'
import { sendStormBriefing, type BriefingDeps, type BriefingResult } from './briefing'
import {
  alertOutcomes,
  MAX_ALERT_ATTEMPTS,
  NO_SMTP,
  RETRY_STEP_MS,
  sendDueAlerts,
  sendStormAlerts,
  type AlertDeps,
} from './alerts'
import { homesHitOn, placeFallbackHomesAgain, placeUnplacedLeads, type Locate } from './places'
import { STORM_RESPONSE_MAX_AGE_DAYS, type StormResponse } from './types'

/** An unfinished day is taken up again once its pass has been quiet this long (it crashed). */
const RESUME_AFTER_MS = 5 * 60_000
/** Leads placed in one pass at most: a first run over years of leads is spread over passes. */
const PLACE_PER_PASS = 200
/** Leads placed by a pass with no storm day to answer: the geocoder is asked a few at a time. */
const PLACE_BETWEEN_STORMS = 10
/** Placing a lead asks the geocoder; a day waits at most this many placing steps for its homes. */
const MAX_PLACING_STEPS = 50
/** Homes placed by a fallback that a pass places again by their address, at most. */
const PLACE_AGAIN_PER_PASS = 3

const TOO_OLD = `older than ${STORM_RESPONSE_MAX_AGE_DAYS} days when its radar landed: no alerts or briefing`
const NO_HOME_HIT = 'no home the site knows was hit'

export interface RespondDeps {
  /** The hail size at a home that counts as a hit (STORM_ALERT_MIN_IN), in inches. */
  minIn: number
  locate: Locate
  alerts: Omit<AlertDeps, 'logger'>
  /** Undefined when SMTP_URL is unset: the briefing is recorded as skipped. */
  briefing: BriefingDeps | undefined
  logger: Logger
  /**
   * The pass's clock (the worker's, or a test's own). Without one, the time the pass was given
   * moves on with the real time elapsed.
   */
  clock?: () => Date
}

/** The day `days` before `day` (both YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - days)
  return d.toISOString().slice(0, 10)
}

/** The storm days to answer now: never started, or started and left unfinished by a crash. */
function daysToAnswer(db: Db, now: Date): string[] {
  const stale = new Date(now.getTime() - RESUME_AFTER_MS).toISOString()
  return (
    prepare(
      db,
      `SELECT d.day FROM radar_days d LEFT JOIN storm_responses r ON r.day = d.day
       WHERE r.day IS NULL OR (r.finished_at IS NULL AND r.started_at <= ?)
       ORDER BY d.day DESC`,
    ).all(stale) as { day: string }[]
  ).map((r) => r.day)
}

/** Takes the day; false when another pass took it first (and is not stale). */
function claimDay(db: Db, day: string, now: Date): boolean {
  const stale = new Date(now.getTime() - RESUME_AFTER_MS).toISOString()
  const iso = now.toISOString()
  return (
    db
      .transaction(() => {
        const inserted = prepare(
          db,
          'INSERT INTO storm_responses (day, started_at) VALUES (?, ?) ON CONFLICT (day) DO NOTHING',
        ).run(day, iso).changes
        if (inserted) return 1
        return prepare(
          db,
          'UPDATE storm_responses SET started_at = ? WHERE day = ? AND finished_at IS NULL AND started_at <= ?',
        ).run(iso, day, stale).changes
      })
      .immediate() === 1
  )
}

/** When a briefing that failed `attempts` times for a passing reason is tried again, or null: not again. */
function briefingRetryAt(b: BriefingResult, attempts: number, now: Date): string | null {
  if (b.status !== 'failed' || b.final || attempts >= MAX_ALERT_ATTEMPTS) return null
  return new Date(now.getTime() + attempts * RETRY_STEP_MS).toISOString()
}

function finishDay(db: Db, r: StormResponse & { briefing: BriefingResult }, now: Date): void {
  const attempts = r.briefing.status === 'skipped' ? 0 : 1
  prepare(
    db,
    `UPDATE storm_responses SET finished_at = ?, homes_hit = ?, alerts_sent = ?, briefing_status = ?, briefing_detail = ?,
       briefing_attempts = ?, briefing_retry_at = ?
     WHERE day = ?`,
  ).run(
    now.toISOString(),
    r.homesHit,
    r.alertsSent,
    r.briefing.status,
    r.briefing.detail,
    attempts,
    briefingRetryAt(r.briefing, attempts, now),
    r.day,
  )
}

/**
 * A pass waits at most this long for homes to be placed before it answers its storm days: an
 * install whose thousands of old leads were never placed (the geocoder answers in a second or
 * more) must not hold its first storm's alerts back for hours. The homes not placed by then are
 * placed a few a pass after, and count for the next storm day.
 */
const PLACING_BUDGET_MS = 60_000

/** The time a pass may place homes until, on its clock, and the clock in epoch ms. */
interface PlacingBudget {
  deadline: number
  ms: () => number
}

/** Places the leads not placed yet, a batch a step, until none is left, the steps or the time run out. */
async function placeLeads(db: Db, deps: RespondDeps, now: Date, budget: PlacingBudget): Promise<void> {
  for (let step = 0; step < MAX_PLACING_STEPS; step++) {
    const s = await placeUnplacedLeads(db, {
      locate: deps.locate,
      now,
      limit: PLACE_PER_PASS,
      deadline: budget.deadline,
      clock: budget.ms,
    })
    const outOfTime =
      s.stoppedAtDeadline ||
      (s.fromReports + s.located + s.unplaceable === PLACE_PER_PASS && budget.ms() >= budget.deadline)
    if (outOfTime) {
      deps.logger.warn(
        { seconds: PLACING_BUDGET_MS / 1000 },
        'storm day answered before every lead was placed: the rest are placed a few a pass, for the next storm day',
      )
      return
    }
    if (s.fromReports + s.located + s.unplaceable < PLACE_PER_PASS) return
  }
}

async function answerDay(
  db: Db,
  day: string,
  deps: RespondDeps,
  now: Date,
  budget: PlacingBudget,
): Promise<StormResponse & { briefing: BriefingResult }> {
  const today = isoDate(localParts(now))
  if (day < daysBefore(today, STORM_RESPONSE_MAX_AGE_DAYS))
    return { day, homesHit: 0, alertsSent: 0, briefing: { status: 'skipped', detail: TOO_OLD } }
  await placeLeads(db, deps, now, budget)
  const homes = homesHitOn(db, day, Math.round(deps.minIn * 254))
  const outcomes = await sendStormAlerts(db, day, homes, { ...deps.alerts, logger: deps.logger }, now)
  const alertsSent = [...outcomes.values()].filter((o) => o.status === 'sent').length
  const briefing = !homes.length
    ? { status: 'skipped' as const, detail: NO_HOME_HIT }
    : deps.briefing
      ? await sendStormBriefing(db, day, homes, outcomes, deps.briefing, now)
      : { status: 'skipped' as const, detail: NO_SMTP }
  return { day, homesHit: homes.length, alertsSent, briefing }
}

/**
 * Tries again the briefings that failed for a passing reason and are due: built anew from the
 * day's homes and its alerts' outcomes as they stand, with the same Message-ID.
 */
async function retryDueBriefings(db: Db, deps: RespondDeps, now: Date): Promise<void> {
  const due = prepare(
    db,
    `SELECT day, briefing_attempts FROM storm_responses
     WHERE briefing_status = 'failed' AND briefing_retry_at IS NOT NULL AND briefing_retry_at <= ?
     ORDER BY day`,
  ).all(now.toISOString()) as { day: string; briefing_attempts: number }[]
  for (const { day, briefing_attempts } of due) {
    const attempts = briefing_attempts + 1
    const homes = homesHitOn(db, day, Math.round(deps.minIn * 254))
    const briefing: BriefingResult = !deps.briefing
      ? { status: 'failed', detail: NO_SMTP, final: true }
      : await sendStormBriefing(db, day, homes, alertOutcomes(db, day), deps.briefing, now)
    prepare(
      db,
      `UPDATE storm_responses SET briefing_status = ?, briefing_detail = ?, briefing_attempts = ?, briefing_retry_at = ?
       WHERE day = ?`,
    ).run(briefing.status, briefing.detail, attempts, briefingRetryAt(briefing, attempts, now), day)
    if (briefing.status === 'failed')
      deps.logger.error(
        { day, reason: briefing.detail, attempts, final: briefingRetryAt(briefing, attempts, now) === null },
        "the storm day's briefing could not be sent",
      )
    else deps.logger.info({ day, attempts, briefing: briefing.status }, "the storm day's briefing was sent")
  }
}

/**
 * Places a few homes, answers every storm day not answered yet, newest first, and tries again
 * the alerts and briefings that failed earlier and are due. Returns what each day answered did.
 */
export async function respondToNewStormDays(db: Db, deps: RespondDeps, now: Date): Promise<StormResponse[]> {
  const log = deps.logger
  const answered: StormResponse[] = []
  const clock = deps.clock ?? movingOn(now)
  const budget: PlacingBudget = {
    deadline: clock().getTime() + PLACING_BUDGET_MS,
    ms: () => clock().getTime(),
  }
  // A few new leads each pass, so the homes are mostly placed before a storm needs them, and a
  // few homes a fallback placed, again by their address.
  await placeUnplacedLeads(db, {
    locate: deps.locate,
    now,
    limit: PLACE_BETWEEN_STORMS,
    deadline: budget.deadline,
    clock: budget.ms,
  })
  await placeFallbackHomesAgain(db, {
    locate: deps.locate,
    now,
    limit: PLACE_AGAIN_PER_PASS,
    deadline: budget.deadline,
    clock: budget.ms,
  })
  for (const day of daysToAnswer(db, now)) {
    if (!claimDay(db, day, now)) continue
    try {
      const response = await answerDay(db, day, deps, now, budget)
      finishDay(db, response, clock())
      const { final, ...briefing } = response.briefing
      answered.push({ ...response, briefing })
      log.info(
        {
          day,
          homesHit: response.homesHit,
          alertsSent: response.alertsSent,
          briefing: response.briefing.status,
          detail: response.briefing.detail,
        },
        'storm day answered',
      )
      if (briefing.status === 'failed')
        log.error(
          { day, reason: briefing.detail, final: final === true },
          final
            ? "the storm day's briefing could not be sent"
            : "the storm day's briefing could not be sent; a later pass tries again",
        )
    } catch (err) {
      // The row stays unfinished: a later pass takes the day up again.
      log.error({ err, day }, 'storm day could not be answered; a later pass tries again')
    }
  }
  await sendDueAlerts(db, { ...deps.alerts, logger: log }, now)
  await retryDueBriefings(db, deps, now)
  return answered
}

/** `start`, moving on with the real time elapsed since. */
function movingOn(start: Date): () => Date {
  const t0 = performance.now()
  return () => new Date(start.getTime() + (performance.now() - t0))
}
