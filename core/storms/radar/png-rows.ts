/**
 * The rows of a PNG image, read as far down as a caller needs and no further: GRIB2's template
 * 5.41 packs a field as one PNG, and the service area is some 130 of the CONUS grid's 3,500 rows,
 * so inflating and unfiltering the whole 7000×3500 image (about 49 MB of samples) would spend
 * most of the worker's memory on rows nobody reads.
 *
 * Only PNG's small parts are written here: the chunk walk (IHDR, IDAT…, IEND, each chunk's CRC
 * checked) and the row unfilter (filter types 0 to 4). The IDAT data is inflated by fflate's
 * streaming Unzlib, fed a little at a time; it hands the inflated bytes back synchronously, and
 * once the last row wanted is unfiltered the rest of the image is not inflated at all. Only the
 * previous row, the row being filled and the rows wanted are kept.
 *
 * Non-interlaced grey (8 or 16 bits), RGB and RGBA (8 bits a channel) images are read: those are
 * what GRIB2 encoders write. Anything else, and any damaged or cut-short image, is refused with a
 * PngError saying what was found.
 */
import { crc32 } from 'node:zlib'
import { Unzlib } from 'fflate'

/** An image this reader cannot read; the message says why, as a predicate ("ends before…"). */
export class PngError extends Error {
  override name = 'PngError'
}

/** A PNG's header and its image data, walked and checked but not yet inflated. */
export interface PngImage {
  width: number
  height: number
  /** Bits a channel: 8 or 16. */
  depth: number
  /** 1 (grey), 3 (RGB) or 4 (RGBA). */
  channels: number
  /** The IDAT chunks' data, in order (views of the file, not copies). */
  idat: Uint8Array[]
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** Colour types read (PNG's table 11.1) and the channels each has. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 6: 4 }
const count = (n: number) => n.toLocaleString('en-US')

function u32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0
}

interface Chunk {
  type: string
  data: Uint8Array
  /** Where the next chunk starts. */
  next: number
}

/** The chunk at byte `at` of `png`, its CRC checked; `after` names what precedes it, for the refusal. */
function chunkAt(png: Uint8Array, at: number, after: string): Chunk {
  const remain = png.length - at
  if (remain < 12)
    throw new PngError(
      `ends after its ${after}${remain ? ` and ${remain} more bytes` : ''}, without an IEND chunk: cut short`,
    )
  const length = u32(png, at)
  const type = String.fromCharCode(png[at + 4]!, png[at + 5]!, png[at + 6]!, png[at + 7]!)
  if (length > remain - 12)
    throw new PngError(
      `chunk ${type} at byte ${count(at)} says ${count(length)} bytes of data, ${count(remain - 12)} remain: cut short`,
    )
  if (crc32(png.subarray(at + 4, at + 8 + length)) !== u32(png, at + 8 + length))
    throw new PngError(`chunk ${type} at byte ${count(at)} fails its CRC: the image is damaged`)
  return { type, data: png.subarray(at + 8, at + 8 + length), next: at + 12 + length }
}

/** Walks the chunks of `png` (checking their CRCs) and reads its header. Throws PngError. */
export function openPng(png: Uint8Array): PngImage {
  if (png.length < 8 || SIGNATURE.some((v, k) => png[k] !== v))
    throw new PngError('does not start with the PNG signature')
  const first = chunkAt(png, 8, 'signature')
  if (first.type !== 'IHDR') throw new PngError(`starts with a ${first.type} chunk, not IHDR`)
  const header = readHeader(first.data)
  const idat: Uint8Array[] = []
  let previous = first.type
  let sawIdat = false
  for (let at = first.next; ;) {
    const { type, data, next } = chunkAt(png, at, `${previous} chunk`)
    at = next
    if (type === 'IHDR') throw new PngError('has two IHDR chunks')
    if (type === 'IDAT') {
      if (sawIdat && previous !== 'IDAT') throw new PngError('has IDAT chunks with other chunks between them')
      sawIdat = true
      // An empty IDAT is allowed; leaving it out lets the reader mark the last piece it pushes as final.
      if (data.length) idat.push(data)
    } else if (type === 'IEND') {
      if (!idat.length) throw new PngError('has no image data (no IDAT chunk, or only empty ones)')
      return { ...header, idat }
    } else if (type.charCodeAt(0) < 0x61)
      // An upper-case first letter marks a chunk a reader must understand (PLTE is one).
      throw new PngError(`has a ${type} chunk, which this reader does not read`)
    previous = type
  }
}

function readHeader(data: Uint8Array): Omit<PngImage, 'idat'> {
  if (data.length !== 13) throw new PngError(`has an IHDR chunk of ${data.length} bytes, not 13`)
  const width = u32(data, 0)
  const height = u32(data, 4)
  const [depth, colourType, compression, filter, interlace] = data.subarray(8, 13) as unknown as number[]
  if (!width || !height) throw new PngError(`is ${width}×${height} pixels: empty`)
  if (compression !== 0 || filter !== 0)
    throw new PngError(
      `has compression method ${compression} and filter method ${filter}; PNG defines only 0`,
    )
  if (interlace !== 0)
    throw new PngError(`is interlaced (method ${interlace}); only non-interlaced images are read`)
  const channels = CHANNELS[colourType!]
  if (!channels || !(depth === 8 || (depth === 16 && channels === 1)))
    throw new PngError(
      `has colour type ${colourType} at ${depth} bits; only 8- or 16-bit grey (0), 8-bit RGB (2) and 8-bit RGBA (6) are read`,
    )
  return { width, height, depth: depth!, channels }
}

/** Thrown from the inflater's callback once the last row wanted is in, to stop inflating. */
const ENOUGH = Symbol('enough rows')

/** How much compressed data is pushed at a time: bounds what one push inflates. */
const PUSH_BYTES = 4096
/** Deflate's largest ratio: a length of 258 bytes coded in 2 bits gives 1,032 bytes out a byte in. */
const DEFLATE_MAX_RATIO = 1032
/**
 * What a push may inflate besides its own bytes: the inflater holds back input it cannot finish
 * yet, up to a block's header (under 1 KB) or a stored block (up to 65,535 bytes, inflated 1:1).
 */
const HELD_HEADER_BYTES = 1024
const STORED_BLOCK_BYTES = 65_535

/** What reading rows cost, counted as it goes (the tests and the benchmark hold it to its bound). */
export interface PngWork {
  /** Bytes the image data inflated to (each row's filter byte included). */
  inflatedBytes: number
  /** Rows unfiltered. */
  rowsUnfiltered: number
}

/**
 * The most that reading rows down to `last` can inflate, whatever the image data holds: the rows
 * themselves with their filter bytes, and what the last push may inflate past them before the
 * reader stops.
 */
export function maxInflatedBytes(
  image: Pick<PngImage, 'width' | 'depth' | 'channels'>,
  last: number,
): number {
  const rowBytes = (image.width * image.channels * image.depth) / 8
  return (
    (last + 1) * (rowBytes + 1) + (PUSH_BYTES + HELD_HEADER_BYTES) * DEFLATE_MAX_RATIO + STORED_BLOCK_BYTES
  )
}

/**
 * Rows `first` to `last` (from 0, inclusive) of `image`, unfiltered: each `width × channels ×
 * depth / 8` bytes, samples most significant byte first. Inflates only down to row `last`, so
 * the work is bounded by the rows wanted (maxInflatedBytes), not by what the image declares or
 * its data would inflate to; `work`, when given, counts it.
 */
export function readPngRows(
  image: PngImage,
  first: number,
  last: number,
  work: PngWork = { inflatedBytes: 0, rowsUnfiltered: 0 },
): Uint8Array[] {
  const { width, height, depth, channels } = image
  if (!(Number.isInteger(first) && Number.isInteger(last) && 0 <= first && first <= last && last < height))
    throw new RangeError(`rows ${first} to ${last} are not rows of a ${width}×${height} image`)
  const bpp = (channels * depth) / 8
  const rowBytes = width * bpp
  const rows: Uint8Array[] = []
  let previous = new Uint8Array(rowBytes)
  let current = new Uint8Array(rowBytes)
  let row = 0
  let filled = 0
  let filter = -1

  const inflater = new Unzlib((chunk) => {
    work.inflatedBytes += chunk.length
    for (let k = 0; k < chunk.length;) {
      if (filter < 0) {
        filter = chunk[k++]!
        if (filter > 4)
          throw new PngError(`row ${count(row + 1)} has filter type ${filter}; PNG's are 0 to 4`)
        continue
      }
      const n = Math.min(rowBytes - filled, chunk.length - k)
      current.set(chunk.subarray(k, k + n), filled)
      filled += n
      k += n
      if (filled < rowBytes) continue
      unfilter(filter, current, previous, bpp)
      work.rowsUnfiltered++
      if (row >= first) {
        rows.push(current)
        previous = current
        current = new Uint8Array(rowBytes)
      } else [previous, current] = [current, previous]
      if (row === last) throw ENOUGH
      row++
      filled = 0
      filter = -1
    }
  })
  try {
    for (let c = 0; c < image.idat.length; c++) {
      const data = image.idat[c]!
      for (let at = 0; at < data.length; at += PUSH_BYTES)
        inflater.push(
          data.subarray(at, at + PUSH_BYTES),
          c === image.idat.length - 1 && at + PUSH_BYTES >= data.length,
        )
    }
  } catch (err) {
    if (err === ENOUGH) return rows
    if (err instanceof PngError) throw err
    throw new PngError(
      `image data cannot be inflated before row ${count(row + 1)} of ${count(height)}: ${(err as Error).message}`,
    )
  }
  throw new PngError(`ends before row ${count(row + 1)} of ${count(height)}: cut short`)
}

/**
 * Undoes a row's filter in place (PNG's section 9.2): `row` holds the filtered bytes, `above`
 * the previous row unfiltered (zeros for the first row), `bpp` bytes a pixel.
 */
function unfilter(type: number, row: Uint8Array, above: Uint8Array, bpp: number): void {
  const n = row.length
  switch (type) {
    case 0:
      return
    case 1:
      for (let i = bpp; i < n; i++) row[i] = row[i]! + row[i - bpp]!
      return
    case 2:
      for (let i = 0; i < n; i++) row[i] = row[i]! + above[i]!
      return
    case 3:
      for (let i = 0; i < bpp; i++) row[i] = row[i]! + (above[i]! >> 1)
      for (let i = bpp; i < n; i++) row[i] = row[i]! + ((row[i - bpp]! + above[i]!) >> 1)
      return
    case 4:
      for (let i = 0; i < bpp; i++) row[i] = row[i]! + above[i]!
      for (let i = bpp; i < n; i++) {
        const a = row[i - bpp]!
        const b = above[i]!
        const c = above[i - bpp]!
        const pa = Math.abs(b - c)
        const pb = Math.abs(a - c)
        const pc = Math.abs(a + b - 2 * c)
        row[i] = row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
      }
      return
  }
}
