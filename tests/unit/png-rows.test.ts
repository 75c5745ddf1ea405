/**
 * The PNG row reader under the GRIB2 decoder (core/storms/radar/png-rows.ts), on PNGs made here:
 * the chunks framed by hand, the image data filtered by the encoder below and deflated by
 * node:zlib. ecCodes' files (tests/unit/mesh-file.test.ts) use whichever filters libpng picks;
 * these use each of PNG's five filter types on every row, for each sample layout read, so each
 * unfilter is checked against the rows that went in.
 */
import { deflateSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { openPng, PngError, readPngRows } from '../../core/storms/radar/png-rows'
import { pngChunk as chunk } from '../../scripts/lib/hostile-radar-files'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** PNG's filter of one row (section 9.2), `above` the previous row's raw bytes. */
function filterRow(type: number, row: Uint8Array, above: Uint8Array, bpp: number): Uint8Array {
  const out = new Uint8Array(row.length)
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0
    const b = above[i]!
    const c = i >= bpp ? above[i - bpp]! : 0
    const p = a + b - c
    const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)]
    const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][type] ?? 0
    out[i] = (row[i]! - predictor) & 0xff
  }
  return out
}

interface Layout {
  name: string
  depth: number
  colourType: number
  bpp: number
}
const LAYOUTS: Layout[] = [
  { name: '8-bit grey', depth: 8, colourType: 0, bpp: 1 },
  { name: '16-bit grey', depth: 16, colourType: 0, bpp: 2 },
  { name: '8-bit RGB', depth: 8, colourType: 2, bpp: 3 },
  { name: '8-bit RGBA', depth: 8, colourType: 6, bpp: 4 },
]

/** Random-looking rows (a fixed-seed generator), with runs so that filters have something to do. */
function rawRows(width: number, height: number, bpp: number, seed: number): Uint8Array[] {
  let s = seed
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  return Array.from({ length: height }, (_, j) =>
    Uint8Array.from({ length: width * bpp }, (_, i) =>
      next() < 0.3 ? (i * 7 + j * 13) & 0xff : Math.floor(next() * 256),
    ),
  )
}

interface PngSpec {
  width: number
  height: number
  layout: Layout
  rows: Uint8Array[]
  /** Row j's filter type. */
  filter: (j: number) => number
  /** The image data (filter bytes and rows, before deflating) is cut to this many rows. */
  dataRows?: number
  /** IDAT chunks hold this many bytes each. */
  idatBytes?: number
  interlace?: number
}

function makePng(spec: PngSpec): Buffer {
  const { width, height, layout, rows } = spec
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([layout.depth, layout.colourType, 0, 0, spec.interlace ?? 0], 8)
  const scanlines: Uint8Array[] = []
  for (let j = 0; j < (spec.dataRows ?? height); j++) {
    const type = spec.filter(j)
    scanlines.push(Uint8Array.of(type))
    scanlines.push(filterRow(type, rows[j]!, rows[j - 1] ?? new Uint8Array(rows[j]!.length), layout.bpp))
  }
  const data = deflateSync(Buffer.concat(scanlines))
  const size = spec.idatBytes ?? 8192
  const idat: Buffer[] = []
  for (let at = 0; at < data.length; at += size) idat.push(chunk('IDAT', data.subarray(at, at + size)))
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), ...idat, chunk('IEND', new Uint8Array(0))])
}

function refusal(read: () => unknown): string {
  try {
    read()
  } catch (err) {
    expect(err).toBeInstanceOf(PngError)
    return (err as Error).message
  }
  return 'not refused'
}

describe('unfiltering', () => {
  for (const layout of LAYOUTS)
    for (const type of [0, 1, 2, 3, 4])
      test(`${layout.name}, every row filtered with type ${type}, reads back the rows written`, () => {
        const [width, height] = [37, 12]
        const rows = rawRows(width, height, layout.bpp, 7 + type)
        const image = openPng(makePng({ width, height, layout, rows, filter: () => type }))
        expect(image).toMatchObject({
          width,
          height,
          depth: layout.depth,
          channels: layout.bpp / (layout.depth / 8),
        })
        expect(readPngRows(image, 0, height - 1)).toEqual(rows)
        expect(readPngRows(image, 4, 6)).toEqual(rows.slice(4, 7))
      })

  test('rows filtered in turn with all five types, over many small IDAT chunks, read back', () => {
    const [width, height] = [501, 40]
    const layout = LAYOUTS[1]!
    const rows = rawRows(width, height, layout.bpp, 99)
    const png = makePng({ width, height, layout, rows, filter: (j) => (j * 3) % 5, idatBytes: 100 })
    const image = openPng(png)
    expect(image.idat.length).toBeGreaterThan(50)
    expect(readPngRows(image, 0, height - 1)).toEqual(rows)
    expect(readPngRows(image, 17, 17)).toEqual([rows[17]])
  })
})

describe('reading only down to the last row wanted', () => {
  const [width, height] = [64, 10]
  const layout = LAYOUTS[0]!
  const rows = rawRows(width, height, layout.bpp, 5)
  // The image data holds 6 of the 10 rows the header declares.
  const short = openPng(makePng({ width, height, layout, rows, filter: (j) => j % 5, dataRows: 6 }))

  test('rows before the image data ends are read: the rest is never reached', () => {
    expect(readPngRows(short, 2, 5)).toEqual(rows.slice(2, 6))
  })

  test('a row past the image data is refused as cut short, naming it', () => {
    expect(refusal(() => readPngRows(short, 4, 8))).toBe('ends before row 7 of 10: cut short')
  })

  test('rows outside the image are a caller’s mistake', () => {
    expect(() => readPngRows(short, 3, 10)).toThrow(RangeError)
    expect(() => readPngRows(short, 5, 4)).toThrow(RangeError)
  })
})

describe('refusals', () => {
  const [width, height] = [20, 8]
  const layout = LAYOUTS[1]!
  const rows = rawRows(width, height, layout.bpp, 3)
  const png = makePng({ width, height, layout, rows, filter: (j) => j % 5, idatBytes: 60 })

  test('a file cut short, in a chunk or between chunks, is refused before any row is read', () => {
    expect(refusal(() => openPng(png.subarray(0, png.length - 20)))).toMatch(
      /^chunk IDAT at byte \d+ says \d+ bytes of data, \d+ remain: cut short$/,
    )
    // Cut just after an IDAT chunk: no IEND.
    const iend = png.length - 12
    expect(refusal(() => openPng(png.subarray(0, iend)))).toBe(
      'ends after its IDAT chunk, without an IEND chunk: cut short',
    )
    expect(refusal(() => openPng(png.subarray(0, iend + 5)))).toBe(
      'ends after its IDAT chunk and 5 more bytes, without an IEND chunk: cut short',
    )
  })

  test('a damaged byte fails its chunk’s CRC', () => {
    const damaged = Buffer.from(png)
    damaged[60] = damaged[60]! ^ 0x10
    expect(refusal(() => openPng(damaged))).toMatch(
      /^chunk IDAT at byte \d+ fails its CRC: the image is damaged$/,
    )
  })

  test('not a PNG, an interlaced one, or a layout not read', () => {
    expect(refusal(() => openPng(Buffer.from('GIF89a and more')))).toBe(
      'does not start with the PNG signature',
    )
    expect(
      refusal(() => openPng(makePng({ width, height, layout, rows, filter: () => 0, interlace: 1 }))),
    ).toBe('is interlaced (method 1); only non-interlaced images are read')
    const rgb16 = { name: '16-bit RGB', depth: 16, colourType: 2, bpp: 6 }
    expect(
      refusal(() =>
        openPng(
          makePng({ width, height, layout: rgb16, rows: rawRows(width, height, 6, 1), filter: () => 0 }),
        ),
      ),
    ).toMatch(
      /^has colour type 2 at 16 bits; only 8- or 16-bit grey \(0\), 8-bit RGB \(2\) and 8-bit RGBA \(6\) are read$/,
    )
  })

  test('a filter type past 4 is refused, naming the row', () => {
    // Row 3's filter byte is 7: the filter below treats an unknown type as none.
    const bad = openPng(makePng({ width, height, layout, rows, filter: (j) => (j === 2 ? 7 : 1) }))
    expect(refusal(() => readPngRows(bad, 0, 1))).toBe('not refused')
    expect(refusal(() => readPngRows(bad, 0, 4))).toBe("row 3 has filter type 7; PNG's are 0 to 4")
  })

  test('image data that is not a zlib stream is refused', () => {
    const ihdr = Buffer.alloc(13)
    ihdr.writeUInt32BE(4, 0)
    ihdr.writeUInt32BE(4, 4)
    ihdr.set([8, 0, 0, 0, 0], 8)
    const junk = Buffer.concat([
      SIGNATURE,
      chunk('IHDR', ihdr),
      chunk('IDAT', Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0])),
      chunk('IEND', new Uint8Array(0)),
    ])
    expect(refusal(() => readPngRows(openPng(junk), 0, 3))).toMatch(
      /^image data cannot be inflated before row 1 of 4: /,
    )
  })
})
