/**
 * The storm data's shapes, shared by the importers, the store, the refresh, the report and its
 * renderers (docs/storm-data.md). Plain data only: no I/O here.
 */

/** NOAA NCEI Storm Events (final, published monthly) or NOAA SPC storm reports (preliminary, daily). */
export type StormSource = 'ncei' | 'spc'
export type StormKind = 'hail' | 'wind' | 'tornado'

/** One storm event (what NOAA calls a storm report) as an importer reads it, before it is stored. */
export interface StormEventInput {
  source: StormSource
  /** NCEI's EVENT_ID; for SPC, made from the file's day, the kind, the time and the place. */
  sourceId: string
  kind: StormKind
  /** The instant, in UTC. */
  beginAt: Date
  /** The time as the source gave it: '12-JUN-24 15:40:00' (NCEI), '0130' (SPC). */
  localTime: string
  /** The time zone it was given in: 'MST-7' (NCEI's CZ_TIMEZONE), 'UTC' (SPC). */
  timeZone: string
  /** Hail size in inches (hail only). */
  hailIn: number | null
  /** Wind in knots (thunderstorm wind only; SPC's mph converted). */
  windKt: number | null
  /** A tornado's rating as given: 'EF1', 'EFU', 'F2'. */
  tornadoScale: string | null
  /** NCEI's MAGNITUDE_TYPE for wind: EG, MG, ES, MS. */
  magnitudeType: string | null
  latitude: number
  longitude: number
  /** NCEI's CZ_NAME (county or forecast zone); SPC's County. */
  countyZone: string | null
  /** Two-letter state ('CO'); NCEI gives the name ('COLORADO'), stored as its abbreviation. */
  state: string
  /** Place name: NCEI's BEGIN_LOCATION, SPC's Location ('3 NW Parker'). */
  place: string | null
}

/** A stored storm event. */
export interface StormEvent extends StormEventInput {
  id: number
  /** The file it came from (its name). */
  file: string
}

/** Why a row was skipped, counted per reason. */
export type SkipReason =
  'no coordinates' | 'bad date' | 'bad size' | 'other event type' | 'other state' | 'superseded by NCEI'

/** What importing one file did. */
export interface ImportSummary {
  /** The file's name (not its path). */
  file: string
  source: StormSource
  /** Data rows read. */
  read: number
  /** New events stored (a re-import stores 0). */
  stored: number
  /** Rows already in the store (same source id). */
  unchanged: number
  skipped: number
  skippedBy: Partial<Record<SkipReason, number>>
}

/** A file refused whole: truncated, corrupt, or not in a known format. Nothing of it is stored. */
export class StormFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`)
    this.name = 'StormFileError'
  }
}

/** A point on the map, in degrees. */
export interface LatLon {
  latitude: number
  longitude: number
}

/** How the home was placed for the report. */
export type LocatedBy = 'address' | 'zip' | 'city' | 'none'

export interface Location extends LatLon {
  locatedBy: Exclude<LocatedBy, 'none'>
  /** What was matched: the geocoder's matched address, 'ZIP code 80134', or 'Parker, CO'. */
  matched: string
  /** The ZIP code used, when by ZIP. */
  zip?: string
}

/** The rings a report groups storms in, in miles. */
export const RINGS_MI = [1, 3, 10] as const
export type RingMi = (typeof RINGS_MI)[number]
/** The farthest a storm may be from the home to be in the report: the outer ring. */
export const REPORT_RADIUS_MI: RingMi = RINGS_MI[RINGS_MI.length - 1]!
/** Hail of one inch and larger can damage shingles; the smallest an adjuster's date of loss looks at. */
export const DAMAGING_HAIL_IN = 1

/** One storm of a report, as the homeowner reads it. */
export interface ReportStorm {
  id: number
  kind: StormKind
  source: StormSource
  /** ISO instant (UTC). */
  beginAt: string
  hailIn: number | null
  windKt: number | null
  tornadoScale: string | null
  distanceMi: number
  /** Degrees clockwise from north, from the home to the storm. */
  bearingDeg: number
  /** 16-point compass: 'N', 'NNE', … 'NW'. */
  direction: string
  /** The smallest ring it falls in. */
  ring: RingMi
  place: string | null
  countyZone: string | null
  state: string
}

/** The summary the e-mails and the page show; stored as JSON in weather_reports.summary. */
export interface ReportSummary {
  /** ISO instants: the period the report covers (5 years back from when it was made). */
  from: string
  to: string
  locatedBy: Exclude<LocatedBy, 'none'>
  /**
   * How the home was located, in the words the page and the e-mails show as they are: 'located
   * by street address', 'located by ZIP code 80134', 'located by city'.
   */
  locatedText: string
  /** Storms per ring, each counted in its smallest ring: { 1: 2, 3: 5, 10: 11 }. */
  countByRing: Record<RingMi, number>
  /** Storms within 3 miles (rings 1 and 3). */
  within3Mi: number
  largestHailWithin1Mi: { hailIn: number; beginAt: string; distanceMi: number; direction: string } | null
  largestHailWithin3Mi: { hailIn: number; beginAt: string; distanceMi: number; direction: string } | null
  /** The most recent hail of 1 in or more within 3 miles: the date of loss an adjuster asks for. */
  dateOfLoss: { hailIn: number; beginAt: string; distanceMi: number; direction: string } | null
  /** The office e-mail's line: '1.75 in hail 0.6 mi NW on 12 Jun 2024; 7 storms within 3 mi since 2021'. */
  line: string
  /** The data's sources and dates: the newest NCEI month and the newest SPC day in the store. */
  data: { nceiThrough: string | null; spcThrough: string | null }
  /**
   * The radar's lines, or null when the store holds no radar data. `office`: the office
   * e-mail's ('Radar: 1.6 in at the home on 12 Jun 2024 (confirmed by a report 0.6 mi NW); 2 days
   * of 1 in+ in 5 years, more than 97% of the area'); `page`: the page's one line, the largest
   * radar hail at the home and its date. Summaries stored before radar have no such key.
   */
  radar?: { office: string; page: string } | null
}

/** A whole report: the summary and every storm within 10 miles, newest first. */
export interface WeatherReport {
  /** The address as the homeowner typed it. */
  address: string
  location: Location
  madeAt: string
  summary: ReportSummary
  storms: ReportStorm[]
  /** Radar hail around the home; reports stored before radar have none. */
  radar?: RadarSection
  /** Null when the store holds no radar data to compare with. */
  risk?: RiskAssessment | null
}

/**
 * Radar hail: NOAA's MRMS MESH (Maximum Estimated Size of Hail), the 24-hour maximum, one grid
 * a storm day (docs/storm-data.md). Sizes are estimates from radar, not hailstones measured.
 */
export const RADAR_DAY_MIN_IN = 0.75
/** The radar picture's contours, in inches. */
export const SWATH_CONTOURS_IN = [0.75, 1, 1.5, 2] as const
/**
 * Each band's fill, from the lowest contour up: light to dark, so larger hail reads darker. One
 * palette for every swath picture (the PDF's, the office's storm briefing), so a colour means
 * the same size wherever the office sees it.
 */
export const SWATH_BAND_FILL: Record<(typeof SWATH_CONTOURS_IN)[number], string> = {
  0.75: '#fed7aa',
  1: '#fb923c',
  1.5: '#ea580c',
  2: '#9a3412',
}

/** Where the largest radar hail of a ring was, from the home. */
export interface RadarMark {
  hailIn: number
  distanceMi: number
  /** 16-point compass from the home: 'NW'. */
  direction: string
}

/** One storm day with radar hail of 0.75 in or more within 3 mi of the home. */
export interface RadarDay {
  /** The Denver calendar date, YYYY-MM-DD: the date of loss an adjuster asks for. */
  date: string
  /** The estimate at the home's own cell, in inches; 0 when none. */
  atHomeIn: number
  /** The largest within 1 mi and within 3 mi, in inches; 0 when none. */
  within1MiIn: number
  within3MiIn: number
  within1Mi: RadarMark | null
  within3Mi: RadarMark | null
  /** A ground hail report on the same Denver date within 3 mi agrees: 'confirmed by a report'. */
  corroborated: boolean
  /** The nearest such report, when corroborated. */
  groundReport: { hailIn: number; distanceMi: number; direction: string } | null
}

/**
 * The radar grid around the home for one day, for the swath picture: cells of 0.01°, row 0 the
 * northernmost, col 0 the westernmost, each the MESH in inches (0 where below 0.5 in or none).
 */
export interface RadarSwath {
  date: string
  /** The centre of cell (0, 0). */
  north: number
  west: number
  stepDeg: number
  rows: number
  cols: number
  valuesIn: number[]
  /** The ground hail reports of that Denver date within the picture. */
  reports: { latitude: number; longitude: number; hailIn: number }[]
}

/** What the radar saw around the home over the report's period. */
export interface RadarSection {
  /**
   * The storm days (Denver dates) within the report's period the store holds radar for: the
   * first, the last and how many; null when it holds none in that period.
   */
  coverage: { first: string; last: string; days: number } | null
  /** Newest first. */
  days: RadarDay[]
  /** The largest at the home itself, the most recent of equal sizes. */
  largestAtHome: { date: string; hailIn: number } | null
  /** The swath of the day with the largest hail at the home (else within 3 mi); null without radar days. */
  swath: RadarSwath | null
}

/** How the home's radar hail compares: the risk assessment. */
export interface RiskAssessment {
  /** Storm days with 1 in or more at the home's cell in the period. */
  hailDaysAtHome: number
  largestAtHome: { date: string; hailIn: number } | null
  /**
   * The share of the service area's radar cells, 0–100, that had fewer days of 1 in or more
   * than the home's cell in the same period ('more than 97% of the area').
   */
  serviceAreaPercentile: number
  /** What that means for a roof, in one plain sentence. */
  sentence: string
}
