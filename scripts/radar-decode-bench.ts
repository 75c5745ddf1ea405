/**
 * `npm run bench:radar`: the radar hail decoder's budget (core/storms/radar/mesh-file.ts):
 * reading one full CONUS MESH file (7000 × 3500 points, 16-bit PNG packing, gzipped as NOAA
 * serves it) and clipping it to the service area takes at most 1 s, in a process whose peak
 * resident memory stays at or under 300 MB.
 *
 * The file is written once by ecCodes (tests/support/mesh/write_mesh.py; needs python3-eccodes)
 * and kept in the system's temporary folder: a storm over the Denver metro and others over the
 * Plains, a few hundred small storms east of the Rockies, and no radar coverage (-3) over the
 * oceans, Canada, Mexico and a gap in the mountains, roughly as a summer day's file looks.
 * Each run decodes it in a fresh Node process (the import command's case: one file, cold), which
 * prints its time and its own peak RSS (VmHWM, residentKb in scripts/lib/radar-bench.ts; until
 * 2026-11-28 it read maxRSS, which on Linux also holds the parent's peak). That process runs this
 * file bundled by esbuild as scripts/build-server.mjs bundles the programs (our code bundled, the
 * packages from node_modules, plain Node, no TypeScript loader), so its memory is production's:
 * tsx alone would add some 45 MB. The bundle is kept in node_modules/.cache/.
 *
 * Prints the figures against the budget, PASS or FAIL, and what a 5-year backfill (1,826 files)
 * would take at the median. Exits 1 when the budget is missed. BENCH_RADAR_RUNS sets the number of
 * runs (default 7).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { decodeMeshFile, serviceAreaBox } from '../core/storms/radar/mesh-file'
import type { MeshFileSpec } from '../tests/support/mesh-files'
import { bundleForNode, cachedMeshFile, CONUS_OUTSIDE_RADAR, residentKb } from './lib/radar-bench'

const BUDGET_MS = 1000
const BUDGET_RSS_MB = 300
const BACKFILL_FILES = 1826
const RUNS = Number(process.env.BENCH_RADAR_RUNS ?? 7)
/** Bump when the spec below changes, so the cached file is written again. */
const FIXTURE_VERSION = 1

/** A day's storms: deterministic (a fixed-seed generator), so every run decodes the same file. */
function conusSpec(): MeshFileSpec {
  let seed = 20240613
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const swaths: NonNullable<MeshFileSpec['swaths']> = []
  // A track across the Denver metro, south-west to north-east, as a line of overlapping domes.
  for (let k = 0; k < 12; k++)
    swaths.push({
      latitude: 39.55 + k * 0.03,
      longitude: -105.1 + k * 0.05,
      radiusMi: 5,
      peakIn: 1.5 + (k % 4) * 0.4,
    })
  // Large storms elsewhere: eastern Colorado, Kansas, Nebraska, Oklahoma, Texas, the Dakotas.
  for (const [latitude, longitude, peakIn] of [
    [39.1, -103.5, 2.75],
    [38.6, -98.9, 3.5],
    [41.2, -100.3, 2.25],
    [35.5, -97.6, 4],
    [32.9, -101.8, 2.5],
    [44.4, -100.1, 1.75],
  ] as const)
    for (let k = 0; k < 8; k++)
      swaths.push({ latitude: latitude + k * 0.04, longitude: longitude + k * 0.07, radiusMi: 8, peakIn })
  // Small storms east of the Rockies.
  for (let k = 0; k < 400; k++)
    swaths.push({
      latitude: 29 + random() * 19,
      longitude: -105 + random() * 25,
      radiusMi: 2 + random() * 5,
      peakIn: 0.5 + random() * 1.5,
    })
  return {
    validAt: '2024-06-13T06:00:00Z',
    grid: 'conus',
    bits: 16,
    swaths,
    noCoverage: [...CONUS_OUTSIDE_RADAR, { north: 39.3, south: 38.7, west: -108.6, east: -107.6 }],
  }
}

/** The cached file, written by ecCodes the first time. */
function benchFile(): string {
  const file = path.join(
    tmpdir(),
    `roofing-radar-bench-v${FIXTURE_VERSION}`,
    'MRMS_MESH_Max_1440min_00.50_20240613-060000.grib2.gz',
  )
  if (existsSync(file)) return file
  console.log('Writing a CONUS MESH file with ecCodes (once; kept in the temporary folder)…')
  const t0 = performance.now()
  cachedMeshFile(file, conusSpec())
  console.log(`  written in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  return file
}

interface ChildResult {
  readMs: number
  decodeMs: number
  /** The decode's CPU time (user + system), less sensitive than its wall time to other processes. */
  decodeCpuMs: number
  cells: number
  maxMm: number
  coveredCells: number
  startRssKb: number
  maxRssKb: number
}

/** One decode in this process (run as `… radar-decode-bench.ts --child FILE`): prints a ChildResult. */
function child(file: string): void {
  const startRssKb = residentKb().peak
  const t0 = performance.now()
  const content = readFileSync(file)
  const t1 = performance.now()
  const cpu = process.cpuUsage()
  const day = decodeMeshFile(path.basename(file), content, serviceAreaBox())
  const t2 = performance.now()
  const cpuUsed = process.cpuUsage(cpu)
  const result: ChildResult = {
    readMs: t1 - t0,
    decodeMs: t2 - t1,
    decodeCpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
    cells: day.cells.length,
    maxMm: day.maxMm,
    coveredCells: day.coveredCells,
    startRssKb,
    maxRssKb: residentKb().peak,
  }
  process.stdout.write(JSON.stringify(result))
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

async function main(): Promise<void> {
  const file = benchFile()
  const childScript = await bundleForNode(import.meta.url, 'radar-decode-bench')
  const size = readFileSync(file).length
  console.log(`File: ${file} (${(size / 1e6).toFixed(2)} MB)`)
  const results: ChildResult[] = []
  for (let k = 0; k < RUNS; k++) {
    const out = execFileSync(process.execPath, [childScript, '--child', file], { encoding: 'utf8' })
    results.push(JSON.parse(out) as ChildResult)
  }
  const ms = results.map((r) => r.decodeMs)
  const rssMb = Math.max(...results.map((r) => r.maxRssKb)) / 1024
  const first = results[0]!
  console.log(
    `Service area box: ${first.coveredCells} covered cells, ${first.cells} cells kept, largest ${(first.maxMm / 25.4).toFixed(2)} in`,
  )
  console.log(
    `Read the file: median ${median(results.map((r) => r.readMs)).toFixed(1)} ms; process before reading: ${(Math.max(...results.map((r) => r.startRssKb)) / 1024).toFixed(0)} MB RSS`,
  )
  const timeOk = Math.max(...ms) <= BUDGET_MS
  const rssOk = rssMb <= BUDGET_RSS_MB
  console.log(
    `Decode + clip (${RUNS} fresh processes): min ${Math.min(...ms).toFixed(0)} ms, median ${median(ms).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (budget ≤ ${BUDGET_MS} ms): ${timeOk ? 'PASS' : 'FAIL'}`,
  )
  const cpuMs = results.map((r) => r.decodeCpuMs)
  console.log(
    `  its CPU time: min ${Math.min(...cpuMs).toFixed(0)} ms, median ${median(cpuMs).toFixed(0)} ms, max ${Math.max(...cpuMs).toFixed(0)} ms (user + system, all threads; load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores)`,
  )
  console.log(`Peak RSS: ${rssMb.toFixed(0)} MB (budget ≤ ${BUDGET_RSS_MB} MB): ${rssOk ? 'PASS' : 'FAIL'}`)
  const backfillMin = (median(ms) * BACKFILL_FILES) / 60_000
  console.log(
    `A 5-year backfill (${BACKFILL_FILES} files) at the median: about ${backfillMin.toFixed(1)} min of decoding (downloads and the store not counted)`,
  )
  if (!timeOk || !rssOk) process.exitCode = 1
}

const childAt = process.argv.indexOf('--child')
if (childAt >= 0) child(process.argv[childAt + 1]!)
else await main()
