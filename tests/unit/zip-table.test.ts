/**
 * The ZIP code table (core/platform/zip-table.ts) answers as the `zipcodes` package it is
 * generated from, on every ZIP code: the state and centre of each of the 42,555 US ZIP codes,
 * nothing for the others, the cities' ZIP codes in the package's order, and the same centres for
 * the cities served. And the committed table is what the generator writes from the installed
 * package today.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import zipcodes, { type ZipCode } from 'zipcodes'
import { findZipCode, servedCities, SERVICE_STATE } from '../../core/platform/geography'
import { lookupByCity, lookupZip } from '../../core/platform/zip-table'
import { ZIP_TABLE_FILE, zipTableBytes } from '../../scripts/generate-zip-table'
import { ALSO_SERVING, CITY_PAGES } from '../../shared/service-areas'

const all = Object.values(zipcodes.codes)
const us = all.filter((z) => z.country === 'US')

describe('the ZIP code table', () => {
  test('is the file the generator writes from the installed package', () => {
    expect(readFileSync(ZIP_TABLE_FILE).equals(zipTableBytes())).toBe(true)
  })

  test('every US ZIP code of the package: the same state and centre, found at the end of an address', () => {
    expect(us.length).toBeGreaterThan(42_000)
    let checked = 0
    for (const z of us) {
      const want = { zip: z.zip, state: z.state, latitude: z.latitude, longitude: z.longitude }
      const got = lookupZip(z.zip)
      // toEqual on 42,555 objects is slow; compare the fields and fail with the ZIP code.
      if (
        !got ||
        got.zip !== want.zip ||
        got.state !== want.state ||
        got.latitude !== want.latitude ||
        got.longitude !== want.longitude
      ) {
        expect(got, z.zip).toEqual(want)
      }
      const inAddress = findZipCode(`12 Main St, ${z.city}, ${z.state} ${z.zip}-1234`)
      if (inAddress?.latitude !== want.latitude || inAddress?.longitude !== want.longitude) {
        expect(inAddress, z.zip).toEqual(want)
      }
      checked++
    }
    expect(checked).toBe(us.length)
  })

  test('every other five digits, and the Canadian codes, are unknown, as in the package', () => {
    const known = new Set(us.map((z) => z.zip))
    for (let n = 0; n <= 99_999; n++) {
      const zip = String(n).padStart(5, '0')
      if (known.has(zip)) continue
      const pkg = zipcodes.lookup(zip)
      expect(pkg === undefined || pkg.country !== 'US', zip).toBe(true)
      if (lookupZip(zip) !== undefined) expect(lookupZip(zip), zip).toBeUndefined()
    }
    for (const z of all.filter((c) => c.country !== 'US')) {
      expect(lookupZip(z.zip), z.zip).toBeUndefined()
      expect(findZipCode(`1 Rue Principale, ${z.city} ${z.zip}`), z.zip).toBeUndefined()
    }
    expect(lookupZip('8020')).toBeUndefined()
    expect(lookupZip('802021')).toBeUndefined()
    expect(lookupZip('')).toBeUndefined()
  })

  test("every city of the service state, and one of each state's: the same ZIP codes in the same order", () => {
    const pick = (z: ZipCode) => ({
      zip: z.zip,
      state: z.state,
      latitude: z.latitude,
      longitude: z.longitude,
    })
    const pairs = new Set(us.filter((z) => z.state === SERVICE_STATE).map((z) => `${z.city}|${z.state}`))
    for (const state of new Set(us.map((z) => z.state)))
      pairs.add(`${us.find((z) => z.state === state)!.city}|${state}`)
    expect(pairs.size).toBeGreaterThan(400)
    for (const pair of pairs) {
      const [city, state] = pair.split('|') as [string, string]
      expect(lookupByCity(city, state), pair).toEqual(zipcodes.lookupByName(city, state).map(pick))
      expect(lookupByCity(city.toLowerCase(), state.toLowerCase()), pair).toEqual(
        zipcodes.lookupByName(city.toLowerCase(), state.toLowerCase()).map(pick),
      )
    }
    expect(lookupByCity('Nowhere Springs', 'CO')).toEqual([])
    expect(lookupByCity('Denver', 'XX')).toEqual([])
  })

  test("the cities served have the same centres as the package's ZIP codes give them, to the last bit", () => {
    const cities = [
      ...CITY_PAGES.map((c) => ({ name: c.name, zips: c.zipcodes.split(',').map((z) => z.trim()) })),
      ...ALSO_SERVING.map((name) => ({ name, zips: [] as string[] })),
    ]
    expect(servedCities().map((c) => c.name)).toEqual(cities.map((c) => c.name))
    cities.forEach(({ name, zips }, i) => {
      const listed = zips.map((zip) => zipcodes.lookup(zip)).filter((z) => z !== undefined)
      const points = listed.length > 0 ? listed : zipcodes.lookupByName(name, SERVICE_STATE)
      const mean = (pick: (p: ZipCode) => number) =>
        points.reduce((sum, p) => sum + pick(p), 0) / points.length
      const want =
        points.length === 0
          ? undefined
          : { latitude: mean((p) => p.latitude), longitude: mean((p) => p.longitude) }
      expect(servedCities()[i]!.centre, name).toEqual(want)
    })
  })
})
