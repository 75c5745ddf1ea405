/**
 * Wall-clock time in the business's time zone (America/Denver), for what the office reads and
 * plans by: "Monday 08:00" is 08:00 in Denver in summer and in winter alike. Node's Intl knows
 * the zone's rules (daylight saving time included), so nothing here hard-codes an offset.
 */

/** The zone the office lives in: schedules and the weeks of reports are counted in it. */
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
  return OFFICE_TIME.format(typeof at === 'string' ? new Date(at) : at)
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
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
    formatters.set(timeZone, f)
  }
  return f
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** The wall-clock reading of `at` in `timeZone`. */
export function localParts(at: Date, timeZone = BUSINESS_TIME_ZONE): LocalParts {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
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

/**
 * The moment the wall clock in `timeZone` reads the given date and time. The day may run past
 * its month (day 32 is the 1st of the next), so callers add days to a date by adding to `day`.
 * A time the clock skips (02:30 on the spring-forward night) comes out an hour later; a time
 * it shows twice (01:30 on the fall-back night) is the first of the two.
 */
export function localTime(
  d: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone = BUSINESS_TIME_ZONE,
): Date {
  const wall = Date.UTC(d.year, d.month - 1, d.day, d.hour ?? 0, d.minute ?? 0)
  // Read the zone's offset near the answer, then at the first guess: that settles every time
  // the clock shows. A skipped time reads an offset that does not fit the second guess; the
  // later of the two guesses is then the clock's first reading after the gap.
  const first = wall - offsetAt(new Date(wall), timeZone)
  const second = wall - offsetAt(new Date(first), timeZone)
  if (offsetAt(new Date(second), timeZone) === wall - second) return new Date(second)
  return new Date(Math.max(first, second))
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms (negative west of Greenwich). */
function offsetAt(at: Date, timeZone: string): number {
  const p = localParts(at, timeZone)
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return wall - Math.floor(at.getTime() / 1000) * 1000
}

/** '2026-11-16' for a local date. */
export function isoDate(d: { year: number; month: number; day: number }): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`
}
