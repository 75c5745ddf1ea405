/**
 * Five years of radar hail days for a benchmark's store, made without files: each storm day a
 * few domes of hail (peak at the centre, falling to 0.5 in at the edge) placed at random in
 * the service area's box, about one day in six with hail, as a Colorado summer has. The cells
 * go through the store's own write (storeMeshDay), so the store holds what an import of real
 * files would: only cells of 0.5 in or more inside the box.
 */
import type { Db } from '../../core/platform/db/connection'
import { wantedStormDays, daysFrom } from '../../core/storms/radar/days'
import { cellCentre, cellOf, serviceAreaBox } from '../../core/storms/radar/mesh-file'
import { storeMeshDay } from '../../core/storms/radar/store'

const MM_PER_IN = 25.4
const MI_PER_DEG_LAT = 69.05

/** A seeded random number generator (mulberry32), so every run stores (and places) the same. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Stores the radar days of the 5 years before `now`; returns how many days and cells. */
export function seedStormDays(
  db: Db,
  now: Date,
  seed = 20261127,
): { days: number; hailDays: number; cells: number } {
  const rand = random(seed)
  const { first, last } = wantedStormDays(now)
  const nw = cellOf({ latitude: serviceAreaBox().north, longitude: serviceAreaBox().west })
  const se = cellOf({ latitude: serviceAreaBox().south, longitude: serviceAreaBox().east })
  let hailDays = 0
  let cells = 0
  for (const day of daysFrom(first, last)) {
    const month = Number(day.slice(5, 7))
    // Hail season: May to August, about one day in three; otherwise one in forty.
    const chance = month >= 5 && month <= 8 ? 0.33 : 0.025
    const domes = rand() < chance ? 1 + Math.floor(rand() * 3) : 0
    const byCell = new Map<string, { row: number; col: number; mm: number }>()
    for (let d = 0; d < domes; d++) {
      const row0 = nw.row + Math.floor(rand() * (se.row - nw.row))
      const col0 = nw.col + Math.floor(rand() * (se.col - nw.col))
      const radiusMi = 3 + rand() * 9
      const peakMm = (0.75 + rand() * 1.75) * MM_PER_IN
      const centre = cellCentre(row0, col0)
      const reachRows = Math.ceil(radiusMi / MI_PER_DEG_LAT / 0.01)
      const reachCols = Math.ceil(reachRows / Math.cos((centre.latitude * Math.PI) / 180))
      for (let row = Math.max(nw.row, row0 - reachRows); row <= Math.min(se.row, row0 + reachRows); row++)
        for (let col = Math.max(nw.col, col0 - reachCols); col <= Math.min(se.col, col0 + reachCols); col++) {
          const dy = (row - row0) / reachRows
          const dx = (col - col0) / reachCols
          const r = Math.sqrt(dx * dx + dy * dy)
          if (r >= 1) continue
          const mm = peakMm * (0.5 + 0.5 * Math.cos(Math.PI * r))
          if (mm < 0.5 * MM_PER_IN) continue
          const key = `${row},${col}`
          const had = byCell.get(key)
          if (!had || had.mm < mm) byCell.set(key, { row, col, mm })
        }
    }
    const dayCells = [...byCell.values()]
    if (dayCells.length) hailDays++
    cells += dayCells.length
    const validAt = new Date(`${day}T12:00:00Z`)
    storeMeshDay(
      db,
      {
        file: `bench-${day}`,
        validAt,
        day,
        cells: dayCells,
        maxMm: dayCells.reduce((m, c) => Math.max(m, c.mm), 0),
        dropped: { isolated: 0, unsupported: 0, beyondLimit: 0 },
        coveredCells: (se.row - nw.row + 1) * (se.col - nw.col + 1),
      },
      now,
    )
  }
  return { days: daysFrom(first, last).length, hailDays, cells }
}

/**
 * Marks every stored radar day answered, as the worker's storm response did when each landed
 * (otherwise a worker starting on the seeded store answers all five years of days first).
 */
export function markRadarDaysAnswered(db: Db, now: Date): number {
  return db
    .prepare(
      `INSERT INTO storm_responses (day, started_at, finished_at, homes_hit, alerts_sent, briefing_status, briefing_detail)
       SELECT day, ?, ?, 0, 0, 'skipped', 'seeded by the bench' FROM radar_days`,
    )
    .run(now.toISOString(), now.toISOString()).changes
}
