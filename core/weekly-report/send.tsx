/**
 * Sending the weekly report, one path for the worker's schedule and `site-admin leads report
 * --send`: claim the week in weekly_reports, read its figures, render the e-mail, send it over
 * the office's SMTP connection, and record how it ended.
 */
import { render } from '@react-email/render'
import type { Db } from '../platform/db/connection'
import { claimWeeklyReport, finishWeeklyReport, type WeeklyReportTrigger } from './store'
import type { Mailer, OutgoingMail } from '../platform/mail/mailer'
import { domainOf } from '../platform/mail/smtp'
import { toHeaderText } from '../platform/mail/text'
import { weeklyFigures, type WeeklyFigures } from './figures'
import type { ReportWeek } from './schedule'
import { WeeklyReportEmail } from './WeeklyReportEmail'
import { reportSubject, reportText } from './words'

/** A claim older than this belongs to a worker that died mid-send: the week is sent again. */
const STALE_CLAIM_MS = 10 * 60_000
/** After a failed send (SMTP down), the schedule tries again this much later. */
const RETRY_AFTER_FAILURE_MS = 15 * 60_000

/**
 * The e-mail: to the office's addresses, its text part written from the figures (words.ts),
 * its HTML part rendered from the same figures. The scheduled report's Message-ID is one per
 * week, so a copy sent again after a crash is threaded or dropped by the mail client; one sent
 * on request gets its own, so the office sees it.
 */
export async function buildWeeklyReportMail(
  f: WeeklyFigures,
  opts: { from: string; to: string[]; trigger: WeeklyReportTrigger; now: Date },
): Promise<OutgoingMail> {
  const domain = domainOf(opts.from)
  const once = opts.trigger === 'schedule' ? '' : `-${opts.now.getTime()}`
  return {
    from: opts.from,
    to: opts.to,
    subject: toHeaderText(reportSubject(f), 150),
    messageId: `<weekly-report-${f.week.monday}${once}@${domain}>`,
    html: await render(<WeeklyReportEmail f={f} />),
    text: reportText(f),
    // An automatic message: mail servers send no out-of-office replies to it.
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
  }
}

export type WeeklyReportOutcome =
  /** Already sent (or being sent by another process): nothing was done. */
  | { kind: 'skipped' }
  | { kind: 'sent'; figures: WeeklyFigures; mail: OutgoingMail; detail: string }
  | { kind: 'failed'; figures: WeeklyFigures; reason: string }

/** Sends the report of `week` to `to`, unless the schedule finds it sent or in hand already. */
export async function sendWeeklyReport(
  db: Db,
  opts: {
    week: ReportWeek
    trigger: WeeklyReportTrigger
    mailer: Mailer
    from: string
    to: string[]
    now: Date
  },
): Promise<WeeklyReportOutcome> {
  const { week, now } = opts
  const claimed = claimWeeklyReport(db, {
    week: week.monday,
    trigger: opts.trigger,
    now,
    staleAfterMs: STALE_CLAIM_MS,
    retryAfterMs: RETRY_AFTER_FAILURE_MS,
  })
  if (!claimed) return { kind: 'skipped' }
  let figures: WeeklyFigures | undefined
  try {
    figures = weeklyFigures(db, week)
    const mail = await buildWeeklyReportMail(figures, opts)
    const outcome = await opts.mailer.send(mail)
    if (outcome.kind === 'sent') {
      finishWeeklyReport(db, {
        week: week.monday,
        status: 'sent',
        detail: outcome.detail,
        recipients: opts.to,
        now,
      })
      return { kind: 'sent', figures, mail, detail: outcome.detail }
    }
    finishWeeklyReport(db, {
      week: week.monday,
      status: 'failed',
      detail: outcome.reason,
      recipients: opts.to,
      now,
    })
    return { kind: 'failed', figures, reason: outcome.reason }
  } catch (err) {
    // A claim never stays "sending" because of a bug or a bad row: the week can be tried again.
    const reason = err instanceof Error ? err.message : String(err)
    finishWeeklyReport(db, { week: week.monday, status: 'failed', detail: reason, recipients: opts.to, now })
    if (figures) return { kind: 'failed', figures, reason }
    throw err
  }
}
