/**
 * What the radar benchmarks (scripts/radar-decode-bench.ts, scripts/radar-store-bench.ts) share:
 * the parts of the CONUS grid no radar covers, ecCodes-written files kept in the temporary
 * folder between runs, and the script itself bundled for plain Node so a child process's memory
 * is production's.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { MeshBox } from '../../core/storms/radar/mesh-file'
import { writeMeshFile, type MeshFileSpec } from '../../tests/support/mesh-files'

/**
 * Where a real CONUS file holds -3 (no radar covers): Canada, the Pacific, Mexico, the Gulf and
 * the Atlantic. Each benchmark adds gaps of its own (a mountain's blocked beam).
 */
export const CONUS_OUTSIDE_RADAR: readonly MeshBox[] = [
  { north: 54.995, south: 49.6, west: -129.995, east: -60.005 },
  { north: 49.6, south: 20.005, west: -129.995, east: -125.2 },
  { north: 29.5, south: 20.005, west: -117, east: -99 },
  { north: 25.5, south: 20.005, west: -99, east: -60.005 },
  { north: 44, south: 25.5, west: -70, east: -60.005 },
]

/**
 * The file at `file`, written by ecCodes from `spec` when it is not there yet (into a folder of
 * its own first, then moved, so a run stopped half-way never leaves half a file to reuse).
 * Returns whether it was written now.
 */
export function cachedMeshFile(file: string, spec: MeshFileSpec): boolean {
  if (existsSync(file)) return false
  const work = `${path.dirname(file)}.writing-${process.pid}`
  mkdirSync(work, { recursive: true })
  try {
    const written = writeMeshFile(work, { ...spec, name: path.basename(file) })
    mkdirSync(path.dirname(file), { recursive: true })
    renameSync(written, file)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return true
}

/**
 * The script at `scriptUrl` (its import.meta.url) bundled for plain Node, as
 * scripts/build-server.mjs bundles the programs: our code bundled, the packages left to
 * node_modules, no TypeScript loader (tsx alone adds some 45 MB to a process). Kept in
 * node_modules/.cache/<name>/. esbuild is loaded here only, so a child's memory does not count it.
 */
export async function bundleForNode(scriptUrl: string, name: string): Promise<string> {
  const { buildSync } = await import('esbuild')
  const outfile = path.resolve(`node_modules/.cache/${name}/child.mjs`)
  buildSync({
    entryPoints: [fileURLToPath(scriptUrl)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  return outfile
}

/**
 * A process's resident set now and its peak, in KB, from /proc/<pid>/status (VmRSS, VmHWM); this
 * process's by default. Not process.resourceUsage().maxRSS: Linux carries that over from the
 * parent across exec, so a child started by a large process (tsx with esbuild loaded, 100 MB and
 * more) reports the parent's peak as its own. resetPeakRss sets the peak to the present.
 */
export function residentKb(pid: number | 'self' = 'self'): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
  return { now: kb('VmRSS'), peak: kb('VmHWM') }
}

/** Sets a process's peak RSS (VmHWM) to its RSS now: 5 into /proc/<pid>/clear_refs (Linux 4.0+). */
export function resetPeakRss(pid: number | 'self' = 'self'): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5')
}

/**
 * An unzipped GRIB2 MESH file re-stamped with another valid time, gzipped as NOAA does: section 1's
 * reference time (from byte 16: length 4, number 1, centre 2, subcentre 2, master and local tables
 * 1 each, significance 1, then year 2 big-endian, month, day, hour, minute, second) set to `validAt`.
 */
export function restampedMeshFile(grib: Buffer, validAt: Date): Buffer {
  if (grib.toString('latin1', 0, 4) !== 'GRIB' || grib[16 + 4] !== 1)
    throw new Error('not a GRIB2 message with section 1 at byte 16')
  const copy = Buffer.from(grib)
  const at = 16 + 12
  copy.writeUInt16BE(validAt.getUTCFullYear(), at)
  copy[at + 2] = validAt.getUTCMonth() + 1
  copy[at + 3] = validAt.getUTCDate()
  copy[at + 4] = validAt.getUTCHours()
  copy[at + 5] = validAt.getUTCMinutes()
  copy[at + 6] = validAt.getUTCSeconds()
  return gzipSync(copy, { level: 6 })
}
