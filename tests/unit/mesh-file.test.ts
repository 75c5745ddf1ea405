/**
 * The MRMS MESH decoder (core/storms/radar/grib2.ts, mesh-file.ts) on GRIB2 files written by
 * ecCodes (tests/support/mesh/write_mesh.py): the values against what ecCodes reads back, the
 * CONUS lattice's cells, the day rule, the artefact rule, the box, and the refusals. The MESH
 * files are on MRMS's CONUS grid, the only one the decoder reads; the GRIB2 reader's own tests
 * of every packing width use a small piece of it. Files made to hurt the worker:
 * mesh-hostile-files.test.ts; NOAA's own file: mesh-real-file.test.ts.
 *
 * Every point a fixture names is a cell's centre (x.xx5°): a point on a cell's edge (39.6, -105.0)
 * could fall either side of it in the fixture writer's rounding and in the decoder's.
 */
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { readGrib2 } from '../../core/storms/radar/grib2'
import {
  cellCentre,
  cellOf,
  decodeMeshFile,
  meshFileNameForDay,
  serviceAreaBox,
  type MeshBox,
  type MeshDay,
} from '../../core/storms/radar/mesh-file'
import { distanceMi, servedCities } from '../../core/platform/geography'
import { StormFileError } from '../../core/storms/types'
import {
  DENVER_GRID,
  readWithEccodes,
  relabelMeshFile,
  writeMeshFile,
  type MeshFileSpec,
} from '../support/mesh-files'
import { useTempDir } from '../support/temp-dir'

const tempDir = useTempDir('roofing-mesh-')
const SUMMER = '2024-06-13T06:00:00Z'
const IN = 25.4

let fixtures = 0
/** A folder of its own for each fixture (names derive from the time, and tests reuse times). */
function folder(): string {
  const dir = path.join(tempDir(), String(++fixtures))
  mkdirSync(dir)
  return dir
}

/** Writes a fixture on the CONUS grid (unless the spec names another grid). */
const write = (spec: Partial<MeshFileSpec>): string => writeMeshFile(folder(), { validAt: SUMMER, ...spec })

/** A fixture written before, with another valid time or parameter (ecCodes, without repacking). */
const relabel = (file: string, change: Parameters<typeof relabelMeshFile>[2]): string =>
  relabelMeshFile(folder(), file, change)

/** A box around a point, `dLat` and `dLon` degrees each way. */
const around = (latitude: number, longitude: number, dLat: number, dLon: number): MeshBox => ({
  north: latitude + dLat,
  south: latitude - dLat,
  west: longitude - dLon,
  east: longitude + dLon,
})

function decode(file: string, box: MeshBox = serviceAreaBox()): MeshDay {
  return decodeMeshFile(path.basename(file), readFileSync(file), box)
}

/** The StormFileError decoding `file` throws (failing the test when it throws none, or another kind). */
function refusal(file: string): StormFileError {
  try {
    decode(file)
  } catch (err) {
    expect(err).toBeInstanceOf(StormFileError)
    return err as StormFileError
  }
  throw new Error(`${path.basename(file)} was not refused`)
}

const cellAt = (day: MeshDay, latitude: number, longitude: number) => {
  const { row, col } = cellOf({ latitude, longitude })
  return day.cells.find((c) => c.row === row && c.col === col)
}

describe('the CONUS lattice', () => {
  test('cells are numbered from 54.995 N, 129.995 W in steps of 0.01°', () => {
    expect(cellOf({ latitude: 39.725, longitude: -104.985 })).toEqual({ row: 1527, col: 2501 })
    expect(cellOf({ latitude: 39.725, longitude: 255.015 })).toEqual({ row: 1527, col: 2501 })
    expect(cellOf({ latitude: 39.7289, longitude: -104.9811 })).toEqual({ row: 1527, col: 2501 })
    expect(cellCentre(1527, 2501)).toEqual({ latitude: 39.725, longitude: -104.985 })
    expect(cellCentre(0, 0)).toEqual({ latitude: 54.995, longitude: -129.995 })
    expect(cellCentre(3499, 6999)).toEqual({ latitude: 20.005, longitude: -60.005 })
  })

  test('the service area box reaches 15 mi past the outermost cities on every side', () => {
    const centres = servedCities().flatMap((c) => (c.centre ? [c.centre] : []))
    const north = Math.max(...centres.map((c) => c.latitude))
    const south = Math.min(...centres.map((c) => c.latitude))
    const west = Math.min(...centres.map((c) => c.longitude))
    const east = Math.max(...centres.map((c) => c.longitude))
    const box = serviceAreaBox()
    expect(
      distanceMi({ latitude: north, longitude: west }, { latitude: box.north, longitude: west }),
    ).toBeCloseTo(15, 2)
    expect(
      distanceMi({ latitude: south, longitude: west }, { latitude: box.south, longitude: west }),
    ).toBeCloseTo(15, 2)
    // East and west the margin is narrowest at the box's northern edge: it must be 15 mi there too.
    for (const [from, to] of [
      [west, box.west],
      [east, box.east],
    ] as const) {
      const mi = distanceMi({ latitude: box.north, longitude: from }, { latitude: box.north, longitude: to })
      expect(mi).toBeGreaterThanOrEqual(14.999)
      expect(mi).toBeLessThan(15.5)
    }
  })
})

describe('values, against what ecCodes reads', () => {
  const spec = {
    swaths: [{ latitude: 39.725, longitude: -104.985, radiusMi: 6, peakIn: 2.5 }],
    cells: [
      { latitude: 40.205, longitude: -105.305, mm: 30.5 },
      { latitude: 40.205, longitude: -105.295, mm: 101.6 },
    ],
    noCoverage: [{ north: 40.695, south: 40.5, west: -105.895, east: -105.6 }],
    missing: [{ north: 38.9, south: 38.805, west: -104.5, east: -104.105 }],
  }

  for (const bits of [8, 16, 24, 32] as const)
    test(`${bits}-bit PNG packing decodes to ecCodes' values, within the packing's precision of those written`, () => {
      // The GRIB2 reader on a small piece of the CONUS grid (the MESH decoder reads only the whole).
      const file = write({ ...spec, grid: DENVER_GRID, bits })
      const eccodes = readWithEccodes(file)
      expect(eccodes.bitsPerValue).toBe(bits)
      const values = readGrib2(gunzipSync(readFileSync(file))).decodeValues({
        first: 0,
        last: DENVER_GRID.rows - 1,
      })
      expect([values.ni, values.nj]).toEqual([DENVER_GRID.cols, DENVER_GRID.rows])
      const all = new Float64Array(values.ni * values.nj)
      for (let j = 0; j < values.nj; j++) values.readRow(j, 0, values.ni, all, j * values.ni)
      let worst = 0
      all.forEach((v, k) => (worst = Math.max(worst, Math.abs(v - eccodes.values[k]!))))
      expect(worst).toBeLessThan(1e-9)

      // And both are what was written, within half a packing step (2^E / 10^D / 2).
      const halfStep = 2 ** eccodes.binaryScaleFactor / 10 ** eccodes.decimalScaleFactor / 2
      const at = (latitude: number, longitude: number) => {
        const j = Math.round((DENVER_GRID.north - latitude) / 0.01)
        const i = Math.round((longitude - DENVER_GRID.west) / 0.01)
        return all[j * values.ni + i]!
      }
      expect(Math.abs(at(40.205, -105.305) - 30.5)).toBeLessThanOrEqual(halfStep)
      expect(Math.abs(at(40.205, -105.295) - 101.6)).toBeLessThanOrEqual(halfStep)
      expect(Math.abs(at(39.725, -104.985) - 2.5 * IN)).toBeLessThanOrEqual(halfStep)
      expect(Math.abs(at(40.605, -105.705) - -3)).toBeLessThanOrEqual(halfStep)
      expect(Math.abs(at(38.855, -104.305) - -1)).toBeLessThanOrEqual(halfStep)
      expect(Math.abs(at(39.005, -105.505))).toBeLessThanOrEqual(halfStep)
    })

  test("a CONUS file's storm day holds the reader's values at their CONUS rows and columns, and those written", () => {
    const file = write(spec)
    const day = decode(file)
    expect(day.cells.length).toBeGreaterThan(50)
    const values = readGrib2(gunzipSync(readFileSync(file))).decodeValues({ first: 1400, last: 1700 })
    const one = new Float64Array(1)
    const at = (latitude: number, longitude: number) => {
      const { row, col } = cellOf({ latitude, longitude })
      values.readRow(row, col, col + 1, one, 0)
      return one[0]!
    }
    for (const c of day.cells) {
      const { latitude, longitude } = cellCentre(c.row, c.col)
      expect(c.mm).toBe(at(latitude, longitude))
    }
    // 16 bits at a tenth of a millimetre: the values written, to 0.05 mm.
    expect(at(40.205, -105.305)).toBeCloseTo(30.5, 1)
    expect(at(39.725, -104.985)).toBeCloseTo(2.5 * IN, 1)
    expect(at(40.605, -105.705)).toBeCloseTo(-3, 1)
    expect(at(38.855, -104.305)).toBeCloseTo(-1, 1)
    expect(cellAt(day, 40.205, -105.305)?.mm).toBeCloseTo(30.5, 1)
    expect(day.maxMm).toBeCloseTo(2.5 * IN, 1)
    // The 4 in cell beside it has one cell of 0.75 in or more around it: dropped as unsupported.
    expect(cellAt(day, 40.205, -105.295)).toBeUndefined()
    expect(day.dropped.unsupported).toBe(1)
  })

  test('a swath over a point peaks at that point’s cell', () => {
    const day = decode(
      write({ swaths: [{ latitude: 39.855, longitude: -105.065, radiusMi: 5, peakIn: 1.75 }] }),
    )
    const peak = day.cells.reduce((a, b) => (b.mm > a.mm ? b : a))
    expect({ row: peak.row, col: peak.col }).toEqual({ row: 1514, col: 2493 })
    expect(peak.mm).toBeCloseTo(1.75 * IN, 2)
    expect(day.maxMm).toBe(peak.mm)
    // A dome of radius 5 mi: cells of 0.5 in or more reach about 3.3 mi out, some 130 cells.
    expect(day.cells.length).toBeGreaterThan(80)
    expect(day.cells.length).toBeLessThan(250)
    expect(day.dropped).toEqual({ isolated: 0, unsupported: 0, beyondLimit: 0 })
  })
})

describe('the artefact rule', () => {
  // Each case lies in a part of the service area of its own, in one file, and is read with a
  // box around it: writing a CONUS file takes ecCodes seconds.
  const large = 90 // mm, 3.54 in
  const offsets = (lat: number, lon: number, cells: [number, number][], mm: number) =>
    cells.map(([dr, dc]) => ({ latitude: lat + dr * 0.01, longitude: lon + dc * 0.01, mm }))
  const four: [number, number][] = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ]
  let file: string | undefined
  const cases = () =>
    (file ??= write({
      swaths: [
        // Beyond physical limits, in a storm.
        { latitude: 39.905, longitude: -104.705, radiusMi: 4, peakIn: 3 },
        { latitude: 39.405, longitude: -105.205, radiusMi: 4, peakIn: 3 },
        // Under 0.5 in everywhere.
        { latitude: 39.705, longitude: -105.005, radiusMi: 5, peakIn: 0.45 },
      ],
      cells: [
        // Isolated, and a pair.
        { latitude: 39.755, longitude: -105.305, mm: 1 * IN },
        { latitude: 39.755, longitude: -104.605, mm: 1 * IN },
        { latitude: 39.765, longitude: -104.595, mm: 0.6 * IN },
        // Large cells: neighbours of 0.59 in, not isolated but no support.
        { latitude: 39.605, longitude: -104.805, mm: large },
        ...offsets(39.605, -104.805, four.slice(0, 2), 15),
        // Four supporting cells (two of them two cells away): one short.
        { latitude: 39.605, longitude: -105.205, mm: large },
        ...offsets(39.605, -105.205, [...four.slice(0, 2), [2, 2], [-2, -2]], 20),
        // Five: kept.
        { latitude: 39.605, longitude: -105.005, mm: large },
        ...offsets(39.605, -105.005, [...four, [1, 1]], 20),
        // Beyond physical limits.
        { latitude: 39.905, longitude: -104.705, mm: 210 },
        { latitude: 39.405, longitude: -105.205, mm: 200 },
        // The threshold.
        { latitude: 39.505, longitude: -104.805, mm: 12.7 },
        { latitude: 39.505, longitude: -104.795, mm: 12.7 },
        { latitude: 39.305, longitude: -104.805, mm: 12.6 },
        { latitude: 39.305, longitude: -104.795, mm: 12.6 },
      ],
    }))

  test('a lone cell of 0.5 in or more is dropped as isolated; two side by side are kept', () => {
    const day = decode(cases(), around(39.76, -104.955, 0.03, 0.4))
    expect(day.dropped).toEqual({ isolated: 1, unsupported: 0, beyondLimit: 0 })
    expect(cellAt(day, 39.755, -105.305)).toBeUndefined()
    expect(cellAt(day, 39.755, -104.605)?.mm).toBeCloseTo(1 * IN, 2)
    expect(cellAt(day, 39.765, -104.595)?.mm).toBeCloseTo(0.6 * IN, 2)
    expect(day.cells).toHaveLength(2)
  })

  test('a 3 in cell needs 5 cells of 0.75 in or more in its 5×5 block', () => {
    const day = decode(cases(), around(39.605, -105.005, 0.03, 0.25))
    expect(day.dropped).toEqual({ isolated: 2, unsupported: 2, beyondLimit: 0 })
    expect(cellAt(day, 39.605, -104.805)).toBeUndefined()
    expect(cellAt(day, 39.605, -105.205)).toBeUndefined()
    expect(cellAt(day, 39.605, -105.005)?.mm).toBeCloseTo(large, 2)
    // Kept: the supported cell and its five, the 15 mm pair; the corner ones at two cells were isolated.
    expect(day.cells).toHaveLength(1 + 5 + 2 + 2)
    expect(day.maxMm).toBeCloseTo(large, 2)
  })

  test('a cell over 8 in is dropped; 7.9 in inside a storm is kept', () => {
    const north = decode(cases(), around(39.905, -104.705, 0.07, 0.09))
    const south = decode(cases(), around(39.405, -105.205, 0.07, 0.09))
    expect(north.dropped).toEqual({ isolated: 0, unsupported: 0, beyondLimit: 1 })
    expect(south.dropped).toEqual({ isolated: 0, unsupported: 0, beyondLimit: 0 })
    expect(cellAt(north, 39.905, -104.705)).toBeUndefined()
    expect(cellAt(south, 39.405, -105.205)?.mm).toBeCloseTo(200, 2)
    expect(south.maxMm).toBeCloseTo(200, 2)
    // The swath around the dropped cell stays.
    expect(cellAt(north, 39.915, -104.705)?.mm).toBeGreaterThan(2.5 * IN)
  })

  test('cells under 0.5 in are not kept: 12.7 mm is, 12.6 mm is not', () => {
    const cells = decode(cases(), { north: 39.52, south: 39.29, west: -104.83, east: -104.77 })
    expect(cells.cells.map((c) => c.mm)).toEqual([12.7, 12.7])
    expect(cells.dropped).toEqual({ isolated: 0, unsupported: 0, beyondLimit: 0 })
    const swath = decode(cases(), around(39.705, -105.005, 0.08, 0.1))
    expect(swath.cells).toEqual([])
    expect(swath.dropped).toEqual({ isolated: 0, unsupported: 0, beyondLimit: 0 })
    expect(swath.coveredCells).toBeGreaterThan(100)
  })
})

describe('the box', () => {
  test('cells outside the box are not kept, but count as neighbours of those inside', () => {
    // Rows 1519 to 1549, columns 2489 to 2509.
    const box = { north: 39.805, south: 39.505, west: -105.105, east: -104.905 }
    const day = decode(
      write({
        swaths: [{ latitude: 39.305, longitude: -105.005, radiusMi: 4, peakIn: 2 }],
        cells: [
          { latitude: 39.805, longitude: -105.005, mm: 20 },
          { latitude: 39.815, longitude: -105.005, mm: 20 },
          { latitude: 39.805, longitude: -104.955, mm: 20 },
        ],
      }),
      box,
    )
    expect(day.cells).toEqual([{ row: 1519, col: 2499, mm: 20 }])
    expect(day.dropped).toEqual({ isolated: 1, unsupported: 0, beyondLimit: 0 })
  })

  test('covered cells: those of the box the file holds, less no coverage (-3) and missing (-1)', () => {
    // Rows 1509 to 1549 and columns 2479 to 2519: 41 × 41 cells.
    const box = { north: 39.905, south: 39.505, west: -105.205, east: -104.805 }
    const file = write({
      noCoverage: [{ north: 39.905, south: 39.805, west: -105.205, east: -105.105 }], // 11 × 11
      missing: [{ north: 39.505, south: 39.505, west: -104.805, east: -104.805 }], // 1
      swaths: [{ latitude: 39.805, longitude: -105.105, radiusMi: 3, peakIn: 2 }],
    })
    const day = decode(file, box)
    expect(day.coveredCells).toBe(41 * 41 - 121 - 1)
    // The swath's part under no coverage is not there.
    for (const c of day.cells) {
      const { latitude, longitude } = cellCentre(c.row, c.col)
      expect(latitude <= 39.8 || longitude >= -105.1).toBe(true)
    }
    expect(day.cells.length).toBeGreaterThan(10)
    // A box reaching 10 rows past the grid's northern edge (54.995 N) counts only the rows it has.
    const over = decode(file, { north: 55.095, south: 54.895, west: -104.305, east: -104.205 })
    expect(over.coveredCells).toBe(11 * 11)
  })
})

describe('the day rule', () => {
  const swath = [{ latitude: 39.725, longitude: -104.985, radiusMi: 4, peakIn: 1 }]
  /** The same field valid at another time: relabelled by ecCodes. */
  const at = (validAt: string) =>
    validAt === SUMMER ? write({ swaths: swath }) : relabel(write({ swaths: swath }), { validAt })

  test('a summer file valid at 06:00Z is the previous Denver date', () => {
    const day = decode(at('2024-06-13T06:00:00Z'))
    expect(day.day).toBe('2024-06-12')
    expect(day.validAt.toISOString()).toBe('2024-06-13T06:00:00.000Z')
    expect(day.file).toBe('MRMS_MESH_Max_1440min_00.50_20240613-060000.grib2.gz')
  })

  test('a winter file valid at 07:00Z is the previous Denver date', () => {
    expect(decode(at('2024-01-16T07:00:00Z')).day).toBe('2024-01-15')
  })

  test('a file valid at 00:00Z, or at 06:00Z in winter, is refused with the rule', () => {
    for (const validAt of ['2024-06-13T00:00:00Z', '2024-01-16T06:00:00Z']) {
      const err = refusal(at(validAt))
      expect(err.message).toMatch(/next Denver midnight \(06:00Z in summer, 07:00Z in winter\)/)
      expect(err.file).toMatch(/^MRMS_MESH_Max_1440min_00\.50_2024\d{4}-0[06]0000\.grib2\.gz$/)
    }
  })

  test('meshFileNameForDay names the file of a summer, a winter and a daylight-saving day', () => {
    expect(meshFileNameForDay('2024-06-12')).toEqual({
      dir: '20240613',
      name: 'MRMS_MESH_Max_1440min_00.50_20240613-060000.grib2.gz',
      validAt: new Date('2024-06-13T06:00:00Z'),
    })
    expect(meshFileNameForDay('2024-01-15').name).toBe('MRMS_MESH_Max_1440min_00.50_20240116-070000.grib2.gz')
    // The clocks go forward early on 10 Mar 2024: the 9th ends at MST midnight, the 10th at MDT.
    expect(meshFileNameForDay('2024-03-09').validAt.toISOString()).toBe('2024-03-10T07:00:00.000Z')
    expect(meshFileNameForDay('2024-03-10').validAt.toISOString()).toBe('2024-03-11T06:00:00.000Z')
    expect(meshFileNameForDay('2024-12-31').dir).toBe('20250101')
    expect(() => meshFileNameForDay('2024-02-30')).toThrow(/not a date/)
  })

  test('meshFileNameForDay round-trips through a file for a summer and a winter day', () => {
    for (const day of ['2024-06-12', '2024-01-15']) {
      const named = meshFileNameForDay(day)
      const file = at(named.validAt.toISOString())
      expect(path.basename(file)).toBe(named.name)
      expect(decode(file).day).toBe(day)
    }
  })
})

describe('refusals', () => {
  const swath = [{ latitude: 39.725, longitude: -104.985, radiusMi: 4, peakIn: 1 }]
  /** `file`'s first `bytes` bytes, under the same name in a folder of its own: a download cut short. */
  const cut = (file: string, bytes: number) => {
    const to = path.join(folder(), path.basename(file))
    writeFileSync(to, readFileSync(file).subarray(0, bytes))
    return to
  }

  test('a gzip cut short is refused, naming the file', () => {
    const whole = write({ swaths: swath })
    const err = refusal(cut(whole, Math.floor(statSync(whole).size / 2)))
    expect(err.file).toBe('MRMS_MESH_Max_1440min_00.50_20240613-060000.grib2.gz')
    expect(err.message).toMatch(
      /^MRMS_MESH_Max_1440min_00\.50_20240613-060000\.grib2\.gz: not a complete gzip file/,
    )
  })

  test('a GRIB2 message cut short is refused, saying how much is missing', () => {
    const whole = write({ swaths: swath, gzip: false })
    expect(decode(whole).cells.length).toBeGreaterThan(0)
    const size = statSync(whole).size
    const err = refusal(cut(whole, size - 10))
    expect(err.file).toBe('MRMS_MESH_Max_1440min_00.50_20240613-060000.grib2')
    expect(err.message).toContain(
      `cut short: section 0 says the message is ${size} bytes, the file holds ${size - 10}`,
    )
  })

  test('a damaged message is refused with what is wrong in it', () => {
    const whole = readFileSync(write({ swaths: swath, gzip: false }))
    const name = 'MRMS_MESH_Max_1440min_00.50_20240613-060000.grib2'
    /** The offset of section `n` in the message (walking the sections' lengths from byte 16). */
    const sectionAt = (buf: Buffer, n: number) => {
      let at = 16
      while (buf[at + 4] !== n) at += buf.readUInt32BE(at)
      return at
    }
    const damaged = (damage: (buf: Buffer) => void) => {
      const buf = Buffer.from(whole)
      damage(buf)
      try {
        decodeMeshFile(name, buf, serviceAreaBox())
      } catch (err) {
        expect(err).toBeInstanceOf(StormFileError)
        return (err as Error).message
      }
      return 'not refused'
    }
    const s7 = sectionAt(whole, 7)
    const s7Length = whole.readUInt32BE(s7)
    expect(damaged((b) => b.writeUInt32BE(s7Length + 100, s7))).toBe(
      `${name}: cut short: section 7 says ${s7Length + 100} bytes, ${s7Length + 4} remain`,
    )
    expect(damaged((b) => (b[sectionAt(b, 6) + 5] = 0))).toMatch(/section 6 has a bitmap \(indicator 0\)/)
    expect(damaged((b) => b.writeUInt16BE(0, sectionAt(b, 5) + 9))).toMatch(
      /template 5\.0; only 5\.41 \(PNG\) is read/,
    )
    expect(damaged((b) => b.writeUInt16BE(1, sectionAt(b, 3) + 12))).toMatch(/grid template 3\.1; only 3\.0/)
    expect(damaged((b) => (b[7] = 1))).toMatch(/GRIB edition 1; only edition 2 is read/)
    expect(damaged((b) => b.write('7776', b.length - 4, 'latin1'))).toMatch(
      /cut short: 4 bytes remain after section 7 and there is no '7777' end marker/,
    )
    // A byte of the PNG's data changed: its CRC no longer matches.
    expect(damaged((b) => (b[s7 + 60] = b[s7 + 60]! ^ 0xff))).toMatch(
      /section 7's PNG chunk IDAT at byte \d+ fails its CRC: the image is damaged/,
    )
  })

  test('another parameter is refused, naming it', () => {
    const file = relabel(write({ swaths: swath }), {
      validAt: SUMMER,
      parameter: { discipline: 209, category: 3, number: 35 },
    })
    expect(refusal(file).message).toMatch(/holds parameter 209\/3\/35 .*not MRMS's MESH \(209\/3\/34\)/)
  })

  test('a grid that is not the CONUS grid is refused, saying what it is: off the lattice, or a piece of it', () => {
    const off = refusal(write({ swaths: swath, grid: { north: 40.7, west: -105.9, rows: 100, cols: 100 } }))
    expect(off.message).toBe(
      `${off.file}: its grid is 100 × 100 points of 0.01° × 0.01° from (40.7, 254.1) to (39.71, 255.09), not MRMS's CONUS grid (7000 × 3500 points of 0.01° from 54.995 N 230.005 E to 20.005 N 299.995 E), the only one read`,
    )
    // A piece of the CONUS grid, on its lattice, was read before; no MESH file NOAA writes is one.
    const piece = refusal(write({ swaths: swath, grid: DENVER_GRID }))
    expect(piece.message).toMatch(
      /its grid is 180 × 190 points of 0\.01° × 0\.01° from \(40\.695, 254\.105\)/,
    )
  })

  test('a name whose time is not the file’s is refused', () => {
    const other = path.join(folder(), 'MRMS_MESH_Max_1440min_00.50_20240614-060000.grib2.gz')
    copyFileSync(write({ swaths: swath }), other)
    expect(refusal(other).message).toMatch(
      /the name says 20240614-060000 UTC but the file's reference time is 2024-06-13T06:00:00\.000Z/,
    )
  })

  test('a file not named as MESH is refused before it is read', () => {
    expect(() =>
      decodeMeshFile('MRMS_MESH_00.50_20240613-060000.grib2.gz', Buffer.alloc(0), serviceAreaBox()),
    ).toThrow(StormFileError)
  })
})
