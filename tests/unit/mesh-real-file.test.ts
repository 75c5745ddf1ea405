/**
 * A real NOAA file (tests/fixtures/mrms/): PrecipRate as NOAA's own MRMS encoder wrote it, on
 * the CONUS grid, template 5.41, 16-bit PNG. The site's GRIB2 reader decodes all its 24.5 million
 * values to exactly what ecCodes reads (ecCodes writes them to a binary file once, as float32,
 * and the two are compared in one pass); the MESH import refuses it by its parameter; and,
 * relabelled as MESH, its grid passes the CONUS check and its box decodes to ecCodes' values.
 */
import { copyFileSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { readGrib2 } from '../../core/storms/radar/grib2'
import { cellCentre, decodeMeshFile, serviceAreaBox } from '../../core/storms/radar/mesh-file'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { importStormPath } from '../../core/storms/import'
import { StormFileError } from '../../core/storms/types'
import { relabelAsMesh } from '../../scripts/lib/hostile-radar-files'
import { readWithEccodesF32 } from '../support/mesh-files'
import { useTempDir } from '../support/temp-dir'

const REAL = path.resolve('tests/fixtures/mrms/PrecipRate_00.00_20190610-000000.grib2')
const [NI, NJ] = [7000, 3500]
const tempDir = useTempDir('roofing-mrms-real-')

let eccodes: ReturnType<typeof readWithEccodesF32> | undefined
/** ecCodes' reading of the real file, once for this file's tests. */
const eccodesValues = () => (eccodes ??= readWithEccodesF32(REAL, tempDir()))

describe("NOAA's own file", () => {
  test("all 24.5 million values decode to ecCodes' values", () => {
    const message = readGrib2(readFileSync(REAL))
    expect(message).toMatchObject({ discipline: 209, category: 6, parameter: 1 })
    expect(message.referenceTime.toISOString()).toBe('2019-06-10T00:00:00.000Z')
    expect(message.grid).toMatchObject({
      ni: NI,
      nj: NJ,
      firstLatitude: 54.995,
      firstLongitude: 230.005,
      iStep: 0.01,
      jStep: 0.01,
      scanningMode: 0,
    })
    const reference = eccodesValues()
    expect(reference).toMatchObject({ Ni: NI, Nj: NJ, bitsPerValue: 16, parameterCategory: 6 })
    expect(reference.values.length).toBe(NI * NJ)

    const values = message.decodeValues({ first: 0, last: NJ - 1 })
    const row = new Float64Array(NI)
    let differ = 0
    let firstDiffer = ''
    let [noRadar, rain, max] = [0, 0, -Infinity]
    for (let j = 0; j < NJ; j++) {
      values.readRow(j, 0, NI, row, 0)
      for (let i = 0; i < NI; i++) {
        const ours = Math.fround(row[i]!)
        const theirs = reference.values[j * NI + i]!
        if (ours !== theirs && differ++ === 0) firstDiffer = `row ${j}, point ${i}: ${ours} against ${theirs}`
        if (theirs === -3) noRadar++
        else if (theirs > 0) rain++
        if (theirs > max) max = theirs
      }
    }
    expect(firstDiffer).toBe('')
    expect(differ).toBe(0)
    // A real field: no radar over the oceans and beyond the borders, rain in places.
    expect(noRadar).toBeGreaterThan(NI * NJ * 0.3)
    expect(rain).toBeGreaterThan(100_000)
    expect(max).toBeCloseTo(148.8, 4)
  })

  test('the MESH import refuses it by its parameter, naming both', () => {
    const db = openMigratedDatabase(path.join(tempDir(), 'roofing.db'))
    try {
      // Named as a MESH file, as it came and gzipped as NOAA serves MESH.
      const named = path.join(tempDir(), 'MRMS_MESH_Max_1440min_00.50_20190610-000000.grib2')
      copyFileSync(REAL, named)
      for (const [name, content] of [
        [path.basename(named), readFileSync(REAL)],
        [`${path.basename(named)}.gz`, gzipSync(readFileSync(REAL))],
      ] as const) {
        let refusal: unknown
        try {
          decodeMeshFile(name, content, serviceAreaBox())
        } catch (err) {
          refusal = err
        }
        expect(refusal).toBeInstanceOf(StormFileError)
        expect((refusal as Error).message).toBe(
          `${name}: holds parameter 209/6/1 (discipline/category/number), not MRMS's MESH (209/3/34)`,
        )
      }
      expect(() => importStormPath(db, named, { states: ['CO'], now: new Date() })).toThrow(
        /holds parameter 209\/6\/1 .*not MRMS's MESH \(209\/3\/34\)/,
      )
      expect(db.prepare('SELECT COUNT(*) AS n FROM radar_days').get()).toEqual({ n: 0 })
    } finally {
      db.close()
    }
  })

  test("relabelled as MESH, its CONUS grid is read and its box holds ecCodes' values", () => {
    // 10 Jun 2019 06:00Z: the Denver midnight that ends 9 Jun.
    const base = relabelAsMesh(readFileSync(REAL), new Date('2019-06-10T06:00:00Z'))
    const work = { unzippedBytes: 0, inflatedBytes: 0, rowsUnfiltered: 0 }
    const day = decodeMeshFile(base.name, base.grib, serviceAreaBox(), work)
    expect(day.day).toBe('2019-06-09')
    // The box's rows are some 1,490 to 1,620 of the 3,500: the image is unfiltered down to its last.
    expect(work.rowsUnfiltered).toBeLessThan(1700)
    expect(work.rowsUnfiltered).toBeGreaterThan(1500)
    const reference = eccodesValues().values
    expect(day.coveredCells).toBeGreaterThan(10_000)
    for (const c of day.cells) {
      const { latitude, longitude } = cellCentre(c.row, c.col)
      expect(Math.fround(c.mm)).toBe(reference[c.row * NI + c.col])
      expect(latitude).toBeLessThanOrEqual(serviceAreaBox().north + 0.01)
      expect(longitude).toBeGreaterThanOrEqual(serviceAreaBox().west - 0.01)
    }
  })
})
