/**
 * The business clock: the office's time zone (America/Denver) and the one way each kind of
 * moment is written, for the pages, the e-mails, the PDF and site-admin alike, so a storm's date
 * reads the same on the hail-report page as in the report. Intl only, so the browser runs it
 * too; core/platform/business-time.ts adds the arithmetic the schedules need. Intl knows the
 * zone's rules (daylight saving time included), so nothing here hard-codes an offset.
 */

/** The zone the office lives in: schedules, the weeks of reports and every date shown are read in it. */
export const BUSINESS_TIME_ZONE = 'America/Denver'

/** A moment as a clock on the office wall shows it. Months count from 1, weekdays from Monday = 0. */
export interface LocalParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** 0 = Monday … 6 = Sunday. */
  weekday: number
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    })
    partsFormatters.set(timeZone, f)
  }
  return f
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** The wall-clock reading of `at` in `timeZone`. */
export function localParts(at: Date, timeZone = BUSINESS_TIME_ZONE): LocalParts {
  const parts = Object.fromEntries(
    partsFormatterFor(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  }
}

/** '2026-11-16' for a local date. */
export function isoDate(d: { year: number; month: number; day: number }): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`
}

const toDate = (at: string | Date) => (typeof at === 'string' ? new Date(at) : at)

// Written out rather than left to Intl: en-GB writes September 'Sept' (and ICU versions differ),
// and the one date style must not change with the browser or the server it runs on.
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** '12 Sep 2024': the one way a date is written, from a calendar date (months from 1). */
export function formatCalendarDate(d: { year: number; month: number; day: number }): string {
  return `${d.day} ${MONTHS[d.month - 1]} ${d.year}`
}

/** '12 Sep 2024' from a calendar date written 'YYYY-MM-DD' (a storm day, a stored Denver date). */
export function formatIsoDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return formatCalendarDate({ year, month, day: date })
}

/** 'Aug 2026'. */
export function formatCalendarMonth(year: number, month: number): string {
  return `${MONTHS[month - 1]} ${year}`
}

/** '12 Sep 2024': the date of `at` in Denver. */
export function formatBusinessDate(at: string | Date): string {
  return formatCalendarDate(localParts(toDate(at)))
}

const CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
})

/** '12 Jun 2024, 3:40 PM MDT': a storm's date and time in Denver. */
export function formatBusinessDateTime(at: string | Date): string {
  const date = toDate(at)
  const p = Object.fromEntries(CLOCK.formatToParts(date).map((part) => [part.type, part.value]))
  return `${formatBusinessDate(date)}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`
}

const OFFICE_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/**
 * A moment as the office reads it in e-mails, on the office's pages and in site-admin:
 * 'Tue, Jun 17, 2025, 2:05 PM MDT', in the business's zone whatever the server's.
 */
export function formatOfficeTime(at: string | Date): string {
  return OFFICE_TIME.format(toDate(at))
}

const LONG_DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
})

/** 'Monday, November 16': a day of a week the office's report covers. */
export function formatLongDay(at: Date): string {
  return LONG_DAY.format(at)
}

/** 'Nov 16': a day of a week, short, for a subject line. */
export function formatShortDay(at: Date): string {
  const p = localParts(at)
  return `${MONTHS[p.month - 1]} ${p.day}`
}
