/**
 * One storm day's radar hail around the home, drawn without map tiles like the storm picture:
 * the MESH swath as filled bands between the contours at SWATH_CONTOURS_IN, the 1 and 3-mile
 * rings, that day's hail events with their sizes, the home, a north arrow and a 1-mile scale
 * bar. Unlike the storm picture it is to scale, one scale both ways, so the swath's shape and
 * its distance from the home read true.
 *
 * The swath's paths, colours and legend words are the storms feature's one drawing of it
 * (../swath-geometry.ts), shared with the office's storm briefing.
 */
import { ClipPath, Circle, Defs, G, Line, Path, Polygon, Rect, Svg, Text, View } from '@react-pdf/renderer'
import { formatIsoDate } from '../../../shared/business-time'
import { formatHail } from '../report-words'
import {
  bandFill,
  mapFrame,
  MI_PER_DEG,
  SWATH_LEGEND,
  swathBands,
  toPicture,
  type MapFrame,
} from '../swath-geometry'
import type { LatLon, RadarSwath } from '../types'
import { Home, hailRadius } from './StormPicture'
import { LegendRow, type LegendLayout } from './legend'
import { COLOURS as C } from './theme'

/** The picture's width and height, in points; the home at its centre. */
export const SWATH_PICTURE_SIZE = 288
const SIZE = SWATH_PICTURE_SIZE
const CENTRE = SIZE / 2
/** How finely the grid is resampled before the contours are traced. */
export const SWATH_UPSAMPLE = 4

/** The picture's frame: the home at its centre, `viewMi` miles from it to each edge. */
export function swathFrame(home: LatLon, viewMi: number): MapFrame {
  return mapFrame(home, { x: CENTRE, y: CENTRE }, CENTRE / viewMi)
}

/**
 * How far the picture reaches from the home, in miles: the largest half mile the grid covers on
 * every side (it is built SWATH_HALF_WIDTH_MI or more around the home's cell), so no edge of the
 * picture shows where the radar grid stops.
 */
export function viewHalfWidthMi(swath: RadarSwath, home: LatLon): number {
  const cosLat = Math.cos((home.latitude * Math.PI) / 180)
  const south = swath.north - (swath.rows - 1) * swath.stepDeg
  const east = swath.west + (swath.cols - 1) * swath.stepDeg
  const reach = Math.min(
    (swath.north - home.latitude) * MI_PER_DEG,
    (home.latitude - south) * MI_PER_DEG,
    (home.longitude - swath.west) * MI_PER_DEG * cosLat,
    (east - home.longitude) * MI_PER_DEG * cosLat,
  )
  return Math.max(0.5, Math.floor(reach * 2) / 2)
}

/** Text over the picture, placed by its left edge and vertical centre, on a white ground to stay legible over the bands. */
function Label({
  x,
  y,
  children,
  align = 'left',
  bold,
}: {
  x: number
  y: number
  children: string
  align?: 'left' | 'right' | 'center'
  bold?: boolean
}) {
  const width = 44
  const left = align === 'left' ? x : align === 'right' ? x - width : x - width / 2
  return (
    <View
      style={{
        position: 'absolute',
        left,
        top: y - 5,
        width,
        flexDirection: 'row',
        justifyContent: align === 'left' ? 'flex-start' : align === 'right' ? 'flex-end' : 'center',
      }}
    >
      <Text
        style={{
          fontSize: 7,
          fontFamily: bold ? 'Helvetica-Bold' : 'Helvetica',
          color: C.navy900,
          backgroundColor: C.white,
          paddingHorizontal: 1.5,
        }}
      >
        {children}
      </Text>
    </View>
  )
}

function Picture({ swath, home }: { swath: RadarSwath; home: LatLon }) {
  const frame = swathFrame(home, viewHalfWidthMi(swath, home))
  const bands = swathBands(swath, frame, SWATH_UPSAMPLE)
  const reports = swath.reports
    .map((r) => ({ ...r, ...toPicture(frame, r) }))
    .filter((r) => r.x >= 0 && r.x <= SIZE && r.y >= 0 && r.y <= SIZE)
    // Largest first, so a small report near a large one stays visible on top.
    .sort((a, b) => b.hailIn - a.hailIn)
  const ring1 = frame.unitsPerMi
  const ring3 = 3 * frame.unitsPerMi
  const bar = { x: 10, y: SIZE - 12, length: frame.unitsPerMi }
  const arrow = { x: SIZE - 16, y: 14 }
  return (
    <View style={{ width: SIZE, height: SIZE, position: 'relative' }}>
      <Svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`}>
        <Defs>
          <ClipPath id="swath-frame">
            <Rect x={0} y={0} width={SIZE} height={SIZE} />
          </ClipPath>
        </Defs>
        <Rect x={0} y={0} width={SIZE} height={SIZE} fill={C.navy50} />
        <G clipPath="url(#swath-frame)">
          {bands.map((b) => (
            <Path
              key={b.threshold}
              d={b.d}
              fill={bandFill(b.threshold)}
              fillRule="evenodd"
              stroke={C.white}
              strokeWidth={0.4}
            />
          ))}
        </G>
        <Circle cx={CENTRE} cy={CENTRE} r={ring3} fill="none" stroke={C.navy700} strokeWidth={0.9} />
        <Circle cx={CENTRE} cy={CENTRE} r={ring1} fill="none" stroke={C.navy700} strokeWidth={0.9} />
        {reports.map((r, i) => (
          <Circle
            key={i}
            cx={r.x}
            cy={r.y}
            r={hailRadius(r.hailIn)}
            fill={C.navy900}
            fillOpacity={0.85}
            stroke={C.white}
            strokeWidth={1}
          />
        ))}
        <Home x={CENTRE} y={CENTRE + 2} s={6} />
        {/* North arrow. */}
        <Polygon
          points={`${arrow.x},${arrow.y - 8} ${arrow.x + 5},${arrow.y + 6} ${arrow.x},${arrow.y + 3} ${arrow.x - 5},${arrow.y + 6}`}
          fill={C.navy900}
          stroke={C.white}
          strokeWidth={0.8}
        />
        {/* Scale bar: one mile, on a white ground. */}
        <Rect
          x={bar.x - 4}
          y={bar.y - 13}
          width={bar.length + 8}
          height={18}
          fill={C.white}
          fillOpacity={0.85}
        />
        <Line x1={bar.x} y1={bar.y} x2={bar.x + bar.length} y2={bar.y} stroke={C.navy900} strokeWidth={1.5} />
        <Line x1={bar.x} y1={bar.y - 3} x2={bar.x} y2={bar.y + 3} stroke={C.navy900} strokeWidth={1} />
        <Line
          x1={bar.x + bar.length}
          y1={bar.y - 3}
          x2={bar.x + bar.length}
          y2={bar.y + 3}
          stroke={C.navy900}
          strokeWidth={1}
        />
        <Rect x={0} y={0} width={SIZE} height={SIZE} fill="none" stroke={C.slate300} strokeWidth={0.8} />
      </Svg>
      <Label x={arrow.x} y={arrow.y + 14} align="center" bold>
        N
      </Label>
      <Label x={bar.x + bar.length / 2} y={bar.y - 7} align="center">
        1 mi
      </Label>
      {/* The rings' labels south-south-east, like the storm picture's. */}
      {[1, 3].map((mi) => {
        const a = (152 * Math.PI) / 180
        return (
          <Label
            key={mi}
            x={CENTRE + mi * frame.unitsPerMi * Math.sin(a)}
            y={CENTRE - mi * frame.unitsPerMi * Math.cos(a)}
            align="center"
            bold
          >
            {`${mi} mi`}
          </Label>
        )
      })}
      {reports.map((r, i) => {
        // On the side away from the home, so the label never covers it, unless that side has
        // no room inside the picture.
        const gap = hailRadius(r.hailIn) + 2
        const room = 34
        const left = r.x < CENTRE ? r.x - gap - room >= 0 : r.x + gap + room > SIZE
        return (
          <Label key={i} x={left ? r.x - gap : r.x + gap} y={r.y} align={left ? 'right' : 'left'} bold>
            {formatHail(r.hailIn)}
          </Label>
        )
      })}
    </View>
  )
}

/** This picture's legend: its marks drawn in a 22 × 16 box, 4 points between rows. */
const LEGEND: LegendLayout = { width: 22, height: 16, gap: 4 }

function Legend({ swath, title }: { swath: RadarSwath; title: string }) {
  return (
    <View style={{ flex: 1, marginLeft: 16 }}>
      <Text style={{ fontSize: 10, fontFamily: 'Helvetica-Bold', color: C.navy900, marginBottom: 2 }}>
        {`Radar hail on ${formatIsoDate(swath.date)}`}
      </Text>
      <Text style={{ fontSize: 8, color: C.slate600, marginBottom: 6 }}>{title}</Text>
      {SWATH_LEGEND.map((band) => (
        <LegendRow
          key={band.label}
          layout={LEGEND}
          mark={
            <Rect x={3} y={2} width={16} height={12} fill={band.fill} stroke={C.slate300} strokeWidth={0.5} />
          }
        >
          {`Radar estimate ${band.label}`}
        </LegendRow>
      ))}
      <LegendRow
        layout={LEGEND}
        mark={<Circle cx={11} cy={8} r={hailRadius(1)} fill={C.navy900} stroke={C.white} strokeWidth={1} />}
      >
        Hail reported on the ground that day, with its size
      </LegendRow>
      <LegendRow layout={LEGEND} mark={<Home x={11} y={10} s={5} />}>
        The home
      </LegendRow>
      <LegendRow
        layout={LEGEND}
        mark={<Circle cx={11} cy={8} r={6} fill="none" stroke={C.navy700} strokeWidth={0.9} />}
      >
        Rings at 1 and 3 miles from the home
      </LegendRow>
      <Text style={{ fontSize: 7.5, color: C.slate600, marginTop: 4, lineHeight: 1.35 }}>
        The colours show the largest hail radar estimated over the day, on NOAA&apos;s grid of cells about
        half a mile across. Drawn to scale, north up.
      </Text>
    </View>
  )
}

export function SwathPicture({ swath, home, title }: { swath: RadarSwath; home: LatLon; title: string }) {
  return (
    <View style={{ flexDirection: 'row', marginTop: 12 }} wrap={false}>
      <Picture swath={swath} home={home} />
      <Legend swath={swath} title={title} />
    </View>
  )
}
