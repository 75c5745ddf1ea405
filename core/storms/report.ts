/**
 * The Extreme Weather Report for one home: every storm event (hail, thunderstorm wind, tornado)
 * within 10 miles over the past years (FACTS.stormHistoryYears), newest first, each placed in
 * its smallest ring of 1, 3 and 10 miles, and the summary an adjuster and the office look for
 * (docs/storm-data.md). Its words are report-words.ts's, which every rendering shares.
 *
 * buildWeatherReport is pure, so the rings, counts and the date of loss are tested on plain
 * arrays; makeWeatherReport only reads the store around it and adds the radar section.
 */
import { FACTS } from '../../shared/business'
import type { Db } from '../platform/db/connection'
import { formatBusinessDate, localParts } from '../../shared/business-time'
import { stormDataThrough } from './coverage'
import { findStormsNear } from './events'
import { bearingDeg, compass16, distanceMi } from '../platform/geography'
import { plural } from '../platform/words'
import { formatDistance, formatHail, locatedTextOf, radarLines, type HailMark } from './report-words'
import { radarPart } from './radar/report'
import {
  DAMAGING_HAIL_IN,
  REPORT_RADIUS_MI,
  RINGS_MI,
  type Location,
  type RadarSection,
  type RiskAssessment,
  type ReportStorm,
  type ReportSummary,
  type RingMi,
  type StormEvent,
  type StormKind,
  type WeatherReport,
} from './types'

const KINDS: ReadonlySet<StormKind> = new Set(['hail', 'wind', 'tornado'])

export interface DataThrough {
  nceiThrough: string | null
  spcThrough: string | null
}

/** The start of the period a report made at `now` covers: the same day, FACTS.stormHistoryYears earlier. */
function reportPeriodStart(now: Date): Date {
  const from = new Date(now.getTime())
  from.setUTCFullYear(from.getUTCFullYear() - FACTS.stormHistoryYears)
  return from
}

/** The report of the stored storms around `location`: a thin wrapper around buildWeatherReport. */
export function makeWeatherReport(db: Db, address: string, location: Location, now: Date): WeatherReport {
  const from = reportPeriodStart(now)
  const events = findStormsNear(db, location, REPORT_RADIUS_MI, from.getTime(), now.getTime())
  const report = buildWeatherReport(events, address, location, now, stormDataThrough(db))
  const { radar, risk } = radarPart(db, location, from, now, report.storms)
  return withRadar(report, radar, risk)
}

/** The report with its radar section and risk assessment, and the radar's summary lines. */
export function withRadar(
  report: WeatherReport,
  radar: RadarSection,
  risk: RiskAssessment | null,
): WeatherReport {
  return {
    ...report,
    summary: { ...report.summary, radar: radarLines(radar, risk, FACTS.stormHistoryYears) },
    radar,
    risk,
  }
}

function ringOf(distance: number): RingMi | undefined {
  return RINGS_MI.find((ring) => distance <= ring)
}

/**
 * The report of `events` around `location`. The store's query returns a bounding box's
 * candidates, so this keeps only what is truly within 10 miles, within the period, of a kind
 * the report shows, and with a place on the map.
 */
export function buildWeatherReport(
  events: readonly StormEvent[],
  address: string,
  location: Location,
  now: Date,
  dataThrough: DataThrough,
): WeatherReport {
  const from = reportPeriodStart(now)
  const storms: ReportStorm[] = []
  for (const event of events) {
    const at = event.beginAt.getTime()
    if (!KINDS.has(event.kind) || !(at >= from.getTime() && at <= now.getTime())) continue
    if (!isPlaced(event)) continue
    const distance = distanceMi(location, event)
    const ring = ringOf(distance)
    if (!ring) continue
    const bearing = bearingDeg(location, event)
    storms.push({
      id: event.id,
      kind: event.kind,
      source: event.source,
      beginAt: event.beginAt.toISOString(),
      hailIn: event.hailIn,
      windKt: event.windKt,
      tornadoScale: event.tornadoScale,
      distanceMi: distance,
      bearingDeg: bearing,
      direction: compass16(bearing),
      ring,
      place: event.place,
      countyZone: event.countyZone,
      state: event.state,
    })
  }
  // Newest first; storms at the same minute, nearest first.
  storms.sort((a, b) => b.beginAt.localeCompare(a.beginAt) || a.distanceMi - b.distanceMi)
  return {
    address,
    location,
    madeAt: now.toISOString(),
    summary: summarize(storms, location, from, now, dataThrough),
    storms,
  }
}

function isPlaced(e: { latitude: number; longitude: number }): boolean {
  return (
    Number.isFinite(e.latitude) &&
    Number.isFinite(e.longitude) &&
    Math.abs(e.latitude) <= 90 &&
    Math.abs(e.longitude) <= 180
  )
}

function hailMark(storm: ReportStorm | undefined): HailMark | null {
  if (!storm || storm.hailIn === null) return null
  return {
    hailIn: storm.hailIn,
    beginAt: storm.beginAt,
    distanceMi: storm.distanceMi,
    direction: storm.direction,
  }
}

/** The largest hail among `storms` (newest first), the most recent of equal sizes. */
function largestHail(storms: readonly ReportStorm[]): ReportStorm | undefined {
  let largest: ReportStorm | undefined
  for (const s of storms)
    if (s.kind === 'hail' && s.hailIn !== null && s.hailIn > (largest?.hailIn ?? 0)) largest = s
  return largest
}

function summarize(
  storms: readonly ReportStorm[],
  location: Location,
  from: Date,
  now: Date,
  dataThrough: DataThrough,
): ReportSummary {
  const countByRing = Object.fromEntries(
    RINGS_MI.map((ring) => [ring, storms.filter((s) => s.ring === ring).length]),
  ) as Record<RingMi, number>
  const within1 = storms.filter((s) => s.ring <= 1)
  const within3 = storms.filter((s) => s.ring <= 3)
  const largest1 = hailMark(largestHail(within1))
  const largest3 = hailMark(largestHail(within3))
  const dateOfLoss = hailMark(within3.find((s) => s.kind === 'hail' && (s.hailIn ?? 0) >= DAMAGING_HAIL_IN))
  const summary: Omit<ReportSummary, 'line'> = {
    from: from.toISOString(),
    to: now.toISOString(),
    locatedBy: location.locatedBy,
    locatedText: locatedTextOf(location),
    countByRing,
    within3Mi: within3.length,
    largestHailWithin1Mi: largest1,
    largestHailWithin3Mi: largest3,
    dateOfLoss,
    data: { nceiThrough: dataThrough.nceiThrough, spcThrough: dataThrough.spcThrough },
  }
  return { ...summary, line: summaryLine(summary, storms.length) }
}

/**
 * The office's one line. It leads with the date of loss (the most recent hail of 1 in or more
 * within 3 mi); without one, the largest smaller hail within 3 mi; without hail near the home
 * it says so, and how many storms the outer ring holds, rather than leave the line empty.
 */
function summaryLine(s: Omit<ReportSummary, 'line'>, total: number): string {
  const since = `since ${localParts(new Date(s.from)).year}`
  const hail = s.dateOfLoss ?? s.largestHailWithin3Mi
  if (!hail)
    return total
      ? `No hail within 3 mi ${since}; ${plural(total, 'storm')} within ${REPORT_RADIUS_MI} mi`
      : `No storms within ${REPORT_RADIUS_MI} mi ${since}`
  const largest = s.largestHailWithin3Mi
  // A larger, older hail than the date of loss is worth the office's knowing too.
  const larger =
    largest && s.dateOfLoss && largest.hailIn > s.dateOfLoss.hailIn
      ? ` (largest ${formatHail(largest.hailIn)}, ${formatBusinessDate(largest.beginAt)})`
      : ''
  return `${formatHail(hail.hailIn)} hail ${formatDistance(hail)} on ${formatBusinessDate(hail.beginAt)}${larger}; ${plural(s.within3Mi, 'storm')} within 3 mi ${since}`
}
