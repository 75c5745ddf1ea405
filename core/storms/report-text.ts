/**
 * The office's text of the Extreme Weather Report: what `site-admin storms report` prints, in the
 * words every rendering shares (report-words.ts) laid out in columns for a terminal.
 */
import { plural } from '../platform/words'
import { FACTS } from '../../shared/business'
import { formatBusinessDate, formatBusinessDateTime } from '../../shared/business-time'
import {
  DATE_OF_LOSS_NOTE,
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
} from './report-words'
import { RINGS_MI, type WeatherReport } from './types'

/** The business a report names: who made it and whom to call. */
export interface ReportBusiness {
  name: string
  phone: string
}

const TEXT_COLUMNS = [
  { title: 'DATE AND TIME (DENVER)', width: 26 },
  { title: 'KIND', width: 18 },
  { title: 'SIZE / SPEED', width: 16 },
  { title: 'DISTANCE', width: 12 },
  { title: 'SOURCE', width: 0 },
] as const

function textRow(cells: readonly string[]): string {
  return `  ${cells.map((c, i) => c.padEnd(TEXT_COLUMNS[i]?.width ?? 0)).join(' ')}`.trimEnd()
}

const RADAR_WIDTHS = [13, 12, 20, 20, 0] as const

function radarRow(cells: readonly string[]): string {
  return `  ${cells.map((c, i) => c.padEnd(RADAR_WIDTHS[i] ?? 0)).join(' ')}`.trimEnd()
}

/**
 * The radar section: each radar day on one line, in columns like the timeline's (the date, the
 * estimate at the home, the largest within 1 and 3 mi, whether a storm event agrees), what the
 * figures mean, and the risk assessment. A report stored before radar, or made without radar
 * data, says so in one line.
 */
function radarText(report: WeatherReport): string[] {
  const { radar, risk } = report
  const lines = ['', 'RADAR HAIL AT THE HOME']
  if (!radar?.coverage) return [...lines, `  ${NO_RADAR_LINE}`]
  lines.push(`  ${radarSourceText(radar.coverage)}`)
  if (radar.days.length) {
    lines.push(radarRow(RADAR_COLUMNS.map((c) => c.toUpperCase())))
    for (const day of radar.days) lines.push(radarRow(radarDayCells(day)))
  } else lines.push(`  ${NO_RADAR_DAYS_LINE}`)
  lines.push(`  (${RADAR_MEANING})`)
  if (risk)
    lines.push(
      '',
      'RISK ASSESSMENT',
      ...riskFacts(risk, FACTS.stormHistoryYears).map(
        ([label, value]) => `  ${`${label}:`.padEnd(27)} ${value}`,
      ),
      `  ${risk.sentence}`,
    )
  return lines
}

/** The report as plain text for the office (`site-admin storms report`), to read before a call. */
export function formatReportText(report: WeatherReport, business: ReportBusiness): string {
  const { summary, location } = report
  const lines = [
    `EXTREME WEATHER REPORT - ${business.name}`,
    '',
    `Address:  ${report.address}`,
    `Located:  ${summary.locatedText} (${location.matched}; ${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)})`,
    `Period:   ${formatBusinessDate(summary.from)} to ${formatBusinessDate(summary.to)}`,
    `Made:     ${formatBusinessDateTime(report.madeAt)}`,
    '',
    'SUMMARY',
    `  ${summary.line}`,
    ...summaryFacts(summary).map(([label, value]) => `  ${`${label}:`.padEnd(26)} ${value}`),
    `  (${DATE_OF_LOSS_NOTE})`,
    ...radarText(report),
  ]
  for (const ring of RINGS_MI) {
    const storms = report.storms.filter((s) => s.ring === ring)
    lines.push('', `${RING_TITLE[ring].toUpperCase()}: ${plural(storms.length, 'storm')}`)
    if (!storms.length) continue
    lines.push(textRow(TEXT_COLUMNS.map((c) => c.title)))
    for (const s of storms) lines.push(textRow(timelineCells(s)))
  }
  const { sources, notes } = methodNotes(report)
  lines.push(
    '',
    'SOURCES AND DATE OF DATA',
    ...sources.map((s) => `  - ${s}`),
    '',
    'HOW THIS REPORT WAS MADE',
    ...notes.map((s) => `  - ${s}`),
    '',
    `Free roof inspection: ${business.name}, ${business.phone}`,
  )
  return `${lines.join('\n')}\n`
}
