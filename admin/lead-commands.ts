/**
 * site-admin's `leads` commands: list, show, export and retry here; the quarantine's (`list --spam`,
 * `not-spam`) in spam-commands.ts, `report` in report-command.ts.
 */
import { Option, type Command } from 'commander'
import {
  CONSENT_FIELD_NAMES,
  CONSENT_FIELDS,
  LEAD_FIELD_NAMES,
  LEAD_FIELDS,
  summarize,
} from '../shared/lead-fields'
import type { Db } from '../core/platform/db/connection'
import { countLeads, isQuarantined, listLeads, type ListedLead } from '../core/leads'
import { findOneLead, withDatabase, type AdminContext } from './context'
import { toCsv } from './csv'
import { readDeliveryState, retryFailedNotifications } from './delivery-state'
import { formatTable, parseLimit, parseSince, shortTime } from './format'
import { sourceLines } from './lead-source'
import { addReportCommand } from './report-command'
import { addNotSpamCommand, describeSpam, printQuarantine, quarantineLine } from './spam-commands'
import { addSpamDigestCommand } from './digest-command'
import { findOfficeActions } from '../core/spam'
import { addMarkCommand, leadLifeLines } from './booking-commands'
import { consentWords } from '../core/storm-response'

const DEFAULT_LIST_LIMIT = 50
/** The CSV's column of whether a ticked storm alerts box was confirmed (after storm_alerts_words). */
const STORM_ALERTS_CONSENT_COLUMN = 'storm_alerts_confirmed'

const sinceOption = () =>
  new Option('--since <age|date>', 'only leads from this age or date on: 30m, 24h, 7d, 2w or 2026-01-31')

export function addLeadCommands(program: Command, ctx: AdminContext): void {
  const leads = program
    .command('leads')
    .description('list, show, export, report, retry and mark leads; list and release spam held in quarantine')

  leads
    .command('list')
    .description(
      'the newest leads first, with how far each got (queued, recorded by the worker, each notification)',
    )
    .addOption(sinceOption())
    .option('--limit <n>', 'show at most this many', String(DEFAULT_LIST_LIMIT))
    .option('--all', 'show every lead (no limit)')
    .option(
      '--spam',
      'list the spam held in quarantine instead (score and why); site-admin leads not-spam <id> releases one',
    )
    .addHelpText(
      'after',
      '\nSpam held in quarantine is not listed with the leads; a line after the table says how many there are.',
    )
    .action((opts: { since?: string; limit: string; all?: boolean; spam?: boolean }) => {
      const since = opts.since ? parseSince(opts.since, ctx.now()) : null
      const limit = opts.all ? null : parseLimit(opts.limit)
      return withDatabase(ctx.config(), (db) =>
        opts.spam ? printQuarantine(ctx, db, since, limit) : printLeadList(ctx, db, since, limit, opts.since),
      )
    })

  leads
    .command('show')
    .description(
      'every field of one lead, where it came from, its spam score, how far it got, its state and its history',
    )
    .argument('<id>', 'the lead id (the first 8 characters are enough)')
    .action((id: string) => withDatabase(ctx.config(), (db) => printLead(ctx, findOneLead(db, id), db)))

  leads
    .command('export')
    .description(
      'every lead as CSV (RFC 4180, a header row) on standard output, oldest first, with its source and spam score (spam in quarantine left out)',
    )
    .addOption(sinceOption())
    .option('--bom', 'start with a UTF-8 byte order mark (for Excel)')
    .addHelpText(
      'after',
      '\nExample: docker compose exec -T web site-admin leads export --since 30d > leads.csv\n' +
        'Cells starting with = + - @ get a leading apostrophe, so a spreadsheet shows them as text.',
    )
    .action((opts: { since?: string; bom?: boolean }) => {
      const since = opts.since ? parseSince(opts.since, ctx.now()) : null
      return withDatabase(ctx.config(), (db) => {
        const { header, rows } = leadsAsCsv(db, since, ctx.now())
        ctx.io.stdout.write(toCsv(header, rows, { bom: opts.bom }))
      })
    })

  leads
    .command('retry')
    .description('give failed notifications another try (all of them, or those of one lead)')
    .argument('[id]', 'only this lead (the first 8 characters of its id are enough)')
    .action((id: string | undefined) =>
      withDatabase(
        ctx.config(),
        (db) => {
          const lead = id === undefined ? undefined : findOneLead(db, id)
          const outcome = retryFailedNotifications(db, ctx.now(), lead)
          ctx.out(outcome.lines.join('\n'))
          if (!outcome.ok) ctx.exitCode = 1
        },
        { write: true },
      ),
    )

  addMarkCommand(leads, ctx)
  addNotSpamCommand(leads, ctx)
  addSpamDigestCommand(leads, ctx)
  addReportCommand(leads, ctx)
}

function printLeadList(
  ctx: AdminContext,
  db: Db,
  since: Date | null,
  limit: number | null,
  sinceOption: string | undefined,
): void {
  const rows = listLeads(db, { since, limit })
  const total = countLeads(db, since)
  const scope = since ? ` since ${since.toISOString()}` : ''
  const spam = quarantineLine(db, since, sinceOption)
  if (!rows.length) return ctx.out(spam ? `No leads${scope}.\n${spam}` : `No leads${scope}.`)
  const delivery = readDeliveryState(db, rows)
  const header = [
    'ID',
    'CREATED (UTC)',
    'FORM',
    'NAME',
    'SOURCE',
    'DUPLICATE OF',
    'QUEUED',
    ...delivery.columns.map((c) => c.label.toUpperCase()),
  ]
  const table = rows.map((lead) => {
    const values = delivery.values(lead)
    return [
      lead.id,
      shortTime(lead.createdAt),
      lead.form,
      `${lead.firstName} ${lead.lastName}`,
      lead.sourcePath ?? '',
      lead.duplicateOf ? lead.duplicateOf.slice(0, 8) : '',
      lead.enqueuedAt ? 'yes' : `pending (${lead.enqueueAttempts} tries)`,
      ...delivery.columns.map((c) => (c.time ? shortTime(values[c.key]) : values[c.key]) || 'not yet'),
    ]
  })
  ctx.out(formatTable(header, table, [Infinity]))
  ctx.out(
    rows.length < total
      ? `\n${rows.length} of ${total} leads${scope}, newest first (--limit <n> or --all for more).`
      : `\n${total} lead${total === 1 ? '' : 's'}${scope}, newest first.`,
  )
  if (spam) ctx.out(spam)
}

function printLead(ctx: AdminContext, lead: ListedLead, db: Db): void {
  const delivery = readDeliveryState(db, [lead])
  const values = delivery.values(lead)
  const fields: [string, string][] = [
    ['id', lead.id],
    ['created', lead.createdAt],
    ['form', lead.form],
    ['form type', lead.formType],
    // The lead's own fields, as the office e-mail shows them (shared/lead-fields.ts).
    // A ticked storm alerts box says whether its address confirmed (core/storm-response/consent.ts).
    ...summarize(lead, { stormAlerts: consentWords(db, lead, ctx.now()) }).map((row): [string, string] => [
      row.label.toLowerCase(),
      row.value || '(none)',
    ]),
    ['source page', lead.sourcePath ?? '(unknown)'],
    // Where the visit came from (shared/attribution.ts), then the values as stored.
    ...sourceLines(lead),
    ['spam', describeSpam(lead)],
    // What the office did through its links (core/spam/quarantine.ts), with the time; no line when nothing.
    ...findOfficeActions(db, lead.id).map((a): [string, string] => [
      'office',
      a.action === 'spam'
        ? `marked as spam at ${a.actedAt} (This is spam link)`
        : `released at ${a.actedAt} (Not spam link in the digest)`,
    ]),
    ['duplicate of', lead.duplicateOf ?? 'no (first enquiry from this e-mail in 24 h)'],
    [
      'queued',
      lead.enqueuedAt
        ? lead.enqueuedAt
        : isQuarantined(lead)
          ? `no: held as spam (site-admin leads not-spam ${lead.id.slice(0, 8)} releases it)`
          : `not yet (${lead.enqueueAttempts} tries; next ${lead.nextAttemptAt ?? 'soon'})`,
    ],
    ...delivery.columns.map((c): [string, string] => [c.label, values[c.key] || 'not yet']),
  ]
  if (lead.receipt) fields.push(['worker job', `${lead.receipt.jobId} (${lead.receipt.runs} runs)`])
  // Its life after the form (docs/bookings.md): state, history, bookings, the office's notices.
  fields.push(...leadLifeLines(db, lead))
  const width = Math.max(...fields.map(([k]) => k.length))
  ctx.out(
    fields
      .map(([k, v]) => `${k.padEnd(width)}  ${v.replace(/\r?\n/g, `\n${' '.repeat(width + 2)}`)}`)
      .join('\n'),
  )
}

/** The CSV export's header and rows: every lead since `since`, oldest first; its fields by the lead-field table. */
function leadsAsCsv(
  db: Db,
  since: Date | null,
  now: Date,
): { header: string[]; rows: (string | number | null)[][] } {
  const leads = listLeads(db, { since, limit: null }).reverse()
  const delivery = readDeliveryState(db, leads)
  const header = [
    'id',
    'created_at',
    'form_type',
    'form',
    ...LEAD_FIELD_NAMES.map((name) => LEAD_FIELDS[name].column),
    ...CONSENT_FIELD_NAMES.flatMap((name) => [CONSENT_FIELDS[name].column, CONSENT_FIELDS[name].wordsColumn]),
    STORM_ALERTS_CONSENT_COLUMN,
    'source_path',
    'duplicate_of',
    'spam_score',
    'queued_at',
    ...delivery.columns.map((c) => c.key),
  ]
  const rows = leads.map((lead) => {
    const values = delivery.values(lead)
    return [
      lead.id,
      lead.createdAt,
      lead.formType,
      lead.form,
      ...LEAD_FIELD_NAMES.map((name) => lead[name] ?? null),
      // A box as stored (1 ticked, 0 not) and the words it was ticked with, as the columns hold them.
      ...CONSENT_FIELD_NAMES.flatMap((name) => [lead[name] ? 1 : 0, lead[`${name}Words`]]),
      // Whether a ticked storm alerts box was confirmed: 'asked, not confirmed', 'confirmed' ('' when not ticked).
      lead.stormAlerts ? consentWords(db, lead, now) : '',
      lead.sourcePath,
      lead.duplicateOf,
      lead.spamScore,
      lead.enqueuedAt,
      ...delivery.columns.map((c) => values[c.key] ?? null),
    ]
  })
  return { header, rows }
}
