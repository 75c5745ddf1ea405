/**
 * A storm day's radar hail drawn as SVG geometry, once for every picture of it: the PDF's swath
 * picture (pdf/SwathPicture.tsx) and the office's storm briefing (core/storm-response/swath-png.ts)
 * both draw these paths, in SWATH_BAND_FILL's colours and with bandLabel's words, each at its
 * own size.
 *
 * The contours are d3-contour's marching squares over the radar grid (row 0 the northernmost),
 * upsampled bilinearly first: the grid's cells are half a mile wide, and contours traced on the
 * cells themselves would be drawn as jagged polygons that look more precise than radar is. The
 * map is to scale, one scale both ways at the frame's latitude, north up.
 */
import { contours } from 'd3-contour'
import type { Db } from '../platform/db/connection'
import { EARTH_RADIUS_MI } from '../platform/geography'
import { cellCentre, cellOf, serviceAreaBox, type MeshBox } from './radar/mesh-file'
import { mm10ToIn, radarDayCellsIn } from './radar/store'
import { SWATH_BAND_FILL, SWATH_CONTOURS_IN, type LatLon } from './types'

/** Miles in a degree of latitude (and of longitude at the equator). */
export const MI_PER_DEG = (EARTH_RADIUS_MI * Math.PI) / 180

/** A grid of radar hail in inches: row 0 the northernmost, its first cell's centre at (north, west). */
export interface SwathGrid {
  north: number
  west: number
  stepDeg: number
  rows: number
  cols: number
  valuesIn: readonly number[]
}

/**
 * Where a picture puts points: `origin` is drawn at `at`, and a mile is `unitsPerMi` of the
 * picture's units (points or pixels) both ways; `cosLat` shortens a degree of longitude.
 */
export interface MapFrame {
  origin: LatLon
  at: { x: number; y: number }
  unitsPerMi: number
  cosLat: number
}

/** A frame to scale at `origin`'s latitude. */
export function mapFrame(origin: LatLon, at: { x: number; y: number }, unitsPerMi: number): MapFrame {
  return { origin, at, unitsPerMi, cosLat: Math.cos((origin.latitude * Math.PI) / 180) }
}

/** Where the picture puts a point, in its units from its top left corner. */
export function toPicture(frame: MapFrame, p: LatLon): { x: number; y: number } {
  return {
    x: frame.at.x + (p.longitude - frame.origin.longitude) * MI_PER_DEG * frame.cosLat * frame.unitsPerMi,
    y: frame.at.y - (p.latitude - frame.origin.latitude) * MI_PER_DEG * frame.unitsPerMi,
  }
}

/** The grid resampled `factor` times finer, bilinearly: [values, columns, rows]. */
function upsample(grid: SwathGrid, factor: number): [number[], number, number] {
  const cols = (grid.cols - 1) * factor + 1
  const rows = (grid.rows - 1) * factor + 1
  const at = (r: number, c: number) => grid.valuesIn[r * grid.cols + c] ?? 0
  const values = new Array<number>(cols * rows)
  for (let j = 0; j < rows; j++) {
    const r0 = Math.min(Math.floor(j / factor), grid.rows - 2)
    const fr = j / factor - r0
    for (let i = 0; i < cols; i++) {
      const c0 = Math.min(Math.floor(i / factor), grid.cols - 2)
      const fc = i / factor - c0
      values[j * cols + i] =
        at(r0, c0) * (1 - fr) * (1 - fc) +
        at(r0, c0 + 1) * (1 - fr) * fc +
        at(r0 + 1, c0) * fr * (1 - fc) +
        at(r0 + 1, c0 + 1) * fr * fc
    }
  }
  return [values, cols, rows]
}

/** One contour of the swath: the hail at or above `threshold` inches, as an SVG path (even-odd). */
export interface SwathBand {
  threshold: (typeof SWATH_CONTOURS_IN)[number]
  d: string
}

/**
 * Each contour at SWATH_CONTOURS_IN as an SVG path in the frame's units, the grid resampled
 * `upsampleBy` times finer first. d3-contour puts a value at the centre of its pixel: the value
 * of fine column i is at x = i + 0.5, so x maps back to the grid's column (x - 0.5) / upsampleBy.
 * A contour nothing reaches has an empty path.
 */
export function swathBands(grid: SwathGrid, frame: MapFrame, upsampleBy: number): SwathBand[] {
  if (grid.rows < 2 || grid.cols < 2) return []
  const [values, cols, rows] = upsample(grid, upsampleBy)
  const generator = contours()
    .size([cols, rows])
    .thresholds([...SWATH_CONTOURS_IN])
  return generator(values).map((contour) => {
    const d = contour.coordinates
      .flatMap((polygon) =>
        polygon.map((ring) =>
          ring
            .map(([x, y], k) => {
              const p = toPicture(frame, {
                latitude: grid.north - ((y! - 0.5) / upsampleBy) * grid.stepDeg,
                longitude: grid.west + ((x! - 0.5) / upsampleBy) * grid.stepDeg,
              })
              return `${k ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`
            })
            .join(''),
        ),
      )
      .map((ring) => `${ring}Z`)
      .join('')
    return { threshold: contour.value as SwathBand['threshold'], d }
  })
}

/** A band's fill: light to dark, so larger hail reads darker, the same in every picture. */
export function bandFill(threshold: SwathBand['threshold']): string {
  return SWATH_BAND_FILL[threshold]
}

/** One band of a swath picture's legend: its fill and its words ('0.75 to 1 in', …, '2 in or more'). */
export interface LegendBand {
  fill: string
  label: string
}

/** The legend's bands, lowest first: the same in the PDF's picture and the storm briefing's. */
export const SWATH_LEGEND: readonly LegendBand[] = SWATH_CONTOURS_IN.map((low, i) => {
  const high = SWATH_CONTOURS_IN[i + 1]
  return { fill: bandFill(low), label: high === undefined ? `${low} in or more` : `${low} to ${high} in` }
})

/** Whether a cell's hail reaches the lowest band, so it is drawn in the swath. */
export function reachesSwath(hailIn: number): boolean {
  return hailIn >= SWATH_CONTOURS_IN[0]
}

/** A cell of a storm day's radar hail: its centre and its estimate. */
export interface HailCell {
  centre: LatLon
  hailIn: number
}

/** A storm day's radar hail over the service area's box: what the storm briefing draws and reads. */
export interface AreaSwath {
  box: MeshBox
  grid: SwathGrid
  /** Every stored cell of the day (0.5 in or more), in the store's order. */
  cells: HailCell[]
}

/**
 * The day's stored cells in the service area's box, as a grid (0 where no cell is stored: stored
 * cells are 0.5 in or more, below every contour) and as a list.
 */
export function serviceAreaSwath(db: Db, day: string): AreaSwath {
  const box = serviceAreaBox()
  const nw = cellOf({ latitude: box.north, longitude: box.west })
  const se = cellOf({ latitude: box.south, longitude: box.east })
  const stored = radarDayCellsIn(db, { rowMin: nw.row, rowMax: se.row, colMin: nw.col, colMax: se.col }, day)
  const rows = se.row - nw.row + 1
  const cols = se.col - nw.col + 1
  const valuesIn = new Array<number>(rows * cols).fill(0)
  for (const c of stored) valuesIn[(c.row - nw.row) * cols + (c.col - nw.col)] = mm10ToIn(c.mm10)
  const origin = cellCentre(nw.row, nw.col)
  return {
    box,
    grid: { north: origin.latitude, west: origin.longitude, stepDeg: 0.01, rows, cols, valuesIn },
    cells: stored.map((c) => ({ centre: cellCentre(c.row, c.col), hailIn: mm10ToIn(c.mm10) })),
  }
}
