/**
 * The weather report made for a lead (weather_reports): where the home was placed and how, and
 * the whole report. At most one per lead: the first one made is kept, so a retry, the
 * reconciler, the PDF, both e-mails and the page all show the same report.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { reportKeyHashOf } from '../leads'
import { localParts } from '../../shared/business-time'
import type { HailMark, HailSummaryView } from '../../shared/hail-summary'
import type { Location, LocatedBy, ReportSummary, WeatherReport } from './types'

export interface LeadReport {
  leadId: string
  /** 'none': the address could not be placed; the office follows up by hand. */
  locatedBy: LocatedBy
  location: Location | undefined
  /** Undefined when the address could not be placed. */
  report: WeatherReport | undefined
  madeAt: string
}

interface Row {
  lead_id: string
  located_by: LocatedBy
  place: string | null
  latitude: number | null
  longitude: number | null
  report: string | null
  made_at: string
}

export function findLeadReport(db: Db, leadId: string): LeadReport | undefined {
  const row = prepare(db, 'SELECT * FROM weather_reports WHERE lead_id = ?').get(leadId) as Row | undefined
  if (!row) return undefined
  const placed = row.located_by !== 'none' && row.latitude !== null && row.longitude !== null
  return {
    leadId: row.lead_id,
    locatedBy: row.located_by,
    location: placed
      ? {
          locatedBy: row.located_by as Location['locatedBy'],
          latitude: row.latitude!,
          longitude: row.longitude!,
          matched: row.place ?? '',
          ...(row.located_by === 'zip' && row.place ? { zip: row.place.replace(/\D/g, '') } : {}),
        }
      : undefined,
    report: row.report ? (JSON.parse(row.report) as WeatherReport) : undefined,
    madeAt: row.made_at,
  }
}

/** Stores the lead's report unless it has one; returns the one stored (this or the earlier). */
export function saveLeadReport(
  db: Db,
  r: { leadId: string; location: Location | undefined; report: WeatherReport | undefined; madeAt: Date },
): LeadReport {
  prepare(
    db,
    `INSERT INTO weather_reports (lead_id, located_by, place, latitude, longitude, report, made_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id) DO NOTHING`,
  ).run(
    r.leadId,
    r.location?.locatedBy ?? 'none',
    r.location?.matched ?? null,
    r.location?.latitude ?? null,
    r.location?.longitude ?? null,
    r.report ? JSON.stringify(r.report) : null,
    r.madeAt.toISOString(),
  )
  return findLeadReport(db, r.leadId)!
}

/** The stored hash of the lead's report key (core/storms/report-key.ts); undefined: no such lead. */
export function findReportKeyHash(db: Db, leadId: string): string | null | undefined {
  return reportKeyHashOf(db, leadId)
}

/** The summary as the page may show it: the storms, never the address. */
export function toSummaryView(summary: ReportSummary): HailSummaryView {
  const mark = (m: ReportSummary['dateOfLoss']): HailMark | null =>
    m ? { hailIn: m.hailIn, beginAt: m.beginAt, distanceMi: m.distanceMi, direction: m.direction } : null
  return {
    locatedText: summary.locatedText,
    line: summary.line,
    // Summaries stored before radar have no such key.
    radarLine: summary.radar?.page ?? null,
    countByRing: Object.entries(summary.countByRing).map(([ring, count]) => ({ ring: Number(ring), count })),
    largestHailWithin1Mi: mark(summary.largestHailWithin1Mi),
    largestHailWithin3Mi: mark(summary.largestHailWithin3Mi),
    dateOfLoss: mark(summary.dateOfLoss),
    // The year the report's line says ('since 2021'): read in Denver, like every date it shows.
    sinceYear: localParts(new Date(summary.from)).year,
  }
}
