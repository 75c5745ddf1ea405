/**
 * Hostile radar files, as fast-check arbitraries, for the property test
 * (tests/unit/mesh-hostile-files.test.ts), the fuzz script (scripts/fuzz.ts) and the decoder's
 * benchmark (scripts/radar-decode-bench.ts): MESH files that are damaged, cut, or made to cost
 * the worker as much as a file can. Each starts from a real GRIB2 message (one written by ecCodes,
 * or NOAA's own file relabelled as MESH) and changes it the way a broken download, a damaged
 * disk or a hostile mirror would:
 * - bits flipped anywhere, in the message or in its gzip; the file cut at any length;
 * - a section's length, the message's total length, a PNG chunk's length set to any value;
 * - the PNG's header (width, height, depth, colour type, interlace) changed, its CRC made right;
 * - the grid's fields (points, first and last point, steps, scanning mode, basic angle) changed,
 *   and the grid moved north of the CONUS grid with its rows and image grown to match (a first
 *   latitude of 2147.475° among them), so that only the grid's place is wrong;
 * - the packing's fields (count, template, reference, scales, bits) changed;
 * - image data that inflates to far more than the rows wanted (a deflate bomb) on a valid header,
 *   at 8 to 32 bits a pixel and each filter type, and bytes of the image data changed with its
 *   CRC made right, so the inflater meets garbage;
 * - gzip bombs (members of zeros unzipping to up to 1 GB), floods of empty gzip members, and
 *   files over the size limit.
 */
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib'
import fc from 'fast-check'

/** A GRIB2 message that decodes as MESH (a valid storm day's file), named as NOAA names it. */
export interface RadarBase {
  label: string
  name: string
  /** The message, not gzipped. */
  grib: Buffer
}

export type HostileRadarKind =
  | 'bit flips'
  | 'cut'
  | 'section length'
  | 'chunk length'
  | 'IHDR'
  | 'grid'
  | 'grid moved north'
  | 'packing'
  | 'image data bytes'
  | 'image bomb'
  | 'uncompressed image'
  | 'gzip bomb'
  | 'gzip members'
  | 'oversize'

export interface HostileRadarFile {
  kind: HostileRadarKind
  /** What was done to which base, for a failure's message. */
  what: string
  name: string
  bytes: Buffer
}

/** Where a part of a file lies: its first byte and its length. */
interface Extent {
  start: number
  length: number
}

/** A GRIB2 section, by its number. */
interface Span extends Extent {
  number: number
}

/** The sections of a well-formed message (0 excepted), by walking their lengths from byte 16. */
function sections(grib: Buffer): Span[] {
  const out: Span[] = []
  for (let at = 16; at + 5 <= grib.length && grib.toString('latin1', at, at + 4) !== '7777';) {
    const length = grib.readUInt32BE(at)
    out.push({ number: grib[at + 4]!, start: at, length })
    at += length
  }
  return out
}

function section(grib: Buffer, n: number): Span {
  const s = sections(grib).find((x) => x.number === n)
  if (!s) throw new Error(`the base has no section ${n}`)
  return s
}

/** Byte offset of a section's octet, numbered from 1 as the WMO tables number them. */
const octet = (s: Span, o: number) => s.start + o - 1

/** GRIB's signed 32-bit integers are sign and magnitude. */
function writeSigned32(buf: Buffer, at: number, v: number): void {
  buf.writeUInt32BE(v < 0 ? (Math.abs(v) | 0x80000000) >>> 0 : v >>> 0, at)
}

/** The message with section 7 holding `png`, its length and the message's total put right. */
function withPng(grib: Buffer, png: Buffer): Buffer {
  const s7 = section(grib, 7)
  const head = Buffer.alloc(5)
  head.writeUInt32BE(5 + png.length, 0)
  head[4] = 7
  const out = Buffer.concat([grib.subarray(0, s7.start), head, png, grib.subarray(s7.start + s7.length)])
  out.writeBigUInt64BE(BigInt(out.length), 8)
  return out
}

const pngOf = (grib: Buffer) => {
  const s7 = section(grib, 7)
  return grib.subarray(octet(s7, 6), s7.start + s7.length)
}

/** A PNG chunk, by its type. */
interface Chunk extends Extent {
  type: string
}

/** The chunks of a well-formed PNG. */
function chunks(png: Buffer): Chunk[] {
  const out: Chunk[] = []
  for (let at = 8; at + 12 <= png.length;) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    out.push({ type, start: at, length })
    if (type === 'IEND') break
    at += 12 + length
  }
  return out
}

/** One PNG chunk: its length, type, data and CRC (PNG section 5.3). */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])))
  return Buffer.concat([head, data, crc])
}

/** Puts a chunk's CRC right after its data was changed. */
function fixCrc(png: Buffer, c: Chunk): void {
  png.writeUInt32BE(crc32(png.subarray(c.start + 4, c.start + 8 + c.length)), c.start + 8 + c.length)
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const COLOUR_TYPE: Record<number, number> = { 1: 0, 3: 2, 4: 6 }

/** The Adler-32 of `rows` scanlines of `rowBytes` bytes, each a byte `filter` and zeros. */
function zeroScanlinesAdler(rowBytes: number, rows: number, filter: number): Buffer {
  // A run of zeros leaves `a` as it is and adds it to `b` once a byte.
  let [a, b] = [1, 0]
  for (let j = 0; j < rows; j++) {
    a = (a + filter) % 65521
    b = (b + a + (rowBytes - 1) * a) % 65521
  }
  const adler = Buffer.alloc(4)
  adler.writeUInt32BE(((b << 16) | a) >>> 0)
  return adler
}

/**
 * A zlib stream of `rows` scanlines, each a filter byte `filter` and `rowBytes - 1` zeros, made
 * without deflating them all. Deflated (`stored` false): one scanline is deflated on its own and
 * ended with a full flush (byte-aligned, no reference to what came before), so its blocks can
 * follow each other any number of times. Stored: as deflate's uncompressed blocks, which inflate
 * 1:1, so the image data is as large as the image. Then a final empty block and the Adler-32.
 */
function zeroScanlines(rowBytes: number, rows: number, filter: number, stored = false): Buffer {
  const row = Buffer.alloc(rowBytes)
  row[0] = filter
  let body: Buffer[]
  if (!stored) {
    const blocks = deflateRawSync(row, { level: 9, finishFlush: constants.Z_FULL_FLUSH })
    body = Array.from({ length: rows }, () => blocks)
  } else {
    const data = Buffer.alloc(rowBytes * rows)
    for (let j = 0; j < rows; j++) data[j * rowBytes] = filter
    body = []
    for (let at = 0; at < data.length; at += 65_535) {
      const piece = data.subarray(at, at + 65_535)
      const head = Buffer.alloc(5)
      head.writeUInt16LE(piece.length, 1)
      head.writeUInt16LE(~piece.length & 0xffff, 3)
      body.push(head, piece)
    }
  }
  // 0x78 0xda: deflate, 32 KB window, best compression; 0x03 0x00: a final, empty, fixed block.
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...body,
    Buffer.from([0x03, 0x00]),
    zeroScanlinesAdler(rowBytes, rows, filter),
  ])
}

/**
 * A PNG whose header is `width` × `height` at `channels` × 8 bits and whose image data inflates
 * to `rows` scanlines of zeros, each with filter byte `filter`: a valid image when `rows` is
 * `height`, a deflate bomb when it is more; with `stored`, image data as large as what it holds.
 */
function zeroImage(
  width: number,
  height: number,
  opts: { channels: 1 | 3 | 4; filter: number; rows: number; stored?: boolean },
): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, COLOUR_TYPE[opts.channels]!, 0, 0, 0], 8)
  return Buffer.concat([
    SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zeroScanlines(width * opts.channels + 1, opts.rows, opts.filter, opts.stored)),
    pngChunk('IEND', new Uint8Array(0)),
  ])
}

/** `total` bytes of zeros as gzip members of 16 MB each: unzips to `total`, a few KB a member. */
const gzipped16Mb = (() => {
  let member: Buffer | undefined
  return () => (member ??= gzipSync(Buffer.alloc(16 * 1024 * 1024), { level: 9 }))
})()
export function gzipBomb(total: number): Buffer {
  const member = gzipped16Mb()
  return Buffer.concat(Array.from({ length: Math.ceil(total / (16 * 1024 * 1024)) }, () => member))
}

/** `count` empty gzip members, one after another (each some 20 bytes). */
function gzipMembers(count: number): Buffer {
  const empty = gzipSync(Buffer.alloc(0))
  return Buffer.concat(Array.from({ length: count }, () => empty))
}

/**
 * NOAA's own file relabelled as MESH: parameter 209/3/34 and a reference time at a Denver
 * midnight (`validAt`), its grid and its PNG as NOAA's encoder wrote them. Named to match.
 */
export function relabelAsMesh(grib: Buffer, validAt: Date): RadarBase {
  const out = Buffer.from(grib)
  out[6] = 209
  const s4 = section(out, 4)
  out[octet(s4, 10)] = 3
  out[octet(s4, 11)] = 34
  const s1 = section(out, 1)
  out.writeUInt16BE(validAt.getUTCFullYear(), octet(s1, 13))
  out.set(
    [
      validAt.getUTCMonth() + 1,
      validAt.getUTCDate(),
      validAt.getUTCHours(),
      validAt.getUTCMinutes(),
      validAt.getUTCSeconds(),
    ],
    octet(s1, 15),
  )
  const stamp = validAt.toISOString().replace(/[-:]/g, '').slice(0, 15).replace('T', '-')
  return { label: 'NOAA file relabelled', name: `MRMS_MESH_Max_1440min_00.50_${stamp}.grib2`, grib: out }
}

/** Section 3's fields (template 3.0) by their octets, and how each is written. */
const GRID_FIELDS = {
  points: { octet: 7, signed: false },
  ni: { octet: 31, signed: false },
  nj: { octet: 35, signed: false },
  basicAngle: { octet: 39, signed: false },
  subdivisions: { octet: 43, signed: false },
  firstLatitude: { octet: 47, signed: true },
  firstLongitude: { octet: 51, signed: true },
  lastLatitude: { octet: 56, signed: true },
  lastLongitude: { octet: 60, signed: true },
  iStep: { octet: 64, signed: false },
  jStep: { octet: 68, signed: false },
} as const
type GridField = keyof typeof GRID_FIELDS

/** Section 5's fields (template 5.41) by their octets and widths. */
const PACKING_FIELDS = {
  count: { octet: 6, bytes: 4 },
  template: { octet: 10, bytes: 2 },
  reference: { octet: 12, bytes: 4 },
  binaryScale: { octet: 16, bytes: 2 },
  decimalScale: { octet: 18, bytes: 2 },
  bits: { octet: 20, bytes: 1 },
} as const
type PackingField = keyof typeof PACKING_FIELDS

/** PNG's IHDR data: its fields in order, by their widths in bytes. */
const IHDR_BYTES = { width: 4, height: 4, depth: 1, colourType: 1, compression: 1, filter: 1, interlace: 1 }
type IhdrField = keyof typeof IHDR_BYTES

/** Where `field` starts in IHDR's data: after the fields before it. */
function ihdrOffset(field: IhdrField): number {
  const fields = Object.keys(IHDR_BYTES) as IhdrField[]
  return fields.slice(0, fields.indexOf(field)).reduce((at, f) => at + IHDR_BYTES[f], 0)
}

/** The most RGBA rows of 7000 pixels whose uncompressed image keeps the message under 32 MB. */
const UNCOMPRESSED_MAX_ROWS = 1190

/** How far north the grid can be moved while its first latitude fits GRIB's 32 bits: to 2147.475°. */
const MAX_ROWS_NORTH = 209_248

/** A mutation, as fast-check draws it; applyMutation() makes the file. */
export type Mutation =
  | { kind: 'bit flips'; bits: number[]; gzip: boolean }
  | { kind: 'cut'; at: number; gzip: boolean }
  | { kind: 'section length'; section: number; value: number }
  | { kind: 'chunk length'; chunk: number; value: number }
  | { kind: 'IHDR'; field: IhdrField; value: number }
  | { kind: 'grid'; field: GridField | 'scanningMode'; value: number }
  | { kind: 'grid moved north'; rows: number }
  | { kind: 'packing'; field: PackingField; value: number }
  | { kind: 'image data bytes'; at: number[] }
  | { kind: 'image bomb'; channels: 1 | 3 | 4; filter: number; extraRows: number }
  | { kind: 'uncompressed image'; rows: number }
  | { kind: 'gzip bomb'; mb: number }
  | { kind: 'gzip members'; count: number }
  | { kind: 'oversize'; bytes: number }

const u32 = fc.oneof(
  fc.constantFrom(0, 1, 4, 5, 13, 255, 7000, 3500, 24_500_000, 0x7fffffff, 0x80000000, 0xffffffff),
  fc.integer({ min: 0, max: 0xffffffff }),
)
const microDegrees = fc.oneof(
  // The crafted first latitude, the CONUS corners, their neighbours, and nonsense.
  fc.constantFrom(2_147_475_000, 54_995_000, 230_005_000, 20_005_000, 299_995_000, 54_985_000, 10_000),
  fc.integer({ min: -0x7fffffff, max: 0x7fffffff }),
)

/**
 * The mutations drawn for the property test and the fuzz script. Those that cost the most to
 * decode (bombs, files that still decode whole) are drawn less often, so a few dozen runs try
 * every kind and stay quick.
 */
const anyMutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('bit flips' as const),
      bits: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
      gzip: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), gzip: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('section length' as const),
      section: fc.integer({ min: 0, max: 7 }),
      value: u32,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('chunk length' as const),
      chunk: fc.nat({ max: 8 }),
      value: u32,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('IHDR' as const),
      field: fc.constantFrom(...(Object.keys(IHDR_BYTES) as IhdrField[])),
      value: fc.oneof(u32, fc.constantFrom(2, 3, 4, 6, 8, 16)),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('grid' as const),
      field: fc.constantFrom(...(Object.keys(GRID_FIELDS) as GridField[]), 'scanningMode' as const),
      value: fc.oneof(u32, microDegrees),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('grid moved north' as const),
      // 209,248 rows north is the first latitude of 2147.475°, the most a signed 32-bit
      // number of millionths of a degree holds.
      rows: fc.oneof(fc.constant(MAX_ROWS_NORTH), fc.integer({ min: 1, max: MAX_ROWS_NORTH })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('packing' as const),
      field: fc.constantFrom(...(Object.keys(PACKING_FIELDS) as PackingField[])),
      value: fc.oneof(u32, fc.constantFrom(0x7fc00000, 0x7f800000)),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('image data bytes' as const),
      at: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('image bomb' as const),
      channels: fc.constantFrom(1 as const, 3 as const, 4 as const),
      filter: fc.integer({ min: 0, max: 4 }),
      extraRows: fc.constantFrom(0, 1, 3500, 100_000),
    }),
  },
  {
    weight: 1,
    // RGBA rows as deflate's stored blocks, gzipped: up to 1,190 rows, 33.3 MB, just under the cap unzipped.
    arbitrary: fc.record({
      kind: fc.constant('uncompressed image' as const),
      rows: fc.oneof(fc.constant(UNCOMPRESSED_MAX_ROWS), fc.integer({ min: 1, max: UNCOMPRESSED_MAX_ROWS })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('gzip bomb' as const), mb: fc.integer({ min: 33, max: 1024 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('gzip members' as const),
      count: fc.integer({ min: 1, max: 500_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('oversize' as const),
      bytes: fc.integer({ min: 10 * 1024 * 1024 + 1, max: 11 * 1024 * 1024 }),
    }),
  },
)

/** Writes `value` into `bytes` bytes at `at`, big-endian, keeping its low bytes. */
function writeUInt(buf: Buffer, at: number, bytes: number, value: number): void {
  if (bytes === 4) buf.writeUInt32BE(value >>> 0, at)
  else if (bytes === 2) buf.writeUInt16BE(value & 0xffff, at)
  else buf[at] = value & 0xff
}

const gzipName = (name: string) => (name.endsWith('.gz') ? name : `${name}.gz`)

/**
 * The message with its grid's first point `rows` rows north of the CONUS grid's and as many rows
 * more: the points, the last point and the image's height agree with it, and it is on the 0.01°
 * lattice; only its place is wrong.
 */
function movedNorth(base: Buffer, rows: number): Buffer {
  const grib = Buffer.from(base)
  const s3 = section(grib, 3)
  const nj = grib.readUInt32BE(octet(s3, 35)) + rows
  const ni = grib.readUInt32BE(octet(s3, 31))
  writeSigned32(grib, octet(s3, 47), 54_995_000 + rows * 10_000)
  grib.writeUInt32BE(nj, octet(s3, 35))
  grib.writeUInt32BE((ni * nj) >>> 0, octet(s3, 7))
  grib.writeUInt32BE((ni * nj) >>> 0, octet(section(grib, 5), 6))
  const png = Buffer.from(pngOf(grib))
  const ihdr = chunks(png)[0]!
  png.writeUInt32BE(nj, ihdr.start + 12)
  fixCrc(png, ihdr)
  return withPng(grib, png)
}

/** The file a mutation makes of a base. */
export function applyMutation(base: RadarBase, m: Mutation): HostileRadarFile {
  const made = (bytes: Buffer, what: string, name = base.name): HostileRadarFile => ({
    kind: m.kind,
    what: `${base.label}: ${what}`,
    name,
    bytes,
  })
  const grib = Buffer.from(base.grib)
  switch (m.kind) {
    case 'bit flips': {
      const bytes = m.gzip ? gzipSync(grib) : grib
      for (const bit of m.bits) bytes[Math.floor(bit / 8) % bytes.length]! ^= 1 << (bit % 8)
      return made(
        bytes,
        `bits ${m.bits.join(', ')} flipped${m.gzip ? ' in its gzip' : ''}`,
        m.gzip ? gzipName(base.name) : base.name,
      )
    }
    case 'cut': {
      const bytes = m.gzip ? gzipSync(grib) : grib
      const at = m.at % bytes.length
      return made(
        bytes.subarray(0, at),
        `cut to ${at} bytes${m.gzip ? ' of its gzip' : ''}`,
        m.gzip ? gzipName(base.name) : base.name,
      )
    }
    case 'section length': {
      if (m.section === 0) {
        grib.writeBigUInt64BE(BigInt(m.value), 8)
        return made(grib, `total length set to ${m.value}`)
      }
      const s = sections(grib).find((x) => x.number === m.section)
      if (s) grib.writeUInt32BE(m.value >>> 0, s.start)
      return made(grib, `section ${m.section}'s length set to ${m.value}`)
    }
    case 'chunk length': {
      const png = Buffer.from(pngOf(grib))
      const list = chunks(png)
      const c = list[m.chunk % list.length]!
      png.writeUInt32BE(m.value >>> 0, c.start)
      return made(withPng(grib, png), `PNG chunk ${c.type}'s length set to ${m.value}`)
    }
    case 'IHDR': {
      const png = Buffer.from(pngOf(grib))
      const ihdr = chunks(png)[0]!
      writeUInt(png, ihdr.start + 8 + ihdrOffset(m.field), IHDR_BYTES[m.field], m.value)
      fixCrc(png, ihdr)
      return made(withPng(grib, png), `IHDR ${m.field} set to ${m.value}, CRC made right`)
    }
    case 'grid': {
      const s3 = section(grib, 3)
      if (m.field === 'scanningMode') grib[octet(s3, 72)] = m.value & 0xff
      else {
        const f = GRID_FIELDS[m.field]
        if (f.signed) writeSigned32(grib, octet(s3, f.octet), Math.trunc(m.value) % 0x80000000)
        else grib.writeUInt32BE(m.value >>> 0, octet(s3, f.octet))
      }
      return made(grib, `grid ${m.field} set to ${m.value}`)
    }
    case 'grid moved north':
      return made(
        movedNorth(grib, m.rows),
        `grid moved ${m.rows} rows north (first latitude ${(54_995_000 + m.rows * 10_000) / 1e6}°), ${3500 + m.rows} rows`,
      )
    case 'packing': {
      const s5 = section(grib, 5)
      const f = PACKING_FIELDS[m.field]
      writeUInt(grib, octet(s5, f.octet), f.bytes, m.value)
      return made(grib, `packing ${m.field} set to ${m.value}`)
    }
    case 'image data bytes': {
      const png = Buffer.from(pngOf(grib))
      const idat = chunks(png).filter((c) => c.type === 'IDAT')
      const total = idat.reduce((n, c) => n + c.length, 0)
      for (const at of m.at) {
        // The at-th byte of the image data, counted across the IDAT chunks.
        let k = at % total
        let c = 0
        while (k >= idat[c]!.length) k -= idat[c++]!.length
        png[idat[c]!.start + 8 + k]! ^= 0xff
      }
      for (const c of idat) fixCrc(png, c)
      return made(withPng(grib, png), `image data bytes ${m.at.join(', ')} changed, CRCs made right`)
    }
    case 'image bomb': {
      const s5 = section(grib, 5)
      grib[octet(s5, 20)] = m.channels * 8
      const png = zeroImage(7000, 3500, { channels: m.channels, filter: m.filter, rows: 3500 + m.extraRows })
      return made(
        withPng(grib, png),
        `image of ${m.channels * 8} bits a pixel, filter ${m.filter}, inflating to ${3500 + m.extraRows} rows of 7000`,
      )
    }
    case 'uncompressed image': {
      const s5 = section(grib, 5)
      grib[octet(s5, 20)] = 32
      const png = zeroImage(7000, 3500, { channels: 4, filter: 4, rows: m.rows, stored: true })
      return made(
        gzipSync(withPng(grib, png), { level: 1 }),
        `gzipped, an uncompressed RGBA image of ${m.rows} rows (${(png.length / 1024 / 1024).toFixed(1)} MB)`,
        gzipName(base.name),
      )
    }
    case 'gzip bomb':
      return made(
        gzipBomb(m.mb * 1024 * 1024),
        `a gzip unzipping to ${m.mb} MB of zeros`,
        gzipName(base.name),
      )
    case 'gzip members':
      return made(gzipMembers(m.count), `${m.count} empty gzip members`, gzipName(base.name))
    case 'oversize':
      return made(Buffer.alloc(m.bytes), `${m.bytes} bytes`)
  }
}

/** Hostile files made from `bases`, of every kind but those in `except`. */
export function anyHostileRadarFile(
  bases: readonly RadarBase[],
  opts: { except?: readonly HostileRadarKind[] } = {},
): fc.Arbitrary<HostileRadarFile> {
  const except = new Set(opts.except)
  return fc
    .tuple(
      fc.integer({ min: 0, max: bases.length - 1 }),
      anyMutation.filter((m) => !except.has(m.kind)),
    )
    .map(([b, m]) => applyMutation(bases[b]!, m))
}
