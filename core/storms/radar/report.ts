/**
 * The radar part of a weather report (docs/storm-data.md): for each storm day in the report's
 * period with radar hail of 0.75 in or more within 3 mi of the home, the estimate at the home's
 * cell, the largest within 1 and 3 mi, and whether a storm event agrees; the swath of the
 * day with the largest hail at the home, for the picture; and the risk assessment, the home's
 * days of 1 in or more against every cell of the service area.
 *
 * buildRadarDays and assessRisk are pure; radarPart reads the store around them.
 */
import type { Db } from '../../platform/db/connection'
import { bearingDeg, compass16, distanceMi } from '../../platform/geography'
import { FACTS } from '../../../shared/business'
import {
  DAMAGING_HAIL_IN,
  RADAR_DAY_MIN_IN,
  type LatLon,
  type RadarDay,
  type RadarMark,
  type RadarSection,
  type RadarSwath,
  type ReportStorm,
  type RiskAssessment,
} from '../types'
import { addDays, denverDate } from './days'
import { cellCentre, cellOf, serviceAreaBox } from './mesh-file'
import {
  areaHailDayCounts,
  inToMm10,
  mm10ToIn,
  radarCellsIn,
  radarCoverageIn,
  radarDayCellsIn,
  type CellBlock,
  type StoredCell,
} from './store'

/** The rings the radar days are judged in, in miles. */
const NEAR_MI = 1
const AROUND_MI = 3
/** The swath picture's half-width: the 3-mile ring and a margin around it. */
export const SWATH_HALF_WIDTH_MI = 4.5
const MI_PER_DEG_LAT = 69.05
const STEP_DEG = 0.01

/** The cells within `mi` miles of a point, as a block of the grid (a square around the circle). */
export function blockAround(point: LatLon, mi: number): CellBlock {
  const home = cellOf(point)
  const rows = Math.ceil(mi / MI_PER_DEG_LAT / STEP_DEG) + 1
  const cols = Math.ceil(mi / (MI_PER_DEG_LAT * Math.cos((point.latitude * Math.PI) / 180)) / STEP_DEG) + 1
  return {
    rowMin: home.row - rows,
    rowMax: home.row + rows,
    colMin: home.col - cols,
    colMax: home.col + cols,
  }
}

/** Inches to the hundredth: the JSON's figures, finer than any radar estimate is. */
const inches = (mm10: number): number => Math.round(mm10ToIn(mm10) * 100) / 100

function markOf(home: LatLon, cell: StoredCell): RadarMark {
  const centre = cellCentre(cell.row, cell.col)
  return {
    hailIn: inches(cell.mm10),
    distanceMi: Math.round(distanceMi(home, centre) * 100) / 100,
    direction: compass16(bearingDeg(home, centre)),
  }
}

/**
 * The radar days of `cells` (a block around the home, any days): those with 0.75 in or more
 * within 3 mi, newest first, each judged against the storm events of the same Denver date.
 */
export function buildRadarDays(
  home: LatLon,
  cells: readonly StoredCell[],
  storms: readonly ReportStorm[],
): RadarDay[] {
  const homeCell = cellOf(home)
  const byDay = new Map<string, StoredCell[]>()
  for (const c of cells) {
    let list = byDay.get(c.day)
    if (!list) byDay.set(c.day, (list = []))
    list.push(c)
  }
  const groundHail = storms.filter((s) => s.kind === 'hail' && s.distanceMi <= AROUND_MI)
  // The same few hundred cells come back every day: each one's distance is worked out once.
  const distances = new Map<number, number>()
  const distanceOf = (c: StoredCell): number => {
    const key = c.row * 10_000 + c.col
    let d = distances.get(key)
    if (d === undefined) distances.set(key, (d = distanceMi(home, cellCentre(c.row, c.col))))
    return d
  }
  const days: RadarDay[] = []
  for (const [day, dayCells] of byDay) {
    let atHome = 0
    let near: StoredCell | undefined
    let around: StoredCell | undefined
    for (const c of dayCells) {
      if (c.row === homeCell.row && c.col === homeCell.col) atHome = c.mm10
      const d = distanceOf(c)
      if (d <= AROUND_MI && c.mm10 > (around?.mm10 ?? 0)) around = c
      if (d <= NEAR_MI && c.mm10 > (near?.mm10 ?? 0)) near = c
    }
    if (!around || mm10ToIn(around.mm10) < RADAR_DAY_MIN_IN) continue
    // The nearest ground hail report of the same Denver date within 3 mi.
    const report = groundHail
      .filter((s) => denverDate(s.beginAt) === day)
      .sort((a, b) => a.distanceMi - b.distanceMi)[0]
    days.push({
      date: day,
      atHomeIn: inches(atHome),
      within1MiIn: near ? inches(near.mm10) : 0,
      within3MiIn: inches(around.mm10),
      within1Mi: near ? markOf(home, near) : null,
      within3Mi: markOf(home, around),
      corroborated: report !== undefined,
      groundReport: report
        ? { hailIn: report.hailIn ?? 0, distanceMi: report.distanceMi, direction: report.direction }
        : null,
    })
  }
  return days.sort((a, b) => b.date.localeCompare(a.date))
}

/** The largest at the home among `days` (newest first), the most recent of equal sizes. */
function largestAtHome(days: readonly RadarDay[]): { date: string; hailIn: number } | null {
  let best: RadarDay | undefined
  for (const d of days) if (d.atHomeIn > (best?.atHomeIn ?? 0)) best = d
  return best ? { date: best.date, hailIn: best.atHomeIn } : null
}

/** The cells of the box the service area's radar grid spans (every one counts in the percentile). */
export function serviceAreaCells(): number {
  const nw = cellOf({ latitude: serviceAreaBox().north, longitude: serviceAreaBox().west })
  const se = cellOf({ latitude: serviceAreaBox().south, longitude: serviceAreaBox().east })
  return (se.row - nw.row + 1) * (se.col - nw.col + 1)
}

/**
 * The percentile of `homeDays` among the area's cells: the share, 0–100 and rounded down (the
 * words say 'more than'), of cells with fewer days of 1 in or more than the home's.
 */
export function percentileOf(
  homeDays: number,
  counts: ReadonlyMap<number, number>,
  totalCells: number,
): number {
  if (homeDays <= 0 || totalCells <= 0) return 0
  let atLeast = 0
  for (const [days, cells] of counts) if (days >= homeDays) atLeast += cells
  return Math.max(0, Math.floor(((totalCells - atLeast) / totalCells) * 100))
}

/** The risk assessment's sentence: what the figures mean for a roof. */
export function riskSentence(r: Omit<RiskAssessment, 'sentence'>, anyDayNear: boolean): string {
  const years = FACTS.stormHistoryYears
  if (r.hailDaysAtHome > 0)
    return (
      `Radar estimated hail of 1 inch or more, the size that can bruise and crack shingles, at this home on ` +
      `${r.hailDaysAtHome === 1 ? '1 day' : `${r.hailDaysAtHome} days`} in ${years} years, more such days than ` +
      `${r.serviceAreaPercentile}% of the service area had: have the roof inspected, and file any claim ` +
      `within your policy's time limit.`
    )
  if (anyDayNear)
    return (
      `Radar estimated no hail of 1 inch or more at this home in ${years} years, though hail fell within ` +
      `3 miles: smaller hail seldom damages a sound roof, but it can wear an older one.`
    )
  return (
    `Radar estimated no hail near this home in ${years} years: wear on this roof is more likely age, ` +
    `sun or wind than hail.`
  )
}

/** The swath of `day` around the home, as a grid of inches, with that day's hail events. */
export function buildSwath(
  home: LatLon,
  day: string,
  cells: readonly StoredCell[],
  storms: readonly ReportStorm[],
): RadarSwath {
  const block = blockAround(home, SWATH_HALF_WIDTH_MI)
  const rows = block.rowMax - block.rowMin + 1
  const cols = block.colMax - block.colMin + 1
  const valuesIn = new Array<number>(rows * cols).fill(0)
  for (const c of cells) {
    if (c.day !== day || c.row < block.rowMin || c.row > block.rowMax) continue
    if (c.col < block.colMin || c.col > block.colMax) continue
    valuesIn[(c.row - block.rowMin) * cols + (c.col - block.colMin)] =
      Math.round(mm10ToIn(c.mm10) * 100) / 100
  }
  const nw = cellCentre(block.rowMin, block.colMin)
  return {
    date: day,
    north: nw.latitude,
    west: nw.longitude,
    stepDeg: STEP_DEG,
    rows,
    cols,
    valuesIn,
    reports: storms
      .filter((s) => s.kind === 'hail' && s.hailIn !== null && denverDate(s.beginAt) === day)
      .filter((s) => s.distanceMi <= SWATH_HALF_WIDTH_MI * Math.SQRT2)
      .map((s) => {
        // The report's point, back from its distance and bearing (the report keeps no coordinates).
        const d = s.distanceMi / MI_PER_DEG_LAT
        const b = (s.bearingDeg * Math.PI) / 180
        return {
          latitude: home.latitude + d * Math.cos(b),
          longitude: home.longitude + (d * Math.sin(b)) / Math.cos((home.latitude * Math.PI) / 180),
          hailIn: s.hailIn!,
        }
      }),
  }
}

/** The radar section and the risk assessment of a report made at `now` over [from, now]. */
export function radarPart(
  db: Db,
  home: LatLon,
  from: Date,
  now: Date,
  storms: readonly ReportStorm[],
): { radar: RadarSection; risk: RiskAssessment | null } {
  const fromDay = denverDate(from)
  const toDay = denverDate(now)
  const coverage = radarCoverageIn(db, fromDay, toDay)
  if (!coverage) return { radar: { coverage: null, days: [], largestAtHome: null, swath: null }, risk: null }
  const cells = radarCellsIn(db, blockAround(home, AROUND_MI), fromDay, toDay)
  const days = buildRadarDays(home, cells, storms)
  const atHome = largestAtHome(days)
  const swathDay =
    atHome?.date ??
    [...days].sort((a, b) => b.within3MiIn - a.within3MiIn || b.date.localeCompare(a.date))[0]?.date
  const swath = swathDay
    ? buildSwath(
        home,
        swathDay,
        radarDayCellsIn(db, blockAround(home, SWATH_HALF_WIDTH_MI), swathDay),
        storms,
      )
    : null
  const homeCell = cellOf(home)
  const damaging = inToMm10(DAMAGING_HAIL_IN)
  const hailDaysAtHome = cells.filter(
    (c) => c.row === homeCell.row && c.col === homeCell.col && c.mm10 >= damaging,
  ).length
  const counts = areaHailDayCounts(db, damaging, fromDay, toDay)
  const risk: Omit<RiskAssessment, 'sentence'> = {
    hailDaysAtHome,
    largestAtHome: atHome,
    serviceAreaPercentile: percentileOf(hailDaysAtHome, counts, serviceAreaCells()),
  }
  return {
    radar: { coverage, days, largestAtHome: atHome, swath },
    risk: { ...risk, sentence: riskSentence(risk, days.length > 0) },
  }
}

/**
 * The most recent storm day of the `days` Denver dates up to `now`'s with radar hail of 0.75 in
 * or more (a radar day's floor) within 1 mi of `point` (the report's near ring), with the
 * estimate at the point's own cell and the largest within 1 mi; `day` is null when there is none.
 * `coverage` is null when the store holds no storm day of the period: nothing can be said then.
 */
export function latestRadarHailNear(
  db: Db,
  point: LatLon,
  now: Date,
  days: number,
): {
  coverage: { first: string; last: string; days: number } | null
  day: Pick<RadarDay, 'date' | 'atHomeIn' | 'within1MiIn'> | null
} {
  const toDay = denverDate(now)
  const fromDay = addDays(toDay, -days)
  const coverage = radarCoverageIn(db, fromDay, toDay)
  if (!coverage) return { coverage, day: null }
  const cells = radarCellsIn(db, blockAround(point, NEAR_MI), fromDay, toDay)
  // The block reaches just past 1 mi, so every day it holds is judged within 1 mi.
  const day = buildRadarDays(point, cells, []).find((d) => d.within1MiIn >= RADAR_DAY_MIN_IN)
  return {
    coverage,
    day: day ? { date: day.date, atHomeIn: day.atHomeIn, within1MiIn: day.within1MiIn } : null,
  }
}
