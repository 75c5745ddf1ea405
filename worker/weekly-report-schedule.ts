/**
 * The worker's weekly report to the office (docs/lead-pipeline.md, "The office's week"): at
 * WEEKLY_REPORT (default Monday 08:00 on the office's clock, America/Denver) the report of the
 * week before goes to LEAD_NOTIFY_TO.
 *
 * The worker looks once a minute (and at start) what core/weekly-report/schedule.ts decides
 * for the clock and for what weekly_reports says was sent. The week is claimed in the
 * database before it is sent, so restarts and a second worker never send it twice; a worker
 * that was down at the time sends it when it is back, the same week. A send that fails (SMTP
 * down) is logged as an error and tried again every 15 minutes until the week is over.
 */
import type { Db } from '../core/platform/db/connection'
import {
  findWeeklyReport,
  decideWeeklyReport,
  describeSchedule,
  type WeeklyReportSchedule,
  sendWeeklyReport,
  type WeeklyReportOutcome,
} from '../core/weekly-report'
import type { Logger } from '../core/platform/logger'
import type { Mailer } from '../core/platform/mail/mailer'
import { startScheduler } from '../core/platform/scheduler'
const CHECK_EVERY_MS = 60_000

export interface WeeklyReportScheduleHandle {
  /** One look now (tests pass their clock): sends when due; null when nothing was due. */
  runOnce(now?: Date): Promise<WeeklyReportOutcome | null>
  stop(): Promise<void>
}

export function startWeeklyReportSchedule(opts: {
  db: Db
  logger: Logger
  schedule: WeeklyReportSchedule
  /** Undefined when the office e-mail is off (SMTP_URL or LEAD_NOTIFY_TO unset). */
  mail?: { mailer: Mailer; from: string; to: string[] }
  intervalMs?: number
  /** Tests: a clock of their own, and no pass until they ask. */
  now?: () => Date
  runAtStart?: boolean
}): WeeklyReportScheduleHandle {
  const log = opts.logger.child({ component: 'weekly-report' })
  const { schedule, mail, db } = opts
  if (!schedule.on || !mail) {
    log.info(
      !schedule.on
        ? 'the weekly report to the office is off (WEEKLY_REPORT=off); site-admin weekly-report send sends one'
        : 'the weekly report to the office is off: the office e-mail is not configured (SMTP_URL, LEAD_NOTIFY_TO)',
    )
    return { runOnce: async () => null, stop: async () => {} }
  }
  const clock = opts.now ?? (() => new Date())

  const pass = async (at?: Date): Promise<WeeklyReportOutcome | null> => {
    const now = at ?? clock()
    const decision = decideWeeklyReport(
      now,
      schedule,
      (monday) => findWeeklyReport(db, monday)?.status === 'sent',
    )
    if (decision.kind !== 'send') return null
    const outcome = await sendWeeklyReport(db, { ...mail, week: decision.week, trigger: 'schedule', now })
    const fields = { week: decision.week.monday, dueAt: decision.dueAt.toISOString(), late: decision.late }
    if (outcome.kind === 'sent')
      log.info(
        { ...fields, to: mail.to, leads: outcome.figures.leads, detail: outcome.detail },
        decision.late
          ? 'weekly report sent late (the worker was not running at its time)'
          : 'weekly report sent',
      )
    else if (outcome.kind === 'failed')
      log.error(
        { ...fields, to: mail.to, reason: outcome.reason },
        'weekly report could not be sent; trying again in 15 minutes',
      )
    return outcome
  }

  const loop = startScheduler<Date, WeeklyReportOutcome | null>({
    intervalMs: opts.intervalMs ?? CHECK_EVERY_MS,
    pass,
    resultOnError: null,
    logger: log,
    errorMessage: 'weekly report pass failed; the next pass tries again',
    first: (opts.runAtStart ?? true) ? 'now' : undefined,
  })
  const next = decideWeeklyReport(
    clock(),
    schedule,
    (monday) => findWeeklyReport(db, monday)?.status === 'sent',
  )
  log.info(
    {
      at: describeSchedule(schedule),
      to: mail.to,
      next: next.kind === 'wait' ? next.until.toISOString() : 'now',
    },
    'weekly report to the office scheduled',
  )
  return { runOnce: (now) => loop.runOnce(now), stop: () => loop.stop() }
}
