/**
 * The storm data refresh's work (docs/storm-data.md): downloading NOAA's files and importing
 * them into the store. The worker runs it on its timer (worker/storms/refresh.ts), records it and
 * decides when the next one is due.
 *
 * 1. NCEI: reads NOAA NCEI's Storm Events directory listing and, for each of the last STORM_YEARS
 *    years, downloads the details file with the newest compile date (the `c` date changes
 *    whenever NCEI recompiles a year, so the name is found in the listing, never built), unless
 *    that exact file is imported already;
 * 2. SPC: downloads NOAA SPC's daily reports for every day after NCEI's newest month up to
 *    yesterday (UTC), so the preliminary reports start where the final records end and no day
 *    falls between them. A day already imported is skipped, but for the last 3: preliminary
 *    reports are still being added to (the store keeps each report once). A 404 is a day not
 *    published yet;
 * 3. radar: downloads NOAA's MRMS MESH radar hail file of every storm day of the report's period
 *    not stored yet (MRMS_MESH_URL; the first refresh backfills 5 years), see refreshRadar. A day
 *    that fails is noted and asked for again later; only several in a row stop the step.
 *
 * Each download has a timeout and a size limit, and is tried again after a failure (1, 2 and
 * 4 s; core/platform/download.ts). Which files and days are wanted is ncei.ts's, spc.ts's and
 * radar/plan.ts's. Importing a file is one synchronous transaction on a turn of its own, so the
 * lead worker gets its turns between files.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Backoff } from '../platform/backoff'
import type { Db } from '../platform/db/connection'
import { download as downloadWithRetries, DownloadError, StoppedError } from '../platform/download'
import type { Logger } from '../platform/logger'
import { plural as counted } from '../platform/words'
import { importedFiles, stormDataThrough } from './coverage'
import { importRadarFile, importStormFile } from './import'
import { newestDetailsFiles } from './ncei'
import { meshFileNameForDay, MESH_MAX_FILE_BYTES } from './radar/mesh-file'
import { plannedStormDays, RADAR_FAILURES_IN_A_ROW } from './radar/plan'
import {
  missingStormDays,
  radarFailures,
  recordRadarFailure,
  recordRadarMissing,
  storedStormDays,
} from './radar/store'
import { planSpcDays } from './spc'
import { StormFileError, type ImportSummary } from './types'

/** A failed download is tried again this many times, after 1, 2 and 4 s. */
const FETCH_RETRIES = 3
export const FETCH_BACKOFF: Backoff = { baseMs: 1000, maxMs: 4000 }

/** What the refresh downloads, from where, and within which limits (docs/configuration.md). */
export interface StormDataSources {
  states: readonly string[] | 'all'
  years: number
  /** The NCEI Storm Events directory, ending with a slash. */
  nceiUrl: string
  /** The SPC reports' base URL, ending with a slash. */
  spcUrl: string
  /**
   * The MRMS MESH files' base URL (a folder a UTC date below it), ending with a slash; null
   * skips the radar step (the tests of the other steps).
   */
  meshUrl: string | null
  fetchTimeoutMs: number
  fetchMaxBytes: number
}

/** What one refresh did. */
export interface RefreshOutcome {
  outcome: 'ok' | 'failed'
  /** In words, as recorded: 'imported 2 NCEI files (1,204 events), 35 SPC days (88 events); 3 days not published yet'. */
  detail: string
  nextAt: Date
  /** The NCEI files imported by this run. */
  ncei: ImportSummary[]
  /** The SPC report days imported by this run ('YYYY-MM-DD'). */
  spcDays: string[]
  /** Reports stored from those days (a report already stored is not counted again). */
  spcEvents: number
  /** SPC report days without a file yet ('YYYY-MM-DD'). */
  notPublished: string[]
  /** Radar storm days stored by this run, and days NOAA did not have (Denver dates). */
  radarDays: string[]
  radarMissing: string[]
  /** Storm days whose radar file could not be fetched or read, with why: each is asked for again later. */
  radarFailed: { day: string; reason: string }[]
  /** Why the radar step stopped early (several days failed in a row), when it did. */
  radarStopped: string | undefined
  /** What went wrong, one line per failed step (empty when ok). */
  problems: string[]
}

/** What one refresh works with. */
export interface RefreshContext {
  db: Db
  settings: StormDataSources
  log: Logger
  now: () => Date
  fetchBackoff: Backoff
  /** Aborted by stop(): a download under way ends, and nothing more is fetched or stored. */
  stopped: AbortSignal
}

function checkStopped(ctx: RefreshContext): void {
  if (ctx.stopped.aborted) throw new StoppedError()
}

/**
 * Downloads a URL within the settings' limits (or a smaller size limit of its own, named in the
 * refusal), trying again after a failure; 'missing' for a 404.
 */
function download(
  ctx: RefreshContext,
  url: string,
  what: string,
  limit?: { maxBytes: number; named: string },
): Promise<Buffer | 'missing'> {
  const own = limit && limit.maxBytes < ctx.settings.fetchMaxBytes
  return downloadWithRetries(url, what, {
    timeoutMs: ctx.settings.fetchTimeoutMs,
    maxBytes: own ? limit.maxBytes : ctx.settings.fetchMaxBytes,
    timeoutSetting: 'STORM_FETCH_TIMEOUT_MS',
    maxBytesSetting: own ? limit.named : 'STORM_FETCH_MAX_BYTES',
    retries: FETCH_RETRIES,
    backoff: ctx.fetchBackoff,
    stopped: ctx.stopped,
    onRetry: ({ url, attempt, waitMs, reason }) =>
      ctx.log.warn({ url, attempt, waitMs, reason }, 'storm data download failed; trying again'),
  })
}

/** Imports one downloaded file on a turn of its own; a damaged file is refused whole and noted. */
async function importDownloaded(
  ctx: RefreshContext,
  outcome: RefreshOutcome,
  name: string,
  content: Buffer,
): Promise<ImportSummary | undefined> {
  // The lead worker gets a turn before each file's (synchronous) transaction.
  await nextTurn()
  checkStopped(ctx)
  try {
    return importStormFile(ctx.db, name, content, { states: ctx.settings.states, now: ctx.now() })
  } catch (err) {
    // The store stays as it was; the other files go on.
    outcome.problems.push(err instanceof Error ? err.message : String(err))
    return undefined
  }
}

async function refreshNcei(ctx: RefreshContext, outcome: RefreshOutcome): Promise<void> {
  const { settings } = ctx
  const listing = await download(ctx, settings.nceiUrl, 'NCEI directory listing')
  if (listing === 'missing') throw new DownloadError('NCEI directory listing: not found (404)', false)
  const newest = newestDetailsFiles(listing.toString('utf8'))
  const thisYear = ctx.now().getUTCFullYear()
  const have = new Set(importedFiles(ctx.db, 'ncei'))
  // The newest years first: they matter most to a report, and a failure later leaves them in.
  for (let year = thisYear; year > thisYear - settings.years; year--) {
    const name = newest.get(year)
    if (!name) {
      // NCEI starts a year's file a few months into it; older years are always there.
      if (year < thisYear) outcome.problems.push(`NCEI listing has no details file for ${year}`)
      continue
    }
    if (have.has(name)) continue
    const content = await download(ctx, new URL(name, settings.nceiUrl).href, name)
    if (content === 'missing') throw new DownloadError(`${name}: listed, but not found (404)`, false)
    const summary = await importDownloaded(ctx, outcome, name, content)
    if (summary) outcome.ncei.push(summary)
  }
}

async function refreshSpc(ctx: RefreshContext, outcome: RefreshOutcome): Promise<void> {
  const { nceiThrough } = stormDataThrough(ctx.db)
  // Without NCEI's records there is no day for SPC's reports to start from; the next
  // refresh, with NCEI's files in, fills the days after them.
  if (!nceiThrough) return
  for (const { day, files } of planSpcDays(nceiThrough, ctx.now(), new Set(importedFiles(ctx.db, 'spc')))) {
    const contents = await Promise.all(
      files.map((name) => download(ctx, `${ctx.settings.spcUrl}${name}`, name)),
    )
    let imported = false
    for (const [i, content] of contents.entries()) {
      if (content === 'missing') continue
      const summary = await importDownloaded(ctx, outcome, files[i]!, content)
      if (!summary) continue
      outcome.spcEvents += summary.stored
      imported = true
    }
    if (imported) outcome.spcDays.push(day)
    if (contents.includes('missing')) outcome.notPublished.push(day)
  }
}

/** A radar file's progress is logged every this many days of a long backfill. */
const RADAR_PROGRESS_EVERY = 50

/** What asking for one storm day's radar file came to. */
type RadarDayResult = { kind: 'stored' | 'had' | 'missing' } | { kind: 'failed'; reason: string }

/**
 * One storm day's radar file: downloaded (at most MESH_MAX_FILE_BYTES), then decoded and stored
 * on a turn of its own. A download that fails for good (a 403, a file over the limit, no answer
 * after the retries) or a file the decoder refuses is the day's failure, returned, not thrown:
 * it never ends the backfill by itself. A stop (the shutdown) and a failing store still throw.
 */
async function fetchRadarDay(ctx: RefreshContext, meshUrl: string, day: string): Promise<RadarDayResult> {
  const file = meshFileNameForDay(day)
  let content: Buffer | 'missing'
  try {
    content = await download(ctx, `${meshUrl}${file.dir}/${file.name}`, file.name, {
      maxBytes: MESH_MAX_FILE_BYTES,
      named: `a MESH file's limit, ${MESH_MAX_FILE_BYTES / 1024 / 1024} MB`,
    })
  } catch (err) {
    if (err instanceof DownloadError) return { kind: 'failed', reason: err.message }
    throw err
  }
  if (content === 'missing') {
    recordRadarMissing(ctx.db, day, 'not found (404)', ctx.now())
    return { kind: 'missing' }
  }
  await nextTurn()
  checkStopped(ctx)
  try {
    return { kind: importRadarFile(ctx.db, file.name, content, ctx.now()).stored ? 'stored' : 'had' }
  } catch (err) {
    if (err instanceof StormFileError) return { kind: 'failed', reason: err.message }
    throw err
  }
}

/**
 * 3. Radar hail: every storm day of the report's period not stored yet, newest first (the
 * first run backfills 5 years, some 1,800 files of 80–250 KB); a day NOAA does not have is
 * noted and asked for again later (core/storms/radar/plan.ts). Each file is decoded and stored
 * on a turn of its own, so the lead worker gets its turns between them. A day whose file fails
 * is noted with its reason (radar_failures) and the backfill goes on; it is asked for again on
 * the next refresh, after the days not tried yet. Only RADAR_FAILURES_IN_A_ROW days failing one
 * after another stop the step: then NOAA, or the way to it, is failing, not one file.
 */
async function refreshRadar(ctx: RefreshContext, outcome: RefreshOutcome): Promise<void> {
  const { meshUrl } = ctx.settings
  if (meshUrl === null) return
  const failing = new Set(radarFailures(ctx.db).map((f) => f.day))
  const days = plannedStormDays(ctx.now(), storedStormDays(ctx.db), missingStormDays(ctx.db), failing)
  if (days.length > RADAR_PROGRESS_EVERY)
    ctx.log.info({ days: days.length, newest: days[0], oldest: days.at(-1) }, 'radar hail backfill started')
  let inARow: { day: string; reason: string }[] = []
  for (const [i, day] of days.entries()) {
    const result = await fetchRadarDay(ctx, meshUrl, day)
    if (result.kind === 'failed') {
      recordRadarFailure(ctx.db, day, result.reason, ctx.now())
      outcome.radarFailed.push({ day, reason: result.reason })
      inARow.push({ day, reason: result.reason })
      ctx.log.warn(
        { day, reason: result.reason },
        'radar hail day failed; the backfill goes on, and the day is asked for again at the next refresh',
      )
      if (inARow.length >= RADAR_FAILURES_IN_A_ROW) {
        outcome.radarStopped = radarStopSentence(inARow, days.length - i - 1)
        ctx.log.error(
          { days: inARow.map((f) => f.day), reasons: inARow.map((f) => f.reason), left: days.length - i - 1 },
          `radar hail backfill stopped: ${RADAR_FAILURES_IN_A_ROW} days in a row failed; the next refresh starts it again`,
        )
        break
      }
    } else {
      inARow = []
      if (result.kind === 'stored') outcome.radarDays.push(day)
      if (result.kind === 'missing') outcome.radarMissing.push(day)
    }
    if ((i + 1) % RADAR_PROGRESS_EVERY === 0 && i + 1 < days.length)
      ctx.log.info(
        {
          done: i + 1,
          of: days.length,
          stored: outcome.radarDays.length,
          missing: outcome.radarMissing.length,
          failed: outcome.radarFailed.length,
        },
        'radar hail backfill under way',
      )
  }
  if (outcome.radarStopped) outcome.problems.push(outcome.radarStopped)
  else if (outcome.radarFailed.length) {
    const [first] = outcome.radarFailed
    const more = outcome.radarFailed.length - 1
    outcome.problems.push(
      `${first!.reason}${more ? ` (and ${more} more storm day${more === 1 ? '' : 's'} failed)` : ''}; asked for again at the next refresh`,
    )
  }
}

/** '5 storm days in a row failed (2025-05-31 to 2025-05-27), so the radar step stopped with 1,790 days left …'. */
function radarStopSentence(failed: { day: string; reason: string }[], left: number): string {
  return (
    `${failed.length} storm days in a row failed (${failed[0]!.day} to ${failed.at(-1)!.day}), so the radar step ` +
    `stopped with ${left.toLocaleString('en-US')} day${left === 1 ? '' : 's'} left for the next refresh; the last: ${failed.at(-1)!.reason}`
  )
}

/** An outcome with nothing done yet: where a refresh starts, and what a refresh that threw did. */
export function emptyRefreshOutcome(nextAt: Date): RefreshOutcome {
  return {
    outcome: 'ok',
    detail: '',
    nextAt,
    ncei: [],
    spcDays: [],
    spcEvents: 0,
    notPublished: [],
    radarDays: [],
    radarMissing: [],
    radarFailed: [],
    radarStopped: undefined,
    problems: [],
  }
}

/** Every step; a failed step is noted and the next still runs (SPC follows whatever NCEI data is stored). */
export async function runRefreshSteps(ctx: RefreshContext, startedAt: Date): Promise<RefreshOutcome> {
  const outcome = emptyRefreshOutcome(startedAt)
  for (const step of [refreshNcei, refreshSpc, refreshRadar]) {
    try {
      await step(ctx, outcome)
    } catch (err) {
      if (err instanceof StoppedError) throw err
      outcome.problems.push(err instanceof Error ? err.message : String(err))
    }
  }
  checkStopped(ctx)
  return outcome
}

/** 'imported 2 NCEI files (1,204 events), 35 SPC days (88 events); 3 days not published yet'. */
export function describeRefresh(outcome: RefreshOutcome): string {
  const plural = (count: number, one: string, many: string) =>
    counted(count, one, many, count.toLocaleString('en-US'))
  const nceiEvents = outcome.ncei.reduce((sum, s) => sum + s.stored, 0)
  const parts = [
    `imported ${plural(outcome.ncei.length, 'NCEI file', 'NCEI files')} (${plural(nceiEvents, 'event', 'events')})`,
    `${plural(outcome.spcDays.length, 'SPC day', 'SPC days')} (${plural(outcome.spcEvents, 'event', 'events')})`,
  ]
  if (outcome.radarDays.length || outcome.radarMissing.length || outcome.radarFailed.length)
    parts.push(plural(outcome.radarDays.length, 'storm day', 'storm days'))
  const missing = outcome.notPublished.length
  const radarMissing = outcome.radarMissing.length
  const radarFailed = outcome.radarFailed.length
  return (
    `${parts.join(', ')}${missing ? `; ${plural(missing, 'day', 'days')} not published yet` : ''}` +
    `${radarMissing ? `; ${plural(radarMissing, 'storm day', 'storm days')} not at NOAA` : ''}` +
    `${radarFailed ? `; ${plural(radarFailed, 'storm day', 'storm days')} failed` : ''}`
  )
}
