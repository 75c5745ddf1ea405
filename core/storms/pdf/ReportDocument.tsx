/**
 * The Extreme Weather Report as a PDF for the homeowner and the adjuster who will print it:
 * on US Letter, black-on-white tables, every storm's date, size, distance and source in words,
 * and on every page the address, the date it was made and the page number, so a loose page
 * still says what it belongs to.
 */
import { Document, Page, Text, View } from '@react-pdf/renderer'
import { FACTS } from '../../../shared/business'
import { formatBusinessDate, formatBusinessDateTime } from '../../../shared/business-time'
import {
  DATE_OF_LOSS_NOTE,
  formatHail,
  methodNotes,
  NO_RADAR_DAYS_LINE,
  NO_RADAR_LINE,
  RADAR_COLUMNS,
  RADAR_MEANING,
  radarDayCells,
  radarSourceText,
  RING_TITLE,
  riskFacts,
  summaryFacts,
  timelineCells,
} from '../report-words'
import {
  RADAR_DAY_MIN_IN,
  RINGS_MI,
  type RadarDay,
  type ReportStorm,
  type RingMi,
  type RiskAssessment,
  type WeatherReport,
} from '../types'
import { StormPicture } from './StormPicture'
import { SwathPicture } from './SwathPicture'
import { moreStormsLine, pdfTimelineOf, ringHeading } from './timeline'
import { styles } from './theme'

export interface ReportPdfBusiness {
  name: string
  phone: string
  email: string
  /** The site's address, shown with the e-mail when given. */
  siteUrl?: string
}

const REPORT_TITLE = 'Extreme Weather Report'

function Header({ report, business }: { report: WeatherReport; business: ReportPdfBusiness }) {
  return (
    <View>
      <View style={styles.header}>
        <View>
          <Text style={styles.headerBusiness}>{business.name}</Text>
          <Text style={styles.headerTitle}>{REPORT_TITLE}</Text>
        </View>
        <Text style={styles.headerMade}>
          {`Made ${formatBusinessDateTime(report.madeAt)}\nStorms from ${formatBusinessDate(report.summary.from)} to ${formatBusinessDate(report.summary.to)}`}
        </Text>
      </View>
      <View style={styles.headerBar} />
      <Text style={styles.label}>Property</Text>
      <Text style={styles.address}>{report.address}</Text>
      <Text style={styles.muted}>
        {`${capitalise(report.summary.locatedText)}: ${report.location.matched} (${report.location.latitude.toFixed(4)}, ${report.location.longitude.toFixed(4)}). Distances are measured from this point.`}
      </Text>
    </View>
  )
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

function Summary({ report }: { report: WeatherReport }) {
  const { summary } = report
  const tiles: [string, number][] = [
    ['storms within 1 mi', summary.countByRing[1]],
    ['storms 1 to 3 mi away', summary.countByRing[3]],
    ['storms 3 to 10 mi away', summary.countByRing[10]],
  ]
  return (
    <View style={styles.summaryBox} wrap={false}>
      <Text style={styles.label}>Summary</Text>
      <Text style={styles.summaryLine}>{summary.line}</Text>
      {summary.radar ? <Text style={styles.summaryRadar}>{summary.radar.page}</Text> : null}
      <View style={styles.tiles}>
        {tiles.map(([label, n], i) => (
          <View key={label} style={i === tiles.length - 1 ? [styles.tile, styles.tileLast] : styles.tile}>
            <Text style={styles.tileFigure}>{String(n)}</Text>
            <Text style={styles.tileLabel}>{label}</Text>
          </View>
        ))}
      </View>
      {summaryFacts(summary)
        .slice(1)
        .map(([label, value]) => (
          <View key={label} style={styles.fact}>
            <Text style={styles.factLabel}>{label}</Text>
            <Text style={styles.factValue}>{value}</Text>
          </View>
        ))}
      <Text style={[styles.muted, { fontSize: 8, marginTop: 4 }]}>{DATE_OF_LOSS_NOTE}</Text>
    </View>
  )
}

const CELL_STYLES = [
  styles.cellDate,
  styles.cellKind,
  styles.cellSize,
  styles.cellDistance,
  styles.cellSource,
]
const COLUMN_TITLES = ['Date and time (Denver)', 'Kind', 'Size / speed', 'Distance', 'Source']

function TableHead() {
  return (
    <View style={styles.tableHead} fixed>
      {COLUMN_TITLES.map((title, i) => (
        <Text key={title} style={CELL_STYLES[i]}>
          {title}
        </Text>
      ))}
    </View>
  )
}

function StormRow({ storm, index, loss }: { storm: ReportStorm; index: number; loss: boolean }) {
  const rowStyle = [
    styles.tableRow,
    ...(loss ? [styles.tableRowLoss] : index % 2 ? [styles.tableRowAlt] : []),
  ]
  const cells = timelineCells(storm)
  return (
    <View style={rowStyle} wrap={false}>
      {cells.map((cell, i) => (
        <Text
          key={i}
          style={i === 4 && storm.source === 'spc' ? [CELL_STYLES[i]!, styles.preliminary] : CELL_STYLES[i]}
        >
          {i === 0 && loss ? `${cell}\nDate of loss` : cell}
        </Text>
      ))}
    </View>
  )
}

function Ring({
  report,
  ring,
  listed,
}: {
  report: WeatherReport
  ring: RingMi
  listed: readonly ReportStorm[]
}) {
  const inRing = report.summary.countByRing[ring]
  const storms = listed.filter((s) => s.ring === ring)
  const loss = report.summary.dateOfLoss
  return (
    <View>
      {/* The ring's title stays with its table's first rows. */}
      <View wrap={false} minPresenceAhead={48}>
        <Text style={styles.h3}>{ringHeading(RING_TITLE[ring], inRing, storms.length)}</Text>
        {storms.length ? null : <Text style={styles.none}>No storm events in this ring.</Text>}
      </View>
      {/* Fixed: repeated at the top of each page the ring's table continues on. */}
      {storms.length ? <TableHead /> : null}
      {storms.map((s, i) => (
        <StormRow
          key={s.id}
          storm={s}
          index={i}
          loss={!!loss && s.beginAt === loss.beginAt && s.distanceMi === loss.distanceMi}
        />
      ))}
    </View>
  )
}

const RADAR_CELL_STYLES = [
  styles.radarDate,
  styles.radarAtHome,
  styles.radarWithin1,
  styles.radarWithin3,
  styles.radarAgreement,
]

function RadarRow({ day, index, pictured }: { day: RadarDay; index: number; pictured: boolean }) {
  const rowStyle = [
    styles.tableRow,
    ...(pictured ? [styles.tableRowLoss] : index % 2 ? [styles.tableRowAlt] : []),
  ]
  return (
    <View style={rowStyle} wrap={false}>
      {radarDayCells(day).map((cell, i) => (
        <Text
          key={i}
          style={
            i === 4 && !day.groundReport ? [RADAR_CELL_STYLES[i]!, styles.radarOnly] : RADAR_CELL_STYLES[i]
          }
        >
          {i === 0 && pictured ? `${cell}\nPictured below` : cell}
        </Text>
      ))}
    </View>
  )
}

function Risk({ risk }: { risk: RiskAssessment }) {
  return (
    <View style={styles.summaryBox} wrap={false}>
      <Text style={styles.label}>Risk assessment</Text>
      {riskFacts(risk, FACTS.stormHistoryYears).map(([label, value]) => (
        <View key={label} style={styles.fact}>
          <Text style={styles.factLabel}>{label}</Text>
          <Text style={styles.factValue}>{value}</Text>
        </View>
      ))}
      <Text style={[styles.summaryLine, { fontSize: 10, marginTop: 6, marginBottom: 0 }]}>
        {risk.sentence}
      </Text>
    </View>
  )
}

/**
 * What radar saw around the home: a page of its own with the radar days, the swath of the day
 * with the largest hail at the home, and the risk assessment. A report stored before radar,
 * or made while the store held no radar, says so in one line instead.
 */
function Radar({ report }: { report: WeatherReport }) {
  const { radar, risk } = report
  if (!radar?.coverage)
    return (
      <View wrap={false}>
        <Text style={styles.h2}>Radar hail at the home</Text>
        <Text style={styles.none}>{NO_RADAR_LINE}</Text>
      </View>
    )
  const { swath } = radar
  return (
    <View break>
      <Text style={[styles.h2, { marginTop: 0 }]}>Radar hail at the home</Text>
      <Text style={[styles.muted, styles.paragraph]}>
        {`Storm days with hail of ${formatHail(RADAR_DAY_MIN_IN)} or more estimated within 3 mi of the home, newest first. ${radarSourceText(radar.coverage)}`}
      </Text>
      {radar.days.length ? (
        <View>
          <View style={styles.tableHead}>
            {RADAR_COLUMNS.map((title, i) => (
              <Text key={title} style={RADAR_CELL_STYLES[i]}>
                {title}
              </Text>
            ))}
          </View>
          {radar.days.map((day, i) => (
            <RadarRow key={day.date} day={day} index={i} pictured={day.date === swath?.date} />
          ))}
        </View>
      ) : (
        <Text style={styles.none}>{NO_RADAR_DAYS_LINE}</Text>
      )}
      <Text style={[styles.muted, { fontSize: 8, marginTop: 4 }]}>{RADAR_MEANING}</Text>
      {swath ? (
        <SwathPicture
          swath={swath}
          home={report.location}
          title={
            swath.date === radar.largestAtHome?.date
              ? 'The day of the largest radar estimate at the home'
              : 'The day of the largest radar estimate within 3 mi'
          }
        />
      ) : null}
      {risk ? <Risk risk={risk} /> : null}
    </View>
  )
}

function Method({ report }: { report: WeatherReport }) {
  const { sources, notes } = methodNotes(report)
  return (
    <View>
      <View wrap={false} minPresenceAhead={80}>
        <Text style={styles.h2}>How this report was made</Text>
        <Text style={[styles.label, { marginTop: 2 }]}>Sources and date of the data</Text>
      </View>
      {sources.map((s) => (
        <Bullet key={s}>{s}</Bullet>
      ))}
      <Text style={[styles.label, { marginTop: 6 }]}>The home and the distances</Text>
      {notes.map((s) => (
        <Bullet key={s}>{s}</Bullet>
      ))}
    </View>
  )
}

function Bullet({ children }: { children: string }) {
  return (
    <View style={styles.bullet} wrap={false}>
      <Text style={styles.bulletMark}>•</Text>
      <Text style={styles.bulletText}>{children}</Text>
    </View>
  )
}

function Offer({ business }: { business: ReportPdfBusiness }) {
  return (
    <View style={styles.offer} wrap={false}>
      <Text style={styles.offerTitle}>
        Want to know if your roof was damaged? Get a free roof inspection.
      </Text>
      <Text style={styles.offerText}>
        {`${business.name} inspects roofs for hail and wind damage at no cost and documents what it finds for your insurance claim.`}
      </Text>
      <Text style={styles.offerPhone}>{`Call ${business.phone}`}</Text>
      <Text style={styles.offerText}>{[business.email, business.siteUrl].filter(Boolean).join('  ·  ')}</Text>
    </View>
  )
}

function Footer({ report, business }: { report: WeatherReport; business: ReportPdfBusiness }) {
  return (
    <View style={styles.footer} fixed>
      <Text style={{ maxWidth: '70%' }}>{`${REPORT_TITLE} · ${report.address} · ${business.name}`}</Text>
      <Text
        render={({ pageNumber, totalPages }) =>
          `Made ${formatBusinessDate(report.madeAt)} · Page ${pageNumber} of ${totalPages}`
        }
      />
    </View>
  )
}

export function ReportDocument({ report, business }: { report: WeatherReport; business: ReportPdfBusiness }) {
  const timeline = pdfTimelineOf(report)
  return (
    <Document
      title={`${REPORT_TITLE}: ${report.address}`}
      author={business.name}
      subject="Storm events within 10 miles of the property, from NOAA data"
      creator={business.name}
      producer={business.name}
      language="en-US"
    >
      <Page size="LETTER" style={styles.page}>
        <Footer report={report} business={business} />
        <Header report={report} business={business} />
        <Summary report={report} />
        <StormPicture report={report} />
        <Radar report={report} />
        <Text style={styles.h2} break>
          Storm timeline, newest first
        </Text>
        {RINGS_MI.map((ring) => (
          <Ring key={ring} report={report} ring={ring} listed={timeline.listed} />
        ))}
        {timeline.more ? <Text style={styles.none}>{moreStormsLine(timeline)}</Text> : null}
        <Method report={report} />
        <Offer business={business} />
      </Page>
    </Document>
  )
}
