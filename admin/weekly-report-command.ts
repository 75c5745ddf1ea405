/**
 * `site-admin weekly-report send [--week <date>]`: the office's weekly report e-mailed now
 * (docs/lead-pipeline.md, "The office's week"), through the same code as the worker's
 * schedule; recorded as sent for its week, so the schedule does not send it again.
 * `leads report --send` is a permanent alias of it (report-command.ts).
 */
import { Option, type Command } from 'commander'
import { createMailer } from '../core/platform/mail/mailer'
import { readOfficeMail } from '../core/platform/mail/office-mail'
import { plural } from '../core/platform/words'
import {
  duration,
  lastFullWeek,
  sendWeeklyReport,
  weekBounds,
  weekContaining,
  weekOfIsoDate,
  weekSpan,
  type ReportWeek,
} from '../core/weekly-report'
import { AdminError, withDatabase, type AdminContext } from './context'
import { UsageError } from './format'

/** How long the mail server may take to accept the report. */
const SEND_TIMEOUT_MS = 30_000

export function addWeeklyReportCommands(program: Command, ctx: AdminContext): void {
  const weeklyReport = program
    .command('weekly-report')
    .description("the office's weekly report (the worker e-mails it on its own at WEEKLY_REPORT)")
  weeklyReport
    .command('send')
    .description(
      "e-mail the office's weekly report now (to LEAD_NOTIFY_TO, through SMTP_URL): the last full week, Monday to Monday, Denver time",
    )
    .addOption(new Option('--week <date>', 'the week that holds this date instead, e.g. 2026-11-16'))
    .addHelpText(
      'after',
      '\nThe week is recorded as sent, so the worker does not send it again.\n' +
        'Examples:\n' +
        '  docker compose exec web site-admin weekly-report send\n' +
        '  docker compose exec web site-admin weekly-report send --week 2026-11-16',
    )
    .action((opts: { week?: string }) => sendWeeklyReportNow(ctx, opts.week))
}

/** The week `--week` names: a full week that has ended. */
function chosenWeek(ctx: AdminContext, week: string | undefined): ReportWeek {
  const now = ctx.now()
  if (week === undefined) return lastFullWeek(now)
  const chosen = weekOfIsoDate(week.trim())
  if (!chosen) throw new UsageError(`--week takes a date as YYYY-MM-DD, e.g. 2026-11-16; not "${week}".`)
  if (chosen.end > now)
    throw new UsageError(
      `the week of ${weekSpan(chosen)} has not ended yet; the last full week starts on ${lastFullWeek(now).monday}${
        chosen.start > weekContaining(now).start ? '' : ' (leave out --week to send it)'
      }.`,
    )
  return chosen
}

/** Sends the report of the last full week, or of the week that holds `week` ('YYYY-MM-DD'), and says what went. */
export async function sendWeeklyReportNow(ctx: AdminContext, week: string | undefined): Promise<void> {
  const chosen = chosenWeek(ctx, week)
  const office = readOfficeMail(ctx.io.env)
  const mailer = createMailer(office.smtp, SEND_TIMEOUT_MS)
  try {
    await withDatabase(
      ctx.config(),
      async (db) => {
        const outcome = await sendWeeklyReport(db, {
          week: chosen,
          trigger: 'site-admin',
          mailer,
          from: office.smtp.from,
          to: office.to,
          now: ctx.now(),
        })
        if (outcome.kind === 'skipped')
          throw new AdminError('the weekly report was not sent (another send was in progress).')
        if (outcome.kind === 'failed')
          throw new AdminError(
            `the weekly report for the week of ${weekSpan(chosen)} was not sent: ${outcome.reason}. Check SMTP_URL (${office.smtp.safeUrl}) and that the mail server is up, then run this again.`,
          )
        const f = outcome.figures
        const speed = f.speed.medianMs === null ? '' : ` (median ${duration(f.speed.medianMs)})`
        ctx.out(
          [
            `Sent the weekly report to ${office.to.join(', ')}.`,
            `Week: ${weekSpan(chosen)} (${weekBounds()}).`,
            `Subject: ${outcome.mail.subject}`,
            `Figures: ${plural(f.leads, 'lead')} (the week before: ${f.previousLeads}); ${f.quarantined} held as spam, ${f.released} released; ${f.speed.timed} of ${f.leads} reached the office${speed}, ${f.speed.undelivered.length} not delivered.`,
            `Mail server: ${outcome.detail}`,
          ].join('\n'),
        )
      },
      { write: true },
    )
  } finally {
    mailer.close()
  }
}
