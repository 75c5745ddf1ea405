/**
 * NOAA SPC storm reports, one file per report day and kind (YYMMDD_rpts_hail.csv, _wind.csv,
 * _torn.csv; https://www.spc.noaa.gov/climo/reports/): preliminary, as spotters and offices
 * sent them, published the same day, before NCEI's final record (docs/storm-data.md).
 *
 * - Columns Time,Size|Speed|F_Scale,Location,County,State,Lat,Lon,Comments.
 * - Hail size in hundredths of an inch; wind speed in mph or UNK; Time is HHMM in UTC.
 * - The report day runs from 12Z to 12Z, so a time before 1200 is on the next UTC date: 0130 in
 *   240914's file is 2024-09-15T01:30Z (the evening of the 14th in Denver).
 * - The date is only in the file's name, and the rows have no id: the id is made from the day,
 *   the kind, the time and the place, so importing a file again stores nothing new.
 *
 * Pure: text in, events and skip counts out; and which report days the refresh downloads
 * (planSpcDays), from the day NCEI's records end.
 */
import { parse } from 'csv-parse/sync'
import type { ParsedStormFile, WantedStates } from './events'
import { StormFileError, type SkipReason, type StormEventInput, type StormKind } from './types'

const KNOTS_PER_MPH = 0.868976

/** The second column's name says the kind; a file may repeat the header (a day without reports has only it). */
const KIND_OF_COLUMN: Readonly<Record<string, StormKind>> = {
  Size: 'hail',
  Speed: 'wind',
  F_Scale: 'tornado',
}
const KIND_OF_FILE: Readonly<Record<string, StormKind>> = { hail: 'hail', wind: 'wind', torn: 'tornado' }
/** The kind as it is written in an id (and in the file name). */
const ID_KIND: Readonly<Record<StormKind, string>> = { hail: 'hail', wind: 'wind', tornado: 'torn' }

/** 'YYMMDD' → the report day's UTC midnight; undefined when it is no date. */
function spcFileDay(yymmdd: string): Date | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(yymmdd)
  if (!m) return undefined
  const [year, month, day] = [2000 + Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined
}

/** The instant of a report at HHMM (UTC) in the report day starting at 12Z on `day`. */
function spcInstant(day: Date, hhmm: string): Date | undefined {
  if (!/^\d{4}$/.test(hhmm)) return undefined
  const hour = Number(hhmm.slice(0, 2))
  const minute = Number(hhmm.slice(2))
  if (hour > 23 || minute > 59) return undefined
  const nextDay = hour < 12 ? 1 : 0
  return new Date(day.getTime() + ((nextDay * 24 + hour) * 60 + minute) * 60_000)
}

/**
 * Reads one SPC day file. `day` is the YYMMDD of its name, `fileKind` 'hail', 'wind' or 'torn'.
 * Throws StormFileError for a file that is not one (no header, a header of another kind) or is
 * cut short (a row with fewer than the seven columns before Comments).
 */
export function parseSpcDay(
  file: string,
  text: string,
  day: string,
  fileKind: string,
  states: WantedStates,
): ParsedStormFile {
  const dayStart = spcFileDay(day)
  const expected = KIND_OF_FILE[fileKind]
  if (!dayStart || !expected)
    throw new StormFileError(file, 'not an SPC report day file (YYMMDD_rpts_hail.csv)')
  let records: { record: string[]; info: { lines: number } }[]
  try {
    // Comments may hold commas, quoted or (in older files) not: rows may be longer than the header.
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof records
  } catch (err) {
    throw new StormFileError(file, `damaged (truncated or not CSV): ${(err as Error).message}`)
  }
  if (!records.length || records[0]!.record[0] !== 'Time')
    throw new StormFileError(file, 'not an SPC report file: the first line is not the header Time,…')

  const wanted = states === 'all' ? undefined : new Set(states)
  const events: StormEventInput[] = []
  const skippedBy: Partial<Record<SkipReason, number>> = {}
  const skip = (reason: SkipReason) => void (skippedBy[reason] = (skippedBy[reason] ?? 0) + 1)
  let read = 0
  for (const { record, info } of records) {
    if (record[0] === 'Time') {
      const kind = KIND_OF_COLUMN[record[1] ?? '']
      if (kind !== expected)
        throw new StormFileError(
          file,
          `line ${info.lines}: a header of ${kind ?? 'unknown'} reports in a ${expected} file`,
        )
      continue
    }
    if (record.length < 7)
      throw new StormFileError(
        file,
        `line ${info.lines}: ${record.length} fields, at least 7 expected (truncated?)`,
      )
    read++
    const [time, magnitude, location, county, state, lat, lon] = record as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    const code = state.toUpperCase()
    if (wanted && !wanted.has(code)) {
      skip('other state')
      continue
    }
    const latitude = Number(lat)
    const longitude = Number(lon)
    if (!lat || !lon || !latitude || !longitude || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      skip('no coordinates')
      continue
    }
    const beginAt = spcInstant(dayStart, time)
    if (!beginAt) {
      skip('bad date')
      continue
    }
    let hailIn: number | null = null
    let windKt: number | null = null
    let tornadoScale: string | null = null
    if (expected === 'hail') {
      const hundredths = /^\d+$/.test(magnitude) ? Number(magnitude) : 0
      if (!(hundredths > 0)) {
        skip('bad size')
        continue
      }
      hailIn = hundredths / 100
    } else if (expected === 'wind') {
      if (magnitude.toUpperCase() !== 'UNK') {
        if (!/^\d+(\.\d+)?$/.test(magnitude)) {
          skip('bad size')
          continue
        }
        windKt = Math.round(Number(magnitude) * KNOTS_PER_MPH * 10) / 10
      }
    } else {
      // NCEI writes an unrated tornado EFU; SPC writes UNK. One spelling for the report.
      tornadoScale = !magnitude || magnitude.toUpperCase() === 'UNK' ? 'EFU' : magnitude.toUpperCase()
    }
    events.push({
      source: 'spc',
      sourceId: `${day}-${ID_KIND[expected]}-${time}-${latitude}-${longitude}`,
      kind: expected,
      beginAt,
      localTime: time,
      timeZone: 'UTC',
      hailIn,
      windKt,
      tornadoScale,
      magnitudeType: null,
      latitude,
      longitude,
      countyZone: county || null,
      state: code,
      place: location || null,
    })
  }
  return { events, read, skippedBy }
}

const DAY_MS = 24 * 60 * 60 * 1000
/** SPC's preliminary reports of the last days are still being added to: fetched again each time. */
const SPC_REFETCH_DAYS = 3
/**
 * NCEI publishes a month about 75 to 120 days after its end. More days after NCEI's newest month
 * than this means NCEI's own files are missing, which SPC's reports cannot stand in for.
 */
const SPC_MAX_DAYS = 400
const SPC_KINDS = ['hail', 'wind', 'torn'] as const

/** One report day a refresh downloads: 'YYYY-MM-DD' and its files' names, one per kind. */
export interface SpcDayPlan {
  day: string
  files: string[]
}

/**
 * The SPC report days a refresh downloads: every day after NCEI's newest (`nceiThrough`) up to
 * yesterday (UTC), so the preliminary reports start where the final records end and no day
 * falls between them; at most SPC_MAX_DAYS. A day whose files are all imported is skipped, but
 * for the last SPC_REFETCH_DAYS, whose reports are still being added to.
 */
export function planSpcDays(nceiThrough: string, now: Date, imported: ReadonlySet<string>): SpcDayPlan[] {
  const yesterday = utcDay(now.getTime() - DAY_MS)
  const first = Math.max(Date.parse(nceiThrough) + DAY_MS, yesterday - (SPC_MAX_DAYS - 1) * DAY_MS)
  const refetchFrom = yesterday - (SPC_REFETCH_DAYS - 1) * DAY_MS
  const plan: SpcDayPlan[] = []
  for (let day = first; day <= yesterday; day += DAY_MS) {
    const files = SPC_KINDS.map((kind) => `${spcDayCode(day)}_rpts_${kind}.csv`)
    if (day < refetchFrom && files.every((name) => imported.has(name))) continue
    plan.push({ day: new Date(day).toISOString().slice(0, 10), files })
  }
  return plan
}

/** The UTC midnight of an instant, in ms. */
function utcDay(ms: number): number {
  return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS)
}

/** SPC's YYMMDD of a UTC day. */
function spcDayCode(dayMs: number): string {
  return new Date(dayMs).toISOString().slice(2, 10).replaceAll('-', '')
}
