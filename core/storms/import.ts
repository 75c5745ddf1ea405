/**
 * Importing one storm data file, by its name: an NCEI details file (.csv or .csv.gz), an SPC
 * report day file, or an MRMS MESH radar file (.grib2.gz; radar/mesh-file.ts) (docs/storm-data.md). `site-admin storms import` and the worker's refresh
 * both come through here. A file is checked whole before anything is stored (a gzip that does
 * not end where it says, a row cut short), then stored in one transaction: a bad file leaves
 * the store exactly as it was.
 */
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { Db } from '../platform/db/connection'
import { NCEI_DETAILS_FILE, parseNceiDetails } from './ncei'
import { parseSpcDay } from './spc'
import { nceiCutoff } from './coverage'
import { storeStormFile, type ParsedStormFile, type WantedStates } from './events'
import { StormFileError, type ImportSummary, type SkipReason, type StormSource } from './types'
import { checkMeshFileSize, decodeMeshFile, MESH_FILE, serviceAreaBox } from './radar/mesh-file'
import { storeMeshDay, type RadarDaySummary } from './radar/store'

/** 240914_rpts_hail.csv (also _wind, _torn): [1] the report day YYMMDD, [2] the kind. */
export const SPC_DAY_FILE = /^(\d{6})_rpts_(hail|wind|torn)\.csv$/

export interface ImportOptions {
  states: WantedStates
  now: Date
}

const GZIP_MAGIC = [0x1f, 0x8b]
const MB = 1024 * 1024

/**
 * The most a gzipped NCEI or SPC file may unzip to. NCEI's largest details files (the busiest
 * years hold some 80,000 events of 51 columns with their narratives) unzip to tens of MB; an SPC
 * day file to a few KB. A gzip that unzips to more is not one of them, and is stopped there
 * instead of filling the worker's memory.
 */
const STORM_FILE_MAX_UNZIPPED_BYTES = 128 * MB

/** The text of a file as it arrived: gunzipped when it starts like a gzip (whatever its name says). */
function fileText(name: string, content: Buffer): string {
  if (content.length >= 2 && content[0] === GZIP_MAGIC[0] && content[1] === GZIP_MAGIC[1]) {
    try {
      return gunzipSync(content, { maxOutputLength: STORM_FILE_MAX_UNZIPPED_BYTES }).toString('utf8')
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new StormFileError(
          name,
          `unzips to more than ${STORM_FILE_MAX_UNZIPPED_BYTES / MB} MB, more than any NOAA storm data file: not unzipped further`,
        )
      throw new StormFileError(
        name,
        `not a complete gzip file (truncated or corrupt): ${(err as Error).message}`,
      )
    }
  }
  return content.toString('utf8')
}

/** The format of a file by its name, or a StormFileError saying which names are taken. */
function formatOf(name: string): {
  source: StormSource
  parse: (text: string, states: WantedStates) => ParsedStormFile
} {
  if (NCEI_DETAILS_FILE.test(name))
    return { source: 'ncei', parse: (text, states) => parseNceiDetails(name, text, states) }
  const spc = SPC_DAY_FILE.exec(name)
  if (spc)
    return { source: 'spc', parse: (text, states) => parseSpcDay(name, text, spc[1]!, spc[2]!, states) }
  throw new StormFileError(
    name,
    'not a storm data file name: expected an NCEI details file (StormEvents_details-ftp_v1.0_dYYYY_cYYYYMMDD.csv or .csv.gz), an SPC report day file (YYMMDD_rpts_hail.csv, _wind.csv or _torn.csv) or an MRMS MESH file (MRMS_MESH_Max_1440min_00.50_YYYYMMDD-HHMMSS.grib2.gz)',
  )
}

/**
 * SPC reports from before NCEI's cut-off are not stored: NCEI's final record of that month is
 * already here and counts instead (the rule of findStormsNear, applied early to keep the store lean).
 */
function dropSuperseded(db: Db, parsed: ParsedStormFile): ParsedStormFile {
  const cutoff = nceiCutoff(db)?.getTime()
  if (cutoff === undefined) return parsed
  const events = parsed.events.filter((e) => e.beginAt.getTime() >= cutoff)
  const superseded = parsed.events.length - events.length
  if (!superseded) return parsed
  const skippedBy: Partial<Record<SkipReason, number>> = { ...parsed.skippedBy }
  skippedBy['superseded by NCEI'] = (skippedBy['superseded by NCEI'] ?? 0) + superseded
  return { events, read: parsed.read, skippedBy }
}

/**
 * Imports one file given its name (not a path) and content. Throws StormFileError, before
 * storing anything, for a name it does not know or a file that is damaged.
 */
export function importStormFile(db: Db, name: string, content: Buffer, opts: ImportOptions): ImportSummary {
  const format = formatOf(name)
  const text = fileText(name, content)
  if (!text.trim()) throw new StormFileError(name, 'empty file (not even a header)')
  let parsed = format.parse(text, opts.states)
  if (format.source === 'spc') parsed = dropSuperseded(db, parsed)
  return storeStormFile(db, { name, source: format.source }, parsed, opts.now)
}

/**
 * Imports one MRMS MESH file (one storm day of radar hail) given its name and content: decoded
 * and clipped to the service area's box whole, then stored in one transaction; a day already
 * stored is left as it is. Throws StormFileError, before storing anything, for a damaged file.
 */
export function importRadarFile(db: Db, name: string, content: Buffer, now: Date): RadarDaySummary {
  return storeMeshDay(db, decodeMeshFile(name, content, serviceAreaBox()), now)
}

/** Imports the file at a path (its name decides the format): storm events, or a day of radar hail. */
export function importStormPath(
  db: Db,
  filePath: string,
  opts: ImportOptions,
): ImportSummary | RadarDaySummary {
  const name = path.basename(filePath)
  const radar = MESH_FILE.test(name)
  if (!radar) formatOf(name) // an unknown name is refused as such, before the file is read
  let content: Buffer
  try {
    // A radar file larger than any MESH file is refused by its size, before it is read.
    if (radar) checkMeshFileSize(name, statSync(filePath).size)
    content = readFileSync(filePath)
  } catch (err) {
    if (err instanceof StormFileError) throw err
    throw new StormFileError(name, `cannot be read: ${(err as Error).message}`)
  }
  return radar ? importRadarFile(db, name, content, opts.now) : importStormFile(db, name, content, opts)
}
