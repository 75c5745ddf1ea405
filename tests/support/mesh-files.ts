/**
 * MRMS MESH files written by ecCodes (tests/support/mesh/write_mesh.py), not by the site's own
 * code, so the decoder is tested against the reference implementation of GRIB2. Needs Debian's
 * python3 with python3-eccodes (/usr/bin/python3; ECCODES_PYTHON names another interpreter).
 */
import { execFileSync } from 'node:child_process'
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
  /** Default: DENVER_GRID. */
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
 * The default grid: 1.9° × 1.8° of the 0.01° lattice around Denver (38.805–40.695 N,
 * 105.895–104.105 W), wider than the service area's box so every part of the box is in the file.
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

/** Writes a MESH file into `dir` with ecCodes; returns its path (its name NOAA's for validAt). */
export function writeMeshFile(dir: string, spec: MeshFileSpec): string {
  const gzip = spec.gzip ?? true
  const file = path.join(dir, spec.name ?? meshFileName(new Date(spec.validAt), gzip))
  const { name: _name, ...rest } = spec
  run('write_mesh.py', [], JSON.stringify({ grid: DENVER_GRID, bits: 16, ...rest, gzip, out: file }))
  return file
}

/** What ecCodes reads from a GRIB2 file: the packing's keys and every value in scanning order. */
interface EccodesField {
  Ni: number
  Nj: number
  bitsPerValue: number
  referenceValue: number
  binaryScaleFactor: number
  decimalScaleFactor: number
  values: number[]
}

export function readWithEccodes(file: string): EccodesField {
  return JSON.parse(run('read_mesh.py', [file])) as EccodesField
}
