/**
 * The storm briefing's picture: one storm day's radar hail over the whole service area, with
 * the cities served and the homes it hit, as a PNG. Mail clients strip SVG and block remote
 * images, so the picture is drawn as SVG here and rendered to a PNG that travels inside the
 * e-mail (attached by Content-ID).
 *
 * The swath is the storms feature's geometry (core/storms/swath-geometry.ts), the same paths,
 * colours and legend words as the PDF's picture, traced over the whole box and drawn to scale
 * (one scale both ways at the view's middle latitude), north up.
 *
 * resvg renders the SVG: a prebuilt binary with no system libraries, and no system fonts either
 * (the Docker image has none), so it loads DejaVu Sans from the dejavu-fonts-ttf package.
 */
import { createRequire } from 'node:module'
import {
  bandFill,
  MI_PER_DEG,
  reachesSwath,
  SWATH_LEGEND,
  swathBands,
  toPicture,
  type AreaSwath,
  type LatLon,
  type MapFrame,
} from '../storms'

export interface SwathPictureInput {
  /** The day's radar hail over the service area's box (the box drawn). */
  swath: AreaSwath
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
/** How finely the grid is resampled before the contours are traced (the box is larger than the PDF's). */
const UPSAMPLE = 3
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

/** Where the picture puts points: pixels from the top left corner of the part of the box shown. */
interface Frame extends MapFrame {
  width: number
  mapHeight: number
}

/**
 * The part of the box the map shows: the cities, the homes and the cells of the first band or
 * more, VIEW_PAD_MI around them, inside the box, widened to MAX_ASPECT when narrower.
 */
function viewOf(input: SwathPictureInput): AreaSwath['box'] {
  const box = input.swath.box
  const points: LatLon[] = [
    ...input.cities.map((c) => c.centre),
    ...input.homes,
    ...input.swath.cells.filter((c) => reachesSwath(c.hailIn)).map((c) => c.centre),
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

function frameOf(view: AreaSwath['box'], width: number): Frame {
  const cosLat = Math.cos((((view.north + view.south) / 2) * Math.PI) / 180)
  const pxPerDegLat = width / ((view.east - view.west) * cosLat)
  return {
    origin: { latitude: view.north, longitude: view.west },
    at: { x: 0, y: 0 },
    unitsPerMi: pxPerDegLat / MI_PER_DEG,
    cosLat,
    width,
    mapHeight: Math.round((view.north - view.south) * pxPerDegLat),
  }
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

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

/** A scale bar's length: the largest of 1, 2, 5, 10, 20 mi that fits in a fifth of the width. */
function scaleMiles(pxPerMi: number, width: number): number {
  return [20, 10, 5, 2, 1].find((mi) => mi * pxPerMi <= width / 5) ?? 1
}

/** The picture as SVG text (exported for the tests' geometry checks). */
export function swathSvg(input: SwathPictureInput, width = SWATH_PNG_WIDTH): string {
  const f = frameOf(viewOf(input), width)
  const H = f.mapHeight
  const total = H + LEGEND_HEIGHT
  const bands = swathBands(input.swath.grid, f, UPSAMPLE).filter((b) => b.d !== '')
  const cities = input.cities.map((c) => ({ name: c.name, ...toPicture(f, c.centre) }))
  const labels = placeLabels(cities, width, H)
  const homes = input.homes
    .map((h) => toPicture(f, h))
    .filter((p) => p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= H)
  const pxPerMi = f.unitsPerMi
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
    parts.push(
      `<path d="${b.d}" fill="${bandFill(b.threshold)}" fill-rule="evenodd" stroke="#ffffff" stroke-width="0.6"/>`,
    )
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
  for (const band of SWATH_LEGEND) {
    parts.push(
      `<rect x="${x}" y="${rows[0]! - 9}" width="22" height="18" fill="${band.fill}" stroke="${SLATE_300}"/>`,
      legendText(x + 28, rows[0]!, band.label),
    )
    x += 28 + textWidth(band.label, LEGEND_FONT_PX) * 0.85 + 22
  }
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
