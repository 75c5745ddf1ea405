/**
 * site-admin's `storms` commands: `import` (NOAA files by hand, for a machine without internet
 * or for old years) and `status` (what the store holds, and how the worker's last refresh went).
 * docs/storm-data.md says where the files come from.
 */
import path from 'node:path'
import type { Command } from 'commander'
import type { Db } from '../core/platform/db/connection'
import {
  importStormPath,
  parseStateList,
  stormStatus,
  type RefreshState,
  type WantedStates,
  StormFileError,
  type ImportSummary,
  type RadarDaySummary,
  type StormEvent,
  type StormStatus,
} from '../core/storms'
import { withDatabase, type AdminContext } from './context'
import { UsageError, formatTable, shortTime } from './format'

const IMPORT_HELP = `
Files are named as NOAA publishes them:
  StormEvents_details-ftp_v1.0_dYYYY_cYYYYMMDD.csv.gz (or .csv)
      NCEI Storm Events, final: https://www.ncei.noaa.gov/pub/data/swdi/stormevents/csvfiles/
  YYMMDD_rpts_hail.csv, YYMMDD_rpts_wind.csv, YYMMDD_rpts_torn.csv
      SPC storm reports, preliminary: https://www.spc.noaa.gov/climo/reports/
  MRMS_MESH_Max_1440min_00.50_YYYYMMDD-HHMMSS.grib2.gz (or .grib2)
      MRMS radar hail (MESH, 24-hour maximum), one storm day each: the file valid at the
      next Denver midnight (06:00Z in summer, 07:00Z in winter):
      https://noaa-mrms-pds.s3.amazonaws.com/index.html#CONUS/MESH_Max_1440min_00.50/
Each file is stored whole or not at all; importing a file again stores nothing new.
A damaged file is refused by name (exit status 1) and the others are still imported.`

const count = (n: number) => n.toLocaleString('en-US')

/** `--states CO,WY` or `--states all`. */
function parseStates(value: string): WantedStates {
  const parsed = parseStateList(value)
  if ('bad' in parsed)
    throw new UsageError(
      `--states "${value}" must be two-letter state codes separated by commas (e.g. CO,WY), or all.`,
    )
  return parsed.states
}

/** `FILE: storm day 2024-06-12, 1,204 cells of 0.5 in or more (largest 2.1 in), 3 dropped as radar artefacts` */
function radarLine(s: RadarDaySummary, file: string): string {
  if (!s.stored) return `${file}: storm day ${s.day} is stored already (from ${s.file}); nothing changed`
  const dropped = s.dropped.isolated + s.dropped.unsupported + s.dropped.beyondLimit
  return (
    `${file}: storm day ${s.day}, ${count(s.cells)} cell${s.cells === 1 ? '' : 's'} of 0.5 in or more` +
    `${s.cells ? ` (largest ${s.maxIn.toFixed(1)} in)` : ''}` +
    `${dropped ? `, ${count(dropped)} dropped as radar artefacts` : ''}`
  )
}

/** `FILE: read 70,213 rows, stored 1,204 new, 0 already stored, skipped 69,009 (68,950 other state, 59 no coordinates)` */
function importLine(s: ImportSummary): string {
  const reasons = Object.entries(s.skippedBy)
    .filter(([, n]) => n)
    .sort(([, a], [, b]) => b! - a!)
    .map(([reason, n]) => `${count(n!)} ${reason}`)
  return (
    `${s.file}: read ${count(s.read)} row${s.read === 1 ? '' : 's'}, stored ${count(s.stored)} new, ` +
    `${count(s.unchanged)} already stored, skipped ${count(s.skipped)}${reasons.length ? ` (${reasons.join(', ')})` : ''}`
  )
}

/**
 * Adds `storms import` and `storms status`; returns the `storms` command, so another file can
 * add its own sub-command to it (`storms report`).
 */
export function addStormCommands(program: Command, ctx: AdminContext): Command {
  const storms = program
    .command('storms')
    .description("NOAA's storm reports: import files by hand, show what the store holds and the last refresh")

  storms
    .command('import')
    .description(
      'import NOAA storm data files: NCEI Storm Events details (.csv, .csv.gz) and SPC report days',
    )
    .argument('<file...>', 'the files to import')
    .option(
      '--states <codes>',
      'keep only these states: two-letter codes (CO,WY) or all (default: STORM_STATES)',
    )
    .addHelpText('after', IMPORT_HELP)
    .action((files: string[], opts: { states?: string }) => {
      const states = opts.states === undefined ? ctx.config().stormStates : parseStates(opts.states)
      return withDatabase(ctx.config(), (db) => importFiles(ctx, db, files, states), { write: true })
    })

  storms
    .command('status')
    .description('events per source and year, the newest event, and the last refresh with its outcome')
    .action(() => withDatabase(ctx.config(), (db) => printStatus(ctx, db)))

  return storms
}

function importFiles(ctx: AdminContext, db: Db, files: readonly string[], states: WantedStates): void {
  const total = { stored: 0, radarDays: 0, refused: 0 }
  const scope = states === 'all' ? 'every state' : states.join(', ')
  ctx.out(`Importing ${files.length} file${files.length === 1 ? '' : 's'}, keeping ${scope}:`)
  for (const file of files) {
    try {
      // Each file is its own transaction: one refused file leaves the others (and the store) whole.
      const summary = importStormPath(db, file, { states, now: ctx.now() })
      if (summary.source === 'mrms') {
        total.radarDays += summary.stored ? 1 : 0
        ctx.out(radarLine(summary, path.basename(file)))
      } else {
        total.stored += summary.stored
        ctx.out(importLine(summary))
      }
    } catch (err) {
      if (!(err instanceof StormFileError)) throw err
      total.refused++
      ctx.io.stderr.write(`site-admin: refused ${err.message}; nothing of it was stored\n`)
    }
  }
  const imported = files.length - total.refused
  ctx.out(
    `${imported} of ${files.length} file${files.length === 1 ? '' : 's'} imported, ${count(total.stored)} new events stored` +
      (total.radarDays
        ? `, ${count(total.radarDays)} new storm day${total.radarDays === 1 ? '' : 's'}`
        : '') +
      (total.refused ? `; ${total.refused} refused (see above)` : ''),
  )
  if (total.refused) ctx.exitCode = 1
}

/** 'hail 1.75 in', 'wind 52 kt (MG)', 'tornado EF1'. */
function magnitudeText(e: StormEvent): string {
  if (e.kind === 'hail') return `hail ${e.hailIn} in`
  if (e.kind === 'wind') return e.windKt === null ? 'wind (speed unknown)' : `wind ${e.windKt} kt`
  return `tornado ${e.tornadoScale ?? ''}`.trim()
}

function refreshLine(r: RefreshState | undefined): string {
  if (!r) return 'Last refresh: never refreshed'
  if (!r.finishedAt)
    return `Last refresh: started ${shortTime(r.startedAt)} UTC, still running (or stopped before it ended)`
  const lines = [
    `Last refresh: ${r.outcome}, finished ${shortTime(r.finishedAt)} UTC (started ${shortTime(r.startedAt)})`,
  ]
  if (r.detail) lines.push(`  ${r.detail}`)
  if (r.nextAt) lines.push(`  next: ${shortTime(r.nextAt)} UTC`)
  return lines.join('\n')
}

function printStatus(ctx: AdminContext, db: Db): void {
  const status = stormStatus(db, ctx.now())
  const { nceiThrough, spcThrough } = status.through
  if (!status.total) {
    ctx.out("No storm events stored yet (site-admin storms import, or the worker's refresh, adds them).")
  } else {
    const label = { ncei: 'NCEI (final)', spc: 'SPC (preliminary)' }
    ctx.out(
      formatTable(
        ['SOURCE', 'YEAR (UTC)', 'EVENTS', 'HAIL', 'WIND', 'TORNADO'],
        status.years.map((y) => [
          label[y.source],
          String(y.year),
          count(y.events),
          count(y.hail),
          count(y.wind),
          count(y.tornado),
        ]),
      ),
    )
    ctx.out(`\n${count(status.total)} events in all.`)
    const n = status.newest!
    ctx.out(
      `Newest event: ${shortTime(n.beginAt.toISOString())} UTC, ${magnitudeText(n)}, ` +
        `${[n.place, n.countyZone, n.state].filter(Boolean).join(', ')} (${n.source === 'ncei' ? 'NCEI, final' : 'SPC, preliminary'})`,
    )
  }
  const files = status.files.map((f) => `${count(f.count)} ${f.source.toUpperCase()}`).join(', ')
  ctx.out(`Files imported: ${files || 'none'}`)
  ctx.out(
    `NCEI final data through: ${nceiThrough ?? 'none'}; SPC preliminary reports through: ${spcThrough ?? 'none'}`,
  )
  ctx.out(radarStatusLines(status.radar, status.refresh))
  ctx.out(refreshLine(status.refresh))
}

/** Radar: the first and last storm day, the report period's days without radar, and the days failing. */
function radarStatusLines(r: StormStatus['radar'], refresh: RefreshState | undefined): string {
  const lines: string[] = []
  if (!r.coverage)
    lines.push(
      `Radar hail (MRMS MESH): none stored yet; the report period wants ${r.period.first} to ${r.period.last}`,
    )
  else {
    lines.push(
      `Radar hail (MRMS MESH): ${count(r.coverage.days)} storm day${r.coverage.days === 1 ? '' : 's'}, first ${r.coverage.first}, last ${r.coverage.last}`,
    )
    if (!r.missing.length) lines.push(`  no day missing from ${r.period.first} to ${r.period.last}`)
    else {
      const shown = r.missing.slice(0, 10).join(', ')
      const more = r.missing.length > 10 ? ` and ${count(r.missing.length - 10)} more` : ''
      lines.push(
        `  ${count(r.missing.length)} day${r.missing.length === 1 ? '' : 's'} missing from ${r.period.first} to ${r.period.last}: ${shown}${more}` +
          (r.notAtNoaa ? ` (${count(r.notAtNoaa)} not at NOAA when the refresh asked)` : ''),
      )
    }
  }
  if (r.stopped)
    lines.push(
      `  STOPPED by the last refresh: ${r.stopped}` +
        (refresh?.nextAt ? `; the next refresh (${shortTime(refresh.nextAt)} UTC) starts again` : ''),
    )
  if (r.failed.length) {
    lines.push(
      `  ${count(r.failed.length)} day${r.failed.length === 1 ? '' : 's'} failed, asked for again at each refresh:`,
    )
    for (const f of r.failed.slice(0, 10))
      lines.push(
        `    ${f.day}: ${f.reason} (${f.failures === 1 ? 'once' : `${count(f.failures)} times`}, last ${shortTime(f.failedAt)} UTC)`,
      )
    if (r.failed.length > 10) lines.push(`    and ${count(r.failed.length - 10)} more`)
  }
  return lines.join('\n')
}
