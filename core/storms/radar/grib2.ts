/**
 * A reader for one GRIB2 message (WMO Manual on Codes, FM 92 GRIB edition 2), as far as NOAA's
 * MRMS radar products need: the sections' framing (0 to 8), the parameter, the reference time, a
 * regular latitude/longitude grid (template 3.0), and values packed as PNG (template 5.41)
 * without a bitmap. Anything else is refused with a GribError saying what was found, so a
 * person can tell a truncated download from a file of another kind.
 *
 * The sections are read here by hand because a general GRIB library (ecCodes) is native code
 * the site does not otherwise need. So is the PNG's small framing (png-rows.ts): its rows are
 * inflated by fflate, streaming, and unfiltered there, only down to the last row the caller wants.
 *
 * The values are not materialised as one array: decodeValues() is told which rows the caller
 * wants and keeps only those rows' samples, turning the points asked for into numbers, since the
 * service area is a few hundred of the CONUS grid's 3,500 rows and 24.5 million points. The rest
 * of the image past the last row wanted is never inflated, so a worker decoding a CONUS file holds
 * a few megabytes, not the ~100 MB a whole decoded image takes.
 */
import { openPng, PngError, readPngRows, type PngWork } from './png-rows'

/** A file that is not a GRIB2 message this reader can read; the message says why. */
export class GribError extends Error {
  override name = 'GribError'
}

/** A regular latitude/longitude grid (template 3.0), in degrees. */
export interface LatLonGrid {
  /** Points along a row (west → east when scanning mode is 0). */
  ni: number
  /** Rows. */
  nj: number
  /** The first point's latitude and longitude, as the message gives them (longitude 0..360 in MRMS). */
  firstLatitude: number
  firstLongitude: number
  lastLatitude: number
  lastLongitude: number
  /** The steps between points along a row (i) and between rows (j), positive. */
  iStep: number
  jStep: number
  /** Flag table 3.4: 0 is rows west → east, first row north, rows one after another. */
  scanningMode: number
}

/** How the values are packed (sections 5 to 7, template 5.41). */
interface PngPacking {
  /** Section 5's reference value R (IEEE float32). */
  reference: number
  /** Binary scale factor E and decimal scale factor D: value = (R + X·2^E) / 10^D. */
  binaryScale: number
  decimalScale: number
  /** Section 5's bits per value (0: every value is R / 10^D and section 7 holds no image). */
  bitsPerValue: number
  /** Section 7's PNG. */
  png: Uint8Array
}

/** The values of some rows of a message's field (those decodeValues was asked for), read a row at a time. */
interface GribValues {
  ni: number
  nj: number
  /**
   * Writes row `j`'s values from point `from` up to (not including) `to` into `out` at
   * `outOffset`. Rows and points count in the message's scanning order from 0; `j` must be one
   * of the rows decoded.
   */
  readRow(j: number, from: number, to: number, out: Float64Array, outOffset: number): void
}

export interface Grib2Message {
  /** Section 0's discipline (209 is MRMS's local discipline). */
  discipline: number
  /** Section 4's parameter category and number. */
  category: number
  parameter: number
  /** Section 1's reference time, UTC (for MRMS, the time the product is valid at). */
  referenceTime: Date
  grid: LatLonGrid
  /**
   * Decodes section 7 (template 5.41 only), rows `first` to `last` inclusive (from 0, in the
   * scanning order): the image is inflated only down to row `last`; `work`, when given, counts
   * the bytes inflated and the rows unfiltered.
   */
  decodeValues(rows: { first: number; last: number }, work?: PngWork): GribValues
}

/** GRIB's signed integers are sign and magnitude (the top bit is the sign), not two's complement. */
function signed16(buf: Buffer, at: number): number {
  const v = buf.readUInt16BE(at)
  return v & 0x8000 ? -(v & 0x7fff) : v
}

function signed32(buf: Buffer, at: number): number {
  const v = buf.readUInt32BE(at)
  return v & 0x80000000 ? -(v & 0x7fffffff) : v
}

const MISSING_32 = 0xffffffff

interface Section {
  number: number
  /** Offset of the section's first octet in the buffer, and its length. */
  start: number
  length: number
}

/** The section's octet `octet` (numbered from 1, as the WMO tables number them). */
const at = (s: Section, octet: number) => s.start + octet - 1

function need(s: Section, octets: number, what: string): void {
  if (s.length < octets)
    throw new GribError(
      `section ${s.number} is ${s.length} bytes, too short to hold ${what} (${octets} bytes)`,
    )
}

/** Section 0: the indicator. Returns the discipline. */
function readIndicator(buf: Buffer): number {
  if (buf.length < 16) throw new GribError(`only ${buf.length} bytes: a GRIB2 message is at least 16`)
  if (buf.toString('latin1', 0, 4) !== 'GRIB')
    throw new GribError(
      `does not start with 'GRIB' (it starts with ${JSON.stringify(buf.toString('latin1', 0, 4))})`,
    )
  const edition = buf[7]
  if (edition !== 2) throw new GribError(`GRIB edition ${edition}; only edition 2 is read`)
  const total = buf.readBigUInt64BE(8)
  if (total > BigInt(buf.length))
    throw new GribError(
      `cut short: section 0 says the message is ${total} bytes, the file holds ${buf.length} (the download did not finish)`,
    )
  if (total < BigInt(buf.length))
    throw new GribError(
      `${BigInt(buf.length) - total} bytes follow the message's end (section 0 says ${total} bytes of ${buf.length}): more than one message, or a damaged file`,
    )
  return buf[6]!
}

/** Sections 1 to 8, checked for bounds and order; one field per message. */
function splitSections(buf: Buffer): Map<number, Section> {
  const sections = new Map<number, Section>()
  let offset = 16
  let last = 0
  for (;;) {
    const remain = buf.length - offset
    if (remain >= 4 && buf.toString('latin1', offset, offset + 4) === '7777') {
      if (remain !== 4) throw new GribError(`${remain - 4} bytes after the end marker '7777'`)
      break
    }
    if (remain < 5)
      throw new GribError(
        `cut short: ${remain} bytes remain after section ${last} and there is no '7777' end marker`,
      )
    const length = buf.readUInt32BE(offset)
    const number = buf[offset + 4]!
    if (length > remain)
      throw new GribError(`cut short: section ${number} says ${length} bytes, ${remain} remain`)
    if (length < 5)
      throw new GribError(`section ${number} says it is ${length} bytes, less than its own header`)
    if (number < 1 || number > 7)
      throw new GribError(
        `section number ${number} at byte ${offset}: not a GRIB2 section (1 to 7, then '7777')`,
      )
    if (number <= last)
      throw new GribError(
        `section ${number} follows section ${last}: the message holds more than one field (or its sections are out of order); an MRMS file holds one`,
      )
    sections.set(number, { number, start: offset, length })
    last = number
    offset += length
  }
  for (const n of [1, 3, 4, 5, 6, 7]) if (!sections.has(n)) throw new GribError(`section ${n} is missing`)
  return sections
}

/** Section 1: the reference time, UTC. */
function readReferenceTime(buf: Buffer, s: Section): Date {
  need(s, 19, 'the reference time')
  const year = buf.readUInt16BE(at(s, 13))
  const [month, day, hour, minute, second] = [15, 16, 17, 18, 19].map((o) => buf[at(s, o)]!) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const t = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  if (
    month < 1 ||
    t.getUTCMonth() !== month - 1 ||
    t.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    throw new GribError(
      `section 1's reference time is not a real time: ${year}-${month}-${day} ${hour}:${minute}:${second}`,
    )
  return t
}

/** Section 3 with template 3.0: a regular latitude/longitude grid. */
function readGrid(buf: Buffer, s: Section): LatLonGrid & { points: number } {
  need(s, 14, 'the grid template number')
  const template = buf.readUInt16BE(at(s, 13))
  if (buf[at(s, 6)] !== 0)
    throw new GribError(`section 3's grid is not defined by a template (source ${buf[at(s, 6)]})`)
  if (template !== 0)
    throw new GribError(`grid template 3.${template}; only 3.0 (a regular latitude/longitude grid) is read`)
  need(s, 72, 'template 3.0')
  if (buf[at(s, 11)] !== 0)
    throw new GribError(
      'section 3 has a list of numbers of points (a quasi-regular grid); a regular grid has none',
    )
  const basicAngle = buf.readUInt32BE(at(s, 39))
  const subdivisions = buf.readUInt32BE(at(s, 43))
  // Units of 10^-6 degree unless the message names another basic angle (code table 3.3's note).
  const unit =
    basicAngle === 0 || basicAngle === MISSING_32 || subdivisions === 0 || subdivisions === MISSING_32
      ? 1e-6
      : basicAngle / subdivisions
  const di = buf.readUInt32BE(at(s, 64))
  const dj = buf.readUInt32BE(at(s, 68))
  if (di === MISSING_32 || dj === MISSING_32)
    throw new GribError("section 3's grid does not give its increments (Di, Dj)")
  const deg = (v: number) => Math.round(v * unit * 1e6) / 1e6
  return {
    points: buf.readUInt32BE(at(s, 7)),
    ni: buf.readUInt32BE(at(s, 31)),
    nj: buf.readUInt32BE(at(s, 35)),
    firstLatitude: deg(signed32(buf, at(s, 47))),
    firstLongitude: deg(signed32(buf, at(s, 51))),
    lastLatitude: deg(signed32(buf, at(s, 56))),
    lastLongitude: deg(signed32(buf, at(s, 60))),
    iStep: deg(di),
    jStep: deg(dj),
    scanningMode: buf[at(s, 72)]!,
  }
}

/** Sections 5, 6 and 7 for template 5.41. */
function readPacking(buf: Buffer, s5: Section, s6: Section, s7: Section, points: number): PngPacking {
  need(s5, 11, 'the data representation template number')
  const template = buf.readUInt16BE(at(s5, 10))
  if (template !== 41)
    throw new GribError(
      `values packed with data representation template 5.${template}; only 5.41 (PNG) is read`,
    )
  need(s5, 20, 'template 5.41')
  const count = buf.readUInt32BE(at(s5, 6))
  if (count !== points)
    throw new GribError(`section 5 holds ${count} values but the grid has ${points} points`)
  need(s6, 6, 'the bitmap indicator')
  const bitmap = buf[at(s6, 6)]
  if (bitmap !== 255)
    throw new GribError(
      `section 6 has a bitmap (indicator ${bitmap}); only fields without one (indicator 255, as MRMS writes) are read`,
    )
  return {
    reference: buf.readFloatBE(at(s5, 12)),
    binaryScale: signed16(buf, at(s5, 16)),
    decimalScale: signed16(buf, at(s5, 18)),
    bitsPerValue: buf[at(s5, 20)]!,
    png: buf.subarray(at(s7, 6), s7.start + s7.length),
  }
}

/** Reads a row's packed integers X from its PNG bytes: point `i` of `row`. */
type Sample = (row: Uint8Array, i: number) => number

/** Rows `first` to `last` of section 7's PNG, and how to read a point's packed integer from a row. */
function pngRows(
  packing: PngPacking,
  grid: LatLonGrid,
  first: number,
  last: number,
  work: PngWork | undefined,
): { rows: Uint8Array[]; sample: Sample } {
  try {
    const image = openPng(packing.png)
    const { depth, channels, width, height } = image
    if (width !== grid.ni || height !== grid.nj)
      throw new GribError(
        `section 7's PNG is ${width}×${height} pixels, not the grid's ${grid.ni}×${grid.nj} points`,
      )
    let sample: Sample
    if (channels === 1 && depth === 8) sample = (b, i) => b[i]!
    else if (channels === 1 && depth === 16) sample = (b, i) => (b[2 * i]! << 8) | b[2 * i + 1]!
    // ecCodes and NCEP pack 24 and 32 bits a value as RGB and RGBA bytes, most significant first.
    else if (channels === 3) sample = (b, i) => (b[3 * i]! << 16) | (b[3 * i + 1]! << 8) | b[3 * i + 2]!
    else
      sample = (b, i) =>
        b[4 * i]! * 0x1000000 + ((b[4 * i + 1]! << 16) | (b[4 * i + 2]! << 8) | b[4 * i + 3]!)
    return { rows: readPngRows(image, first, last, work), sample }
  } catch (err) {
    if (err instanceof PngError) throw new GribError(`section 7's PNG ${err.message}`)
    throw err
  }
}

function pngValues(
  packing: PngPacking,
  grid: LatLonGrid,
  first: number,
  last: number,
  work: PngWork | undefined,
): GribValues {
  const { ni, nj } = grid
  if (!(Number.isInteger(first) && Number.isInteger(last) && 0 <= first && first <= last && last < nj))
    throw new RangeError(`rows ${first} to ${last} are not rows of the ${ni}×${nj} grid`)
  const check = (j: number, from: number, to: number) => {
    if (j < first || j > last || from < 0 || to > ni || from > to)
      throw new RangeError(
        `row ${j}, points ${from}..${to} are outside rows ${first} to ${last} of the ${ni}×${nj} grid`,
      )
  }
  const r = packing.reference
  const binary = 2 ** packing.binaryScale
  const decimal = 10 ** packing.decimalScale
  if (packing.bitsPerValue === 0) {
    // A constant field: no image, every value is the reference value.
    const constant = r / decimal
    return {
      ni,
      nj,
      readRow(j, from, to, out, offset) {
        check(j, from, to)
        out.fill(constant, offset, offset + to - from)
      },
    }
  }
  const { rows, sample } = pngRows(packing, grid, first, last, work)
  return {
    ni,
    nj,
    readRow(j, from, to, out, offset) {
      check(j, from, to)
      const row = rows[j - first]!
      for (let i = from; i < to; i++) out[offset + i - from] = (r + sample(row, i) * binary) / decimal
    },
  }
}

/** Reads one GRIB2 message that fills `buf` exactly. Throws GribError when it cannot. */
export function readGrib2(buf: Buffer): Grib2Message {
  const discipline = readIndicator(buf)
  const sections = splitSections(buf)
  const s = (n: number) => sections.get(n)!
  const referenceTime = readReferenceTime(buf, s(1))
  const { points, ...grid } = readGrid(buf, s(3))
  if (grid.ni * grid.nj !== points)
    throw new GribError(`the grid says ${grid.ni}×${grid.nj} points but holds ${points}`)
  need(s(4), 11, 'the parameter')
  return {
    discipline,
    category: buf[at(s(4), 10)]!,
    parameter: buf[at(s(4), 11)]!,
    referenceTime,
    grid,
    decodeValues: ({ first, last }, work) =>
      pngValues(readPacking(buf, s(5), s(6), s(7), points), grid, first, last, work),
  }
}
