/**
 * `npm run bench:radar-hostile`: radar files that cannot hurt the worker (docs/storm-data.md).
 * Any file, however made, is decoded or refused within 2 s and 64 MB above the footprint of the
 * process before it read the file.
 *
 * The files: NOAA's own file relabelled as MESH and a CONUS MESH file written by ecCodes with
 * storms over Denver and the Plains (the two real cases), and those made to cost the most (scripts/lib/hostile-radar-files.ts): a
 * grid moved north to a first latitude of 2147.475°, a gzip bomb of 1 GB, 10 MB of empty gzip
 * members, an uncompressed RGBA image that unzips to just under the 32 MB cap, RGBA and grey
 * images whose data inflates to 103,500 rows with the Paeth filter on every row, files cut short,
 * over the size limit, or of 10 MB of zeros. Then BENCH_RADAR_MUTATIONS (default 1,000) random
 * mutations of the two real files (the property test's, seed BENCH_RADAR_SEED, default random and
 * printed) are decoded one after another in this process, and the slowest is measured like the
 * others: the worst case found.
 *
 * Each measured file is decoded in a fresh Node process running this file bundled for plain Node
 * (scripts/lib/radar-bench.ts), BENCH_RADAR_HOSTILE_RUNS times (default 3): the decode's wall and
 * CPU time, and its peak RSS above the process's before it read the file (the file, unzipping,
 * inflating and the rows kept all count). Prints a line a file, the worst, PASS or FAIL; exits 1
 * when a file misses either budget, decodes or refuses other than with a StormFileError, or
 * exceeds the decoder's work bound (meshDecodeBound).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { gunzipSync } from 'node:zlib'
import fc from 'fast-check'
import {
  decodeMeshFile,
  meshDecodeBound,
  serviceAreaBox,
  type DecodeWork,
} from '../core/storms/radar/mesh-file'
import { StormFileError } from '../core/storms/types'
import {
  anyHostileRadarFile,
  applyMutation,
  relabelAsMesh,
  type HostileRadarFile,
  type RadarBase,
} from './lib/hostile-radar-files'
import {
  bundleForNode,
  cachedMeshFile,
  CONUS_OUTSIDE_RADAR,
  resetPeakRss,
  residentKb,
} from './lib/radar-bench'

const BUDGET_MS = 2000
const BUDGET_MB = 64
const RUNS = Number(process.env.BENCH_RADAR_HOSTILE_RUNS ?? 3)
const MUTATIONS = Number(process.env.BENCH_RADAR_MUTATIONS ?? 1000)
const SEED = Number(process.env.BENCH_RADAR_SEED ?? Math.floor(Math.random() * 2 ** 31))
const BOUND = meshDecodeBound(serviceAreaBox())
const REAL = path.resolve('tests/fixtures/mrms/PrecipRate_00.00_20190610-000000.grib2')

interface ChildResult {
  decodeMs: number
  cpuMs: number
  /** Peak RSS (VmHWM) above the resident set before the file was read, in KB. */
  growthKb: number
  outcome: string
  work: DecodeWork
  escaped?: string
}

/** One decode in this process (run as `… --child FILE NAME`): prints a ChildResult. */
function child(file: string, name: string): void {
  // The footprint before the file is read: the resident set now. The peak is reset to it (Linux's
  // clear_refs 5), so loading the modules does not count.
  resetPeakRss()
  const startKb = residentKb().now
  const work: DecodeWork = { unzippedBytes: 0, inflatedBytes: 0, rowsUnfiltered: 0 }
  const t0 = performance.now()
  const cpu = process.cpuUsage()
  let outcome: string
  let escaped: string | undefined
  try {
    const day = decodeMeshFile(name, readFileSync(file), serviceAreaBox(), work)
    outcome = `decoded: storm day ${day.day}, ${day.cells.length} cells`
  } catch (err) {
    if (err instanceof StormFileError) outcome = `refused: ${err.message.slice(name.length + 2)}`
    else [outcome, escaped] = ['escaped', String(err)]
  }
  const decodeMs = performance.now() - t0
  const used = process.cpuUsage(cpu)
  const result: ChildResult = {
    decodeMs,
    cpuMs: (used.user + used.system) / 1000,
    growthKb: residentKb().peak - startKb,
    outcome,
    work,
    escaped,
  }
  process.stdout.write(JSON.stringify(result))
}

/** An ecCodes-written CONUS MESH file, kept in the temporary folder after the first run. */
function benchBase(): RadarBase {
  const file = path.join(
    tmpdir(),
    'roofing-radar-hostile-v1',
    'MRMS_MESH_Max_1440min_00.50_20240613-060000.grib2.gz',
  )
  cachedMeshFile(file, {
    validAt: '2024-06-13T06:00:00Z',
    grid: 'conus',
    bits: 16,
    swaths: [
      { latitude: 39.725, longitude: -104.985, radiusMi: 6, peakIn: 2 },
      { latitude: 38.6, longitude: -98.9, radiusMi: 8, peakIn: 3.5 },
    ],
    noCoverage: [...CONUS_OUTSIDE_RADAR],
  })
  return {
    label: 'ecCodes CONUS file',
    name: path.basename(file, '.gz'),
    grib: gunzipSync(readFileSync(file)),
  }
}

type MeasuredFile = Pick<HostileRadarFile, 'what' | 'name' | 'bytes'>

/** The files measured one by one: the real ones, then those made to cost the most. */
function namedFiles(ecCodes: RadarBase, noaa: RadarBase): MeasuredFile[] {
  const real = (base: RadarBase): MeasuredFile => ({
    what: `${base.label} as it is`,
    name: base.name,
    bytes: base.grib,
  })
  return [
    real(noaa),
    real(ecCodes),
    applyMutation(ecCodes, { kind: 'grid moved north', rows: 209_248 }),
    applyMutation(noaa, { kind: 'grid moved north', rows: 209_248 }),
    applyMutation(ecCodes, { kind: 'gzip bomb', mb: 1024 }),
    applyMutation(ecCodes, { kind: 'gzip members', count: 500_000 }),
    applyMutation(noaa, { kind: 'uncompressed image', rows: 1190 }),
    applyMutation(noaa, { kind: 'image bomb', channels: 4, filter: 4, extraRows: 100_000 }),
    applyMutation(noaa, { kind: 'image bomb', channels: 1, filter: 4, extraRows: 100_000 }),
    applyMutation(noaa, { kind: 'cut', at: Math.floor(noaa.grib.length * 0.9), gzip: false }),
    applyMutation(noaa, { kind: 'oversize', bytes: 10 * 1024 * 1024 + 1 }),
    {
      ...applyMutation(noaa, { kind: 'oversize', bytes: 10 * 1024 * 1024 }),
      what: '10 MB of zeros, at the cap',
    },
  ]
}

/** Decodes BENCH_RADAR_MUTATIONS random mutations here; returns the slowest, and what each kind came to. */
function sweep(bases: RadarBase[]): { slowest: HostileRadarFile; ms: number; failures: string[] } {
  const files = fc.sample(anyHostileRadarFile(bases), { numRuns: MUTATIONS, seed: SEED })
  let slowest = { file: files[0]!, ms: -1 }
  const failures: string[] = []
  const byKind = new Map<string, { decoded: number; refused: number }>()
  for (const file of files) {
    const work: DecodeWork = { unzippedBytes: 0, inflatedBytes: 0, rowsUnfiltered: 0 }
    const t0 = performance.now()
    let decoded = false
    try {
      decodeMeshFile(file.name, file.bytes, serviceAreaBox(), work)
      decoded = true
    } catch (err) {
      if (!(err instanceof StormFileError)) failures.push(`${file.what}: ${String(err)} escaped`)
    }
    const ms = performance.now() - t0
    if (ms > slowest.ms) slowest = { file, ms }
    for (const k of Object.keys(work) as (keyof DecodeWork)[])
      if (work[k] > BOUND[k]) failures.push(`${file.what}: ${k} ${work[k]} over its bound ${BOUND[k]}`)
    const count = byKind.get(file.kind) ?? { decoded: 0, refused: 0 }
    count[decoded ? 'decoded' : 'refused']++
    byKind.set(file.kind, count)
  }
  console.log(
    `  by kind: ${[...byKind]
      .sort()
      .map(([k, c]) => `${k} ${c.decoded + c.refused} (${c.decoded} decoded)`)
      .join(', ')}`,
  )
  return { slowest: slowest.file, ms: slowest.ms, failures }
}

async function main(): Promise<void> {
  const childScript = await bundleForNode(import.meta.url, 'radar-hostile-bench')
  const dir = mkdtempSync(path.join(tmpdir(), 'roofing-radar-hostile-'))
  try {
    const ecCodes = benchBase()
    const noaa = relabelAsMesh(readFileSync(REAL), new Date('2019-06-10T06:00:00Z'))
    console.log(
      `Random mutations: ${MUTATIONS} of the two real files, seed ${SEED}, decoded in this process…`,
    )
    const t0 = performance.now()
    const found = sweep([ecCodes, noaa])
    console.log(
      `  ${((performance.now() - t0) / 1000).toFixed(1)} s; the slowest took ${found.ms.toFixed(0)} ms here (tsx): ${found.slowest.what}`,
    )
    const files: MeasuredFile[] = [
      ...namedFiles(ecCodes, noaa),
      { ...found.slowest, what: `the slowest mutation: ${found.slowest.what}` },
    ]

    console.log(
      `\nEach file in ${RUNS} fresh processes (plain Node): the decode's time, max of the runs, and peak RSS above the process before it read the file`,
    )
    const failures = [...found.failures]
    let worst = { ms: 0, mb: 0, msWhat: '', mbWhat: '' }
    for (const [k, file] of files.entries()) {
      const at = path.join(dir, `${k}-${file.name}`)
      writeFileSync(at, file.bytes)
      const results: ChildResult[] = []
      for (let r = 0; r < RUNS; r++)
        results.push(
          JSON.parse(
            execFileSync(process.execPath, [childScript, '--child', at, file.name], { encoding: 'utf8' }),
          ) as ChildResult,
        )
      rmSync(at)
      const ms = Math.max(...results.map((r) => r.decodeMs))
      const cpuMs = Math.max(...results.map((r) => r.cpuMs))
      const mb = Math.max(...results.map((r) => r.growthKb)) / 1024
      const { outcome, work, escaped } = results[0]!
      console.log(
        `- ${file.what} (${(file.bytes.length / 1024).toFixed(0)} KB): ${ms.toFixed(0)} ms (${cpuMs.toFixed(0)} ms CPU), +${mb.toFixed(1)} MB; ` +
          `unzipped ${(work.unzippedBytes / 1e6).toFixed(1)} MB, inflated ${(work.inflatedBytes / 1e6).toFixed(1)} MB, ${work.rowsUnfiltered} rows; ${outcome.slice(0, 140)}`,
      )
      if (escaped) failures.push(`${file.what}: ${escaped} escaped`)
      if (ms > BUDGET_MS) failures.push(`${file.what}: ${ms.toFixed(0)} ms > ${BUDGET_MS} ms`)
      if (mb > BUDGET_MB) failures.push(`${file.what}: +${mb.toFixed(1)} MB > ${BUDGET_MB} MB`)
      if (ms > worst.ms) worst = { ...worst, ms, msWhat: file.what }
      if (mb > worst.mb) worst = { ...worst, mb, mbWhat: file.what }
    }
    console.log(
      `\nWorst time: ${worst.ms.toFixed(0)} ms (budget ≤ ${BUDGET_MS} ms), ${worst.msWhat}` +
        `\nWorst memory: +${worst.mb.toFixed(1)} MB (budget ≤ ${BUDGET_MB} MB), ${worst.mbWhat}` +
        `\nLoad average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`,
    )
    for (const f of failures.slice(0, 20)) console.log(`FAIL ${f}`)
    if (failures.length) process.exitCode = 1
    else console.log('PASS')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const childAt = process.argv.indexOf('--child')
if (childAt >= 0) child(process.argv[childAt + 1]!, process.argv[childAt + 2]!)
else await main()
