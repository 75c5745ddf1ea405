/**
 * The hail report's summary as the page shows it to the visitor who asked for it, right after
 * the form is sent: what GET /api/hail-reports/:id answers (server/leads/hail-report-router.ts)
 * and what the browser renders (client/lib/hail-summary-view.ts). The worker makes the report
 * (docs/storm-data.md); until it has, the answer says so and the page invents nothing.
 */
import { formatBusinessDate } from './business-time'

/** GET `${HAIL_REPORT_ENDPOINT}/${leadId}` with the key in this header. */
export const HAIL_REPORT_ENDPOINT = '/api/hail-reports'
export const REPORT_KEY_HEADER = 'X-Report-Key'

/**
 * The cookie a plain form post of a hail report sets on its way to /schedule-inspection, for
 * two minutes and that page only: the server then serves the page's variant that says the
 * report is on its way (server/http/ssr.ts). No query or fragment, so the URL stays the
 * booking page's and both variants stay cached.
 */
export const HAIL_REPORT_SENT_COOKIE = 'hail_report_sent'
export const HAIL_REPORT_SENT_MAX_AGE_S = 120

/** How long the page waits for the summary before it says it is not ready yet. */
export const HAIL_SUMMARY_WAIT_MS = 45_000
/** How often it asks meanwhile. */
export const HAIL_SUMMARY_POLL_MS = 1500

/** One notable hail: its size, when (ISO instant) and where from the home. */
export interface HailMark {
  hailIn: number
  beginAt: string
  distanceMi: number
  direction: string
}

/** What the page may show: no address, only the storms around it. */
export interface HailSummaryView {
  /** 'located by street address', 'by ZIP code 80134', 'by city'. */
  locatedText: string
  /** The one-line summary: '1.75 in hail 0.6 mi NW on 12 Jun 2024; 7 storms within 3 mi since 2021'. */
  line: string
  /**
   * Radar's line: 'Radar: hail of about 1.6 in at your home on 12 Jun 2024 (confirmed by a
   * report 0.6 mi NW)'; null for a report made without radar data or stored before radar.
   */
  radarLine: string | null
  /** Storms per ring (miles → count), each counted in its smallest ring. */
  countByRing: { ring: number; count: number }[]
  largestHailWithin1Mi: HailMark | null
  largestHailWithin3Mi: HailMark | null
  dateOfLoss: HailMark | null
  /** The period covered: the year it starts. */
  sinceYear: number
}

export type HailReportStatus =
  /** The worker has not made it yet. */
  | { status: 'pending' }
  | { status: 'ready'; summary: HailSummaryView }
  /** The address could not be placed: the office follows up by hand. */
  | { status: 'unplaced' }

/** The page's words, in one place. */
export const HAIL_SUMMARY_TEXT = {
  onItsWay: 'Your free hail report is on its way!',
  looking: 'Looking up the storms recorded around your address…',
  readyHeading: 'Storms recorded around your address',
  fullReport:
    'The full report, with every storm and a map of where it hit, is on its way to your inbox as a PDF.',
  notReady:
    'Your storm summary is taking longer than usual. The full report will arrive in your inbox as soon as it is ready.',
  unplaced:
    'We could not place your address on the map automatically. Our office will look it up and send your report by e-mail.',
  failed: 'We could not load your storm summary just now. The full report will still arrive in your inbox.',
} as const

/** '1.75 in hail, 0.6 mi NW, 12 Jun 2024'. */
export function describeHailMark(mark: HailMark): string {
  return `${mark.hailIn.toFixed(2)} in hail, ${mark.distanceMi.toFixed(1)} mi ${mark.direction}, ${formatBusinessDate(mark.beginAt)}`
}
