/**
 * `npm run bench:radar-store`: the radar hail store's three budgets (docs/performance.md), on five
 * years of daily MRMS MESH files:
 *
 * 1. The backfill: 1,826 daily CONUS files (5 years), already on disk, imported into a fresh
 *    database by importRadarFile one after another in one process, newest day first, as the
 *    worker's refresh does (downloads aside). Budget: ≤ 30 min. Prints its progress every 100
 *    files, then the wall time, each file's import time (p50, p95, max) and the peak RSS. The
 *    process runs this file bundled for plain Node (scripts/lib/radar-bench.ts), so its memory
 *    is production's, not tsx's.
 * 2. The store: the pages the radar tables and their indexes take (SQLite's dbstat), the cells
 *    and the days stored. Budget: ≤ 50 MB.
 * 3. A report with radar: makeWeatherReport for 1,000 random homes inside the service area's box,
 *    then the radar part alone (radarPart), each on a fresh connection. Budget: p95 ≤ 30 ms. A
 *    connection's first report also groups every cell of five years for the risk's percentile
 *    (areaHailDayCounts), and keeps that answer until a day is imported, so the first call is
 *    printed on its own, and that query alone too.
 *
 * THE DAY FILES ARE NOT 1,826 DISTINCT FILES. ecCodes (tests/support/mesh/write_mesh.py) writes a
 * pool of 20 distinct full CONUS files once; each day's file is a pool file with only its date
 * re-stamped: the reference time in GRIB2 section 1 set to the day's valid time (the Denver
 * midnight that ends it), gzipped and named as NOAA names it. ecCodes takes about a second a file
 * here, half an hour for every day, on every change of the data; the decoder reads every point of
 * every file whatever its date, so a re-stamped file costs the import what a distinct one would.
 * The files are 80 to 200 KB gzipped, as NOAA's are. The pool: 14 files with no hail over the
 * service area's box but storms elsewhere (a few tracks of large hail on the Plains and 100 to 400
 * small storms east of the Rockies), and 6 with 1 to 3 swaths over the box (domes of 3 to 15 mi
 * radius peaking at 0.75 to 2.5 in) as well; every file has no radar coverage (-3) outside the US
 * and over a gap in the mountains, and 3 of them over a blocked beam at the box's western edge. A
 * day takes a hail file with a probability of 38 % in May to August, 12 % in April and September
 * and 2 % otherwise (298 of the 1,826 days), chosen by a hash of its date, so every run and every
 * --days N stores the same days. A swath therefore comes back on some 50 days of the five years at
 * the same place: a home under one has 20 to 160 radar days, far more than a real home, and the
 * report's figure is pessimistic.
 *
 * For the report, the store also gets 400 generated hail, wind and tornado reports a year spread
 * over the box, and a ground hail report under the largest swath of each hail day.
 *
 * The pool and the day files (240 MB in all) are kept in the system's temporary folder and reused
 * by later runs. Options: --days N imports the newest N days only (a quick check; its budgets are
 * not judged), --keep PATH copies the backfilled database (radar only, before the bench's storm
 * reports) to PATH. Exits 1 when a budget is missed.
 */
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { gunzipSync } from 'node:zlib'
import type { Db } from '../core/platform/db/connection'
import { openMigratedDatabase } from '../core/platform/db/open'
import { importRadarFile } from '../core/storms/import'
import { denverDate } from '../core/storms/radar/days'
import { meshFileNameForDay, serviceAreaBox } from '../core/storms/radar/mesh-file'
import { plannedStormDays } from '../core/storms/radar/plan'
import { radarPart } from '../core/storms/radar/report'
import { areaHailDayCounts, inToMm10, missingStormDays, storedStormDays } from '../core/storms/radar/store'
import { makeWeatherReport } from '../core/storms/report'
import { DAMAGING_HAIL_IN, type Location, type ReportStorm, type StormEventInput } from '../core/storms/types'
import { FACTS } from '../shared/business'
import type { MeshFileSpec } from '../tests/support/mesh-files'
import { bundleForNode, cachedMeshFile, CONUS_OUTSIDE_RADAR, restampedMeshFile } from './lib/radar-bench'
import { storeBenchEvents } from './lib/storm-seed'

const BACKFILL_BUDGET_MIN = 30
const STORE_BUDGET_MB = 50
const QUERY_P95_BUDGET_MS = 30
const HOMES = 1000
const PROGRESS_EVERY = 100
/** The report's "now": fixed, so the days (and so the cached files) are the same every run. */
const NOW = new Date('2026-11-01T19:00:00Z')
/** Bump when the pool's specs or the day files change, so the cached files are written again. */
const FIXTURE_VERSION = 1
const CACHE = path.join(tmpdir(), `roofing-radar-store-bench-v${FIXTURE_VERSION}`)
const POOL_DIR = path.join(CACHE, 'pool')
const DAYS_DIR = path.join(CACHE, 'days')
const POOL_FILES = 20
/** Pool files 0 to 5 have hail over the service area's box; the others have none there. */
const POOL_HAIL_FILES = 6
/** Pool files with a blocked beam (-3) inside the box's western edge. */
const POOL_BLOCKED = new Set([2, 9, 15])
const MI_PER_DEG_LAT = 69.05
const BOX = serviceAreaBox()

type Swath = NonNullable<MeshFileSpec['swaths']>[number]

/** A seeded generator (mulberry32), so every run measures the same data. */
function seeded(seed: number): () => number {
  let s = seed | 0
  return () => {
    s = (s + 0x6d2b79f5) | 0
    let t = Math.imul(s ^ (s >>> 15), 1 | s)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** FNV-1a of a string: a day's own seed. */
function hashOf(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places

/** Whether a swath's dome reaches the box or the two cells around it the artefact rule reads. */
function reachesBox(s: Swath): boolean {
  const dLat = s.radiusMi / MI_PER_DEG_LAT + 0.03
  const dLon = s.radiusMi / (MI_PER_DEG_LAT * Math.cos((s.latitude * Math.PI) / 180)) + 0.03
  return (
    s.latitude + dLat > BOX.south &&
    s.latitude - dLat < BOX.north &&
    s.longitude + dLon > BOX.west &&
    s.longitude - dLon < BOX.east
  )
}

/** Pool file `k`: its spec for ecCodes, and its swaths over the box (none for k ≥ POOL_HAIL_FILES). */
function poolFile(k: number): { spec: MeshFileSpec; overBox: Swath[] } {
  const random = seeded(7919 * (k + 1))
  const between = (lo: number, hi: number) => lo + random() * (hi - lo)
  const elsewhere: Swath[] = []
  // Tracks of large hail on the Plains, as lines of overlapping domes south-west to north-east.
  const tracks = Math.floor(between(0, 7))
  for (let t = 0; t < tracks; t++) {
    const [latitude, longitude] = [between(30, 46), between(-103, -88)]
    const [radiusMi, peakIn] = [between(5, 9), round(between(1.5, 4), 2)]
    for (let d = 0; d < 8; d++)
      elsewhere.push({ latitude: latitude + d * 0.04, longitude: longitude + d * 0.07, radiusMi, peakIn })
  }
  // Small storms east of the Rockies (eastern Colorado included, the box itself left alone).
  const small = Math.floor(between(100, 400))
  for (let s = 0; s < small; s++)
    elsewhere.push({
      latitude: between(29, 48),
      longitude: between(-104.5, -75),
      radiusMi: round(between(2, 7), 1),
      peakIn: round(between(0.5, 2), 2),
    })
  const overBox: Swath[] = []
  if (k < POOL_HAIL_FILES) {
    const count = 1 + Math.floor(between(0, 3))
    for (let s = 0; s < count; s++)
      overBox.push({
        latitude: round(between(BOX.south + 0.1, BOX.north - 0.1), 3),
        longitude: round(between(BOX.west + 0.15, BOX.east - 0.1), 3),
        radiusMi: round(between(3, 15), 1),
        peakIn: round(between(0.75, 2.5), 2),
      })
  }
  // A blocked beam in the mountains west of the box; in a few files, one inside its western edge.
  const gapLat = between(37, 40.5)
  const gapLon = between(-109, -106.5)
  const gapSize = between(0.3, 0.8)
  const noCoverage = [
    ...CONUS_OUTSIDE_RADAR,
    { north: gapLat + gapSize, south: gapLat, west: gapLon, east: gapLon + gapSize },
  ]
  if (POOL_BLOCKED.has(k))
    noCoverage.push({ north: 39.62, south: 39.38, west: BOX.west - 0.02, east: -105.42 })
  return {
    spec: {
      validAt: '2024-06-13T06:00:00Z',
      grid: 'conus',
      bits: 16,
      swaths: [...elsewhere.filter((s) => !reachesBox(s)), ...overBox],
      noCoverage,
    },
    overBox,
  }
}

/** The pool file a day's file is made from: a hail file on some 15 % of the days, more in summer. */
function poolFileOfDay(day: string): number {
  const random = seeded(hashOf(day))
  const month = Number(day.slice(5, 7))
  const hailChance = month >= 5 && month <= 8 ? 0.38 : month === 4 || month === 9 ? 0.12 : 0.02
  return random() < hailChance
    ? Math.floor(random() * POOL_HAIL_FILES)
    : POOL_HAIL_FILES + Math.floor(random() * (POOL_FILES - POOL_HAIL_FILES))
}

const poolPath = (k: number) => path.join(POOL_DIR, `pool-${String(k).padStart(2, '0')}.grib2.gz`)
const dayPath = (day: string) => path.join(DAYS_DIR, meshFileNameForDay(day).name)

/** The pool, written by ecCodes the first time; returns each file unzipped. */
function ensurePool(): Buffer[] {
  const pool: Buffer[] = []
  for (let k = 0; k < POOL_FILES; k++) {
    const t0 = performance.now()
    if (cachedMeshFile(poolPath(k), poolFile(k).spec))
      console.log(
        `  pool file ${k + 1} of ${POOL_FILES} written by ecCodes in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      )
    const grib = gunzipSync(readFileSync(poolPath(k)))
    // Section 0 is 16 bytes; section 1 follows, its number in its fifth byte.
    if (grib.toString('latin1', 0, 4) !== 'GRIB' || grib[16 + 4] !== 1)
      throw new Error(`${poolPath(k)}: not a GRIB2 message with section 1 at byte 16`)
    pool.push(grib)
  }
  return pool
}

/** A pool file re-stamped as the file of `day` (scripts/lib/radar-bench.ts), gzipped as NOAA does. */
function dayFile(pool: readonly Buffer[], day: string): Buffer {
  return restampedMeshFile(pool[poolFileOfDay(day)]!, meshFileNameForDay(day).validAt)
}

/** The days' files on disk, made from the pool where missing. */
function ensureDayFiles(pool: readonly Buffer[], days: readonly string[]): void {
  mkdirSync(DAYS_DIR, { recursive: true })
  const t0 = performance.now()
  let made = 0
  for (const day of days) {
    const file = dayPath(day)
    if (existsSync(file)) continue
    writeFileSync(`${file}.part`, dayFile(pool, day))
    renameSync(`${file}.part`, file)
    made++
  }
  const seconds = (performance.now() - t0) / 1000
  console.log(
    `Day files: ${days.length} in ${DAYS_DIR} (${made ? `${made} made now in ${seconds.toFixed(1)} s` : 'all from an earlier run'})`,
  )
}

/** The days the worker's first refresh backfills at NOW, newest first, the first `count` of them. */
function backfillDays(db: Db | null, count: number): string[] {
  const stored = db ? storedStormDays(db) : new Set<string>()
  const missing = db ? missingStormDays(db) : new Map<string, string>()
  return plannedStormDays(NOW, stored, missing).slice(0, count)
}

interface BackfillResult {
  days: number
  stored: number
  cells: number
  wallMs: number
  readMs: number
  importMs: number[]
  cpuMs: number
  maxRssKb: number
}

const clock = (ms: number) => {
  const s = Math.round(ms / 1000)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** The backfill, in this process (run as `… --backfill DB RESULT COUNT`): writes a BackfillResult. */
function backfill(dbFile: string, resultFile: string, count: number): void {
  const db = openMigratedDatabase(dbFile)
  const days = backfillDays(db, count)
  const result: BackfillResult = {
    days: days.length,
    stored: 0,
    cells: 0,
    wallMs: 0,
    readMs: 0,
    importMs: [],
    cpuMs: 0,
    maxRssKb: 0,
  }
  const cpu = process.cpuUsage()
  const t0 = performance.now()
  for (const [i, day] of days.entries()) {
    const { name } = meshFileNameForDay(day)
    const r0 = performance.now()
    const content = readFileSync(dayPath(day))
    const r1 = performance.now()
    const summary = importRadarFile(db, name, content, new Date())
    result.importMs.push(performance.now() - r1)
    result.readMs += r1 - r0
    if (summary.stored) result.stored++
    result.cells += summary.cells
    const done = i + 1
    if (done % PROGRESS_EVERY === 0 || done === days.length) {
      const elapsed = performance.now() - t0
      const rate = done / (elapsed / 1000)
      console.log(
        `  ${String(done).padStart(4)} of ${days.length} files, ${clock(elapsed)} elapsed, ${rate.toFixed(2)} files/s, about ${clock(((days.length - done) / rate) * 1000)} to go (${day}; RSS now ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB)`,
      )
    }
  }
  result.wallMs = performance.now() - t0
  const used = process.cpuUsage(cpu)
  result.cpuMs = (used.user + used.system) / 1000
  result.maxRssKb = process.resourceUsage().maxRSS
  db.close()
  writeFileSync(resultFile, JSON.stringify(result))
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL')
const load = () => `load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`

/** The report period's start, as makeWeatherReport takes it. */
function periodStart(): Date {
  const from = new Date(NOW.getTime())
  from.setUTCFullYear(from.getUTCFullYear() - FACTS.stormHistoryYears)
  return from
}

/**
 * Storm events for the report: 400 a year spread over the box (45 % hail, 50 % wind, 5 %
 * tornado) on the stored days, and one hail event under the largest swath of each hail day.
 */
function benchEvents(days: readonly string[]): StormEventInput[] {
  const random = seeded(20261101)
  const between = (lo: number, hi: number) => lo + random() * (hi - lo)
  const event = (
    i: number,
    day: string,
    kind: StormEventInput['kind'],
    point: { latitude: number; longitude: number },
    hailIn: number | null,
  ): StormEventInput => ({
    source: 'ncei',
    sourceId: `bench-${i}`,
    kind,
    // 15:00 to 19:00 in Denver: the valid time is the midnight that ends the day.
    beginAt: new Date(meshFileNameForDay(day).validAt.getTime() - Math.round(between(5, 9) * 60) * 60_000),
    localTime: '12-JUN-24 15:40:00',
    timeZone: 'MST-7',
    hailIn,
    windKt: kind === 'wind' ? Math.round(between(50, 70)) : null,
    tornadoScale: kind === 'tornado' ? 'EF0' : null,
    magnitudeType: kind === 'wind' ? 'EG' : null,
    latitude: round(point.latitude, 4),
    longitude: round(point.longitude, 4),
    countyZone: 'ARAPAHOE',
    state: 'CO',
    place: 'BENCH',
  })
  const events: StormEventInput[] = []
  for (const day of days) {
    const k = poolFileOfDay(day)
    if (k >= POOL_HAIL_FILES) continue
    const largest = [...poolFile(k).overBox].sort((a, b) => b.peakIn - a.peakIn)[0]!
    const offset = largest.radiusMi / 3 / MI_PER_DEG_LAT
    const point = {
      latitude: largest.latitude + between(-offset, offset),
      longitude: largest.longitude + between(-offset, offset),
    }
    events.push(event(events.length, day, 'hail', point, Math.max(0.75, Math.floor(largest.peakIn * 4) / 4)))
  }
  const background = Math.round((400 * days.length) / 365.25)
  for (let n = 0; n < background; n++) {
    const day = days[Math.floor(random() * days.length)]!
    const point = { latitude: between(BOX.south, BOX.north), longitude: between(BOX.west, BOX.east) }
    const r = random()
    const kind = r < 0.45 ? 'hail' : r < 0.95 ? 'wind' : 'tornado'
    events.push(event(events.length, day, kind, point, kind === 'hail' ? round(between(0.75, 2), 2) : null))
  }
  return events
}

/** The radar tables' size from SQLite's dbstat: pages of each table and index, and their payload. */
function radarStoreSize(db: Db): { name: string; bytes: number; payload: number }[] {
  return db
    .prepare(
      `SELECT d.name AS name, SUM(d.pgsize) AS bytes, SUM(d.payload) AS payload
       FROM dbstat d JOIN sqlite_schema s ON s.name = d.name
       WHERE s.tbl_name LIKE 'radar%' GROUP BY d.name ORDER BY bytes DESC`,
    )
    .all() as { name: string; bytes: number; payload: number }[]
}

/** Times `call` for each home on a fresh connection: the first call, and the rest sorted. */
function timeOnFreshConnection(
  dbFile: string,
  homes: readonly Location[],
  call: (db: Db, home: Location, i: number) => void,
): { coldMs: number; warm: number[] } {
  const db = openMigratedDatabase(dbFile)
  try {
    const times = homes.map((home, i) => {
      const t0 = performance.now()
      call(db, home, i)
      return performance.now() - t0
    })
    return { coldMs: times[0]!, warm: times.slice(1).sort((a, b) => a - b) }
  } finally {
    db.close()
  }
}

const ms = (x: number) => `${x.toFixed(1)} ms`

function printTimes(what: string, t: { coldMs: number; warm: number[] }): number {
  const p95 = percentile(t.warm, 95)
  console.log(
    `${what}: first call of the connection ${ms(t.coldMs)}; the other ${t.warm.length}: p50 ${ms(percentile(t.warm, 50))}, p95 ${ms(p95)}, max ${ms(t.warm.at(-1)!)} (budget p95 ≤ ${QUERY_P95_BUDGET_MS} ms): ${verdict(p95 <= QUERY_P95_BUDGET_MS)}`,
  )
  return p95
}

/** What the run covers: `days` of the `all` a full backfill has. */
interface Run {
  days: string[]
  all: number
  full: boolean
  dbFile: string
}

/** Part 1: the backfill in a child process. Returns whether it met its budget (true unless full). */
async function measureBackfill(run: Run, keep: string | null): Promise<boolean> {
  const { days, all, full, dbFile } = run
  const childScript = await bundleForNode(import.meta.url, 'radar-store-bench')
  const resultFile = `${dbFile}.backfill.json`
  console.log(
    `\n1. Backfill: ${days.length} files into a fresh database, one process, newest first (${load()})`,
  )
  execFileSync(process.execPath, [childScript, '--backfill', dbFile, resultFile, String(days.length)], {
    stdio: 'inherit',
  })
  const b = JSON.parse(readFileSync(resultFile, 'utf8')) as BackfillResult
  if (b.stored !== days.length) throw new Error(`stored ${b.stored} days of ${days.length}`)
  const sorted = [...b.importMs].sort((x, y) => x - y)
  const minutes = b.wallMs / 60_000
  console.log(
    `Backfill of ${days.length} files: ${clock(b.wallMs)} (${minutes.toFixed(1)} min) wall, ${(b.cpuMs / 60_000).toFixed(1)} min of CPU; reading the files ${(b.readMs / 1000).toFixed(1)} s of it (${load()})`,
  )
  console.log(
    `  each file's import (decode, clip, store): p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted.at(-1)!)}`,
  )
  console.log(`  peak RSS of the process: ${(b.maxRssKb / 1024).toFixed(0)} MB`)
  const ok = minutes <= BACKFILL_BUDGET_MIN
  console.log(
    full
      ? `  5 years, ${all} files: ${minutes.toFixed(1)} min (budget ≤ ${BACKFILL_BUDGET_MIN} min): ${verdict(ok)}`
      : `  scaled to ${all} files: about ${((minutes * all) / days.length).toFixed(1)} min (not judged: --days ${days.length})`,
  )
  if (keep) {
    mkdirSync(path.dirname(keep), { recursive: true })
    copyFileSync(dbFile, keep)
    console.log(`  the backfilled database (radar only) copied to ${keep}`)
  }
  return ok || !full
}

/** Part 2: the radar tables' size. Returns whether it met its budget (true unless full). */
function measureStore(run: Run): boolean {
  const { days, all, full, dbFile } = run
  console.log('\n2. The store')
  const db = openMigratedDatabase(dbFile)
  try {
    const sizes = radarStoreSize(db)
    const bytes = sizes.reduce((sum, s) => sum + s.bytes, 0)
    const payload = sizes.reduce((sum, s) => sum + s.payload, 0)
    const mb = bytes / 1e6
    const { cells, stored } = db
      .prepare(
        'SELECT (SELECT COUNT(*) FROM radar_cells) AS cells, (SELECT COUNT(*) FROM radar_days) AS stored',
      )
      .get() as { cells: number; stored: number }
    console.log(
      `  ${stored} days stored, ${cells.toLocaleString('en-US')} rows in radar_cells (${(cells / stored).toFixed(0)} a day on average)`,
    )
    for (const s of sizes)
      console.log(
        `    ${s.name.padEnd(32)} ${(s.bytes / 1e6).toFixed(2).padStart(7)} MB (payload ${(s.payload / 1e6).toFixed(2)} MB)`,
      )
    const ok = mb <= STORE_BUDGET_MB
    console.log(
      full
        ? `  radar tables and indexes: ${mb.toFixed(1)} MB (${(payload / 1e6).toFixed(1)} MB of it payload) (budget ≤ ${STORE_BUDGET_MB} MB): ${verdict(ok)}`
        : `  radar tables and indexes: ${mb.toFixed(1)} MB; scaled to ${all} days about ${((mb * all) / days.length).toFixed(1)} MB (not judged: --days ${days.length})`,
    )
    const events = benchEvents(days)
    storeBenchEvents(db, 'bench-radar-store-events', events, NOW)
    console.log(`  and ${events.length} generated storm events over the box, for the reports`)
    return ok || !full
  } finally {
    db.close()
  }
}

/** Part 3: reports for random homes in the box. Returns whether the p95s met the budget. */
function measureReports(dbFile: string): boolean {
  console.log(
    `\n3. A report with radar, ${HOMES} random homes in the service area's box, each pass on a fresh connection (${load()})`,
  )
  const random = seeded(4242)
  const homes: Location[] = Array.from({ length: HOMES }, (_, i) => ({
    latitude: BOX.south + random() * (BOX.north - BOX.south),
    longitude: BOX.west + random() * (BOX.east - BOX.west),
    locatedBy: 'address',
    matched: `BENCH HOME ${i}`,
  }))
  const storms: ReportStorm[][] = []
  const radarDays: number[] = []
  const report = timeOnFreshConnection(dbFile, homes, (db, home, i) => {
    const r = makeWeatherReport(db, home.matched, home, NOW)
    storms[i] = r.storms
    radarDays[i] = r.radar?.days.length ?? 0
  })
  const from = periodStart()
  const radar = timeOnFreshConnection(dbFile, homes, (db, home, i) => {
    radarPart(db, home, from, NOW, storms[i]!)
  })
  const area = timeOnFreshConnection(dbFile, homes.slice(0, 1), (db) => {
    areaHailDayCounts(db, inToMm10(DAMAGING_HAIL_IN), denverDate(from), denverDate(NOW))
  })
  const withDays = radarDays.filter((n) => n > 0).sort((x, y) => x - y)
  const stormCounts = storms.map((s) => s.length).sort((x, y) => x - y)
  console.log(
    `  ${withDays.length} of ${HOMES} homes have radar days (median ${withDays.length ? percentile(withDays, 50) : 0}, most ${withDays.at(-1) ?? 0}); storm events in a report: median ${percentile(stormCounts, 50)}`,
  )
  const reportP95 = printTimes('  makeWeatherReport (the whole report)', report)
  const radarP95 = printTimes('  radarPart (the radar part alone)', radar)
  console.log(
    `  the area's day counts alone (areaHailDayCounts on a fresh connection; then kept until a day is imported): ${ms(area.coldMs)}`,
  )
  return reportP95 <= QUERY_P95_BUDGET_MS && radarP95 <= QUERY_P95_BUDGET_MS
}

async function main(): Promise<void> {
  const daysArg = process.argv.indexOf('--days')
  const keepArg = process.argv.indexOf('--keep')
  const all = backfillDays(null, Infinity).length
  const count = daysArg >= 0 ? Number(process.argv[daysArg + 1]) : all
  if (!(count >= 1 && count <= all)) throw new Error(`--days takes a number from 1 to ${all}`)
  const keep = keepArg >= 0 ? path.resolve(process.argv[keepArg + 1]!) : null

  console.log(`Pool of ${POOL_FILES} CONUS MESH files in ${POOL_DIR} (ecCodes writes any missing)…`)
  const pool = ensurePool()
  const days = backfillDays(null, count)
  ensureDayFiles(pool, days)
  const hailDays = days.filter((d) => poolFileOfDay(d) < POOL_HAIL_FILES).length
  console.log(
    `  ${days.length} days, ${days.at(-1)} to ${days[0]}: ${hailDays} (${((100 * hailDays) / days.length).toFixed(1)} %) with hail over the service area's box`,
  )
  const work = mkdtempSync(path.join(tmpdir(), 'radar-store-bench-'))
  try {
    const run: Run = { days, all, full: count === all, dbFile: path.join(work, 'store.db') }
    const backfillOk = await measureBackfill(run, keep)
    const storeOk = measureStore(run)
    const reportsOk = measureReports(run.dbFile)
    if (!backfillOk || !storeOk || !reportsOk) process.exitCode = 1
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

const backfillAt = process.argv.indexOf('--backfill')
if (backfillAt >= 0) {
  const [dbFile, resultFile, count] = process.argv.slice(backfillAt + 1)
  backfill(dbFile!, resultFile!, Number(count))
} else await main()
