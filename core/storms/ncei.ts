/**
 * NOAA NCEI Storm Events "details" files (StormEvents_details-ftp_v1.0_dYYYY_cYYYYMMDD.csv[.gz]):
 * the final record, one file per year, recompiled by NOAA when late reports arrive. The columns
 * are described at https://www.ncei.noaa.gov/pub/data/swdi/stormevents/csvfiles/Storm-Data-Bulk-csv-Format.pdf
 * (docs/storm-data.md). Strings are quoted, numbers are not; one header row.
 *
 * Pure: text in, events and skip counts out. Refusing a whole file (a short row, a missing
 * column) throws; a row that cannot be used is skipped and counted. The refresh finds each
 * year's newest file in NCEI's directory listing here too (newestDetailsFiles).
 */
import { parse } from 'csv-parse/sync'
import type { ParsedStormFile, WantedStates } from './events'
import { StormFileError, type SkipReason, type StormEventInput, type StormKind } from './types'

/** StormEvents_details-ftp_v1.0_d2024_c20250401.csv(.gz): [1] the year, [2] the compile date. */
export const NCEI_DETAILS_FILE = /^StormEvents_details-ftp_v1\.0_d(\d{4})_c(\d{8})\.csv(?:\.gz)?$/

/** The 51 columns of a details file, in NOAA's order (the header of every year since 1950). */
export const NCEI_DETAILS_COLUMNS = [
  'BEGIN_YEARMONTH',
  'BEGIN_DAY',
  'BEGIN_TIME',
  'END_YEARMONTH',
  'END_DAY',
  'END_TIME',
  'EPISODE_ID',
  'EVENT_ID',
  'STATE',
  'STATE_FIPS',
  'YEAR',
  'MONTH_NAME',
  'EVENT_TYPE',
  'CZ_TYPE',
  'CZ_FIPS',
  'CZ_NAME',
  'WFO',
  'BEGIN_DATE_TIME',
  'CZ_TIMEZONE',
  'END_DATE_TIME',
  'INJURIES_DIRECT',
  'INJURIES_INDIRECT',
  'DEATHS_DIRECT',
  'DEATHS_INDIRECT',
  'DAMAGE_PROPERTY',
  'DAMAGE_CROPS',
  'SOURCE',
  'MAGNITUDE',
  'MAGNITUDE_TYPE',
  'FLOOD_CAUSE',
  'CATEGORY',
  'TOR_F_SCALE',
  'TOR_LENGTH',
  'TOR_WIDTH',
  'TOR_OTHER_WFO',
  'TOR_OTHER_CZ_STATE',
  'TOR_OTHER_CZ_FIPS',
  'TOR_OTHER_CZ_NAME',
  'BEGIN_RANGE',
  'BEGIN_AZIMUTH',
  'BEGIN_LOCATION',
  'END_RANGE',
  'END_AZIMUTH',
  'END_LOCATION',
  'BEGIN_LAT',
  'BEGIN_LON',
  'END_LAT',
  'END_LON',
  'EPISODE_NARRATIVE',
  'EVENT_NARRATIVE',
  'DATA_SOURCE',
] as const

export type NceiColumn = (typeof NCEI_DETAILS_COLUMNS)[number]
type NceiRow = Record<NceiColumn, string>

/** The columns this importer reads: a file without one of them is not a details file. */
const REQUIRED_COLUMNS: readonly NceiColumn[] = [
  'BEGIN_YEARMONTH',
  'BEGIN_DAY',
  'BEGIN_TIME',
  'EVENT_ID',
  'STATE',
  'EVENT_TYPE',
  'CZ_NAME',
  'BEGIN_DATE_TIME',
  'CZ_TIMEZONE',
  'MAGNITUDE',
  'MAGNITUDE_TYPE',
  'TOR_F_SCALE',
  'BEGIN_LOCATION',
  'BEGIN_LAT',
  'BEGIN_LON',
]

/** The event types a roof report shows; NCEI has about fifty others (floods, heat, marine hail…). */
const KIND_OF_EVENT_TYPE: Readonly<Record<string, StormKind>> = {
  Hail: 'hail',
  'Thunderstorm Wind': 'wind',
  Tornado: 'tornado',
}

/**
 * NCEI names the state in full; the store keeps the two-letter code. The 50 states, DC and
 * the territories NCEI reports on land. Marine areas ('GULF OF MEXICO', 'LAKE MICHIGAN') only
 * carry marine event types, which are skipped anyway.
 */
export const STATE_CODES: Readonly<Record<string, string>> = {
  ALABAMA: 'AL',
  ALASKA: 'AK',
  ARIZONA: 'AZ',
  ARKANSAS: 'AR',
  CALIFORNIA: 'CA',
  COLORADO: 'CO',
  CONNECTICUT: 'CT',
  DELAWARE: 'DE',
  'DISTRICT OF COLUMBIA': 'DC',
  FLORIDA: 'FL',
  GEORGIA: 'GA',
  HAWAII: 'HI',
  IDAHO: 'ID',
  ILLINOIS: 'IL',
  INDIANA: 'IN',
  IOWA: 'IA',
  KANSAS: 'KS',
  KENTUCKY: 'KY',
  LOUISIANA: 'LA',
  MAINE: 'ME',
  MARYLAND: 'MD',
  MASSACHUSETTS: 'MA',
  MICHIGAN: 'MI',
  MINNESOTA: 'MN',
  MISSISSIPPI: 'MS',
  MISSOURI: 'MO',
  MONTANA: 'MT',
  NEBRASKA: 'NE',
  NEVADA: 'NV',
  'NEW HAMPSHIRE': 'NH',
  'NEW JERSEY': 'NJ',
  'NEW MEXICO': 'NM',
  'NEW YORK': 'NY',
  'NORTH CAROLINA': 'NC',
  'NORTH DAKOTA': 'ND',
  OHIO: 'OH',
  OKLAHOMA: 'OK',
  OREGON: 'OR',
  PENNSYLVANIA: 'PA',
  'RHODE ISLAND': 'RI',
  'SOUTH CAROLINA': 'SC',
  'SOUTH DAKOTA': 'SD',
  TENNESSEE: 'TN',
  TEXAS: 'TX',
  UTAH: 'UT',
  VERMONT: 'VT',
  VIRGINIA: 'VA',
  WASHINGTON: 'WA',
  'WEST VIRGINIA': 'WV',
  WISCONSIN: 'WI',
  WYOMING: 'WY',
  'PUERTO RICO': 'PR',
  'VIRGIN ISLANDS': 'VI',
  GUAM: 'GU',
  'AMERICAN SAMOA': 'AS',
  'NORTHERN MARIANA ISLANDS': 'MP',
}

/**
 * CZ_TIMEZONE's hours from UTC when it gives only the abbreviation (older files say 'MST', newer
 * ones 'MST-7'). NCEI keeps local standard time all year, but a few old rows say daylight time.
 */
const ZONE_OFFSET_HOURS: Readonly<Record<string, number>> = {
  AST: -4,
  EST: -5,
  CST: -6,
  MST: -7,
  PST: -8,
  AKST: -9,
  HST: -10,
  SST: -11,
  GST: 10,
  EDT: -4,
  CDT: -5,
  MDT: -6,
  PDT: -7,
  AKDT: -8,
  UTC: 0,
  GMT: 0,
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

/** The hours a CZ_TIMEZONE ('MST-7', 'GST10', 'CST', 'cst-6') is from UTC; undefined when unknown. */
export function zoneOffsetHours(zone: string): number | undefined {
  const m = /^([A-Z]{2,4})([+-]?\d{1,2})?$/.exec(zone.trim().toUpperCase())
  if (!m) return undefined
  if (m[2] === undefined) return ZONE_OFFSET_HOURS[m[1]!]
  const hours = Number(m[2])
  return Math.abs(hours) <= 14 ? hours : undefined
}

/**
 * The UTC instant of a row's begin time. BEGIN_DATE_TIME has a two-digit year ('12-JUN-24
 * 15:40:00' could be 1924 or 2024), so the year comes from BEGIN_YEARMONTH, and the day and time
 * from BEGIN_DAY and BEGIN_TIME (HHMM without leading zeros); BEGIN_DATE_TIME must say the same,
 * which catches a row whose columns slipped. Undefined when anything disagrees or is missing.
 */
export function nceiBeginInstant(row: {
  BEGIN_YEARMONTH: string
  BEGIN_DAY: string
  BEGIN_TIME: string
  BEGIN_DATE_TIME: string
  CZ_TIMEZONE: string
}): Date | undefined {
  const ym = /^(\d{4})(\d{2})$/.exec(row.BEGIN_YEARMONTH.trim())
  const day = /^\d{1,2}$/.test(row.BEGIN_DAY.trim()) ? Number(row.BEGIN_DAY) : NaN
  const hhmm = /^\d{1,4}$/.test(row.BEGIN_TIME.trim()) ? row.BEGIN_TIME.trim().padStart(4, '0') : ''
  const text = /^(\d{1,2})-([A-Z]{3})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2})$/.exec(
    row.BEGIN_DATE_TIME.trim().toUpperCase(),
  )
  const offset = zoneOffsetHours(row.CZ_TIMEZONE)
  if (!ym || !hhmm || !text || offset === undefined || Number.isNaN(day)) return undefined
  const year = Number(ym[1])
  const month = Number(ym[2])
  const hour = Number(hhmm.slice(0, 2))
  const minute = Number(hhmm.slice(2))
  const second = Number(text[6])
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined
  // The day must exist in that month (31 June rolls over in Date.UTC).
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined
  const agrees =
    Number(text[1]) === day &&
    MONTHS.indexOf(text[2]!) === month - 1 &&
    Number(text[3]) === year % 100 &&
    Number(text[4]) === hour &&
    Number(text[5]) === minute
  if (!agrees) return undefined
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offset * 3_600_000)
}

/** 'COLORADO SPGS MUNI ARPT' → 'Colorado Spgs Muni Arpt'. */
function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s\-/(.])([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase())
}

/** A coordinate NCEI leaves blank, as 0, or out of range means the row has no place on the map. */
function coordinate(text: string, limit: number): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const value = Number(trimmed)
  return Number.isFinite(value) && value !== 0 && Math.abs(value) <= limit ? value : undefined
}

function numberOrUndefined(text: string): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : undefined
}

/** The two-letter code of NCEI's STATE ('COLORADO', or already 'CO'); undefined when unknown. */
function stateCode(name: string): string | undefined {
  const upper = name.trim().toUpperCase()
  return STATE_CODES[upper] ?? (KNOWN_CODES.has(upper) ? upper : undefined)
}
const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(STATE_CODES))

/**
 * Reads a details file's text. Throws StormFileError when the file is not one (a missing
 * column) or is damaged (a row with another number of fields than the header: a truncated or
 * garbled file is refused whole rather than stored in part).
 */
export function parseNceiDetails(file: string, text: string, states: WantedStates): ParsedStormFile {
  const end = text.indexOf('\n')
  const header = (end < 0 ? text : text.slice(0, end)).split(',').map((c) => c.replace(/["\s\uFEFF]/g, ''))
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c))
  if (missing.length)
    throw new StormFileError(
      file,
      `not an NCEI Storm Events details file: the header lacks ${missing.join(', ')}`,
    )
  let rows: NceiRow[]
  try {
    rows = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true }) as NceiRow[]
  } catch (err) {
    throw new StormFileError(file, `damaged (truncated or not CSV): ${(err as Error).message}`)
  }
  const wanted = states === 'all' ? undefined : new Set(states)
  const events: StormEventInput[] = []
  const skippedBy: Partial<Record<SkipReason, number>> = {}
  const skip = (reason: SkipReason) => void (skippedBy[reason] = (skippedBy[reason] ?? 0) + 1)

  for (const row of rows) {
    // The state first: a national file filtered to one state skips mostly for that reason, and
    // the summary should say so rather than count each flood as 'other event type'.
    const code = stateCode(row.STATE)
    if (wanted && (!code || !wanted.has(code))) {
      skip('other state')
      continue
    }
    const kind = KIND_OF_EVENT_TYPE[row.EVENT_TYPE.trim()]
    if (!kind) {
      skip('other event type')
      continue
    }
    const latitude = coordinate(row.BEGIN_LAT, 90)
    const longitude = coordinate(row.BEGIN_LON, 180)
    if (latitude === undefined || longitude === undefined) {
      skip('no coordinates')
      continue
    }
    const beginAt = nceiBeginInstant(row)
    if (!beginAt) {
      skip('bad date')
      continue
    }
    const magnitude = numberOrUndefined(row.MAGNITUDE)
    if (
      (kind === 'hail' && !(magnitude !== undefined && magnitude > 0)) ||
      (kind === 'wind' && !(magnitude !== undefined && magnitude >= 0))
    ) {
      skip('bad size')
      continue
    }
    const eventId = row.EVENT_ID.trim()
    // Every details row has an id; without one the row is garbled, and storing it could not be idempotent.
    if (!/^\d+$/.test(eventId))
      throw new StormFileError(file, `damaged: a row without an EVENT_ID ("${eventId}")`)
    events.push({
      source: 'ncei',
      sourceId: eventId,
      kind,
      beginAt,
      localTime: row.BEGIN_DATE_TIME.trim(),
      timeZone: row.CZ_TIMEZONE.trim().toUpperCase(),
      hailIn: kind === 'hail' ? magnitude! : null,
      windKt: kind === 'wind' ? magnitude! : null,
      tornadoScale: kind === 'tornado' ? row.TOR_F_SCALE.trim() || null : null,
      magnitudeType: kind === 'wind' ? row.MAGNITUDE_TYPE.trim() || null : null,
      latitude,
      longitude,
      countyZone: row.CZ_NAME.trim() ? titleCase(row.CZ_NAME.trim()) : null,
      // With every state wanted, a name missing from the table is kept as NCEI wrote it.
      state: code ?? row.STATE.trim().toUpperCase(),
      place: row.BEGIN_LOCATION.trim() ? titleCase(row.BEGIN_LOCATION.trim()) : null,
    })
  }
  return { events, read: rows.length, skippedBy }
}

/** Each year's details file with the newest compile date in NCEI's directory listing (Apache's index). */
export function newestDetailsFiles(html: string): Map<number, string> {
  const newest = new Map<number, { name: string; compiled: string; gz: boolean }>()
  for (const [, href] of html.matchAll(/href\s*=\s*"([^"]+)"/gi)) {
    let name: string
    try {
      name = decodeURIComponent(href!.split(/[?#]/)[0]!.split('/').at(-1)!)
    } catch {
      continue
    }
    const m = NCEI_DETAILS_FILE.exec(name)
    if (!m) continue
    const year = Number(m[1])
    const candidate = { name, compiled: m[2]!, gz: name.endsWith('.gz') }
    const best = newest.get(year)
    // The newest compile date; of the same date, the gzip (the smaller download).
    if (
      !best ||
      candidate.compiled > best.compiled ||
      (candidate.compiled === best.compiled && candidate.gz && !best.gz)
    )
      newest.set(year, candidate)
  }
  return new Map([...newest].map(([year, file]) => [year, file.name]))
}
