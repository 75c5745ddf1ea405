/**
 * Where things are in the contractor's world: the state it works in, the cities it serves and
 * their centres, the ZIP code an address ends with, and distances and directions on the
 * Earth's surface. The spam check asks how far an address lies from the cities served
 * (core/spam/service-area.ts); the weather report places a home by its ZIP code or city and
 * measures each storm from it (core/storms/geocode.ts, report.ts).
 *
 * It lives in the platform, not in shared/: it reads the national ZIP code table (zip-table.ts,
 * generated from the `zipcodes` package: a megabyte the browser has no use for), and the browser
 * needs none of it, only the words the report says about where the home was placed, which the
 * report's summary carries to the page.
 *
 * A sphere is accurate to about 0.5 % here, far finer than the position of a storm event (NOAA
 * gives them to a hundredth of a degree, about 0.7 mi) or of a ZIP code's centre.
 */
import { ALSO_SERVING, CITY_PAGES } from '../../shared/service-areas'
import { lookupByCity, lookupZip, type ZipEntry } from './zip-table'

interface LatLon {
  latitude: number
  longitude: number
}

/** The state the contractor works in (two-letter postal code). */
export const SERVICE_STATE = 'CO'

/** The Earth's mean radius (IUGG), in miles. */
export const EARTH_RADIUS_MI = 3958.8

const toRad = (deg: number) => (deg * Math.PI) / 180
const toDeg = (rad: number) => (rad * 180) / Math.PI

/** Great-circle distance in miles (haversine: stable for short distances, unlike the law of cosines). */
export function distanceMi(a: LatLon, b: LatLon): number {
  const dLat = toRad(b.latitude - a.latitude)
  const dLon = toRad(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2
  // min() keeps rounding from taking asin out of its domain for antipodal points.
  return 2 * EARTH_RADIUS_MI * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** The initial great-circle bearing from `from` to `to`: degrees clockwise from true north, 0 ≤ b < 360. */
export function bearingDeg(from: LatLon, to: LatLon): number {
  const φ1 = toRad(from.latitude)
  const φ2 = toRad(to.latitude)
  const Δλ = toRad(to.longitude - from.longitude)
  const y = Math.sin(Δλ) * Math.cos(φ2)
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ)
  const deg = (toDeg(Math.atan2(y, x)) + 360) % 360
  // -0 % 360 is -0, and 359.9999999 may round to 360 when printed: both read as north.
  return deg >= 360 || Object.is(deg, -0) ? 0 : deg
}

/** The point `mi` miles from `from` along the initial bearing `deg` (great circle). */
export function pointAt(from: LatLon, mi: number, deg: number): LatLon {
  const δ = mi / EARTH_RADIUS_MI
  const θ = toRad(deg)
  const φ1 = toRad(from.latitude)
  const λ1 = toRad(from.longitude)
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ))
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2))
  return { latitude: toDeg(φ2), longitude: toDeg(λ2) }
}

const COMPASS_16 = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const
export type Compass16 = (typeof COMPASS_16)[number]

/** The 16-point compass direction of a bearing: each point covers 22.5°, centred on it. */
export function compass16(deg: number): Compass16 {
  const normal = ((deg % 360) + 360) % 360
  return COMPASS_16[Math.round(normal / 22.5) % 16]!
}

/**
 * The address's ZIP code: its last 5-digit group (with an optional +4), but not one that opens
 * it (a house number such as 10234 would otherwise place the home in another state); undefined
 * when it has none or the table does not know it as a US ZIP code.
 */
export function findZipCode(address: string): ZipEntry | undefined {
  const groups = [...address.matchAll(/(?<!\d)(\d{5})(?:-\d{4})?(?!\d)/g)].filter(
    (m) => address.slice(0, m.index).trim() !== '',
  )
  const zip = groups.at(-1)?.[1]
  return zip ? lookupZip(zip) : undefined
}

/** A city served and its centre (undefined when the table knows neither its ZIP codes nor its name). */
interface ServedCity {
  name: string
  centre: LatLon | undefined
}

/** The average of the city's ZIP code centres: those its page lists, else those the table names it for. */
function cityCentre(name: string, zips: string[]): LatLon | undefined {
  const listed = zips.map((zip) => lookupZip(zip)).filter((z) => z !== undefined)
  const points = listed.length > 0 ? listed : lookupByCity(name, SERVICE_STATE)
  if (points.length === 0) return undefined
  const mean = (pick: (p: LatLon) => number) => points.reduce((sum, p) => sum + pick(p), 0) / points.length
  return { latitude: mean((p) => p.latitude), longitude: mean((p) => p.longitude) }
}

let served: readonly ServedCity[] | undefined

/**
 * Every city served (shared/service-areas.ts): those with a page, then the others. Worked out
 * with the first call, not at import: the centres read the ZIP code table, which the web process
 * then reads only with its first enquiry (docs/performance.md, "Memory").
 */
export function servedCities(): readonly ServedCity[] {
  served ??= [
    ...CITY_PAGES.map((c) => ({ name: c.name, zips: c.zipcodes.split(',').map((z) => z.trim()) })),
    ...ALSO_SERVING.map((name) => ({ name, zips: [] as string[] })),
  ].map(({ name, zips }) => ({ name, centre: cityCentre(name, zips) }))
  return served
}
