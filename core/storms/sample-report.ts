/**
 * A realistic report for a home in Parker, CO: 20 storms over five years, among them the
 * 1.75 in hail 0.6 mi NW on 12 Jun 2024 that is its date of loss, and three reports the store
 * could hand over that the report must leave out (too far, too old, no place). Used by the
 * tests, the sample renderings of the notifications, and the PDF's look.
 *
 * The storms are placed by distance and bearing from the home, so what the report computes
 * can be checked against what was meant.
 */
import { pointAt } from '../platform/geography'
import { MI_PER_DEG } from './swath-geometry'
import { buildWeatherReport, withRadar, type DataThrough } from './report'
import {
  blockAround,
  buildRadarDays,
  buildSwath,
  percentileOf,
  riskSentence,
  serviceAreaCells,
  SWATH_HALF_WIDTH_MI,
} from './radar/report'
import { cellCentre } from './radar/mesh-file'
import { inToMm10, type StoredCell } from './radar/store'
import {
  DAMAGING_HAIL_IN,
  type Location,
  type RadarSection,
  type ReportStorm,
  type RiskAssessment,
  type StormEvent,
  type StormKind,
  type WeatherReport,
  type StormSource,
} from './types'

export const SAMPLE_ADDRESS = '11020 S Pikes Peak Dr, Parker, CO 80138'

export const SAMPLE_LOCATION: Location = {
  latitude: 39.51861,
  longitude: -104.76136,
  locatedBy: 'address',
  matched: '11020 S PIKES PEAK DR, PARKER, CO, 80138',
}

/** When the sample report was made: 20 Nov 2026, 10:00 AM in Denver. */
export const SAMPLE_NOW = new Date('2026-11-20T17:00:00Z')

/** NCEI's final records through August 2026, SPC's preliminary reports to the day before. */
export const SAMPLE_DATA_THROUGH: DataThrough = { nceiThrough: '2026-08-31', spcThrough: '2026-11-19' }

const toRad = (d: number) => (d * Math.PI) / 180

interface SampleStorm {
  /** The instant, UTC. */
  at: string
  kind: StormKind
  /** Hail in inches, wind in knots, or a tornado's rating. */
  size: number | string
  mi: number
  deg: number
  source?: StormSource
  place?: string
}

const STORMS: SampleStorm[] = [
  // Within 1 mile.
  { at: '2024-06-12T21:40:00Z', kind: 'hail', size: 1.75, mi: 0.6, deg: 315, place: 'Parker' },
  { at: '2022-08-03T22:10:00Z', kind: 'wind', size: 52, mi: 0.9, deg: 135, place: 'Parker' },
  // 1 to 3 miles.
  {
    at: '2026-09-18T23:05:00Z',
    kind: 'hail',
    size: 0.75,
    mi: 2.9,
    deg: 180,
    source: 'spc',
    place: '2 S Parker',
  },
  { at: '2025-07-03T20:55:00Z', kind: 'hail', size: 0.75, mi: 2.4, deg: 90, place: 'Parker' },
  { at: '2023-06-28T00:20:00Z', kind: 'wind', size: 61, mi: 2.7, deg: 0, place: 'Stonegate' },
  { at: '2023-05-21T19:15:00Z', kind: 'hail', size: 1.25, mi: 1.8, deg: 225, place: 'Parker' },
  { at: '2022-06-19T21:30:00Z', kind: 'hail', size: 1.5, mi: 2.2, deg: 22, place: 'Stonegate' },
  // 3 to 10 miles.
  {
    at: '2026-10-02T01:30:00Z',
    kind: 'wind',
    size: 50,
    mi: 7.5,
    deg: 300,
    source: 'spc',
    place: 'Lone Tree',
  },
  { at: '2026-07-22T22:45:00Z', kind: 'hail', size: 1.0, mi: 6.1, deg: 250, place: 'Highlands Ranch' },
  { at: '2025-07-03T20:40:00Z', kind: 'hail', size: 1.75, mi: 4.8, deg: 45, place: 'Parker' },
  { at: '2025-06-15T23:10:00Z', kind: 'hail', size: 2.0, mi: 9.1, deg: 340, place: 'Centennial' },
  { at: '2025-05-30T21:00:00Z', kind: 'wind', size: 56, mi: 5.5, deg: 160, place: 'Franktown' },
  { at: '2024-08-09T00:35:00Z', kind: 'hail', size: 1.25, mi: 3.6, deg: 270, place: 'Pinery' },
  { at: '2024-06-12T21:25:00Z', kind: 'hail', size: 2.5, mi: 5.2, deg: 292, place: 'Lone Tree' },
  { at: '2024-05-18T20:05:00Z', kind: 'tornado', size: 'EF0', mi: 8.7, deg: 95, place: 'Elizabeth' },
  { at: '2023-07-11T22:50:00Z', kind: 'hail', size: 0.88, mi: 6.8, deg: 200, place: 'Castle Pines' },
  { at: '2023-06-23T19:40:00Z', kind: 'wind', size: 65, mi: 9.6, deg: 60, place: 'Aurora' },
  { at: '2022-07-26T21:15:00Z', kind: 'hail', size: 1.0, mi: 4.3, deg: 120, place: 'Hidden Village' },
  { at: '2022-05-24T20:30:00Z', kind: 'hail', size: 0.75, mi: 8.2, deg: 15, place: 'Foxfield' },
  { at: '2022-04-28T23:55:00Z', kind: 'wind', size: 58, mi: 3.9, deg: 330, place: 'Cottonwood' },
]

/** What the store may hand over (a bounding box, a time range) that the report must leave out. */
const LEFT_OUT: SampleStorm[] = [
  // 10.2 miles: inside the query's bounding box, outside the 10-mile ring.
  { at: '2025-06-15T23:20:00Z', kind: 'hail', size: 2.75, mi: 10.2, deg: 45, place: 'Aurora' },
  // Five years and a day before the report was made.
  { at: '2021-11-19T17:00:00Z', kind: 'hail', size: 3.0, mi: 1.2, deg: 180, place: 'Parker' },
]

const NCEI_MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

/** The time as the source gives it: NCEI in local standard time (MST-7, also in summer), SPC in UTC. */
function sourceTime(at: Date, source: StormSource): { localTime: string; timeZone: string } {
  if (source === 'spc') return { localTime: at.toISOString().slice(11, 16).replace(':', ''), timeZone: 'UTC' }
  const mst = new Date(at.getTime() - 7 * 3600_000)
  const p = (n: number) => String(n).padStart(2, '0')
  return {
    localTime: `${p(mst.getUTCDate())}-${NCEI_MONTHS[mst.getUTCMonth()]}-${p(mst.getUTCFullYear() % 100)} ${p(mst.getUTCHours())}:${p(mst.getUTCMinutes())}:00`,
    timeZone: 'MST-7',
  }
}

function toEvent(s: SampleStorm, id: number): StormEvent {
  const source = s.source ?? 'ncei'
  const at = new Date(s.at)
  const point = pointAt(SAMPLE_LOCATION, s.mi, s.deg)
  return {
    id,
    source,
    sourceId: source === 'ncei' ? String(1_100_000 + id) : `${s.at.slice(0, 10)}-${s.kind}-${id}`,
    kind: s.kind,
    beginAt: at,
    ...sourceTime(at, source),
    hailIn: s.kind === 'hail' ? Number(s.size) : null,
    windKt: s.kind === 'wind' ? Number(s.size) : null,
    tornadoScale: s.kind === 'tornado' ? String(s.size) : null,
    magnitudeType: s.kind === 'wind' ? 'EG' : null,
    // NOAA gives places to a hundredth of a degree or finer; four decimals keep the bearings meant.
    latitude: Number(point.latitude.toFixed(4)),
    longitude: Number(point.longitude.toFixed(4)),
    countyZone: 'DOUGLAS',
    state: 'CO',
    place: s.place ?? null,
    file: source === 'ncei' ? 'StormEvents_details-ftp_v1.0_d2024_c20260915.csv.gz' : 'rpts.csv',
  }
}

/**
 * Extra storms spread over the rings and the five years, for a report of many pages (the PDF's
 * size and speed with ~150 storms). Deterministic: the same every run.
 */
function extraStorms(count: number): SampleStorm[] {
  let seed = 42
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  const start = new Date('2022-01-01T00:00:00Z').getTime()
  const span = new Date('2026-11-01T00:00:00Z').getTime() - start
  return Array.from({ length: count }, () => {
    const kindRoll = next()
    const kind: StormKind = kindRoll < 0.65 ? 'hail' : kindRoll < 0.97 ? 'wind' : 'tornado'
    const size =
      kind === 'hail'
        ? [0.75, 0.88, 1, 1.25, 1.5, 1.75, 2][Math.floor(next() * 7)]!
        : kind === 'wind'
          ? 50 + Math.round(next() * 25)
          : 'EF0'
    return {
      at: new Date(start + Math.floor((next() * span) / 60_000) * 60_000).toISOString(),
      kind,
      size,
      mi: 0.3 + Math.sqrt(next()) * 9.6,
      deg: next() * 360,
    }
  })
}

/** The sample's storm events as the store would return them (ids from 1), the left-out ones included. */
export function sampleStormEvents({ extra = 0 }: { extra?: number } = {}): StormEvent[] {
  const events = [...STORMS, ...LEFT_OUT, ...extraStorms(extra)].map((s, i) => toEvent(s, i + 1))
  // A row without coordinates is skipped by the importers; should one ever reach the report,
  // it must not be drawn at 0°, 0° or counted.
  events.push({ ...toEvent({ ...STORMS[0]!, size: 4 }, events.length + 1), latitude: NaN, longitude: NaN })
  return events
}

// ---- Radar hail (MRMS MESH) around the sample home ----

/**
 * One storm day's hail swath, drawn as radar paints one: a core along the storm's track whose
 * size changes along it, falling off across it. The cells it gives are those the store keeps
 * (0.5 in or more), on the CONUS grid around the home.
 */
interface SampleSwath {
  /** The Denver date. */
  day: string
  /** A point of the core's track, by distance and bearing from the home. */
  through: { mi: number; deg: number }
  /** The way the storm moved, degrees clockwise from north. */
  headingDeg: number
  /** The core's size at `through`, in inches, and its change per mile along the track. */
  peakIn: number
  perMiIn: number
  /** The spread across the track (a Gaussian's sigma), in miles. */
  spreadMi: number
  /** Where along the track (miles from `through`) the core starts and ends. */
  startMi: number
  endMi: number
}

const SAMPLE_SWATHS: SampleSwath[] = [
  // The day of loss: a core from the WNW (the 2.5 in report 5.2 mi WNW) shrinking as it moved
  // ESE over the home, where the 1.75 in report 0.6 mi NW confirms it.
  {
    day: '2024-06-12',
    through: { mi: 0.1, deg: 0 },
    headingDeg: 112,
    peakIn: 1.66,
    perMiIn: -0.11,
    spreadMi: 1.3,
    startMi: -9,
    endMi: 6,
  },
  // A narrow core 2 mi SSW that no one reported (the nearest hail event, 0.88 in, was 6.8 mi away).
  {
    day: '2023-07-11',
    through: { mi: 2.0, deg: 205 },
    headingDeg: 118,
    peakIn: 1.12,
    perMiIn: -0.04,
    spreadMi: 0.55,
    startMi: -3,
    endMi: 2.5,
  },
  // A broad core NNE of the home, over the 1.5 in report 2.2 mi NNE; about 1 in at the home.
  {
    day: '2022-06-19',
    through: { mi: 1.5, deg: 15 },
    headingDeg: 165,
    peakIn: 1.45,
    perMiIn: -0.04,
    spreadMi: 1.3,
    startMi: -5,
    endMi: 5,
  },
  // A small cell 2.3 mi E, with the 0.75 in report 2.4 mi E.
  {
    day: '2025-07-03',
    through: { mi: 2.3, deg: 88 },
    headingDeg: 135,
    peakIn: 0.84,
    perMiIn: 0,
    spreadMi: 0.5,
    startMi: -1.2,
    endMi: 1.2,
  },
]

/** The radar data the sample's store holds: every day of the period but seven NOAA did not have. */
const SAMPLE_RADAR_COVERAGE = { first: '2021-11-20', last: '2026-11-19', days: 1819 }

/** The cells of the sample's radar days around the home, as the store would return them. */
function sampleRadarCells(home: Location = SAMPLE_LOCATION): StoredCell[] {
  const block = blockAround(home, SWATH_HALF_WIDTH_MI + 1)
  const cosLat = Math.cos(toRad(home.latitude))
  const cells: StoredCell[] = []
  for (const swath of SAMPLE_SWATHS) {
    const origin = pointAt(home, swath.through.mi, swath.through.deg)
    const along = { x: Math.sin(toRad(swath.headingDeg)), y: Math.cos(toRad(swath.headingDeg)) }
    for (let row = block.rowMin; row <= block.rowMax; row++)
      for (let col = block.colMin; col <= block.colMax; col++) {
        const c = cellCentre(row, col)
        const x = (c.longitude - origin.longitude) * MI_PER_DEG * cosLat
        const y = (c.latitude - origin.latitude) * MI_PER_DEG
        const s = x * along.x + y * along.y
        const across = x * along.y - y * along.x
        // The core fades out past its ends, and radar's cells give it a little grain.
        const past = s < swath.startMi ? swath.startMi - s : s > swath.endMi ? s - swath.endMi : 0
        const grain = 1 + 0.05 * Math.sin(1.7 * s + 0.9) * Math.cos(2.3 * across)
        const inches =
          (swath.peakIn + swath.perMiIn * s) *
          Math.exp(-(across * across) / (2 * swath.spreadMi ** 2) - (past * past) / 0.72) *
          grain
        const mm10 = inToMm10(inches)
        if (mm10 >= inToMm10(0.5)) cells.push({ row, col, day: swath.day, mm10 })
      }
  }
  return cells
}

/**
 * The service area's cells by their days of 1 in or more over the period (days → cells), for
 * the sample's percentile: most of the area had none or one such day, a few cells two or more.
 */
function sampleAreaCounts(total: number): Map<number, number> {
  return new Map([
    [1, Math.round(total * 0.31)],
    [2, Math.round(total * 0.021)],
    [3, Math.round(total * 0.004)],
  ])
}

/** The sample's radar section and risk assessment, built as a report's are, from the sample's cells. */
function sampleRadarPart(
  storms: readonly ReportStorm[],
  home: Location = SAMPLE_LOCATION,
): { radar: RadarSection; risk: RiskAssessment } {
  const cells = sampleRadarCells(home)
  const days = buildRadarDays(home, cells, storms)
  const atHomeBest = days.reduce<(typeof days)[number] | undefined>(
    (best, d) => (d.atHomeIn > (best?.atHomeIn ?? 0) ? d : best),
    undefined,
  )
  const largestAtHome = atHomeBest ? { date: atHomeBest.date, hailIn: atHomeBest.atHomeIn } : null
  const hailDaysAtHome = days.filter((d) => d.atHomeIn >= DAMAGING_HAIL_IN).length
  const total = serviceAreaCells()
  const figures = {
    hailDaysAtHome,
    largestAtHome,
    serviceAreaPercentile: percentileOf(hailDaysAtHome, sampleAreaCounts(total), total),
  }
  return {
    radar: {
      coverage: SAMPLE_RADAR_COVERAGE,
      days,
      largestAtHome,
      swath: largestAtHome ? buildSwath(home, largestAtHome.date, cells, storms) : null,
    },
    risk: { ...figures, sentence: riskSentence(figures, days.length > 0) },
  }
}

/**
 * The sample report: 20 storms within 10 miles of a home in Parker (and `extra` more), with
 * its radar section unless `radar` is false (a report stored before radar had none).
 */
export function makeSampleWeatherReport({
  extra = 0,
  radar = true,
}: { extra?: number; radar?: boolean } = {}): WeatherReport {
  const report = buildWeatherReport(
    sampleStormEvents({ extra }),
    SAMPLE_ADDRESS,
    SAMPLE_LOCATION,
    SAMPLE_NOW,
    SAMPLE_DATA_THROUGH,
  )
  if (!radar) return report
  const part = sampleRadarPart(report.storms)
  return withRadar(report, part.radar, part.risk)
}

let sample: WeatherReport | undefined

/**
 * The sample report: 20 storms within 10 miles, the 1.75 in hail 0.6 mi NW on 12 Jun 2024 its
 * date of loss, which radar puts at about 1.6 in at the home; four radar days in all. Made the
 * first time it is asked for (notify-test's sample e-mail, the sample renderings), then kept:
 * importing the storms feature makes nothing.
 */
export function sampleWeatherReport(): WeatherReport {
  return (sample ??= makeSampleWeatherReport())
}
