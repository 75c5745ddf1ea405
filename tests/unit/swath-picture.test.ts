/**
 * The radar swath's geometry (core/storms/swath-geometry.ts), drawn by the PDF's picture
 * (core/storms/pdf/SwathPicture.tsx) and the storm briefing's (core/storm-response/swath-png.ts):
 * the contours land where the radar cells are, north up and to one scale, in a frame centred on
 * the home as in one whose corner is the box's, so a swath is never drawn off its place.
 */
import { describe, expect, test } from 'vitest'
import {
  SWATH_PICTURE_SIZE as SIZE,
  SWATH_UPSAMPLE,
  swathFrame,
  viewHalfWidthMi,
} from '../../core/storms/pdf/SwathPicture'
import { SWATH_HALF_WIDTH_MI } from '../../core/storms/radar/report'
import { makeSampleWeatherReport, SAMPLE_LOCATION } from '../../core/storms/sample-report'
import { mapFrame, MI_PER_DEG, SWATH_LEGEND, swathBands, toPicture } from '../../core/storms/swath-geometry'
import type { LatLon, RadarSwath } from '../../core/storms/types'

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
  const frame = mapFrame(home, { x: SIZE / 2, y: SIZE / 2 }, 20)

  test("a single cell's contours are centred on that cell: at the home, one cell north, one cell east", () => {
    const cases: [number, number, number, number][] = [
      // row, col, expected x and y offsets from the centre in points
      [4, 4, 0, 0],
      [3, 4, 0, -0.01 * MI_PER_DEG * frame.unitsPerMi],
      [4, 5, 0.01 * MI_PER_DEG * frame.cosLat * frame.unitsPerMi, 0],
    ]
    for (const [row, col, dx, dy] of cases) {
      const bands = swathBands(spike(home, row, col), frame, SWATH_UPSAMPLE)
      // A cell of 2 in lies inside every contour.
      expect(bands.map((b) => b.threshold)).toEqual([0.75, 1, 1.5, 2])
      for (const band of bands.slice(0, 3)) {
        const [x, y] = centroid(rings(band.d)[0]!)
        expect(x).toBeCloseTo(SIZE / 2 + dx, 0)
        expect(y).toBeCloseTo(SIZE / 2 + dy, 0)
      }
    }
  })

  test("in a frame whose corner is the grid's (the briefing's), the cell is drawn where that frame puts its centre", () => {
    const swath = spike(home, 2, 6)
    // The briefing's frame: the box's north-west corner at the picture's top left, 20 pixels a mile, resampled 3 times.
    const corner = mapFrame(
      { latitude: swath.north + 0.005, longitude: swath.west - 0.005 },
      { x: 0, y: 0 },
      20,
    )
    const cell = toPicture(corner, { latitude: swath.north - 0.02, longitude: swath.west + 0.06 })
    // One mile south of the corner is 20 pixels down.
    expect(
      toPicture(corner, {
        latitude: corner.origin.latitude - 1 / MI_PER_DEG,
        longitude: corner.origin.longitude,
      }).y,
    ).toBeCloseTo(20, 6)
    for (const band of swathBands(swath, corner, 3).slice(0, 3)) {
      // The middle of the ring's extent (a ring's first point stands twice in its path, and
      // pulls a mean of its points off by up to half a pixel at this coarser resampling).
      const points = rings(band.d)[0]!
      const mid = (k: 0 | 1) =>
        (Math.min(...points.map((p) => p[k])) + Math.max(...points.map((p) => p[k]))) / 2
      expect(mid(0)).toBeCloseTo(cell.x, 0)
      expect(mid(1)).toBeCloseTo(cell.y, 0)
    }
  })

  test('a contour nothing reaches has an empty path; a grid too small to trace has none', () => {
    const low = {
      ...spike(home, 4, 4),
      valuesIn: new Array<number>(81).fill(0).map((_, i) => (i === 40 ? 1.2 : 0)),
    }
    expect(swathBands(low, frame, SWATH_UPSAMPLE).map((b) => [b.threshold, b.d === ''])).toEqual([
      [0.75, false],
      [1, false],
      [1.5, true],
      [2, true],
    ])
    expect(swathBands({ ...spike(home, 0, 0), rows: 1, valuesIn: [2] }, frame, SWATH_UPSAMPLE)).toEqual([])
  })

  test("the legend's words for each band, the same in the PDF and the briefing", () => {
    expect(SWATH_LEGEND.map((band) => band.label)).toEqual([
      '0.75 to 1 in',
      '1 to 1.5 in',
      '1.5 to 2 in',
      '2 in or more',
    ])
  })

  test('a larger threshold draws a smaller shape inside the one below it', () => {
    const [b075, b1, b15] = swathBands(spike(home, 4, 4), frame, SWATH_UPSAMPLE)
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
    const sampleFrame = swathFrame(SAMPLE_LOCATION, viewMi)
    const bands = new Map(swathBands(swath, sampleFrame, SWATH_UPSAMPLE).map((b) => [b.threshold, b.d]))
    const atHome: [number, number] = [SIZE / 2, SIZE / 2]
    expect(inside(bands.get(1.5)!, atHome)).toBe(true)
    expect(inside(bands.get(2)!, atHome)).toBe(false)
    // 3 mi south of the home the day's swath had passed by.
    expect(inside(bands.get(0.75)!, [SIZE / 2, SIZE / 2 + 3 * sampleFrame.unitsPerMi])).toBe(false)
  })
})
