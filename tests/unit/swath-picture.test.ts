/**
 * The radar swath picture's geometry (core/storms/pdf/SwathPicture.tsx): the contours land where
 * the radar cells are, north up and to one scale, so a swath is never drawn off its place.
 */
import { describe, expect, test } from 'vitest'
import { EARTH_RADIUS_MI } from '../../core/platform/geography'
import {
  swathBands,
  SWATH_PICTURE_SIZE as SIZE,
  viewHalfWidthMi,
  type Frame,
} from '../../core/storms/pdf/SwathPicture'
import { SWATH_HALF_WIDTH_MI } from '../../core/storms/radar/report'
import { makeSampleWeatherReport, SAMPLE_LOCATION } from '../../core/storms/sample-report'
import type { LatLon, RadarSwath } from '../../core/storms/types'

const MI_PER_DEG = (EARTH_RADIUS_MI * Math.PI) / 180

/** A path's rings as lists of points. */
function rings(d: string): [number, number][][] {
  return d
    .split('Z')
    .filter(Boolean)
    .map((ring) =>
      ring
        .split(/[ML]/)
        .filter(Boolean)
        .map((p) => p.split(',').map(Number) as [number, number]),
    )
}

function centroid(points: [number, number][]): [number, number] {
  const sum = points.reduce(([x, y], [px, py]) => [x + px, y + py], [0, 0])
  return [sum[0] / points.length, sum[1] / points.length]
}

/** Even-odd point in the path (its holes are outside). */
function inside(d: string, [x, y]: [number, number]): boolean {
  let inRings = false
  for (const ring of rings(d))
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!
      const [xj, yj] = ring[j]!
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inRings = !inRings
    }
  return inRings
}

/** A 9 × 9 grid of 0.01° cells centred on `home`, zero but for one cell of 2 in. */
function spike(home: LatLon, row: number, col: number): RadarSwath {
  const valuesIn = new Array<number>(81).fill(0)
  valuesIn[row * 9 + col] = 2
  return {
    date: '2024-06-12',
    north: home.latitude + 0.04,
    west: home.longitude - 0.04,
    stepDeg: 0.01,
    rows: 9,
    cols: 9,
    valuesIn,
    reports: [],
  }
}

describe('the swath picture', () => {
  const home = { latitude: 39.515, longitude: -104.765 }
  const frame: Frame = { home, ptPerMi: 20, cosLat: Math.cos((home.latitude * Math.PI) / 180) }

  test("a single cell's contours are centred on that cell: at the home, one cell north, one cell east", () => {
    const cases: [number, number, number, number][] = [
      // row, col, expected x and y offsets from the centre in points
      [4, 4, 0, 0],
      [3, 4, 0, -0.01 * MI_PER_DEG * frame.ptPerMi],
      [4, 5, 0.01 * MI_PER_DEG * frame.cosLat * frame.ptPerMi, 0],
    ]
    for (const [row, col, dx, dy] of cases) {
      const bands = swathBands(spike(home, row, col), frame)
      // A cell of 2 in lies inside every contour.
      expect(bands.map((b) => b.threshold)).toEqual([0.75, 1, 1.5, 2])
      for (const band of bands.slice(0, 3)) {
        const [x, y] = centroid(rings(band.d)[0]!)
        expect(x).toBeCloseTo(SIZE / 2 + dx, 0)
        expect(y).toBeCloseTo(SIZE / 2 + dy, 0)
      }
    }
  })

  test('a larger threshold draws a smaller shape inside the one below it', () => {
    const [b075, b1, b15] = swathBands(spike(home, 4, 4), frame)
    const width = (d: string) => {
      const xs = rings(d)[0]!.map(([x]) => x)
      return Math.max(...xs) - Math.min(...xs)
    }
    expect(width(b075!.d)).toBeGreaterThan(width(b1!.d))
    expect(width(b1!.d)).toBeGreaterThan(width(b15!.d))
  })

  test("the sample's picture reaches past the 3-mile ring and puts the home in the 1.5 to 2 in band, as its table says", () => {
    const { radar } = makeSampleWeatherReport()
    const swath = radar!.swath!
    const viewMi = viewHalfWidthMi(swath, SAMPLE_LOCATION)
    expect(viewMi).toBeGreaterThanOrEqual(SWATH_HALF_WIDTH_MI)
    expect(viewMi).toBeLessThan(SWATH_HALF_WIDTH_MI + 1)
    const sampleFrame: Frame = {
      home: SAMPLE_LOCATION,
      ptPerMi: SIZE / 2 / viewMi,
      cosLat: Math.cos((SAMPLE_LOCATION.latitude * Math.PI) / 180),
    }
    const bands = new Map(swathBands(swath, sampleFrame).map((b) => [b.threshold, b.d]))
    const atHome: [number, number] = [SIZE / 2, SIZE / 2]
    expect(inside(bands.get(1.5)!, atHome)).toBe(true)
    expect(inside(bands.get(2)!, atHome)).toBe(false)
    // 3 mi south of the home the day's swath had passed by.
    expect(inside(bands.get(0.75)!, [SIZE / 2, SIZE / 2 + 3 * sampleFrame.ptPerMi])).toBe(false)
  })
})
