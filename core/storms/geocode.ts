/**
 * Places a home for its weather report (docs/storm-data.md), in three steps, each less precise:
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
import { z } from 'zod'
import { servedCities, SERVICE_STATE, findZipCode } from '../platform/geography'
import type { Logger } from '../platform/logger'
import type { GeocoderSettings } from './settings'
import type { Location } from './types'

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
  return (await locateAddressAnswered(address, settings, opts)).location
}

/**
 * What the geocoder said of an address: a match, no match (the address is not one it can
 * place), or no answer (it was down, slow or answered in an unknown format: asking again later
 * may place the home by its address).
 */
export type GeocoderAnswer = 'match' | 'no match' | 'no answer'

/** locateAddress, and what the geocoder said (the storm alerts place again what it did not answer). */
export async function locateAddressAnswered(
  address: string,
  settings: GeocoderSettings,
  opts: { logger?: Logger } = {},
): Promise<{ location: Location | undefined; geocoder: GeocoderAnswer }> {
  const log = opts.logger?.child({ component: 'geocoder' })
  if (address.trim() === '') return { location: undefined, geocoder: 'no match' }
  let geocoder: GeocoderAnswer
  try {
    const match = await geocodeWithCensus(address, settings)
    if (match) return { location: match, geocoder: 'match' }
    geocoder = 'no match'
    log?.info('the geocoder found no match for the address; placing the home by its ZIP code or city')
  } catch (err) {
    geocoder = 'no answer'
    log?.warn(
      { err: { message: err instanceof Error ? err.message : String(err) } },
      'the geocoder did not answer; placing the home by its ZIP code or city',
    )
  }
  return { location: locateWithoutGeocoder(address), geocoder }
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
 * The address placed without the network: its ZIP code's centre, else a served city's centre
 * named in it (steps 2 and 3 above); undefined when neither is found.
 */
export function locateWithoutGeocoder(address: string): Location | undefined {
  return locateByZip(address) ?? locateByCity(address)
}

/** The centre of the address's ZIP code (core/platform/geography.ts says which group is one). */
function locateByZip(address: string): Location | undefined {
  const found = findZipCode(address)
  if (!found) return undefined
  const { zip, latitude, longitude } = found
  return { latitude, longitude, locatedBy: 'zip', matched: `ZIP code ${zip}`, zip }
}

/**
 * The centre of the service-area city named in the address. When several are named (a street
 * such as "S Parker Rd, Aurora"), the one named last: the city follows the street.
 */
function locateByCity(address: string): Location | undefined {
  const lower = address.toLowerCase()
  let best: (ReturnType<typeof servedCities>[number] & { end: number }) | undefined
  for (const city of servedCities()) {
    const pattern = new RegExp(`\\b${city.name.toLowerCase().replace(/\s+/g, '\\s+')}\\b`, 'g')
    for (const m of lower.matchAll(pattern)) {
      const end = m.index + m[0].length
      if (!best || end > best.end || (end === best.end && city.name.length > best.name.length))
        best = { ...city, end }
    }
  }
  if (!best?.centre) return undefined
  return { ...best.centre, locatedBy: 'city', matched: `${best.name}, ${SERVICE_STATE}` }
}
