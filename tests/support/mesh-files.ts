/**
 * MRMS MESH files written by ecCodes (tests/support/mesh/write_mesh.py), not by the site's own
 * code, so the decoder is tested against the reference implementation of GRIB2. Needs Debian's
 * python3 with python3-eccodes (/usr/bin/python3; ECCODES_PYTHON names another interpreter).
 *
 * A file is on MRMS's CONUS grid unless the spec names another: the MESH decoder reads no other.
 * ecCodes takes some 1.5 s of CPU to pack the CONUS grid's 24.5 million values, so each file
 * written is kept in the system's temporary folder under the hash of its spec and of the writer,
 * and the same spec is copied from there the next time (on this machine, in any test file).
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { meshFileName } from '../../core/storms/radar/mesh-file'

// By URL rather than __dirname: the benchmark runs this under tsx as an ES module.
const SCRIPTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mesh')

interface Box {
  north: number
  south: number
  west: number
  east: number
}

/** What write_mesh.py writes (its docstring says each field's meaning). */
export interface MeshFileSpec {
  /** '2024-06-13T06:00:00Z'. */
  validAt: string
  /** Default: 'conus', MRMS's grid (7000 × 3500 points from 54.995 N, 129.995 W). */
  grid?: 'conus' | { north: number; west: number; rows: number; cols: number }
  /** Default 16. */
  bits?: 8 | 16 | 24 | 32
  /** Default true. */
  gzip?: boolean
  truncate?: number
  parameter?: { discipline: number; category: number; number: number }
  swaths?: { latitude: number; longitude: number; radiusMi: number; peakIn: number }[]
  cells?: { latitude: number; longitude: number; mm: number }[]
  noCoverage?: Box[]
  missing?: Box[]
  /** The file's name; default NOAA's for validAt. */
  name?: string
}

/**
 * A small grid for the GRIB2 reader's own tests: 1.9° × 1.8° of the 0.01° lattice around Denver
 * (38.805–40.695 N, 105.895–104.105 W). The MESH decoder refuses it (only the CONUS grid is read).
 */
export const DENVER_GRID = { north: 40.695, west: -105.895, rows: 190, cols: 180 }

const python = () => process.env.ECCODES_PYTHON ?? '/usr/bin/python3'

function run(script: string, args: string[], input?: string): string {
  try {
    return execFileSync(python(), [path.join(SCRIPTS, script), ...args], {
      input,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? '')
    if (/No module named '?(eccodes|gribapi)|No module named '?numpy/.test(stderr))
      throw new Error(
        `${python()} has no ecCodes: the MESH fixtures need python3-eccodes (Debian: apt-get install python3-eccodes), or ECCODES_PYTHON naming a python that has it`,
      )
    throw new Error(`${script} failed: ${stderr || (err as Error).message}`)
  }
}

const CACHE = path.join(tmpdir(), 'roofing-mesh-fixtures')

/** Writes a MESH file into `dir` with ecCodes; returns its path (its name NOAA's for validAt). */
export function writeMeshFile(dir: string, spec: MeshFileSpec): string {
  const gzip = spec.gzip ?? true
  const file = path.join(dir, spec.name ?? meshFileName(new Date(spec.validAt), gzip))
  const { name: _name, ...rest } = spec
  const input = { grid: 'conus', bits: 16, ...rest, gzip }
  const key = createHash('sha256')
    .update(readFileSync(path.join(SCRIPTS, 'write_mesh.py')))
    .update(JSON.stringify(input))
    .digest('hex')
    .slice(0, 32)
  const cached = path.join(CACHE, `${key}.grib2`)
  if (!existsSync(cached)) {
    // Written aside and renamed, so a test file running at the same time never copies half a file.
    mkdirSync(CACHE, { recursive: true })
    const writing = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`
    try {
      run('write_mesh.py', [], JSON.stringify({ ...input, out: writing }))
      renameSync(writing, cached)
    } finally {
      rmSync(writing, { force: true })
    }
  }
  copyFileSync(cached, file)
  return file
}

/**
 * A copy of a file written before (`base`), given another valid time or parameter by ecCodes
 * without packing its values again (a fraction of a second, where writing a CONUS file takes
 * seconds); its name is NOAA's for the new valid time unless `name` says otherwise.
 */
export function relabelMeshFile(
  dir: string,
  base: string,
  change: Pick<MeshFileSpec, 'parameter' | 'gzip' | 'name'> & { validAt: string },
): string {
  const gzip = change.gzip ?? true
  const file = path.join(dir, change.name ?? meshFileName(new Date(change.validAt), gzip))
  const { name: _name, ...rest } = change
  run('write_mesh.py', [], JSON.stringify({ ...rest, gzip, base, out: file }))
  return file
}

/** What ecCodes reads from a GRIB2 file: its parameter, grid and packing keys. */
interface EccodesKeys {
  discipline: number
  parameterCategory: number
  parameterNumber: number
  Ni: number
  Nj: number
  bitsPerValue: number
  referenceValue: number
  binaryScaleFactor: number
  decimalScaleFactor: number
}

/** The keys and every value in scanning order, as JSON numbers: for small grids. */
export function readWithEccodes(file: string): EccodesKeys & { values: number[] } {
  return JSON.parse(run('read_mesh.py', [file])) as EccodesKeys & { values: number[] }
}

/**
 * The keys, and every value in scanning order as ecCodes' doubles rounded to float32 (written by
 * ecCodes to a binary file in `dir`, then read in one piece): for the CONUS grid's 24.5 million.
 */
export function readWithEccodesF32(file: string, dir: string): EccodesKeys & { values: Float32Array } {
  const out = path.join(dir, `${path.basename(file)}.eccodes-f32`)
  const keys = JSON.parse(run('read_mesh.py', [file, '--values-f32', out])) as EccodesKeys
  const bytes = readFileSync(out)
  rmSync(out)
  // Little-endian float32, as written (a file this large is read into a buffer of its own, aligned).
  const values =
    bytes.byteOffset % 4 === 0
      ? new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
      : new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))
  return { ...keys, values }
}
