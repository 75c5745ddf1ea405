/**
 * The Extreme Weather Report for one home: every hail, thunderstorm-wind and tornado report
 * within 10 miles over the past years (FACTS.stormHistoryYears), newest first, each placed in
 * its smallest ring of 1, 3 and 10 miles, and the summary an adjuster and the office look for
 * (docs/storm-data.md). The words every rendering shares (the office's text, the PDF, the
 * e-mail) live here too, so they say the same thing.
 *
 * buildStormReport is pure, so the rings, counts and the date of loss are tested on plain
 * arrays; makeStormReport only reads the store around it.
 */
import { FACTS } from '../../shared/business'
import type { Db } from '../platform/db/connection'
import {
  formatBusinessDate,
  formatBusinessDateTime,
  formatCalendarDate,
  formatCalendarMonth,
  localParts,
} from '../../shared/business-time'
import { stormDataThrough } from './coverage'
import { findStormsNear } from './events'
import { bearingDeg, compass16, distanceMi } from '../platform/geography'
import {
  RINGS_MI,
  type Location,
  type ReportStorm,
  type ReportSummary,
  type RingMi,
  type StormEvent,
  type StormKind,
  type StormReport,
  type StormSource,
} from './types'

/** The farthest a storm may be from the home to be in the report: the outer ring. */
export const REPORT_RADIUS_MI: RingMi = RINGS_MI[RINGS_MI.length - 1]!
/** Hail of one inch and larger can damage shingles; the smallest an adjuster's date of loss looks at. */
const DAMAGING_HAIL_IN = 1

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

/** The report of the stored storms around `location`: a thin wrapper around buildStormReport. */
export function makeStormReport(db: Db, address: string, location: Location, now: Date): StormReport {
  const from = reportPeriodStart(now)
  const events = findStormsNear(db, location, REPORT_RADIUS_MI, from.getTime(), now.getTime())
  return buildStormReport(events, address, location, now, stormDataThrough(db))
}

function ringOf(distance: number): RingMi | undefined {
  return RINGS_MI.find((ring) => distance <= ring)
}

/**
 * The report of `events` around `location`. The store's query returns a bounding box's
 * candidates, so this keeps only what is truly within 10 miles, within the period, of a kind
 * the report shows, and with a place on the map.
 */
export function buildStormReport(
  events: readonly StormEvent[],
  address: string,
  location: Location,
  now: Date,
  dataThrough: DataThrough,
): StormReport {
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

type HailMark = NonNullable<ReportSummary['dateOfLoss']>

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

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

// ---- The words every rendering shares ----

/** How the home was placed, as the report says it. */
function locatedTextOf(location: Location): string {
  switch (location.locatedBy) {
    case 'address':
      return 'located by street address'
    case 'zip':
      return `located by ZIP code ${location.zip ?? location.matched.replace(/^ZIP code\s*/i, '')}`
    case 'city':
      return 'located by city'
  }
}

/** The point the distances are measured from, in a sentence for "How this report was made". */
function locatedExplanation(location: Location): string {
  const point = `${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)}`
  switch (location.locatedBy) {
    case 'address':
      return `The home was located by its street address with the US Census Bureau geocoder (matched: ${location.matched}), at ${point}. Every distance is measured from that point.`
    case 'zip':
      return `The street address could not be matched, so the home was placed at the centre of ${location.zip ? `ZIP code ${location.zip}` : location.matched}, at ${point}. Every distance is measured from that point: a storm may have been nearer to or farther from the home itself.`
    case 'city':
      return `Neither the street address nor its ZIP code could be matched, so the home was placed at the centre of ${location.matched}, at ${point}. Every distance is measured from that point: a storm may have been nearer to or farther from the home itself.`
  }
}

const SOURCE_LABEL: Record<StormSource, string> = {
  ncei: 'FINAL (NCEI)',
  spc: 'PRELIMINARY (SPC)',
}

const KIND_LABEL: Record<StormKind, string> = {
  hail: 'Hail',
  wind: 'Thunderstorm wind',
  tornado: 'Tornado',
}

export const RING_TITLE: Record<RingMi, string> = {
  1: 'Within 1 mile',
  3: '1 to 3 miles',
  10: '3 to 10 miles',
}

/** '1.75 in': NOAA gives hail to the hundredth of an inch, and adjusters read it so. */
export function formatHail(inches: number): string {
  return `${inches.toFixed(2)} in`
}

const MPH_PER_KT = 1.150779

/** '67 mph (58 kt)': homeowners read miles per hour; NOAA records knots. */
function formatWind(kt: number): string {
  return `${Math.round(kt * MPH_PER_KT)} mph (${Math.round(kt)} kt)`
}

/** The size or speed of a storm: '1.75 in', '67 mph (58 kt)', 'EF1'. */
function formatMagnitude(storm: Pick<ReportStorm, 'kind' | 'hailIn' | 'windKt' | 'tornadoScale'>) {
  if (storm.kind === 'hail') return storm.hailIn !== null ? formatHail(storm.hailIn) : 'size not given'
  if (storm.kind === 'wind') return storm.windKt !== null ? formatWind(storm.windKt) : 'speed not given'
  return storm.tornadoScale ?? 'rating not given'
}

/** '0.6 mi NW'; a storm reported at the home's own point has no direction. */
function formatDistance(s: { distanceMi: number; direction: string }): string {
  return s.distanceMi < 0.05 ? 'under 0.1 mi' : `${s.distanceMi.toFixed(1)} mi ${s.direction}`
}

/** The store's newest month ('2026-08') or day ('2026-11-10') of a source, in words. */
function formatDataDate(value: string | null): string {
  if (!value) return 'no data imported yet'
  const month = /^(\d{4})-(\d{2})$/.exec(value)
  if (month) return `the end of ${formatCalendarMonth(Number(month[1]), Number(month[2]))}`
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (day) return formatCalendarDate({ year: Number(day[1]), month: Number(day[2]), day: Number(day[3]) })
  return value
}

/** "How this report was made", as paragraphs: sources, the home's point, and what the report is not. */
export function methodNotes(report: StormReport): { sources: string[]; notes: string[] } {
  const { data } = report.summary
  return {
    sources: [
      `NOAA NCEI Storm Events Database (final records), through ${formatDataDate(data.nceiThrough)}.`,
      `NOAA Storm Prediction Center storm reports (preliminary, may still change), through ${formatDataDate(data.spcThrough)}; used for the days the final records do not cover yet.`,
    ],
    notes: [
      locatedExplanation(report.location),
      `The report lists every hail, thunderstorm-wind and tornado report within ${REPORT_RADIUS_MI} miles from ${formatBusinessDate(report.summary.from)} to ${formatBusinessDate(report.summary.to)}. Times are local time in Denver. A storm reported by both sources is listed once, from the final record.`,
      'A storm report marks where hail or wind was observed, not the whole path of the storm; hail may also have fallen between reports.',
      'This report is a record of the weather near the home, not a damage inspection: only an inspection of the roof can say whether it was damaged.',
    ],
  }
}

/** The business a report names: who made it and whom to call. */
export interface ReportBusiness {
  name: string
  phone: string
}

const TEXT_COLUMNS = [
  { title: 'DATE AND TIME (DENVER)', width: 26 },
  { title: 'KIND', width: 18 },
  { title: 'SIZE / SPEED', width: 16 },
  { title: 'DISTANCE', width: 12 },
  { title: 'SOURCE', width: 0 },
] as const

function textRow(cells: readonly string[]): string {
  return `  ${cells.map((c, i) => c.padEnd(TEXT_COLUMNS[i]?.width ?? 0)).join(' ')}`.trimEnd()
}

/** A storm's cells in the order of the timeline's columns (the text's and the PDF's). */
export function timelineCells(s: ReportStorm): [string, string, string, string, string] {
  return [
    formatBusinessDateTime(s.beginAt),
    KIND_LABEL[s.kind],
    formatMagnitude(s),
    formatDistance(s),
    SOURCE_LABEL[s.source],
  ]
}

function hailText(mark: HailMark | null): string {
  return mark
    ? `${formatHail(mark.hailIn)} on ${formatBusinessDate(mark.beginAt)} (${formatDistance(mark)})`
    : 'none reported'
}

/** What the date of loss is, said under it. */
export const DATE_OF_LOSS_NOTE = `The date of loss is the most recent hail of ${formatHail(DAMAGING_HAIL_IN)} or more within 3 mi: hail that size can damage shingles.`

/** The summary's figures as label and value, shared by the office's text and the PDF. */
export function summaryFacts(summary: ReportSummary): [string, string][] {
  const c = summary.countByRing
  return [
    ['Storms', `${c[1]} within 1 mi, ${c[3]} at 1-3 mi, ${c[10]} at 3-10 mi (${c[1] + c[3] + c[10]} in all)`],
    ['Largest hail within 1 mi', hailText(summary.largestHailWithin1Mi)],
    ['Largest hail within 3 mi', hailText(summary.largestHailWithin3Mi)],
    [
      'Date of loss',
      summary.dateOfLoss
        ? `${formatBusinessDate(summary.dateOfLoss.beginAt)}: ${formatHail(summary.dateOfLoss.hailIn)} hail, ${formatDistance(summary.dateOfLoss)}`
        : `no hail of ${formatHail(DAMAGING_HAIL_IN)} or more within 3 mi`,
    ],
  ]
}

/** The report as plain text for the office (`site-admin storms report`), to read before a call. */
export function formatReportText(report: StormReport, business: ReportBusiness): string {
  const { summary, location } = report
  const lines = [
    `EXTREME WEATHER REPORT - ${business.name}`,
    '',
    `Address:  ${report.address}`,
    `Located:  ${summary.locatedText} (${location.matched}; ${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)})`,
    `Period:   ${formatBusinessDate(summary.from)} to ${formatBusinessDate(summary.to)}`,
    `Made:     ${formatBusinessDateTime(report.madeAt)}`,
    '',
    'SUMMARY',
    `  ${summary.line}`,
    ...summaryFacts(summary).map(([label, value]) => `  ${`${label}:`.padEnd(26)} ${value}`),
    `  (${DATE_OF_LOSS_NOTE})`,
  ]
  for (const ring of RINGS_MI) {
    const storms = report.storms.filter((s) => s.ring === ring)
    lines.push('', `${RING_TITLE[ring].toUpperCase()}: ${plural(storms.length, 'storm')}`)
    if (!storms.length) continue
    lines.push(textRow(TEXT_COLUMNS.map((c) => c.title)))
    for (const s of storms) lines.push(textRow(timelineCells(s)))
  }
  const { sources, notes } = methodNotes(report)
  lines.push(
    '',
    'SOURCES AND DATE OF DATA',
    ...sources.map((s) => `  - ${s}`),
    '',
    'HOW THIS REPORT WAS MADE',
    ...notes.map((s) => `  - ${s}`),
    '',
    `Free roof inspection: ${business.name}, ${business.phone}`,
  )
  return `${lines.join('\n')}\n`
}
