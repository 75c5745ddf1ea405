/**
 * The radar hail store (migrations 011 and 014; docs/storm-data.md): one row a storm day in
 * radar_days, the day's cells of 0.5 in or more inside the service area's box in radar_cells,
 * the days NOAA did not have in radar_missing, and the days whose file could not be fetched or
 * read in radar_failures. Every query of the radar's tables is here.
 */
import type { Db } from '../../platform/db/connection'
import { prepare } from '../../platform/db/prepare'
import type { MeshDay } from './mesh-file'

/** What storing one day did. */
export interface RadarDaySummary {
  source: 'mrms'
  /** The storm day (Denver date). */
  day: string
  /** False when the day was stored already: importing it again changes nothing. */
  stored: boolean
  /** Cells kept (0.5 in or more, after the artefact rule) and the largest, in inches. */
  cells: number
  maxIn: number
  dropped: MeshDay['dropped']
  /** The file the stored day came from (for a re-import, the first one's). */
  file: string
}

interface DayRow {
  day: string
  file: string
  cells: number
  max_mm10: number
  dropped: string
}

const MM_PER_IN = 25.4
export const mm10ToIn = (mm10: number): number => mm10 / 10 / MM_PER_IN
export const inToMm10 = (inches: number): number => Math.round(inches * MM_PER_IN * 10)

/** Stores a decoded day in one transaction, unless the day is stored already. */
export function storeMeshDay(db: Db, mesh: MeshDay, now: Date): RadarDaySummary {
  return db
    .transaction((): RadarDaySummary => {
      const existing = prepare(
        db,
        'SELECT day, file, cells, max_mm10, dropped FROM radar_days WHERE day = ?',
      ).get(mesh.day) as DayRow | undefined
      if (existing)
        return {
          source: 'mrms',
          day: existing.day,
          stored: false,
          cells: existing.cells,
          maxIn: mm10ToIn(existing.max_mm10),
          dropped: JSON.parse(existing.dropped) as MeshDay['dropped'],
          file: existing.file,
        }
      const maxMm10 = mesh.cells.reduce((max, c) => Math.max(max, Math.round(c.mm * 10)), 0)
      prepare(
        db,
        `INSERT INTO radar_days (day, file, valid_at, covered_cells, cells, max_mm10, dropped, imported_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        mesh.day,
        mesh.file,
        mesh.validAt.toISOString(),
        mesh.coveredCells,
        mesh.cells.length,
        maxMm10,
        JSON.stringify(mesh.dropped),
        now.toISOString(),
      )
      const insert = prepare(db, 'INSERT INTO radar_cells (row, col, day, mm10) VALUES (?, ?, ?, ?)')
      for (const c of mesh.cells) insert.run(c.row, c.col, mesh.day, Math.round(c.mm * 10))
      prepare(db, 'DELETE FROM radar_missing WHERE day = ?').run(mesh.day)
      prepare(db, 'DELETE FROM radar_failures WHERE day = ?').run(mesh.day)
      return {
        source: 'mrms',
        day: mesh.day,
        stored: true,
        cells: mesh.cells.length,
        maxIn: mm10ToIn(maxMm10),
        dropped: mesh.dropped,
        file: mesh.file,
      }
    })
    .immediate()
}

/** The storm days stored (Denver dates). */
export function storedStormDays(db: Db): Set<string> {
  return new Set((prepare(db, 'SELECT day FROM radar_days').pluck().all() as string[]) ?? [])
}

/** Days the refresh found missing at NOAA, with when it last asked. */
export function missingStormDays(db: Db): Map<string, string> {
  const rows = prepare(db, 'SELECT day, checked_at FROM radar_missing').all() as {
    day: string
    checked_at: string
  }[]
  return new Map(rows.map((r) => [r.day, r.checked_at]))
}

export function recordRadarMissing(db: Db, day: string, reason: string, now: Date): void {
  db.transaction(() => {
    prepare(
      db,
      `INSERT INTO radar_missing (day, checked_at, reason) VALUES (?, ?, ?)
       ON CONFLICT (day) DO UPDATE SET checked_at = excluded.checked_at, reason = excluded.reason`,
    ).run(day, now.toISOString(), reason)
    // NOAA answered for the day at last: it is missing there, no longer failing.
    prepare(db, 'DELETE FROM radar_failures WHERE day = ?').run(day)
  }).immediate()
}

/** A storm day whose file the refresh could not fetch or could not read, and why. */
export interface RadarFailure {
  day: string
  /** When it last failed. */
  failedAt: string
  /** How many times in a row it failed. */
  failures: number
  reason: string
}

/** The day's file could not be fetched (a 403, too large, no answer) or was refused: noted, to be asked for again. */
export function recordRadarFailure(db: Db, day: string, reason: string, now: Date): void {
  db.transaction(() => {
    prepare(
      db,
      `INSERT INTO radar_failures (day, failed_at, failures, reason) VALUES (?, ?, 1, ?)
       ON CONFLICT (day) DO UPDATE SET failed_at = excluded.failed_at, failures = failures + 1,
         reason = excluded.reason`,
    ).run(day, now.toISOString(), reason)
    prepare(db, 'DELETE FROM radar_missing WHERE day = ?').run(day)
  }).immediate()
}

/** The days failing now, newest first. */
export function radarFailures(db: Db): RadarFailure[] {
  return prepare(
    db,
    'SELECT day, failed_at AS failedAt, failures, reason FROM radar_failures ORDER BY day DESC',
  ).all() as RadarFailure[]
}

/**
 * The first and last storm day stored from `fromDay` to `toDay` (inclusive; a weather report's
 * own period), and how many days are stored between them, or null when none is.
 */
export function radarCoverageIn(
  db: Db,
  fromDay: string,
  toDay: string,
): { first: string; last: string; days: number } | null {
  const row = prepare(
    db,
    'SELECT MIN(day) AS first, MAX(day) AS last, COUNT(*) AS days FROM radar_days WHERE day BETWEEN ? AND ?',
  ).get(fromDay, toDay) as { first: string | null; last: string | null; days: number }
  return row.first && row.last ? { first: row.first, last: row.last, days: row.days } : null
}

/** The first and last storm day stored, and how many, or null when none. */
export function radarCoverage(db: Db): { first: string; last: string; days: number } | null {
  const row = prepare(
    db,
    'SELECT MIN(day) AS first, MAX(day) AS last, COUNT(*) AS days FROM radar_days',
  ).get() as {
    first: string | null
    last: string | null
    days: number
  }
  return row.first && row.last ? { first: row.first, last: row.last, days: row.days } : null
}

/** A block of the 0.01° grid, inclusive. */
export interface CellBlock {
  rowMin: number
  rowMax: number
  colMin: number
  colMax: number
}

export interface StoredCell {
  row: number
  col: number
  day: string
  mm10: number
}

/** Every stored cell in the block on the days from `fromDay` to `toDay` (inclusive). */
export function radarCellsIn(db: Db, block: CellBlock, fromDay: string, toDay: string): StoredCell[] {
  return prepare(
    db,
    `SELECT row, col, day, mm10 FROM radar_cells
     WHERE row BETWEEN ? AND ? AND col BETWEEN ? AND ? AND day BETWEEN ? AND ?`,
  ).all(block.rowMin, block.rowMax, block.colMin, block.colMax, fromDay, toDay) as StoredCell[]
}

/** One day's stored cells in the block. */
export function radarDayCellsIn(db: Db, block: CellBlock, day: string): StoredCell[] {
  return radarCellsIn(db, block, day, day)
}

/**
 * How many of the box's cells had how many days of `minMm10` or more from `fromDay` to `toDay`:
 * days → cells, for the cells with at least one such day. Grouping every cell of five years is
 * the one slow query of a report (some 100 ms), and its answer changes only when a day is
 * imported, so it is kept per connection until the store's days change.
 */
const areaCountsCache = new WeakMap<Db, { key: string; counts: Map<number, number> }>()

export function areaHailDayCounts(
  db: Db,
  minMm10: number,
  fromDay: string,
  toDay: string,
): Map<number, number> {
  const stamp = prepare(db, 'SELECT COUNT(*) AS n, MAX(imported_at) AS at FROM radar_days').get() as {
    n: number
    at: string | null
  }
  const key = `${stamp.n}|${stamp.at}|${minMm10}|${fromDay}|${toDay}`
  const cached = areaCountsCache.get(db)
  if (cached?.key === key) return cached.counts
  const rows = prepare(
    db,
    `SELECT days, COUNT(*) AS cells FROM (
       SELECT COUNT(*) AS days FROM radar_cells
       WHERE mm10 >= ? AND day BETWEEN ? AND ? GROUP BY row, col
     ) GROUP BY days`,
  ).all(minMm10, fromDay, toDay) as { days: number; cells: number }[]
  const counts = new Map(rows.map((r) => [r.days, r.cells]))
  areaCountsCache.set(db, { key, counts })
  return counts
}
