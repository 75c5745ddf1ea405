/**
 * The storms around the home, drawn without map tiles (nothing to fetch, nothing to license):
 * the rings at 1, 3 and 10 miles, each storm at its bearing and distance, hail as a disc sized
 * by the hail, wind and tornadoes as their own marks.
 *
 * The radius is not one scale: drawn to scale, the 1-mile ring would be a tenth of the picture
 * and the storms nearest the home, the ones that matter most, would sit on top of each other.
 * Each ring gets a band of its own, linear inside it, and the picture says so.
 */
import { Circle, G, Line, Polygon, Rect, Svg, Text, View } from '@react-pdf/renderer'
import { formatBusinessDate } from '../../../shared/business-time'
import { formatHail } from '../report-words'
import { RINGS_MI, type ReportStorm, type WeatherReport } from '../types'
import { LegendRow, type LegendLayout } from './legend'
import { COLOURS as C } from './theme'

const SIZE = 318
const CENTRE = SIZE / 2
const OUTER = CENTRE - 16
/** Where each ring is drawn, as a share of the outer radius. */
const RING_AT: Record<(typeof RINGS_MI)[number], number> = { 1: 0.3, 3: 0.6, 10: 1 }

/** The drawn radius of a distance: linear within each ring's band. */
function pictureRadius(mi: number): number {
  let inner = 0
  let innerAt = 0
  for (const ring of RINGS_MI) {
    if (mi <= ring) return OUTER * (innerAt + ((mi - inner) / (ring - inner)) * (RING_AT[ring] - innerAt))
    inner = ring
    innerAt = RING_AT[ring]
  }
  return OUTER
}

function positionOf(s: Pick<ReportStorm, 'distanceMi' | 'bearingDeg'>): { x: number; y: number } {
  const r = pictureRadius(s.distanceMi)
  const a = (s.bearingDeg * Math.PI) / 180
  return { x: CENTRE + r * Math.sin(a), y: CENTRE - r * Math.cos(a) }
}

/** A hail disc's radius: its area grows with the hail's size, so 2 in reads as clearly larger than 1 in. */
export function hailRadius(hailIn: number | null): number {
  return 2 + Math.max(0.5, hailIn ?? 0.75) * 2.6
}

const triangle = (x: number, y: number, r: number, down = false) => {
  const s = down ? -1 : 1
  return `${x},${y - s * r} ${x + r * 0.9},${y + s * r * 0.65} ${x - r * 0.9},${y + s * r * 0.65}`
}

function StormMark({ storm, lossId }: { storm: ReportStorm; lossId: number | undefined }) {
  const { x, y } = positionOf(storm)
  if (storm.kind === 'hail') {
    const r = hailRadius(storm.hailIn)
    const loss = storm.id === lossId
    return (
      <G>
        <Circle
          cx={x}
          cy={y}
          r={r}
          fill={C.orange600}
          fillOpacity={0.72}
          stroke={C.white}
          strokeWidth={0.6}
        />
        {loss ? <Circle cx={x} cy={y} r={r + 2.2} fill="none" stroke={C.slate900} strokeWidth={1.2} /> : null}
      </G>
    )
  }
  if (storm.kind === 'wind')
    return <Polygon points={triangle(x, y, 4)} fill={C.navy700} stroke={C.white} strokeWidth={0.5} />
  return <Polygon points={triangle(x, y, 5, true)} fill={C.red700} stroke={C.white} strokeWidth={0.5} />
}

/** The house at the centre: a small square with a roof. */
export function Home({ x, y, s = 6 }: { x: number; y: number; s?: number }) {
  return (
    <G>
      <Polygon
        points={`${x - s},${y - 0.2 * s} ${x},${y - 1.2 * s} ${x + s},${y - 0.2 * s}`}
        fill={C.navy900}
        stroke={C.white}
        strokeWidth={0.8}
      />
      <Rect
        x={x - 0.7 * s}
        y={y - 0.25 * s}
        width={1.4 * s}
        height={1.1 * s}
        fill={C.navy900}
        stroke={C.white}
        strokeWidth={0.8}
      />
    </G>
  )
}

/** Text over the picture, placed by its centre (SVG text in react-pdf takes no font settings). */
function Label({ x, y, children, bold }: { x: number; y: number; children: string; bold?: boolean }) {
  return (
    <Text
      style={{
        position: 'absolute',
        left: x - 20,
        top: y - 5,
        width: 40,
        textAlign: 'center',
        fontSize: 7,
        fontFamily: bold ? 'Helvetica-Bold' : 'Helvetica',
        color: bold ? C.navy900 : C.slate600,
      }}
    >
      {children}
    </Text>
  )
}

function Picture({ report }: { report: WeatherReport }) {
  // Farthest and largest first, so the nearest storms and the small discs stay visible on top.
  const order = [...report.storms].sort(
    (a, b) => b.distanceMi - a.distanceMi || (b.hailIn ?? 0) - (a.hailIn ?? 0),
  )
  const lossId = report.storms.find(
    (s) =>
      report.summary.dateOfLoss &&
      s.beginAt === report.summary.dateOfLoss.beginAt &&
      s.distanceMi === report.summary.dateOfLoss.distanceMi,
  )?.id
  return (
    <View style={{ width: SIZE, height: SIZE, position: 'relative' }}>
      <Svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`}>
        <Circle cx={CENTRE} cy={CENTRE} r={OUTER} fill={C.navy50} stroke={C.navy700} strokeWidth={1} />
        <Circle
          cx={CENTRE}
          cy={CENTRE}
          r={OUTER * RING_AT[3]}
          fill={C.navy100}
          stroke={C.navy700}
          strokeWidth={0.8}
        />
        <Circle
          cx={CENTRE}
          cy={CENTRE}
          r={OUTER * RING_AT[1]}
          fill="#d3e0ef"
          stroke={C.navy700}
          strokeWidth={0.8}
        />
        <Line
          x1={CENTRE}
          y1={CENTRE - OUTER}
          x2={CENTRE}
          y2={CENTRE + OUTER}
          stroke={C.slate300}
          strokeWidth={0.5}
          strokeDasharray="2,2"
        />
        <Line
          x1={CENTRE - OUTER}
          y1={CENTRE}
          x2={CENTRE + OUTER}
          y2={CENTRE}
          stroke={C.slate300}
          strokeWidth={0.5}
          strokeDasharray="2,2"
        />
        {order.map((s) => (
          <StormMark key={s.id} storm={s} lossId={lossId} />
        ))}
        <Home x={CENTRE} y={CENTRE} />
      </Svg>
      <Label x={CENTRE} y={CENTRE - OUTER - 9} bold>
        N
      </Label>
      <Label x={CENTRE} y={CENTRE + OUTER + 8} bold>
        S
      </Label>
      <Label x={CENTRE + OUTER + 9} y={CENTRE} bold>
        E
      </Label>
      <Label x={CENTRE - OUTER - 9} y={CENTRE} bold>
        W
      </Label>
      {RINGS_MI.map((ring) => {
        // On the ring, south-south-east, where the labels least often cover a storm.
        const r = OUTER * RING_AT[ring]
        const a = (152 * Math.PI) / 180
        return (
          <Label key={ring} x={CENTRE + r * Math.sin(a) + 10} y={CENTRE - r * Math.cos(a)} bold>
            {`${ring} mi`}
          </Label>
        )
      })}
    </View>
  )
}

/** This picture's legend: its marks drawn in a 24 × 18 box, 5 points between rows. */
const LEGEND: LegendLayout = { width: 24, height: 18, gap: 5 }

function Legend({ report }: { report: WeatherReport }) {
  const loss = report.summary.dateOfLoss
  return (
    <View style={{ flex: 1, marginLeft: 18, paddingTop: 6 }}>
      <Text style={{ fontSize: 10, fontFamily: 'Helvetica-Bold', color: C.navy900, marginBottom: 6 }}>
        Storms around the home
      </Text>
      <LegendRow layout={LEGEND} mark={<Home x={12} y={11} s={5} />}>
        The home (the centre of the rings)
      </LegendRow>
      {[0.75, 1.75, 2.5].map((hail) => (
        <LegendRow
          key={hail}
          layout={LEGEND}
          mark={<Circle cx={12} cy={9} r={hailRadius(hail)} fill={C.orange600} fillOpacity={0.72} />}
        >
          {`Hail, ${formatHail(hail)}`}
        </LegendRow>
      ))}
      {loss ? (
        <LegendRow
          layout={LEGEND}
          mark={
            <G>
              <Circle cx={12} cy={9} r={hailRadius(loss.hailIn)} fill={C.orange600} fillOpacity={0.72} />
              <Circle
                cx={12}
                cy={9}
                r={hailRadius(loss.hailIn) + 2.2}
                fill="none"
                stroke={C.slate900}
                strokeWidth={1.2}
              />
            </G>
          }
        >
          {`Date of loss: ${formatBusinessDate(loss.beginAt)}`}
        </LegendRow>
      ) : null}
      <LegendRow layout={LEGEND} mark={<Polygon points={triangle(12, 10, 5)} fill={C.navy700} />}>
        Thunderstorm wind
      </LegendRow>
      <LegendRow layout={LEGEND} mark={<Polygon points={triangle(12, 9, 6, true)} fill={C.red700} />}>
        Tornado
      </LegendRow>
      <Text style={{ fontSize: 7.5, color: C.slate600, marginTop: 6, lineHeight: 1.35 }}>
        Each storm is drawn at its direction from the home. The rings are at 1, 3 and 10 miles; they are not
        to one scale: the inner rings are drawn larger so the storms nearest the home can be told apart. The
        tables that follow give each distance exactly.
      </Text>
    </View>
  )
}

export function StormPicture({ report }: { report: WeatherReport }) {
  return (
    <View style={{ flexDirection: 'row', marginTop: 16 }} wrap={false}>
      <Picture report={report} />
      <Legend report={report} />
    </View>
  )
}
