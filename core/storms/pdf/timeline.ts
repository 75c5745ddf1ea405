/**
 * What the PDF's timeline lists. A home in the densest storm country (the Plains, North Texas)
 * can have well over a thousand reports within 10 miles in five years; every row is seconds of
 * layout and a page for every 40 or so, and a homeowner or an adjuster reads the nearest ones.
 * So the PDF lists the nearest PDF_TIMELINE_MAX_STORMS and says how many more there are; the
 * summary, the picture, the office's text and the stored report (its JSON) keep every storm.
 */
import { plural } from '../../platform/words'
import { REPORT_RADIUS_MI, type ReportStorm, type WeatherReport } from '../types'

export const PDF_TIMELINE_MAX_STORMS = 300

export interface PdfTimeline {
  /** The storms listed, in the report's order (newest first). */
  listed: ReportStorm[]
  /** The storms within the radius not listed: all farther than every one listed. */
  more: number
  /** The farthest listed storm's distance, when some are left out. */
  listedWithinMi: number | null
}

export function pdfTimelineOf(report: WeatherReport, max = PDF_TIMELINE_MAX_STORMS): PdfTimeline {
  if (report.storms.length <= max) return { listed: report.storms, more: 0, listedWithinMi: null }
  // Nearest first, and of two at the same distance the newer (the report's order): the same
  // storms every time the report is rendered.
  const nearest = report.storms
    .map((storm, order) => ({ storm, order }))
    .sort((a, b) => a.storm.distanceMi - b.storm.distanceMi || a.order - b.order)
    .slice(0, max)
  const kept = new Set(nearest.map((n) => n.order))
  return {
    listed: report.storms.filter((_, order) => kept.has(order)),
    more: report.storms.length - max,
    listedWithinMi: nearest[nearest.length - 1]!.storm.distanceMi,
  }
}

/** The line under a shortened timeline. */
export function moreStormsLine(timeline: PdfTimeline): string {
  return `…and ${timeline.more} more within ${REPORT_RADIUS_MI} mi, each ${timeline.listedWithinMi?.toFixed(1)} mi or farther from the home. They are counted in the summary and drawn in the picture; the office can send the full list.`
}

/** A ring's title in the timeline: its whole count, and how many are listed when not all. */
export function ringHeading(title: string, inRing: number, listed: number): string {
  return listed < inRing
    ? `${title}: ${plural(inRing, 'storm')}, the nearest ${listed} listed`
    : `${title}: ${plural(inRing, 'storm')}`
}
