/** Distances and directions against known values (docs/storm-data.md). */
import { describe, expect, test } from 'vitest'
import { bearingDeg, compass16, distanceMi, pointAt } from '../../core/platform/geography'

const UNION_STATION = { latitude: 39.7531, longitude: -105.0002 }
const COLORADO_SPRINGS = { latitude: 38.8339, longitude: -104.8214 }

describe('distanceMi', () => {
  test('Denver Union Station to Colorado Springs is about 64.2 miles', () => {
    expect(distanceMi(UNION_STATION, COLORADO_SPRINGS)).toBeCloseTo(64.2, 1)
    expect(distanceMi(COLORADO_SPRINGS, UNION_STATION)).toBeCloseTo(64.2, 1)
  })

  test('JFK to LAX is about 2,470 miles on the sphere', () => {
    const jfk = { latitude: 40.6413, longitude: -73.7781 }
    const lax = { latitude: 33.9416, longitude: -118.4085 }
    expect(distanceMi(jfk, lax)).toBeGreaterThan(2465)
    expect(distanceMi(jfk, lax)).toBeLessThan(2475)
  })

  test('a point is 0 miles from itself, and a hundredth of a degree of latitude is 0.69 miles', () => {
    expect(distanceMi(UNION_STATION, UNION_STATION)).toBe(0)
    expect(
      distanceMi({ latitude: 39.5, longitude: -104.7 }, { latitude: 39.51, longitude: -104.7 }),
    ).toBeCloseTo(0.691, 3)
  })

  test('across the antimeridian it goes the short way, and pole to pole is half the circumference', () => {
    const east = { latitude: 0, longitude: 179.9 }
    const west = { latitude: 0, longitude: -179.9 }
    expect(distanceMi(east, west)).toBeCloseTo(13.82, 2)
    expect(distanceMi({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 45 })).toBeCloseTo(
      Math.PI * 3958.8,
      6,
    )
  })
})

describe('bearingDeg and compass16', () => {
  test('Colorado Springs lies about 171° from Union Station: south', () => {
    const bearing = bearingDeg(UNION_STATION, COLORADO_SPRINGS)
    expect(bearing).toBeCloseTo(171.4, 1)
    expect(compass16(bearing)).toBe('S')
  })

  test('a point 0.6 mi north-west of a home in Parker is 0.6 mi NW', () => {
    const home = { latitude: 39.51861, longitude: -104.76136 }
    const storm = pointAt(home, 0.6, 315)
    expect(distanceMi(home, storm)).toBeCloseTo(0.6, 6)
    expect(bearingDeg(home, storm)).toBeCloseTo(315, 6)
    expect(compass16(bearingDeg(home, storm))).toBe('NW')
  })

  test('the four quarters, and across the antimeridian to the east', () => {
    const o = { latitude: 39.5, longitude: -104.7 }
    expect(bearingDeg(o, { latitude: 39.6, longitude: -104.7 })).toBeCloseTo(0, 9)
    expect(bearingDeg(o, { latitude: 39.4, longitude: -104.7 })).toBeCloseTo(180, 9)
    expect(compass16(bearingDeg(o, { latitude: 39.5, longitude: -104.6 }))).toBe('E')
    expect(compass16(bearingDeg(o, { latitude: 39.5, longitude: -104.8 }))).toBe('W')
    expect(bearingDeg({ latitude: 0, longitude: 179.9 }, { latitude: 0, longitude: -179.9 })).toBeCloseTo(
      90,
      9,
    )
  })

  test('every bearing is in [0, 360), also from near a pole', () => {
    expect(bearingDeg({ latitude: 89.9, longitude: 0 }, { latitude: 89.9, longitude: 180 })).toBe(0)
    for (let deg = 0; deg < 360; deg += 7.5) {
      const b = bearingDeg(
        { latitude: -45, longitude: 170 },
        pointAt({ latitude: -45, longitude: 170 }, 50, deg),
      )
      expect(b).toBeGreaterThanOrEqual(0)
      expect(b).toBeLessThan(360)
    }
  })

  test('each of the 16 points covers 22.5°, centred on it', () => {
    expect(compass16(0)).toBe('N')
    expect(compass16(11.24)).toBe('N')
    expect(compass16(11.26)).toBe('NNE')
    expect(compass16(45)).toBe('NE')
    expect(compass16(202.5)).toBe('SSW')
    expect(compass16(337.5)).toBe('NNW')
    expect(compass16(348.76)).toBe('N')
    expect(compass16(360)).toBe('N')
    expect(compass16(-45)).toBe('NW')
  })
})
