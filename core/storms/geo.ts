/**
 * Distances and directions on the Earth's surface, for a storm report: how far a storm was from
 * the home and in which direction. A sphere is accurate to about 0.5 % here, far finer than the
 * position of a storm report (NOAA gives them to a hundredth of a degree, about 0.7 mi).
 */
import type { LatLon } from './types'

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
