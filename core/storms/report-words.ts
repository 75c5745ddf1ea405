/**
 * The words every rendering of the Extreme Weather Report shares (the office's text, the PDF,
 * the e-mail, the summary's line), so they say the same thing: how the home was placed, the
 * kinds, sizes, distances and sources, the summary's facts and "How this report was made".
 * Dates are the business clock's (shared/business-time.ts).
 */
import { plural } from '../platform/words'
import {
  formatBusinessDate,
  formatBusinessDateTime,
  formatCalendarMonth,
  formatIsoDate,
} from '../../shared/business-time'
import {
  DAMAGING_HAIL_IN,
  RADAR_DAY_MIN_IN,
  REPORT_RADIUS_MI,
  type Location,
  type ReportStorm,
  type ReportSummary,
  type RingMi,
  type StormKind,
  type WeatherReport,
  type StormSource,
  type RadarDay,
  type RadarMark,
  type RadarSection,
  type RiskAssessment,
} from './types'

/** A notable hail of the summary: the date of loss, the largest within 1 or 3 mi. */
export type HailMark = NonNullable<ReportSummary['dateOfLoss']>

/** How the home was placed, as the report says it. */
export function locatedTextOf(location: Location): string {
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
export function formatDistance(s: { distanceMi: number; direction: string }): string {
  return s.distanceMi < 0.05 ? 'under 0.1 mi' : `${s.distanceMi.toFixed(1)} mi ${s.direction}`
}

/** The store's newest month ('2026-08') or day ('2026-11-10') of a source, in words. */
function formatDataDate(value: string | null): string {
  if (!value) return 'no data imported yet'
  const month = /^(\d{4})-(\d{2})$/.exec(value)
  if (month) return `the end of ${formatCalendarMonth(Number(month[1]), Number(month[2]))}`
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (day) return formatIsoDate(day[0])
  return value
}

/** "How this report was made", as paragraphs: sources, the home's point, and what the report is not. */
export function methodNotes(report: WeatherReport): { sources: string[]; notes: string[] } {
  const { data } = report.summary
  return {
    sources: [
      `NOAA NCEI Storm Events Database (final records), through ${formatDataDate(data.nceiThrough)}.`,
      `NOAA Storm Prediction Center storm reports (preliminary, may still change), through ${formatDataDate(data.spcThrough)}; used for the days the final records do not cover yet.`,
    ],
    notes: [
      locatedExplanation(report.location),
      `The report lists every hail, thunderstorm-wind and tornado event within ${REPORT_RADIUS_MI} miles from ${formatBusinessDate(report.summary.from)} to ${formatBusinessDate(report.summary.to)}. Times are local time in Denver. A storm reported by both sources is listed once, from the final record.`,
      'A storm event marks where hail or wind was observed, not the whole path of the storm; hail may also have fallen between them.',
      'This report is a record of the weather near the home, not a damage inspection: only an inspection of the roof can say whether it was damaged.',
    ],
  }
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

// ---- Radar hail (MRMS MESH): the words of the radar section, the risk and the summary's lines ----

/** What a radar figure is, said wherever one is shown. */
export const RADAR_MEANING =
  'Estimated by radar: hail of about this size fell there; it is not a measurement of hailstones on the roof.'

/** A radar day's label: a storm event of the same day within 3 mi agrees, or none does. */
export const RADAR_CONFIRMED = 'confirmed by a report'
export const RADAR_ONLY = 'radar only'

/** '1.6 in': radar estimates are not precise to the hundredth, so they are given to the tenth. */
export function formatRadarHail(inches: number): string {
  return `${inches.toFixed(1)} in`
}

/** 'confirmed by a report 0.6 mi NW' or 'radar only'. */
function radarAgreement(day: RadarDay): string {
  return day.groundReport ? `${RADAR_CONFIRMED} ${formatDistance(day.groundReport)}` : RADAR_ONLY
}

/** '1.6 in 0.4 mi NW', or 'none' for a ring without radar hail. */
function radarMarkText(mark: RadarMark | null): string {
  return mark ? `${formatRadarHail(mark.hailIn)} ${formatDistance(mark)}` : 'none'
}

/**
 * The radar's two summary lines. The office's: 'Radar: 1.6 in at the home on 12 Jun 2024
 * (confirmed by a report 0.6 mi NW); 2 days of 1 in+ in 5 years, more than 97% of the area'.
 * The page's: the largest radar hail at the home and its date, in one line.
 */
export function radarLines(
  radar: RadarSection,
  risk: RiskAssessment | null,
  years: number,
): { office: string; page: string } | null {
  if (!radar.coverage || !risk) return null
  const days = risk.hailDaysAtHome
  const tally =
    days > 0
      ? `${plural(days, 'day')} of 1 in+ in ${years} years, more than ${risk.serviceAreaPercentile}% of the area`
      : `no day of 1 in+ at the home in ${years} years`
  const atHome = radar.largestAtHome
  if (atHome) {
    const day = radar.days.find((d) => d.date === atHome.date)!
    return {
      office: `Radar: ${formatRadarHail(atHome.hailIn)} at the home on ${formatIsoDate(atHome.date)} (${radarAgreement(day)}); ${tally}`,
      page: `Radar: hail of about ${formatRadarHail(atHome.hailIn)} at your home on ${formatIsoDate(atHome.date)} (${radarAgreement(day)})`,
    }
  }
  const largest = [...radar.days].sort((a, b) => b.within3MiIn - a.within3MiIn)[0]
  if (largest)
    return {
      office: `Radar: none at the home; ${radarMarkText(largest.within3Mi)} on ${formatIsoDate(largest.date)} (${radarAgreement(largest)}); ${tally}`,
      page: `Radar: no hail at your home; about ${radarMarkText(largest.within3Mi)} on ${formatIsoDate(largest.date)}`,
    }
  return {
    office: `Radar: no hail of 0.75 in or more within 3 mi in ${years} years`,
    page: `Radar: no hail of 0.75 in or more within 3 mi of your home in ${years} years`,
  }
}

/** What a report without radar says instead: stored before radar, or made with none in the store. */
export const NO_RADAR_LINE = 'No radar hail data was available for this report.'

/** The radar table's columns, shared by the office's text and the PDF. */
export const RADAR_COLUMNS = [
  'Date',
  'At the home',
  'Largest within 1 mi',
  'Largest within 3 mi',
  'Storm events',
] as const

/** A radar day's cells in RADAR_COLUMNS' order: '12 Jun 2024', '1.6 in', '1.7 in 0.8 mi WNW', … */
export function radarDayCells(day: RadarDay): [string, string, string, string, string] {
  return [
    formatIsoDate(day.date),
    day.atHomeIn > 0 ? formatRadarHail(day.atHomeIn) : 'none',
    radarMarkText(day.within1Mi),
    radarMarkText(day.within3Mi),
    radarAgreement(day),
  ]
}

/** Days from one Denver date 'YYYY-MM-DD' to another, both counted. */
function daysSpanned(first: string, last: string): number {
  const utc = (day: string) => Date.parse(`${day}T00:00:00Z`)
  return Math.round((utc(last) - utc(first)) / 86_400_000) + 1
}

/**
 * Where the radar figures come from and which days of the report's period they cover: 'Radar
 * data (NOAA MRMS, Maximum Estimated Size of Hail) for every day from 20 Nov 2021 to 19 Nov
 * 2026, 7 days missing.'
 */
export function radarSourceText(coverage: NonNullable<RadarSection['coverage']>): string {
  const source = 'Radar data (NOAA MRMS, Maximum Estimated Size of Hail)'
  if (coverage.first === coverage.last) return `${source} for ${formatIsoDate(coverage.first)} only.`
  const missing = Math.max(0, daysSpanned(coverage.first, coverage.last) - coverage.days)
  const gaps = missing === 0 ? '' : `, ${plural(missing, 'day')} missing`
  return `${source} for every day from ${formatIsoDate(coverage.first)} to ${formatIsoDate(coverage.last)}${gaps}.`
}

/** What radar saw when no day had 0.75 in or more within 3 mi. */
export const NO_RADAR_DAYS_LINE = `Radar estimated no hail of ${formatHail(RADAR_DAY_MIN_IN)} or more within 3 mi of the home in this period.`

/** The risk assessment's figures as label and value, shared by the office's text and the PDF. */
export function riskFacts(risk: RiskAssessment, years: number): [string, string][] {
  return [
    ['Days of 1 in+ at the home', `${plural(risk.hailDaysAtHome, 'day')} in ${years} years`],
    [
      'Largest at the home',
      risk.largestAtHome
        ? `${formatRadarHail(risk.largestAtHome.hailIn)} on ${formatIsoDate(risk.largestAtHome.date)}`
        : 'none',
    ],
    [
      'Compared with the area',
      risk.hailDaysAtHome > 0
        ? `more than ${risk.serviceAreaPercentile}% of the service area had fewer such days`
        : 'no day of 1 in+ at the home to compare',
    ],
  ]
}
