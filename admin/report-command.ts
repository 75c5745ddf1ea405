/**
 * `site-admin leads report`: the leads (not spam held in quarantine) counted by where they came
 * from (source, medium and campaign of the visit that sent the enquiry), landing page, form and
 * week, each with its share of the total; printed as tables, or as one CSV for a spreadsheet
 * ("what did the June hail campaign bring?"), and the bookings of the last full week as the
 * weekly report gives them (core/bookings/funnel.ts). Its --send is a permanent alias of
 * `weekly-report send` (weekly-report-command.ts): the office's scripts may call it by its first
 * name, and the repository has no releases to retire it in.
 */
import { Option, type Command } from 'commander'
import type { Db } from '../core/platform/db/connection'
import { countLeads, listLeads, type Lead, countBy, sourceKeyOf } from '../core/leads'
import { withDatabase, type AdminContext } from './context'
import { toCsv } from './csv'
import { formatTable, parseSince, shortTime, UsageError } from './format'
import { lastFullWeek, weekContaining, weekSpan } from '../core/weekly-report'
import { bookingFunnel, funnelText } from '../core/bookings'
import { formatOfficeTime } from '../shared/business-time'
import { landingPathOf } from './lead-source'
import { sendWeeklyReportNow } from './weekly-report-command'

/** The report's CSV columns: a row's section, the keys that section counts by, and the count. */
const REPORT_CSV_HEADER = [
  'section',
  'source',
  'medium',
  'campaign',
  'landing_page',
  'form',
  'week',
  'leads',
] as const
type KeyColumn = Exclude<(typeof REPORT_CSV_HEADER)[number], 'section' | 'leads'>

interface Section {
  /** The CSV's `section` value. */
  name: string
  /** The printed table's title. */
  title: string
  /** The columns this section counts by, in order. */
  columns: readonly KeyColumn[]
  keyOf(lead: Lead): readonly string[]
  /** The widest each key column is printed (an ellipsis cuts the rest). */
  widths: readonly number[]
}

const SECTIONS: readonly Section[] = [
  {
    name: 'source',
    title: 'By source / medium / campaign (of the visit that sent the enquiry)',
    columns: ['source', 'medium', 'campaign'],
    keyOf: (lead) => {
      const { source, medium, campaign } = sourceKeyOf(lead)
      return [source, medium, campaign]
    },
    widths: [28, 20, 40],
  },
  {
    name: 'landing_page',
    title: 'By landing page',
    columns: ['landing_page'],
    keyOf: (lead) => [landingPathOf(lead)],
    widths: [60],
  },
  { name: 'form', title: 'By form', columns: ['form'], keyOf: (lead) => [lead.form], widths: [28] },
  {
    name: 'week',
    // The weekly e-mail's weeks: Monday to Monday on the office's clock, named by that Monday.
    title: 'By week (Monday, Denver time)',
    columns: ['week'],
    keyOf: (lead) => [weekContaining(new Date(lead.createdAt)).monday],
    widths: [10],
  },
]

/** A share of the total, rounded to a whole per cent: '42%'. */
function share(count: number, total: number): string {
  return `${Math.round((count / total) * 100)}%`
}

export function addReportCommand(leads: Command, ctx: AdminContext): void {
  leads
    .command('report')
    .description(
      'leads counted by source / medium / campaign, landing page, form and week, each with its share (spam in quarantine not counted)',
    )
    .addOption(
      new Option(
        '--since <age|date>',
        'only leads from this age or date on: 30m, 24h, 7d, 2w or 2026-01-31 (default: all)',
      ),
    )
    .option('--csv', `one CSV on standard output instead (columns ${REPORT_CSV_HEADER.join(', ')})`)
    .option('--bom', 'with --csv: start with a UTF-8 byte order mark (for Excel)')
    .option(
      '--send',
      'the same as site-admin weekly-report send (a permanent alias): e-mail the office the weekly report now',
    )
    .addOption(
      new Option('--week <date>', 'with --send: the week that holds this date instead, e.g. 2026-11-16'),
    )
    .addHelpText(
      'after',
      '\nSource, medium and campaign are those of the visit that sent the enquiry (its UTM values,\n' +
        'an ad click id or the referrer): "(none)" where the visit had none, "(not recorded)" for\n' +
        'leads stored without their source. Weeks start on Monday, Denver time, as in the weekly e-mail.\n' +
        'Examples:\n' +
        '  docker compose exec web site-admin leads report --since 30d\n' +
        '  docker compose exec -T web site-admin leads report --since 2026-06-01 --csv --bom > report.csv\n' +
        '  docker compose exec web site-admin weekly-report send --week 2026-11-16',
    )
    .action((opts: { since?: string; csv?: boolean; bom?: boolean; send?: boolean; week?: string }) => {
      if (opts.send) return sendReport(ctx, opts)
      if (opts.week) throw new UsageError('--week chooses the week that --send e-mails; add --send.')
      const since = opts.since ? parseSince(opts.since, ctx.now()) : null
      return withDatabase(ctx.config(), (db) =>
        opts.csv ? printReportCsv(ctx, db, since, opts.bom) : printReport(ctx, db, since, opts.since),
      )
    })
}

function noLeads(since: Date | null): string {
  return since ? `No leads since ${since.toISOString()}.` : 'No leads.'
}

function printReport(ctx: AdminContext, db: Db, since: Date | null, sinceOption?: string): void {
  const leads = listLeads(db, { since, limit: null })
  const quarantined = countLeads(db, since, { quarantine: true })
  const list = `site-admin leads list --spam${sinceOption ? ` --since ${sinceOption.replace(/\s+/g, '')}` : ''}`
  const spam = quarantined
    ? `${quarantined} held as spam in quarantine, not counted (${list}).`
    : 'Spam held in quarantine is not counted.'
  if (!leads.length) return ctx.out(`${noLeads(since)} ${spam}`)
  const total = leads.length
  // listLeads returns the newest first.
  const newest = `${shortTime(leads[0]!.createdAt)} UTC`
  const span = since
    ? `since ${shortTime(since.toISOString())} UTC (newest ${newest})`
    : `all time (${shortTime(leads[total - 1]!.createdAt)} to ${newest})`
  const blocks = [`${total} lead${total === 1 ? '' : 's'} ${span}. ${spam}`]
  for (const section of SECTIONS) {
    const counts = countBy(leads, section.keyOf)
    blocks.push(
      `${section.title}\n${formatTable(
        [...section.columns.map((c) => c.replace('_', ' ').toUpperCase()), 'LEADS', 'SHARE'],
        counts.map((c) => [...c.key, String(c.leads), share(c.leads, total)]),
        section.widths,
      )}`,
    )
  }
  blocks.push(bookingsBlock(db, ctx.now()))
  ctx.out(blocks.join('\n\n'))
}

/** The weekly report's bookings, of the last full week beside the week before (core/bookings/funnel.ts). */
function bookingsBlock(db: Db, now: Date): string {
  const week = lastFullWeek(now)
  const before = weekContaining(new Date(week.start.getTime() - 1))
  return [
    `Bookings of the leads of the week of ${weekSpan(week)} (Monday to Monday, Denver time)`,
    ...funnelText(bookingFunnel(db, week, before), formatOfficeTime),
  ].join('\n')
}

function printReportCsv(ctx: AdminContext, db: Db, since: Date | null, bom?: boolean): void {
  const leads = listLeads(db, { since, limit: null })
  // An empty report is still a CSV (its header), so a script that saves it gets a file.
  if (!leads.length) ctx.io.stderr.write(`${noLeads(since)}\n`)
  const rows = SECTIONS.flatMap((section) =>
    countBy(leads, section.keyOf).map((count) => {
      const cells: Record<string, string | number> = { section: section.name, leads: count.leads }
      section.columns.forEach((column, i) => (cells[column] = count.key[i] ?? ''))
      return REPORT_CSV_HEADER.map((column) => cells[column] ?? '')
    }),
  )
  ctx.io.stdout.write(toCsv(REPORT_CSV_HEADER, rows, { bom }))
}

/** `leads report --send`: `weekly-report send` under its first name, kept for good. */
async function sendReport(
  ctx: AdminContext,
  opts: { since?: string; csv?: boolean; week?: string },
): Promise<void> {
  if (opts.since || opts.csv)
    throw new UsageError(
      '--send e-mails the weekly report of one week; it takes --week, not --since or --csv.',
    )
  await sendWeeklyReportNow(ctx, opts.week)
}
