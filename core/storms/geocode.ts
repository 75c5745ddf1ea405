/**
 * Places a home for its storm report (docs/storm-data.md), in three steps, each less precise:
 *
 * 1. the US Census Bureau geocoder (no key needed; its API:
 *    https://geocoding.geo.census.gov/geocoder/Geocoding_Services_API.html), by street address;
 * 2. when it finds no match or does not answer in time: the centre of the address's ZIP code;
 * 3. else the centre of a service-area city named in the address.
 *
 * An address none of them can place gives undefined: the homeowner is then told the office will
 * follow up, never sent a report of some other place. The address is never logged: it is
 * personal data.
 */
import zipcodes from 'zipcodes'
import { z } from 'zod'
import type { Logger } from '../platform/logger'
import { ALSO_SERVING, CITY_PAGES } from '../../shared/service-areas'
import type { LatLon, Location } from './types'

export interface GeocoderSettings {
  /** CENSUS_GEOCODER_URL, without a trailing slash. */
  baseUrl: string
  /** GEOCODER_TIMEOUT_MS: the longest wait for an answer. */
  timeoutMs: number
}

/** The service area's state: a city named in an address is looked for here. */
const SERVICE_STATE = 'CO'

/** The answer's part we read: the first match's coordinates (x = longitude, y = latitude). */
const CensusAnswerSchema = z.object({
  result: z.object({
    addressMatches: z.array(
      z.object({
        matchedAddress: z.string(),
        coordinates: z.object({ x: z.number().min(-180).max(180), y: z.number().min(-90).max(90) }),
      }),
    ),
  }),
})

export async function locateAddress(
  address: string,
  settings: GeocoderSettings,
  opts: { logger?: Logger } = {},
): Promise<Location | undefined> {
  const log = opts.logger?.child({ component: 'geocoder' })
  if (address.trim() === '') return undefined
  try {
    const match = await geocodeWithCensus(address, settings)
    if (match) return match
    log?.info('the geocoder found no match for the address; placing the home by its ZIP code or city')
  } catch (err) {
    log?.warn(
      { err: { message: err instanceof Error ? err.message : String(err) } },
      'the geocoder did not answer; placing the home by its ZIP code or city',
    )
  }
  return locateByZip(address) ?? locateByCity(address)
}

/** How the report says the home was placed: 'located by street address', 'by ZIP code 80134', 'by city'. */
export function describeLocation(location: Location): string {
  switch (location.locatedBy) {
    case 'address':
      return 'located by street address'
    case 'zip':
      return `by ZIP code ${location.zip ?? location.matched.replace(/^ZIP code /, '')}`
    case 'city':
      return 'by city'
  }
}

/** The Census geocoder's first match; undefined when it has none. Throws when it does not answer well. */
async function geocodeWithCensus(address: string, settings: GeocoderSettings): Promise<Location | undefined> {
  const url = new URL(`${settings.baseUrl}/locations/onelineaddress`)
  url.search = new URLSearchParams({ address, benchmark: 'Public_AR_Current', format: 'json' }).toString()
  // The timeout covers the body too: the signal aborts a slow answer while it is being read.
  const res = await fetch(url, {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(settings.timeoutMs),
  })
  if (res.status !== 200) {
    await res.body?.cancel()
    throw new Error(`the geocoder answered ${res.status}`)
  }
  const answer = CensusAnswerSchema.safeParse(await res.json())
  if (!answer.success) throw new Error('the geocoder answered in an unknown format')
  const first = answer.data.result.addressMatches[0]
  if (!first) return undefined
  return {
    latitude: first.coordinates.y,
    longitude: first.coordinates.x,
    locatedBy: 'address',
    matched: first.matchedAddress,
  }
}

/**
 * The centre of the address's ZIP code: its last 5-digit group, but not one that opens the
 * address (a street number like 10234 would otherwise place the home in another state).
 */
function locateByZip(address: string): Location | undefined {
  const groups = [...address.matchAll(/(?<!\d)(\d{5})(?:-\d{4})?(?!\d)/g)].filter(
    (m) => address.slice(0, m.index).trim() !== '',
  )
  const zip = groups.at(-1)?.[1]
  const found = zip ? zipcodes.lookup(zip) : undefined
  if (!zip || !found || found.country !== 'US') return undefined
  return {
    latitude: found.latitude,
    longitude: found.longitude,
    locatedBy: 'zip',
    matched: `ZIP code ${zip}`,
    zip,
  }
}

/** Every city served: those with a page (and the ZIP codes it lists) and the others. */
const SERVED_CITIES: { name: string; zips: string[] }[] = [
  ...CITY_PAGES.map((c) => ({ name: c.name, zips: c.zipcodes.split(',').map((z) => z.trim()) })),
  ...ALSO_SERVING.map((name) => ({ name, zips: [] })),
]

/**
 * The centre of the service-area city named in the address. When several are named (a street
 * such as "S Parker Rd, Aurora"), the one named last: the city follows the street.
 */
function locateByCity(address: string): Location | undefined {
  const lower = address.toLowerCase()
  let best: { name: string; zips: string[]; end: number } | undefined
  for (const city of SERVED_CITIES) {
    const pattern = new RegExp(`\\b${city.name.toLowerCase().replace(/\s+/g, '\\s+')}\\b`, 'g')
    for (const m of lower.matchAll(pattern)) {
      const end = m.index + m[0].length
      if (!best || end > best.end || (end === best.end && city.name.length > best.name.length))
        best = { ...city, end }
    }
  }
  if (!best) return undefined
  const centre = cityCentre(best.name, best.zips)
  if (!centre) return undefined
  return { ...centre, locatedBy: 'city', matched: `${best.name}, ${SERVICE_STATE}` }
}

/** The average of the city's ZIP code centres: those its page lists, else those the package names it for. */
function cityCentre(name: string, zips: string[]): LatLon | undefined {
  const listed = zips.map((zip) => zipcodes.lookup(zip)).filter((z) => z !== undefined)
  const points = listed.length > 0 ? listed : zipcodes.lookupByName(name, SERVICE_STATE)
  if (points.length === 0) return undefined
  const mean = (pick: (p: LatLon) => number) => points.reduce((sum, p) => sum + pick(p), 0) / points.length
  return { latitude: mean((p) => p.latitude), longitude: mean((p) => p.longitude) }
}
