/**
 * Writes core/platform/zip-table.bin, the national ZIP code table that core/platform/zip-table.ts
 * reads, from the `zipcodes` package (a devDependency): `npm run generate:zip-table` after
 * updating the package. tests/unit/zip-table.test.ts fails when the file is not what this
 * script writes today, and checks every ZIP code's answer against the package.
 *
 * Why not the package itself: its table is 5 MB of JavaScript object literals, 44,000 objects,
 * and importing it costs a process about 85 MB of memory (docs/performance.md, "Memory"). Why a
 * binary file and not a module of base64 literals (as until 2026-11-28): a module's text stays in
 * the process (V8 keeps every script's source) beside its literals and their decoded bytes, some
 * 3 MB in all; the file's bytes are read once and are themselves the columns.
 *
 * The file holds only the US ZIP codes (geography.ts never answers with another country's), one
 * row each in ascending order (a binary search finds one). Little-endian throughout (as typed
 * arrays are on every host Node runs on here), in this order:
 *   header     Uint32 × 4  the row count, the scale of the coordinates (10,000), the byte
 *                          lengths of STATE_CODES and of CITY_NAMES
 *   ZIPS       Int32   the ZIP code as a number (01001 is 1001)
 *   ORDER      Int32   the row's place in the package's own order by state (its stateMap), so a
 *                      city's ZIP codes come back in the order the package gave them and their
 *                      mean centre is the same to the last bit
 *   LATITUDES  Int32   degrees × 10,000 (the package gives at most 4 decimals; checked here)
 *   LONGITUDES Int32   degrees × 10,000
 *   CITIES     Uint16  index into CITY_NAMES
 *   STATES     Uint8   index into STATE_CODES
 *   STATE_CODES        the two-letter codes, space-separated (ASCII)
 *   CITY_NAMES         the city names, newline-separated (UTF-8)
 * Each column starts at a multiple of its element's size, so the columns are views on the
 * file's bytes, without a copy.
 */
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
// The package's own row, as tests/support/zipcodes.d.ts types it (the package has no types of its own).
import type { ZipCode } from 'zipcodes'

const require = createRequire(import.meta.url)

/** The decimals the table keeps: every coordinate must survive the round trip exactly. */
export const ZIP_TABLE_SCALE = 10_000

export const ZIP_TABLE_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'core',
  'platform',
  'zip-table.bin',
)

/** The column's bytes, little-endian (as typed arrays are on every host Node runs on here). */
function bytesOf(column: Uint32Array | Int32Array | Uint16Array | Uint8Array): Buffer {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    throw new Error('generate-zip-table: this host is big-endian; the table is written little-endian')
  }
  return Buffer.from(column.buffer, column.byteOffset, column.byteLength)
}

/** The bytes of core/platform/zip-table.bin for the installed `zipcodes` package. */
export function zipTableBytes(): Buffer {
  const { codes, stateMap } = require('zipcodes/lib/codes.js') as {
    codes: Record<string, ZipCode>
    stateMap: Record<string, string[]>
  }

  const stateCodes = Object.keys(stateMap)
  const cityNames: string[] = []
  const cityIndex = new Map<string, number>()
  const rows: {
    zip: number
    latitude: number
    longitude: number
    state: number
    city: number
    order: number
  }[] = []
  const scaled = (zip: string, degrees: number) => {
    const n = Math.round(degrees * ZIP_TABLE_SCALE)
    if (typeof degrees !== 'number' || n / ZIP_TABLE_SCALE !== degrees) {
      throw new Error(
        `generate-zip-table: ${zip}'s coordinate ${degrees} has more decimals than the table keeps`,
      )
    }
    return n
  }

  stateCodes.forEach((state, stateIdx) => {
    for (const zip of stateMap[state]!) {
      const entry = codes[zip]!
      if (entry.country !== 'US' || entry.state !== state || !/^\d{5}$/.test(zip)) {
        throw new Error(`generate-zip-table: unexpected entry ${JSON.stringify(entry)} under ${state}`)
      }
      if (!cityIndex.has(entry.city)) {
        if (entry.city.includes('\n')) throw new Error(`generate-zip-table: a city name holds a newline`)
        cityIndex.set(entry.city, cityNames.length)
        cityNames.push(entry.city)
      }
      rows.push({
        zip: Number(zip),
        latitude: scaled(zip, entry.latitude),
        longitude: scaled(zip, entry.longitude),
        state: stateIdx,
        city: cityIndex.get(entry.city)!,
        order: rows.length,
      })
    }
  })
  rows.sort((a, b) => a.zip - b.zip)
  const col = (pick: (r: (typeof rows)[number]) => number) => rows.map(pick)
  const usCount = Object.values(codes).filter((c) => c.country === 'US').length
  if (rows.length !== usCount) {
    throw new Error(`generate-zip-table: the states list ${rows.length} ZIP codes, the table ${usCount}`)
  }
  if (stateCodes.length > 255 || cityNames.length > 65_535) {
    throw new Error('generate-zip-table: too many states or cities for the columns')
  }

  const stateText = Buffer.from(stateCodes.join(' '), 'utf8')
  const cityText = Buffer.from(cityNames.join('\n'), 'utf8')
  return Buffer.concat([
    bytesOf(Uint32Array.of(rows.length, ZIP_TABLE_SCALE, stateText.length, cityText.length)),
    bytesOf(Int32Array.from(col((r) => r.zip))),
    bytesOf(Int32Array.from(col((r) => r.order))),
    bytesOf(Int32Array.from(col((r) => r.latitude))),
    bytesOf(Int32Array.from(col((r) => r.longitude))),
    bytesOf(Uint16Array.from(col((r) => r.city))),
    bytesOf(Uint8Array.from(col((r) => r.state))),
    stateText,
    cityText,
  ])
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bytes = zipTableBytes()
  writeFileSync(ZIP_TABLE_FILE, bytes)
  console.log(
    `wrote ${path.relative(process.cwd(), ZIP_TABLE_FILE)} (${(bytes.length / 1024).toFixed(0)} KB)`,
  )
}
