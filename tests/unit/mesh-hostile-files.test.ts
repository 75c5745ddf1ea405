/**
 * Radar files that cannot hurt the worker (docs/storm-data.md, "Files that cannot hurt the
 * worker"): whatever a MESH file holds, decodeMeshFile decodes it or refuses it by name with a
 * StormFileError, and its work stays within meshDecodeBound: at most 10 MB read, 32 MB unzipped,
 * and the image inflated and unfiltered only down to the service area's last row. Each file's
 * work is counted as it goes (bytes unzipped, bytes inflated, rows unfiltered), so the bound is
 * checked without timing anything; the time and memory it comes to are measured by
 * `npm run bench:radar` (docs/performance.md).
 *
 * The files are mutations (scripts/lib/hostile-radar-files.ts) of an ecCodes-written CONUS MESH
 * file and of NOAA's own file relabelled as MESH, drawn by fast-check with a fixed seed.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  decodeMeshFile,
  meshDecodeBound,
  serviceAreaBox,
  type DecodeWork,
  type MeshDay,
} from '../../core/storms/radar/mesh-file'
import { StormFileError } from '../../core/storms/types'
import {
  anyHostileRadarFile,
  applyMutation,
  relabelAsMesh,
  type HostileRadarFile,
  type RadarBase,
} from '../../scripts/lib/hostile-radar-files'
import { writeMeshFile } from '../support/mesh-files'
import { useTempDir } from '../support/temp-dir'

const tempDir = useTempDir('roofing-mesh-hostile-')
const REAL = path.resolve('tests/fixtures/mrms/PrecipRate_00.00_20190610-000000.grib2')
const BOUND = meshDecodeBound(serviceAreaBox())
const SEED = 20_261_128
const RUNS = 40
/**
 * The bombs, some 0.3 to 1 s each, are tried above one by one; the random files are of the other
 * kinds, most of which are refused in a few milliseconds (`npm run bench:radar-hostile` draws from
 * every kind, a thousand files).
 */
const BOMBS = ['image bomb', 'uncompressed image', 'gzip bomb'] as const

let ecCodes: RadarBase
let noaa: RadarBase

beforeAll(() => {
  const file = writeMeshFile(tempDir(), {
    validAt: '2024-06-13T06:00:00Z',
    gzip: false,
    swaths: [{ latitude: 39.725, longitude: -104.985, radiusMi: 6, peakIn: 2 }],
    noCoverage: [{ north: 54.995, south: 49.6, west: -129.995, east: -60.005 }],
  })
  ecCodes = { label: 'ecCodes file', name: path.basename(file), grib: readFileSync(file) }
  noaa = relabelAsMesh(readFileSync(REAL), new Date('2019-06-10T06:00:00Z'))
})

const noWork = (): DecodeWork => ({ unzippedBytes: 0, inflatedBytes: 0, rowsUnfiltered: 0 })

/** Decodes a hostile file: its day or its refusal, and the work it took. Any other error is thrown. */
function decode(file: HostileRadarFile): { day?: MeshDay; refusal?: string; work: DecodeWork } {
  const work = noWork()
  try {
    return { day: decodeMeshFile(file.name, file.bytes, serviceAreaBox(), work), work }
  } catch (err) {
    if (!(err instanceof StormFileError))
      throw new Error(`${file.what}: ${String(err)} escaped instead of a StormFileError`, { cause: err })
    return { refusal: err.message, work }
  }
}

function expectWithinBound(file: HostileRadarFile, work: DecodeWork): void {
  const over = (Object.keys(work) as (keyof DecodeWork)[]).filter((k) => work[k] > BOUND[k])
  expect(over.map((k) => `${file.what}: ${k} ${work[k]} > ${BOUND[k]}`)).toEqual([])
  expect(file.bytes.length <= BOUND.fileBytes || work.unzippedBytes === 0).toBe(true)
}

describe('the bound', () => {
  test('is the rows down to the service area’s last and at most 32 MB unzipped', () => {
    // The box's last row with its margin is about row 1,585 of 3,500; RGBA is 28,001 bytes a
    // scanline, and the last push may inflate some 5 MB past it.
    expect(BOUND.rowsUnfiltered).toBeGreaterThan(1550)
    expect(BOUND.rowsUnfiltered).toBeLessThan(1600)
    expect(BOUND.unzippedBytes).toBe(32 * 1024 * 1024)
    expect(BOUND.fileBytes).toBe(10 * 1024 * 1024)
    expect(BOUND.inflatedBytes).toBeLessThan(BOUND.rowsUnfiltered * 28_001 + 6 * 1024 * 1024)
  })
})

describe('files made to hurt', () => {
  const crafted = (base: () => RadarBase, rows: number) =>
    applyMutation(base(), { kind: 'grid moved north', rows })

  test('a grid whose first latitude is 2147.475° is refused by name before anything is inflated', () => {
    for (const base of [() => ecCodes, () => noaa]) {
      const file = crafted(base, 209_248)
      expect(file.what).toMatch(/first latitude 2147\.475°/)
      const { refusal, work } = decode(file)
      expect(refusal).toMatch(
        new RegExp(
          `^${file.name.replaceAll('.', '\\.')}: its grid is 7000 × 212748 points of 0\\.01° × 0\\.01° from \\(2147\\.475, 230\\.005\\) .*not MRMS's CONUS grid \\(7000 × 3500 points of 0\\.01° from 54\\.995 N 230\\.005 E`,
        ),
      )
      expect(work).toEqual({ unzippedBytes: base().grib.length, inflatedBytes: 0, rowsUnfiltered: 0 })
    }
  })

  test('a grid one row off the CONUS grid, or a piece of it, is refused the same way', () => {
    const oneRow = decode(crafted(() => ecCodes, 1))
    expect(oneRow.refusal).toMatch(/its grid is 7000 × 3501 points .* from \(55\.005, 230\.005\)/)
    expect(oneRow.work.inflatedBytes).toBe(0)
    const narrow = decode(applyMutation(ecCodes, { kind: 'grid', field: 'ni', value: 6999 }))
    expect(narrow.refusal).toMatch(/the grid says 6999×3500 points but holds 24500000/)
    expect(narrow.work.inflatedBytes).toBe(0)
  })

  test('a gzip bomb is refused at 32 MB unzipped, however much it would unzip to', () => {
    for (const mb of [33, 1024]) {
      const file = applyMutation(ecCodes, { kind: 'gzip bomb', mb })
      expect(file.bytes.length).toBeLessThan(2 * 1024 * 1024)
      const { refusal, work } = decode(file)
      expect(refusal).toBe(
        `${file.name}: unzips to more than 32 MB (a MESH file unzips to a few hundred KB): not a MESH file, and not unzipped further`,
      )
      expect(work).toEqual(noWork())
    }
  })

  test('a file over 10 MB is refused by its size before it is unzipped', () => {
    const file = applyMutation(ecCodes, { kind: 'oversize', bytes: 10 * 1024 * 1024 + 1 })
    const { refusal, work } = decode(file)
    expect(refusal).toBe(
      `${file.name}: is 10.0 MB; a MESH file is a few hundred KB, and none over 10 MB is read`,
    )
    expect(work).toEqual(noWork())
  })

  test('a file cut anywhere is refused by name, having inflated nothing', () => {
    for (const base of [ecCodes, noaa])
      for (const at of [0, 15, 100, Math.floor(base.grib.length / 2), base.grib.length - 1]) {
        const { refusal, work } = decode(applyMutation(base, { kind: 'cut', at, gzip: false }))
        expect(refusal).toMatch(/: (only \d+ bytes|cut short)/)
        expect(work.inflatedBytes).toBe(0)
      }
    const gzipped = applyMutation(ecCodes, { kind: 'cut', at: 400, gzip: true })
    expect(decode(gzipped).refusal).toMatch(/: not a complete gzip file/)
  })

  test('image data that inflates to far more than its rows is read only down to the box’s last row', () => {
    // RGBA, the widest rows, with the Paeth filter, the slowest to undo, on every row.
    for (const channels of [4] as const) {
      const file = applyMutation(ecCodes, { kind: 'image bomb', channels, filter: 4, extraRows: 100_000 })
      const { day, work } = decode(file)
      // A valid header over zeros: the day decodes (to the reference value), and the reader stops.
      expect(day?.cells).toEqual([])
      expect(work.rowsUnfiltered).toBe(BOUND.rowsUnfiltered)
      expect(work.inflatedBytes).toBeGreaterThanOrEqual(BOUND.rowsUnfiltered * (7000 * channels + 1))
      expectWithinBound(file, work)
    }
  })
})

describe('any file', () => {
  test(`${RUNS} mutations of an ecCodes file and of NOAA's own: each decoded or refused by name, within the bound`, () => {
    const kinds = new Map<string, { decoded: number; refused: number }>()
    fc.assert(
      fc.property(anyHostileRadarFile([ecCodes, noaa], { except: BOMBS }), (file) => {
        const { day, refusal, work } = decode(file)
        if (refusal !== undefined) expect(refusal.startsWith(`${file.name}: `)).toBe(true)
        else expect(day!.file).toBe(file.name)
        expectWithinBound(file, work)
        const count = kinds.get(file.kind) ?? { decoded: 0, refused: 0 }
        count[day ? 'decoded' : 'refused']++
        kinds.set(file.kind, count)
      }),
      { seed: SEED, numRuns: RUNS },
    )
    // Every kind of mutation was drawn, and some files still decode: the checks do not refuse all.
    expect(kinds.size).toBeGreaterThanOrEqual(10)
    expect([...kinds.values()].some((k) => k.decoded > 0)).toBe(true)
    // The 60 s below guard a busy machine; they measure nothing (the time is bench:radar-hostile's).
  }, 60_000)
})
