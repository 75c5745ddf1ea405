/**
 * The storm briefing's picture: one storm day's radar hail over the whole service area, with
 * the cities served and the homes it hit, as a PNG. Mail clients strip SVG and block remote
 * images, so the picture is drawn as SVG here and rendered to a PNG that travels inside the
 * e-mail (attached by Content-ID).
 *
 * The swath is drawn like the PDF's (core/storms/pdf/SwathPicture.tsx): filled bands between the
 * contours at SWATH_CONTOURS_IN in the same colours, traced by d3-contour over the radar grid
 * resampled bilinearly, to scale (one scale both ways at the box's middle latitude), north up.
 *
 * resvg renders the SVG: a prebuilt binary with no system libraries, and no system fonts either
 * (the Docker image has none), so it loads DejaVu Sans from the dejavu-fonts-ttf package.
 */
import { createRequire } from 'node:module'
import { contours } from 'd3-contour'
import { EARTH_RADIUS_MI } from '../platform/geography'
import {
  cellCentre,
  cellOf,
  mm10ToIn,
  SWATH_BAND_FILL,
  SWATH_CONTOURS_IN,
  type MeshBox,
  type StoredCell,
} from '../storms'

interface LatLon {
  latitude: number
  longitude: number
}

export interface SwathPictureInput {
  /** The box drawn (the service area's) and the day's stored cells in it. */
  box: MeshBox
  cells: readonly Pick<StoredCell, 'row' | 'col' | 'mm10'>[]
  cities: readonly { name: string; centre: LatLon }[]
  homes: readonly LatLon[]
}

export interface SwathPng {
  png: Buffer
  width: number
  height: number
}

/** The picture's width in pixels: about a phone's screen at twice its density, small enough to send. */
const SWATH_PNG_WIDTH = 640
/** The strip under the map that holds the legend. */
const LEGEND_HEIGHT = 92
/**
 * The map shows the cities, the homes and the day's hail of 0.75 in or more with this much
 * room around them, not the whole box: the box reaches 15 mi past the outermost cities, and
 * every mile left out makes the names larger on a phone.
 */
const VIEW_PAD_MI = 4
/** The tallest the map may be for its width: a narrow view is widened east and west. */
const MAX_ASPECT = 1.45
/** How finely the grid is resampled before the contours are traced (as the PDF's picture). */
const UPSAMPLE = 3
const MI_PER_DEG = (EARTH_RADIUS_MI * Math.PI) / 180
const FONT = 'DejaVu Sans'
const CITY_FONT_PX = 16
const LEGEND_FONT_PX = 15
const CITY_R = 5.5
/**
 * A home's mark: smaller as the homes grow many, so a big storm's hundreds of homes still let
 * the bands under them show.
 */
function homeRadius(homes: number): { r: number; stroke: number } {
  if (homes <= 100) return { r: 3.4, stroke: 1 }
  if (homes <= 400) return { r: 2.4, stroke: 0.7 }
  return { r: 1.7, stroke: 0 }
}
/** The brand's colours (core/storms/pdf/theme.ts, client/styles/tokens.css). */
const NAVY_900 = '#0b2545'
const NAVY_50 = '#f2f6fb'
const SLATE_600 = '#475569'
const SLATE_300 = '#cbd5e1'

const require = createRequire(import.meta.url)
const FONT_FILES = [
  require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
]

/** Where the picture puts points: pixels from its top left corner of `box`, the part of the area shown. */
interface Frame {
  box: MeshBox
  cosLat: number
  pxPerDegLat: number
  width: number
  mapHeight: number
}

/** The hail drawn as the first band: 0.75 in, in tenths of a mm. */
const FIRST_BAND_MM10 = Math.round(SWATH_CONTOURS_IN[0] * 254)

/**
 * The part of the box the map shows: the cities, the homes and the cells of the first band or
 * more, VIEW_PAD_MI around them, inside the box, widened to MAX_ASPECT when narrower.
 */
function viewOf(input: SwathPictureInput): MeshBox {
  const box = input.box
  const points: LatLon[] = [
    ...input.cities.map((c) => c.centre),
    ...input.homes,
    ...input.cells.filter((c) => c.mm10 >= FIRST_BAND_MM10).map((c) => cellCentre(c.row, c.col)),
  ]
  if (points.length === 0) return box
  const cosLat = Math.cos((((box.north + box.south) / 2) * Math.PI) / 180)
  const padLat = VIEW_PAD_MI / MI_PER_DEG
  const padLon = padLat / cosLat
  const north = Math.min(box.north, Math.max(...points.map((p) => p.latitude)) + padLat)
  const south = Math.max(box.south, Math.min(...points.map((p) => p.latitude)) - padLat)
  let west = Math.max(box.west, Math.min(...points.map((p) => p.longitude)) - padLon)
  let east = Math.min(box.east, Math.max(...points.map((p) => p.longitude)) + padLon)
  const minWidthDeg = (north - south) / MAX_ASPECT / cosLat
  if (east - west < minWidthDeg) {
    const grow = (minWidthDeg - (east - west)) / 2
    west = Math.max(box.west, west - grow)
    east = Math.min(box.east, east + grow)
  }
  // A view still taller than MAX_ASPECT at the box's full width keeps its whole height: nothing hit is cut off.
  return { north, south, west, east }
}

function frameOf(view: MeshBox, width: number): Frame {
  const cosLat = Math.cos((((view.north + view.south) / 2) * Math.PI) / 180)
  const pxPerDegLat = width / ((view.east - view.west) * cosLat)
  return {
    box: view,
    cosLat,
    pxPerDegLat,
    width,
    mapHeight: Math.round((view.north - view.south) * pxPerDegLat),
  }
}

function toPicture(f: Frame, p: LatLon): { x: number; y: number } {
  return {
    x: (p.longitude - f.box.west) * f.cosLat * f.pxPerDegLat,
    y: (f.box.north - p.latitude) * f.pxPerDegLat,
  }
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The bands as SVG paths: the box's grid (0 where no cell is stored: stored cells are 0.5 in or
 * more, below every contour), resampled, traced at each contour. d3-contour puts a value at the
 * centre of its pixel, so fine column x is the grid's column (x - 0.5) / UPSAMPLE.
 */
function bandPaths(input: SwathPictureInput, f: Frame): { threshold: number; d: string }[] {
  const nw = cellOf({ latitude: input.box.north, longitude: input.box.west })
  const se = cellOf({ latitude: input.box.south, longitude: input.box.east })
  const rows = se.row - nw.row + 1
  const cols = se.col - nw.col + 1
  const grid = new Float64Array(rows * cols)
  for (const c of input.cells) {
    const r = c.row - nw.row
    const k = c.col - nw.col
    if (r >= 0 && r < rows && k >= 0 && k < cols) grid[r * cols + k] = mm10ToIn(c.mm10)
  }
  const fineCols = (cols - 1) * UPSAMPLE + 1
  const fineRows = (rows - 1) * UPSAMPLE + 1
  const values = new Array<number>(fineCols * fineRows)
  for (let j = 0; j < fineRows; j++) {
    const r0 = Math.min(Math.floor(j / UPSAMPLE), rows - 2)
    const fr = j / UPSAMPLE - r0
    for (let i = 0; i < fineCols; i++) {
      const c0 = Math.min(Math.floor(i / UPSAMPLE), cols - 2)
      const fc = i / UPSAMPLE - c0
      const at = (r: number, c: number) => grid[r * cols + c]!
      values[j * fineCols + i] =
        at(r0, c0) * (1 - fr) * (1 - fc) +
        at(r0, c0 + 1) * (1 - fr) * fc +
        at(r0 + 1, c0) * fr * (1 - fc) +
        at(r0 + 1, c0 + 1) * fr * fc
    }
  }
  const origin = cellCentre(nw.row, nw.col)
  const traced = contours()
    .size([fineCols, fineRows])
    .thresholds([...SWATH_CONTOURS_IN])(values)
  return traced
    .map((contour) => ({
      threshold: contour.value,
      d: contour.coordinates
        .flatMap((polygon) =>
          polygon.map(
            (ring) =>
              ring
                .map(([x, y], k) => {
                  const p = toPicture(f, {
                    latitude: origin.latitude - ((y! - 0.5) / UPSAMPLE) * 0.01,
                    longitude: origin.longitude + ((x! - 0.5) / UPSAMPLE) * 0.01,
                  })
                  return `${k ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`
                })
                .join('') + 'Z',
          ),
        )
        .join(''),
    }))
    .filter((b) => b.d !== '')
}

interface Box {
  x: number
  y: number
  w: number
  h: number
}

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y))

/** DejaVu Sans Bold's mean advance is about 0.64 of its size; a label's box errs a little wide. */
const textWidth = (s: string, px: number) => s.length * px * 0.64

/**
 * Each city's label beside its dot: the first of eight places around it that overlaps no label
 * placed yet, no other city's dot and stays inside the map, else the place that overlaps least.
 * Cities are placed west to east, so the crowded middle of the metro area is settled by its
 * neighbours' choices rather than by the list's order.
 */
function placeLabels(
  cities: readonly { name: string; x: number; y: number }[],
  width: number,
  height: number,
): { name: string; x: number; y: number; anchor: 'start' | 'middle' | 'end' }[] {
  const h = CITY_FONT_PX + 2
  const gap = CITY_R + 3
  const dots: Box[] = cities.map((c) => ({ x: c.x - CITY_R, y: c.y - CITY_R, w: 2 * CITY_R, h: 2 * CITY_R }))
  const placed: Box[] = []
  const out: { name: string; x: number; y: number; anchor: 'start' | 'middle' | 'end' }[] = []
  for (const c of [...cities].sort((a, b) => a.x - b.x)) {
    const w = textWidth(c.name, CITY_FONT_PX)
    const candidates: Box[] = [
      { x: c.x + gap, y: c.y - h / 2, w, h },
      { x: c.x - gap - w, y: c.y - h / 2, w, h },
      { x: c.x - w / 2, y: c.y - gap - h, w, h },
      { x: c.x - w / 2, y: c.y + gap, w, h },
      { x: c.x + gap - 2, y: c.y - gap - h + 2, w, h },
      { x: c.x + gap - 2, y: c.y + gap - 2, w, h },
      { x: c.x - gap - w + 2, y: c.y - gap - h + 2, w, h },
      { x: c.x - gap - w + 2, y: c.y + gap - 2, w, h },
    ]
    const cost = (b: Box) => {
      const outside = b.x < 2 || b.y < 2 || b.x + b.w > width - 2 || b.y + b.h > height - 2 ? 1e6 : 0
      const others = dots.filter((d) => Math.abs(d.x + CITY_R - c.x) + Math.abs(d.y + CITY_R - c.y) > 0.01)
      return (
        outside +
        placed.reduce((sum, p) => sum + overlap(b, p), 0) +
        others.reduce((sum, d) => sum + overlap(b, d), 0)
      )
    }
    let best = candidates[0]!
    let bestCost = Infinity
    for (const b of candidates) {
      const k = cost(b)
      if (k < bestCost) {
        best = b
        bestCost = k
      }
      if (k === 0) break
    }
    placed.push(best)
    out.push({ name: c.name, x: best.x, y: best.y + h / 2, anchor: 'start' })
  }
  return out
}

/** '0.75 to 1 in', …, '2 in or more' (the PDF's legend's words). */
function bandLabel(i: number): string {
  const low = SWATH_CONTOURS_IN[i]!
  const high = SWATH_CONTOURS_IN[i + 1]
  return high === undefined ? `${low}+ in` : `${low}–${high} in`
}

/** A scale bar's length: the largest of 1, 2, 5, 10, 20 mi that fits in a fifth of the width. */
function scaleMiles(pxPerMi: number, width: number): number {
  return [20, 10, 5, 2, 1].find((mi) => mi * pxPerMi <= width / 5) ?? 1
}

/** The picture as SVG text (exported for the tests' geometry checks). */
export function swathSvg(input: SwathPictureInput, width = SWATH_PNG_WIDTH): string {
  const f = frameOf(viewOf(input), width)
  const H = f.mapHeight
  const total = H + LEGEND_HEIGHT
  const bands = bandPaths(input, f)
  const cities = input.cities.map((c) => ({ name: c.name, ...toPicture(f, c.centre) }))
  const labels = placeLabels(cities, width, H)
  const homes = input.homes
    .map((h) => toPicture(f, h))
    .filter((p) => p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= H)
  const pxPerMi = f.pxPerDegLat / MI_PER_DEG
  const barMi = scaleMiles(pxPerMi, width)
  const bar = { x: 16, y: H - 16, length: barMi * pxPerMi }
  const arrow = { x: width - 26, y: 24 }
  const halo = `stroke="#ffffff" stroke-width="4" stroke-linejoin="round" paint-order="stroke"`
  const mark = homeRadius(homes.length)
  const homeMark = (x: number, y: number, m = mark) =>
    `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${m.r}" fill="${NAVY_900}" stroke="#ffffff" stroke-width="${m.stroke}"/>`
  const cityMark = (x: number, y: number) =>
    `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${CITY_R}" fill="#ffffff" stroke="${NAVY_900}" stroke-width="2.5"/>`
  const legendText = (x: number, y: number, text: string, colour = NAVY_900, anchor = 'start') =>
    `<text x="${x}" y="${y}" dominant-baseline="central" text-anchor="${anchor}" font-size="${LEGEND_FONT_PX}" fill="${colour}">${esc(text)}</text>`
  const parts: string[] = []
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" viewBox="0 0 ${width} ${total}" font-family="${FONT}">`,
    `<rect x="0" y="0" width="${width}" height="${total}" fill="#ffffff"/>`,
    `<clipPath id="map"><rect x="0" y="0" width="${width}" height="${H}"/></clipPath>`,
    `<rect x="0" y="0" width="${width}" height="${H}" fill="${NAVY_50}"/>`,
    `<g clip-path="url(#map)">`,
  )
  for (const b of bands) {
    const fill = SWATH_BAND_FILL[b.threshold as keyof typeof SWATH_BAND_FILL]
    parts.push(`<path d="${b.d}" fill="${fill}" fill-rule="evenodd" stroke="#ffffff" stroke-width="0.6"/>`)
  }
  // The homes under the cities' dots and names: with hundreds of homes, the names still read.
  for (const p of homes) parts.push(homeMark(p.x, p.y))
  for (const c of cities) parts.push(cityMark(c.x, c.y))
  for (const l of labels)
    parts.push(
      `<text x="${l.x.toFixed(1)}" y="${l.y.toFixed(1)}" dominant-baseline="central" text-anchor="${l.anchor}" font-size="${CITY_FONT_PX}" font-weight="bold" fill="${NAVY_900}" ${halo}>${esc(l.name)}</text>`,
    )
  parts.push(`</g>`)
  // North arrow.
  parts.push(
    `<polygon points="${arrow.x},${arrow.y - 14} ${arrow.x + 8},${arrow.y + 9} ${arrow.x},${arrow.y + 5} ${arrow.x - 8},${arrow.y + 9}" fill="${NAVY_900}" stroke="#ffffff" stroke-width="1"/>`,
    `<text x="${arrow.x}" y="${arrow.y + 27}" text-anchor="middle" font-size="${LEGEND_FONT_PX}" font-weight="bold" fill="${NAVY_900}" ${halo}>N</text>`,
  )
  // Scale bar on a white ground.
  parts.push(
    `<rect x="${bar.x - 8}" y="${bar.y - 24}" width="${(bar.length + 16).toFixed(1)}" height="34" fill="#ffffff" fill-opacity="0.85"/>`,
    `<path d="M${bar.x},${bar.y - 5}V${bar.y + 5}M${bar.x},${bar.y}H${(bar.x + bar.length).toFixed(1)}M${(bar.x + bar.length).toFixed(1)},${bar.y - 5}V${bar.y + 5}" stroke="${NAVY_900}" stroke-width="2.5" fill="none"/>`,
    `<text x="${(bar.x + bar.length / 2).toFixed(1)}" y="${bar.y - 11}" text-anchor="middle" font-size="${LEGEND_FONT_PX}" fill="${NAVY_900}">${barMi} mi</text>`,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${H - 1}" fill="none" stroke="${SLATE_300}"/>`,
  )
  // The legend, three rows: the bands, the marks, the source.
  const rows = [H + 20, H + 48, H + 74]
  let x = 10
  SWATH_CONTOURS_IN.forEach((threshold, i) => {
    parts.push(
      `<rect x="${x}" y="${rows[0]! - 9}" width="22" height="18" fill="${SWATH_BAND_FILL[threshold]}" stroke="${SLATE_300}"/>`,
      legendText(x + 28, rows[0]!, bandLabel(i)),
    )
    x += 28 + textWidth(bandLabel(i), LEGEND_FONT_PX) * 0.85 + 22
  })
  parts.push(
    homeMark(21, rows[1]!, homeRadius(1)),
    legendText(38, rows[1]!, 'Home that asked us'),
    cityMark(232, rows[1]!),
    legendText(248, rows[1]!, 'City centre'),
    legendText(10, rows[2]!, 'Radar hail estimate (NOAA MRMS MESH), to scale, north up', SLATE_600),
    `</svg>`,
  )
  return parts.join('\n')
}

/**
 * The picture as a PNG, SWATH_PNG_WIDTH pixels wide. resvg is loaded on the first picture, not
 * with the feature: the web process and site-admin import the feature's face (the unsubscribe
 * page, the storm-alerts commands) and never draw one, so they never load the native library.
 */
export async function renderSwathPng(input: SwathPictureInput): Promise<SwathPng> {
  const { Resvg } = await import('@resvg/resvg-js')
  const svg = swathSvg(input)
  const rendered = new Resvg(svg, {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FONT },
    shapeRendering: 2,
    textRendering: 1,
  }).render()
  return { png: rendered.asPng(), width: rendered.width, height: rendered.height }
}
