/**
 * The national table of US ZIP codes (their centre, state and city), as typed arrays over the
 * bytes of zip-table.bin, which scripts/generate-zip-table.ts writes from the `zipcodes` package
 * (the layout is described there). It answers as the package does
 * (tests/unit/zip-table.test.ts checks every ZIP code) for about 1 MB, where importing the
 * package cost a process about 85 MB (docs/performance.md). The file is read with the first
 * lookup, not when a module imports this one.
 *
 * The file sits beside this module: core/platform/ in a checkout, dist/node/ in the build,
 * where scripts/lib/server-build.mjs copies it next to the bundles.
 */
import { readFileSync } from 'node:fs'

/** A US ZIP code's centre and the two-letter state (or territory) it lies in. */
export interface ZipEntry {
  zip: string
  state: string
  latitude: number
  longitude: number
}

interface Table {
  zips: Int32Array
  latitudes: Int32Array
  longitudes: Int32Array
  states: Uint8Array
  cities: Uint16Array
  /** Each row's place in the package's order (the rows are in ascending order of ZIP code). */
  order: Int32Array
  /** Degrees × scale are the coordinates' integers. */
  scale: number
  stateCodes: string[]
  cityNames: string[]
}

let table: Table | undefined

/** The table's file: beside this module, in a checkout and in the build alike. */
const ZIP_TABLE_URL = new URL('./zip-table.bin', import.meta.url)

function load(): Table {
  if (table) return table
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    throw new Error('The ZIP code table is little-endian and this host is not')
  }
  let bytes = readFileSync(ZIP_TABLE_URL)
  // A file's Buffer has memory of its own; were it ever in the shared pool, unaligned, copy it.
  if (bytes.byteOffset % 4 !== 0) bytes = Buffer.from(Uint8Array.prototype.slice.call(bytes))
  const { buffer, byteOffset } = bytes
  const [count, scale, stateBytes, cityBytes] = new Uint32Array(buffer, byteOffset, 4) as unknown as [
    number,
    number,
    number,
    number,
  ]
  let at = byteOffset + 16
  const next = <T>(View: new (b: ArrayBufferLike, o: number, n: number) => T, size: number): T => {
    const view = new View(buffer, at, count)
    at += count * size
    return view
  }
  const zips = next(Int32Array, 4)
  const order = next(Int32Array, 4)
  const latitudes = next(Int32Array, 4)
  const longitudes = next(Int32Array, 4)
  const cities = next(Uint16Array, 2)
  const states = next(Uint8Array, 1)
  const text = (length: number) => {
    const s = bytes.toString('utf8', at - byteOffset, at - byteOffset + length)
    at += length
    return s
  }
  const stateCodes = text(stateBytes).split(' ')
  const cityNames = text(cityBytes).split('\n')
  if (at - byteOffset !== bytes.length) throw new Error('The ZIP code table is damaged (wrong length)')
  table = { zips, latitudes, longitudes, states, cities, order, scale, stateCodes, cityNames }
  return table
}

function entry(t: Table, row: number): ZipEntry {
  return {
    zip: String(t.zips[row]).padStart(5, '0'),
    state: t.stateCodes[t.states[row]!]!,
    latitude: t.latitudes[row]! / t.scale,
    longitude: t.longitudes[row]! / t.scale,
  }
}

/** The US ZIP code's entry (five digits), or undefined when the table does not know it. */
export function lookupZip(zip: string): ZipEntry | undefined {
  if (!/^\d{5}$/.test(zip)) return undefined
  const t = load()
  const wanted = Number(zip)
  let lo = 0
  let hi = t.zips.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const found = t.zips[mid]!
    if (found === wanted) return entry(t, mid)
    if (found < wanted) lo = mid + 1
    else hi = mid - 1
  }
  return undefined
}

/** The ZIP codes the table names for a city (its name in any case) of a state (its two-letter code), in the package's order. */
export function lookupByCity(city: string, state: string): ZipEntry[] {
  const t = load()
  const stateIdx = t.stateCodes.indexOf(state.toUpperCase())
  if (stateIdx < 0) return []
  const name = city.toUpperCase()
  const rows: number[] = []
  for (let row = 0; row < t.zips.length; row++) {
    if (t.states[row] === stateIdx && t.cityNames[t.cities[row]!]!.toUpperCase() === name) rows.push(row)
  }
  return rows.sort((a, b) => t.order[a]! - t.order[b]!).map((row) => entry(t, row))
}
