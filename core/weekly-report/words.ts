/**
 * The weekly report in words: its subject, the dates and durations as the office reads them,
 * and the whole report as plain text (the e-mail's text part, read by plain-text mail clients
 * and screen readers alike). The HTML part (WeeklyReportEmail.tsx) shows the same figures.
 */
import {
  BUSINESS_TIME_ZONE,
  formatLongDay,
  formatOfficeTime,
  formatShortDay,
  localParts,
} from '../../shared/business-time'
import { funnelText } from '../bookings'
import { minutesSpan, plural } from '../platform/words'
import type { WeeklyFigures } from './figures'
import type { ReportWeek } from './schedule'

const HOUR_MS = 3600_000

/** Noon of the week's Sunday, which is on that Sunday whatever the clock change. */
function sundayOf(week: ReportWeek): Date {
  return new Date(week.end.getTime() - 12 * HOUR_MS)
}

/** 'Monday, November 16 to Sunday, November 22, 2026'. */
export function weekSpan(week: ReportWeek): string {
  return `${formatLongDay(week.start)} to ${formatLongDay(sundayOf(week))}, ${localParts(sundayOf(week)).year}`
}

/** 'Nov 16 – 22' or 'Oct 26 – Nov 1': the week, short, for the subject. */
function shortWeek(week: ReportWeek): string {
  const [a, b] = [formatShortDay(week.start), formatShortDay(sundayOf(week))]
  const sameMonth = a.split(' ')[0] === b.split(' ')[0]
  return `${a} – ${sameMonth ? b.split(' ')[1] : b}`
}

/** What the week is, exactly, on the office's clock. */
export function weekBounds(): string {
  return `Monday 00:00 to the next Monday 00:00, ${BUSINESS_TIME_ZONE} time`
}

/** '12 s', '4 min 10 s', '2 h 5 min', '3 d 4 h': seconds only under an hour. */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  return m < 60 && s % 60 ? `${m} min ${s % 60} s` : minutesSpan(m)
}

/** 'Leads report, Nov 16 – 22: 17 leads (week before: 12)'. */
export function reportSubject(f: WeeklyFigures): string {
  return `Leads report, ${shortWeek(f.week)}: ${plural(f.leads, 'lead')} (week before: ${f.previousLeads})`
}

/** The speed section's lines, shared by both parts. */
export function speedLines(f: WeeklyFigures): string[] {
  const s = f.speed
  if (!f.leads) return ['No leads this week.']
  const lines = [`Reached the office: ${s.timed} of ${plural(f.leads, 'lead')}`]
  if (s.medianMs !== null) lines.push(`Median: ${duration(s.medianMs)}`)
  if (s.slowest)
    lines.push(`Slowest: ${duration(s.slowest.ms)} (${s.slowest.name}, lead ${s.slowest.leadId})`)
  if (s.timed) lines.push(`Over ${duration(s.limitMs)}: ${s.slow}`)
  lines.push(`Not delivered: ${s.undelivered.length}`)
  return lines
}

/** The report lists this many undelivered leads at most, so a bad week stays a readable e-mail. */
const UNDELIVERED_LISTED = 20

/** The undelivered leads the report lists, oldest first. */
export function listedUndelivered(f: WeeklyFigures): WeeklyFigures['speed']['undelivered'] {
  return f.speed.undelivered.slice(0, UNDELIVERED_LISTED)
}

/** The line for the undelivered leads not listed, or '' when all are. */
export function moreUndelivered(f: WeeklyFigures): string {
  const more = f.speed.undelivered.length - UNDELIVERED_LISTED
  return more > 0 ? `and ${more} more: site-admin leads list shows each lead's delivery` : ''
}

/** The report as plain text: every figure of the HTML part, one per line. */
export function reportText(f: WeeklyFigures): string {
  const lines: string[] = [
    `Leads report for the week of ${weekSpan(f.week)}`,
    `(${weekBounds()})`,
    '',
    `${plural(f.leads, 'lead')} (the week before: ${f.previousLeads})`,
    '',
    'Leads by source (this week / the week before)',
    ...(f.sources.length ? f.sources.map((s) => `- ${s.source}: ${s.leads} / ${s.previous}`) : ['- none']),
    '',
    'Leads by form',
    ...f.forms.map((form) => `- ${form.label}: ${form.leads}`),
    '',
    'Spam',
    `- Held as spam: ${f.quarantined}`,
    `- Released from the hold: ${f.released}`,
    `- Delivered leads marked "This is spam": ${f.markedSpam}`,
    '',
    'How quickly leads reached the office',
    ...speedLines(f).map((line) => `- ${line}`),
    ...listedUndelivered(f).map(
      (u) => `  - ${u.name}, received ${formatOfficeTime(u.createdAt)}: ${u.state} (lead ${u.id})`,
    ),
    ...(moreUndelivered(f) ? [`  - ${moreUndelivered(f)}`] : []),
    '',
    ...funnelText(f.bookings, formatOfficeTime),
    '',
    NOTES.join('\n'),
  ]
  return `${lines.join('\n')}\n`
}

/** How the figures are counted, at the foot of both parts. */
export const NOTES = [
  'Spam held by the filter is not counted as a lead; a lead released from the hold is, in the week it was received.',
  'A lead is timed from when the site stored it (or from its release) to when the mail server accepted the e-mail to the office.',
  'A lead counts as booked in the week it came in, whenever it booked: through the booking page, or marked "Booked by phone" by the office.',
  'The same counts, by campaign and landing page too: site-admin leads report.',
]
