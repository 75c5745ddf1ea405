/**
 * The national table of US ZIP codes (their centre, state and city), as typed arrays decoded from
 * zip-table.data.ts, which scripts/generate-zip-table.ts writes from the `zipcodes` package. It
 * answers as the package does (tests/unit/zip-table.test.ts checks every ZIP code) for a few
 * hundred KB, where importing the package cost a process about 85 MB (docs/performance.md).
 */
import * as data from './zip-table.data'

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
  stateCodes: string[]
  cityNames: string[]
}

let table: Table | undefined

type View<T> = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T

/** A column (little-endian, as typed arrays are on the hosts Node runs on here) over its decoded bytes. */
function column<T>(base64: string, View: View<T> & { BYTES_PER_ELEMENT: number }): T {
  let bytes = Buffer.from(base64, 'base64')
  // A large Buffer has its own memory, aligned; a small one may sit in the shared pool, unaligned.
  if (bytes.byteOffset % View.BYTES_PER_ELEMENT !== 0)
    bytes = Buffer.from(Uint8Array.prototype.slice.call(bytes))
  return new View(bytes.buffer, bytes.byteOffset, bytes.length / View.BYTES_PER_ELEMENT)
}

function load(): Table {
  if (table) return table
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    throw new Error('The ZIP code table is little-endian and this host is not')
  }
  const zips = column(data.ZIPS, Int32Array)
  table = {
    zips,
    latitudes: column(data.LATITUDES, Int32Array),
    longitudes: column(data.LONGITUDES, Int32Array),
    states: column(data.STATES, Uint8Array),
    cities: column(data.CITIES, Uint16Array),
    order: column(data.ORDER, Int32Array),
    stateCodes: data.STATE_CODES.split(' '),
    cityNames: Buffer.from(data.CITY_NAMES, 'base64').toString('utf8').split('\n'),
  }
  if (zips.length !== data.ZIP_COUNT) throw new Error('The ZIP code table is damaged (wrong row count)')
  return table
}

function entry(t: Table, row: number): ZipEntry {
  return {
    zip: String(t.zips[row]).padStart(5, '0'),
    state: t.stateCodes[t.states[row]!]!,
    latitude: t.latitudes[row]! / data.SCALE,
    longitude: t.longitudes[row]! / data.SCALE,
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
