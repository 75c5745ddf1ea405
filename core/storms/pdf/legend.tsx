/**
 * The legends beside the report's pictures (StormPicture, SwathPicture): a row a mark, the mark
 * drawn small as in the picture, then its words.
 */
import { Svg, Text, View } from '@react-pdf/renderer'

/** The box a legend's marks are drawn in, in points, and the space below each row. */
export interface LegendLayout {
  width: number
  height: number
  gap: number
}

export function LegendRow({
  layout,
  mark,
  children,
}: {
  layout: LegendLayout
  /** Drawn in the box's own coordinates, 0 0 to width height. */
  mark: React.ReactNode
  children: string
}) {
  const { width, height, gap } = layout
  return (
    <View style={{ flexDirection: 'row', alignItems: 'center', marginBottom: gap }}>
      <Svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        {mark}
      </Svg>
      <Text style={{ fontSize: 8.5, marginLeft: 4, flex: 1 }}>{children}</Text>
    </View>
  )
}
