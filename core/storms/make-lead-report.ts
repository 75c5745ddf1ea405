/**
 * The weather report of each hail report lead (docs/storm-data.md): the address placed once
 * (core/storms/geocode.ts: the Census geocoder, else the ZIP code's centre, else the city's),
 * the storms around it counted, and the result stored with the lead (core/storms/lead-reports.ts)
 * before any notification of the lead goes out, so the office e-mail carries its one-line
 * summary and the page can show it. Made once per lead: a retry, the reconciler and a second
 * worker read the stored one.
 */
import type { Db } from '../platform/db/connection'
import type { Lead } from '../leads'
import type { Logger } from '../platform/logger'
import { locateAddress } from './geocode'
import type { GeocoderSettings } from './settings'
import { findLeadReport, saveLeadReport, type LeadReport } from './lead-reports'
import { makeWeatherReport } from './report'
import { countStormEvents } from './events'
import { LEAD_FORMS } from '../../shared/lead-forms'

/** What a report of a lead can be once asked for. */
type LeadReportState =
  /** Not a hail report request. */
  | { kind: 'none' }
  /** The store holds no storm data yet (the refresh has not run): nothing to report from, so wait. */
  | { kind: 'no-data' }
  | { kind: 'made'; stored: LeadReport }

export interface LeadReports {
  /** Makes and stores the lead's report unless it has one; never throws for a geocoder failure. */
  prepare(lead: LeadToReport): Promise<LeadReportState>
}

/** What making a report needs of a lead. */
type LeadToReport = Pick<Lead, 'id' | 'form'> & { address: string | null | undefined }

export function createLeadReports(deps: { db: Db; geocoder: GeocoderSettings; logger: Logger }): LeadReports {
  const { db } = deps
  const logger = deps.logger.child({ component: 'weather-report' })
  /** One making per lead at a time in this process (the job and the reconciler may ask together). */
  const making = new Map<string, Promise<LeadReportState>>()

  async function make(lead: LeadToReport): Promise<LeadReportState> {
    const existing = findLeadReport(db, lead.id)
    if (existing) return { kind: 'made', stored: existing }
    if (countStormEvents(db) === 0) return { kind: 'no-data' }
    const address = lead.address ?? ''
    const location = await locateAddress(address, deps.geocoder, { logger })
    const now = new Date()
    const report = location ? makeWeatherReport(db, address, location, now) : undefined
    const stored = saveLeadReport(db, { leadId: lead.id, location, report, madeAt: now })
    logger.info(
      { leadId: lead.id, locatedBy: stored.locatedBy, storms: report?.storms.length },
      location ? 'weather report made' : 'address could not be placed: the office follows up with the report',
    )
    return { kind: 'made', stored }
  }

  return {
    async prepare(lead) {
      if (!LEAD_FORMS[lead.form].hailReport) return { kind: 'none' }
      const running = making.get(lead.id)
      if (running) return running
      const promise = make(lead).finally(() => making.delete(lead.id))
      making.set(lead.id, promise)
      return promise
    },
  }
}
