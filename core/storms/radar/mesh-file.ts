/**
 * NOAA MRMS MESH files (docs/storm-data.md): MESH_Max_1440min, the largest Maximum Estimated Size
 * of Hail of the 24 hours before the file's time, on the CONUS grid of 0.01° (7000 × 3500 points,
 * the first at 54.995 N, 129.995 W), in mm; -3 where no radar covers, -1 where data is missing.
 * One GRIB2 message a file, its values packed as PNG (grib2.ts), gzipped as NOAA serves it.
 *
 * A file becomes one storm day (the DAY RULE below): its cells of 0.5 in or more inside a box
 * (the service area's, serviceAreaBox), less the radar's artefacts (the ARTEFACT RULE below).
 * Cells are named by their row and column on the CONUS grid, so days line up cell for cell. A
 * file on any other grid, larger than a MESH file can be, or unzipping to more, is refused
 * before its image is inflated (GRID BOUND below): a file cannot make the worker work long.
 */
import { gunzipSync } from 'node:zlib'
import { localTime } from '../../platform/business-time'
import { EARTH_RADIUS_MI, servedCities } from '../../platform/geography'
import { isoDate, localParts } from '../../../shared/business-time'
import { StormFileError, type LatLon } from '../types'
import { GribError, readGrib2, type Grib2Message, type LatLonGrid } from './grib2'
import { maxInflatedBytes, type PngWork } from './png-rows'

/** MRMS_MESH_Max_1440min_00.50_20240613-060000.grib2.gz: [1] the UTC date, [2] the time, [3] .gz. */
export const MESH_FILE = /^MRMS_MESH_Max_1440min_00\.50_(\d{8})-(\d{6})\.grib2(\.gz)?$/

/** A box in degrees (longitude -180..180). */
export interface MeshBox {
  north: number
  south: number
  west: number
  east: number
}

/** A cell of the CONUS grid (row 0 at 54.995 N, column 0 at 129.995 W) and its hail, in mm. */
interface MeshCell {
  row: number
  col: number
  mm: number
}

/** What one file holds for the box: one storm day. */
export interface MeshDay {
  /** The file's name. */
  file: string
  /** The time the file is valid at (its GRIB reference time): the Denver midnight that ends the day. */
  validAt: Date
  /** The storm day, a Denver date YYYY-MM-DD. */
  day: string
  /** The cells of the box with 0.5 in or more that the artefact rule keeps, row by row. */
  cells: MeshCell[]
  /** The largest of `cells`, in mm (0 when there are none). */
  maxMm: number
  /** Cells of 0.5 in or more the artefact rule dropped, by its three parts. */
  dropped: { isolated: number; unsupported: number; beyondLimit: number }
  /** The box's cells the file has a value for that a radar covered (neither -3 nor -1). */
  coveredCells: number
}

/** The CONUS grid's lattice: its first point (the north-west corner's cell centre) and step. */
const CONUS_NORTH = 54.995
const CONUS_WEST = -129.995
const STEP_DEG = 0.01
/** How far a grid's corner may sit from the lattice (a ten-thousandth of a degree, 11 m). */
const LATTICE_SLACK_DEG = 1e-4

/** MRMS's GRIB2 code of MESH: local discipline 209, category 3 (radar products), parameter 34. */
const MESH_PARAMETER = { discipline: 209, category: 3, parameter: 34 }

const MM_PER_IN = 25.4
/** The smallest hail kept: 0.5 in. */
const KEEP_MM = 0.5 * MM_PER_IN
/** The artefact rule's thresholds (see below). */
const LIMIT_MM = 8 * MM_PER_IN
const LARGE_MM = 3 * MM_PER_IN
const SUPPORT_MM = 0.75 * MM_PER_IN
const MIN_SUPPORT = 5
/**
 * MRMS writes -3 (no radar covers the cell) and -1 (missing); no hail is negative. A value below
 * -0.5 is one of those codes: the margin lets a coarser packing's rounding still read as one.
 */
const NO_DATA_BELOW_MM = -0.5

/** The cell a point lies in (its nearest cell centre), on the CONUS grid's lattice. */
export function cellOf(point: LatLon): { row: number; col: number } {
  const longitude = ((((point.longitude + 180) % 360) + 360) % 360) - 180
  return {
    row: Math.round((CONUS_NORTH - point.latitude) / STEP_DEG),
    col: Math.round((longitude - CONUS_WEST) / STEP_DEG),
  }
}

/** The centre of a cell of the CONUS grid, in degrees (to the thousandth, as MRMS places them). */
export function cellCentre(row: number, col: number): LatLon {
  const thousandths = (deg: number) => Math.round(deg * 1000) / 1000
  return {
    latitude: thousandths(CONUS_NORTH - row * STEP_DEG),
    longitude: thousandths(CONUS_WEST + col * STEP_DEG),
  }
}

/** How far the box reaches past the outermost cities served: a storm near the edge still counts. */
const SERVICE_AREA_MARGIN_MI = 15

/**
 * The cities' bounding box widened by `marginMi` on every side. A degree of longitude shrinks
 * with the cosine of the latitude, so the east and west margins are taken at the box's latitude
 * farthest from the equator, where a degree is shortest: the margin is at least `marginMi` everywhere.
 */
function boxAround(points: readonly LatLon[], marginMi: number): MeshBox {
  const latitudes = points.map((p) => p.latitude)
  const longitudes = points.map((p) => p.longitude)
  const dLat = marginMi / ((EARTH_RADIUS_MI * Math.PI) / 180)
  const north = Math.max(...latitudes) + dLat
  const south = Math.min(...latitudes) - dLat
  const widest = Math.max(Math.abs(north), Math.abs(south))
  const dLon = dLat / Math.cos((widest * Math.PI) / 180)
  return { north, south, west: Math.min(...longitudes) - dLon, east: Math.max(...longitudes) + dLon }
}

let areaBox: MeshBox | undefined

/**
 * The box every file is clipped to: the cities served (with a known centre), widened by 15 mi.
 * Worked out with the first call (servedCities() reads the ZIP code table).
 */
export function serviceAreaBox(): MeshBox {
  areaBox ??= Object.freeze(
    boxAround(
      servedCities().flatMap((c) => (c.centre ? [c.centre] : [])),
      SERVICE_AREA_MARGIN_MI,
    ),
  )
  return areaBox
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const utcDate = (t: Date) => `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}`
const utcTime = (t: Date) => `${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`

/** The name NOAA gives the file valid at `validAt`. */
export function meshFileName(validAt: Date, gzip = true): string {
  return `MRMS_MESH_Max_1440min_00.50_${utcDate(validAt)}-${utcTime(validAt)}.grib2${gzip ? '.gz' : ''}`
}

/**
 * The file of a storm day (DAY RULE): the one valid at the Denver midnight that ends it, in the
 * folder of that moment's UTC date.
 */
export function meshFileNameForDay(day: string): { dir: string; name: string; validAt: Date } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  const [year, month, date] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0]
  const check = new Date(Date.UTC(year, month - 1, date))
  if (!m || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date)
    throw new RangeError(`not a date (YYYY-MM-DD): ${JSON.stringify(day)}`)
  // Denver's clocks change at 02:00, so midnight is never skipped nor shown twice.
  const validAt = localTime({ year, month, day: date + 1, hour: 0 })
  return { dir: utcDate(validAt), name: meshFileName(validAt), validAt }
}

/**
 * DAY RULE: a storm day is a Denver calendar day, and its file is the 24-hour maximum valid at
 * the NEXT Denver midnight (06:00Z under daylight saving time, 07:00Z in winter), so the file
 * covers exactly the day's 24 hours. The day is the Denver date of the millisecond before the
 * file's time. A file valid at any other time straddles two days and is refused.
 */
function stormDay(name: string, validAt: Date): string {
  const local = localParts(validAt)
  if (local.hour !== 0 || local.minute !== 0 || local.second !== 0)
    throw new StormFileError(
      name,
      `valid at ${validAt.toISOString()}, ${pad(local.hour)}:${pad(local.minute)} in Denver: a storm day's file is the one valid at the next Denver midnight (06:00Z in summer, 07:00Z in winter), so this file spans two storm days`,
    )
  return isoDate(localParts(new Date(validAt.getTime() - 1)))
}

const near = (a: number, b: number) => Math.abs(a - b) <= LATTICE_SLACK_DEG
/** A longitude in -180..180, to the millionth of a degree GRIB gives it in (230.005 is -129.995). */
const east180 = (longitude: number) =>
  Math.round((((((longitude + 180) % 360) + 360) % 360) - 180) * 1e6) / 1e6

/**
 * The grid every MESH file NOAA writes has: MRMS's CONUS grid, 7000 × 3500 points of 0.01° from
 * 54.995 N 230.005 E (129.995 W) to 20.005 N 299.995 E (60.005 W), west to east, north to south.
 * A file on any other grid is refused before anything of its values is read: how much of the
 * image the reader inflates depends on where the service area's rows fall in the file's grid,
 * and on this grid that is fixed (GRID BOUND below), whatever the file declares.
 */
const CONUS_GRID = {
  ni: 7000,
  nj: 3500,
  first: { latitude: CONUS_NORTH, longitude: CONUS_WEST },
  last: cellCentre(3499, 6999),
}

/** Refuses a grid that is not CONUS_GRID, saying what the file's grid is. */
function checkGrid(name: string, grid: LatLonGrid): void {
  const refuse = (reason: string) => new StormFileError(name, reason)
  if (grid.scanningMode !== 0)
    throw refuse(
      `scanning mode ${grid.scanningMode}; MRMS grids are scanned west to east, north to south (mode 0), the only one read`,
    )
  const conus =
    grid.ni === CONUS_GRID.ni &&
    grid.nj === CONUS_GRID.nj &&
    Math.abs(grid.iStep - STEP_DEG) <= 1e-6 &&
    Math.abs(grid.jStep - STEP_DEG) <= 1e-6 &&
    near(grid.firstLatitude, CONUS_GRID.first.latitude) &&
    near(east180(grid.firstLongitude), CONUS_GRID.first.longitude) &&
    near(grid.lastLatitude, CONUS_GRID.last.latitude) &&
    near(east180(grid.lastLongitude), CONUS_GRID.last.longitude)
  if (!conus)
    throw refuse(
      `its grid is ${grid.ni} × ${grid.nj} points of ${grid.iStep}° × ${grid.jStep}° from (${grid.firstLatitude}, ${grid.firstLongitude}) to (${grid.lastLatitude}, ${grid.lastLongitude}), not MRMS's CONUS grid (7000 × 3500 points of 0.01° from 54.995 N 230.005 E to 20.005 N 299.995 E), the only one read`,
    )
}

/**
 * A MESH file is 80–250 KB as NOAA serves it (gzipped) and unzips to a few hundred KB: a file
 * larger than MAX_FILE_BYTES, or a gzip that unzips past MAX_UNZIPPED_BYTES, is not one, and is
 * refused without unzipping the rest. The refresh's download stops at MAX_FILE_BYTES too.
 */
export const MESH_MAX_FILE_BYTES = 10 * 1024 * 1024
const MAX_UNZIPPED_BYTES = 32 * 1024 * 1024
const MB = 1024 * 1024

/** What decoding a file cost, counted as it goes: the tests and the benchmark hold it to meshDecodeBound. */
export interface DecodeWork extends PngWork {
  /** The GRIB2 message's bytes: the file unzipped, or the file itself when it was not gzipped. */
  unzippedBytes: number
}

/** Refuses a file of `bytes` (as it was given, gzipped or not) that is larger than a MESH file can be. */
export function checkMeshFileSize(name: string, bytes: number): void {
  if (bytes > MESH_MAX_FILE_BYTES)
    throw new StormFileError(
      name,
      `is ${(bytes / MB).toFixed(1)} MB; a MESH file is a few hundred KB, and none over ${MESH_MAX_FILE_BYTES / MB} MB is read`,
    )
}

/** The file as one GRIB2 message: gunzipped when it is gzipped, parsed, and checked to be MESH. */
function readMesh(name: string, content: Buffer, work: DecodeWork): Grib2Message {
  checkMeshFileSize(name, content.length)
  let grib = content
  if (content.length >= 2 && content[0] === 0x1f && content[1] === 0x8b) {
    try {
      // maxOutputLength stops the unzipping at the cap. zlib writes into one chunk a byte larger
      // than the cap (only the part written is ever resident): a file under the cap is never
      // joined from smaller chunks, a copy that would double its memory, and a gzip bomb is
      // stopped one byte past the cap, not a whole chunk past it.
      grib = gunzipSync(content, { maxOutputLength: MAX_UNZIPPED_BYTES, chunkSize: MAX_UNZIPPED_BYTES + 1 })
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new StormFileError(
          name,
          `unzips to more than ${MAX_UNZIPPED_BYTES / MB} MB (a MESH file unzips to a few hundred KB): not a MESH file, and not unzipped further`,
        )
      throw new StormFileError(
        name,
        `not a complete gzip file (${(err as Error).message}): the download was cut short or the file is damaged`,
      )
    }
  }
  work.unzippedBytes = grib.length
  const message = readGrib2(grib)
  const { discipline, category, parameter } = message
  if (
    discipline !== MESH_PARAMETER.discipline ||
    category !== MESH_PARAMETER.category ||
    parameter !== MESH_PARAMETER.parameter
  )
    throw new StormFileError(
      name,
      `holds parameter ${discipline}/${category}/${parameter} (discipline/category/number), not MRMS's MESH (209/3/34)`,
    )
  return message
}

/** The box's cells on the CONUS grid, inclusive: those nearest its corners and all between. */
function boxCells(box: MeshBox): { rowMin: number; rowMax: number; colMin: number; colMax: number } {
  if (!(box.north > box.south) || !(box.east > box.west))
    throw new RangeError(`not a box (north > south, east > west): ${JSON.stringify(box)}`)
  const nw = cellOf({ latitude: box.north, longitude: box.west })
  const se = cellOf({ latitude: box.south, longitude: box.east })
  return { rowMin: nw.row, rowMax: se.row, colMin: nw.col, colMax: se.col }
}

/** The artefact rule looks this many cells around a cell (its 5×5 block). */
const MARGIN = 2

/** A window of the grid: `rows` × `cols` values from CONUS row `row0`, column `col0`; NaN off the file. */
interface Window {
  row0: number
  col0: number
  rows: number
  cols: number
  values: Float64Array
}

/** The window a box is read in: its cells and MARGIN cells around them, as CONUS rows and columns. */
function windowOf(box: MeshBox): { row0: number; col0: number; rows: number; cols: number } {
  const cells = boxCells(box)
  return {
    row0: cells.rowMin - MARGIN,
    col0: cells.colMin - MARGIN,
    rows: cells.rowMax - cells.rowMin + 1 + 2 * MARGIN,
    cols: cells.colMax - cells.colMin + 1 + 2 * MARGIN,
  }
}

/**
 * The box and a margin of MARGIN cells around it, read from the file's values (on CONUS_GRID,
 * a file's rows and columns are the CONUS grid's). Only the rows the window covers are decoded
 * (the image is inflated down to the last of them); a window off the grid decodes nothing.
 */
function readWindow(message: Grib2Message, box: MeshBox, work: PngWork): Window {
  const { row0, col0, rows, cols } = windowOf(box)
  const window = new Float64Array(rows * cols).fill(Number.NaN)
  const { ni, nj } = message.grid
  const from = Math.max(0, col0)
  const to = Math.min(ni, col0 + cols)
  const first = Math.max(0, row0)
  const last = Math.min(nj - 1, row0 + rows - 1)
  if (from < to && first <= last) {
    const values = message.decodeValues({ first, last }, work)
    for (let j = first; j <= last; j++) values.readRow(j, from, to, window, (j - row0) * cols + from - col0)
  }
  return { row0, col0, rows, cols, values: window }
}

/**
 * GRID BOUND: what decoding any file may cost, read with `box`, whatever the file holds. A file is
 * at most MESH_MAX_FILE_BYTES and unzips to at most MAX_UNZIPPED_BYTES (both refused past that);
 * its grid is CONUS_GRID, so its image is 7000 pixels wide, at most 4 bytes a pixel, and is
 * inflated and unfiltered only down to the window's last row (png-rows.ts, maxInflatedBytes).
 */
export function meshDecodeBound(box: MeshBox): DecodeWork & { fileBytes: number } {
  const { row0, rows } = windowOf(box)
  const last = Math.min(CONUS_GRID.nj - 1, row0 + rows - 1)
  return {
    fileBytes: MESH_MAX_FILE_BYTES,
    unzippedBytes: MAX_UNZIPPED_BYTES,
    rowsUnfiltered: last + 1,
    inflatedBytes: maxInflatedBytes({ width: CONUS_GRID.ni, channels: 4, depth: 8 }, last),
  }
}

/** How many of the cells within `reach` of (r, c), itself aside, hold `min` or more. */
function neighboursAtLeast(w: Window, r: number, c: number, reach: number, min: number): number {
  let n = 0
  for (let dr = -reach; dr <= reach; dr++)
    for (let dc = -reach; dc <= reach; dc++)
      if ((dr || dc) && w.values[(r + dr) * w.cols + c + dc]! >= min) n++
  return n
}

/**
 * ARTEFACT RULE. MESH is an estimate from radar reflectivity aloft, and single cells of it are
 * sometimes wrong in ways no hailstorm is: a spike of one cell (ground clutter, a bright band,
 * a beam blocked by a mountain), or a giant stone with no storm around it. A cell of 0.5 in
 * or more is dropped, the first part that applies counted in `dropped`, when it is
 *   (a) beyond physical limits: over 8 in (203.2 mm). The US record hailstone is 8.0 in
 *       (Vivian, South Dakota, 2010): nothing larger has fallen, so the radar is wrong;
 *   (b) an unsupported large cell: 3 in (76.2 mm) or more with fewer than 5 of the 24 other
 *       cells of its 5×5 block at 0.75 in (19.05 mm) or more. Stones that large fall from a
 *       storm core several kilometres across, which puts large hail in the cells around them;
 *   (c) isolated: none of its 8 neighbours has 0.5 in or more. A hail swath is kilometres wide
 *       and a cell is about 1 km, so real hail of that size covers more than one cell.
 * Neighbours are judged on the file's values before any cell is dropped, including the cells
 * just outside the box (the box is read with a margin of 2 cells, filtered, then the margin is
 * dropped), so a cell's fate does not depend on where the box's edge falls.
 */
function keepCells(name: string, validAt: Date, day: string, w: Window): MeshDay {
  const result: MeshDay = {
    file: name,
    validAt,
    day,
    cells: [],
    maxMm: 0,
    dropped: { isolated: 0, unsupported: 0, beyondLimit: 0 },
    coveredCells: 0,
  }
  for (let r = MARGIN; r < w.rows - MARGIN; r++) {
    for (let c = MARGIN; c < w.cols - MARGIN; c++) {
      const mm = w.values[r * w.cols + c]!
      // NaN (a cell the file does not reach) fails every comparison.
      if (mm >= NO_DATA_BELOW_MM) result.coveredCells++
      if (!(mm >= KEEP_MM)) continue
      if (mm > LIMIT_MM) result.dropped.beyondLimit++
      else if (mm >= LARGE_MM && neighboursAtLeast(w, r, c, 2, SUPPORT_MM) < MIN_SUPPORT)
        result.dropped.unsupported++
      else if (neighboursAtLeast(w, r, c, 1, KEEP_MM) === 0) result.dropped.isolated++
      else {
        result.cells.push({ row: w.row0 + r, col: w.col0 + c, mm })
        if (mm > result.maxMm) result.maxMm = mm
      }
    }
  }
  return result
}

/**
 * Reads one MESH file (gzipped or not) into the storm day it is, clipped to `box`. Throws
 * StormFileError, naming the file and saying why, for anything that is not a complete MESH file
 * on MRMS's CONUS grid valid at a Denver midnight; nothing of a refused file is used. Everything
 * that can refuse a file from its headers does so before any of its image is inflated, and the
 * work is bounded by meshDecodeBound(box); `work`, when given, counts it (even for a refusal).
 */
export function decodeMeshFile(
  name: string,
  content: Buffer,
  box: MeshBox,
  work: DecodeWork = { unzippedBytes: 0, inflatedBytes: 0, rowsUnfiltered: 0 },
): MeshDay {
  const m = MESH_FILE.exec(name)
  if (!m)
    throw new StormFileError(
      name,
      'not an MRMS MESH file name (MRMS_MESH_Max_1440min_00.50_YYYYMMDD-HHMMSS.grib2.gz, or .grib2)',
    )
  try {
    const message = readMesh(name, content, work)
    checkGrid(name, message.grid)
    const validAt = message.referenceTime
    const [date, time] = [m[1]!, m[2]!]
    if (`${date}-${time}` !== `${utcDate(validAt)}-${utcTime(validAt)}`)
      throw new StormFileError(
        name,
        `the name says ${date}-${time} UTC but the file's reference time is ${validAt.toISOString()}`,
      )
    const day = stormDay(name, validAt)
    return keepCells(name, validAt, day, readWindow(message, box, work))
  } catch (err) {
    if (err instanceof GribError) throw new StormFileError(name, err.message)
    throw err
  }
}
