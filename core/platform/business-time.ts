/**
 * The moments the business clock's schedules need: when the wall clock in Denver reads a given
 * date and time ("Monday 08:00" is 08:00 in Denver in summer and in winter alike). The zone, the
 * wall-clock reading and how every moment is written are shared/business-time.ts's, which the
 * browser uses too.
 */
import { BUSINESS_TIME_ZONE, localParts } from '../../shared/business-time'

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

/**
 * Hours of the day on the business clock, every day ('07-19': 7 AM to 7 PM; '00-24': any
 * time), as minutes from local midnight: the office's hours, within which the delays of the
 * lead's life after the form count (docs/bookings.md).
 */
export interface DailyHours {
  /** Minutes from midnight the hours open, 0 to 1439. */
  openMin: number
  /** Minutes from midnight they close, after openMin; 1440 is midnight at the day's end. */
  closeMin: number
}

const HOURS = /^(\d{1,2})(?::(\d{2}))?-(\d{1,2})(?::(\d{2}))?$/

/** '07-19' or '07:30-18:00' as DailyHours, or the reason it is not. */
export function parseDailyHours(text: string): DailyHours | { problem: string } {
  const m = HOURS.exec(text.trim())
  if (!m) return { problem: `must be two times of day on the business clock, e.g. 07-19 or 07:30-18:00` }
  const openMin = Number(m[1]) * 60 + Number(m[2] ?? 0)
  const closeMin = Number(m[3]) * 60 + Number(m[4] ?? 0)
  if (Number(m[2] ?? 0) > 59 || Number(m[4] ?? 0) > 59 || openMin > 23 * 60 + 59 || closeMin > 24 * 60)
    return { problem: 'must name hours from 00 to 24 and minutes from 00 to 59' }
  if (closeMin <= openMin)
    return {
      problem:
        'must close after it opens on the same day (00-24 is any time; hours across midnight are not taken)',
    }
  return { openMin, closeMin }
}

const isAllDay = (h: DailyHours) => h.openMin === 0 && h.closeMin === 24 * 60

/** The hours of the local day `at` falls on: when they open and close. */
function hoursOfDay(at: Date, hours: DailyHours, dayOffset = 0): { open: Date; close: Date } {
  const p = localParts(at)
  const on = (min: number) =>
    localTime({
      year: p.year,
      month: p.month,
      day: p.day + dayOffset,
      hour: Math.floor(min / 60),
      minute: min % 60,
    })
  return { open: on(hours.openMin), close: on(hours.closeMin) }
}

/**
 * The moment `ms` of time within the hours have passed since `from`: time outside them does not
 * count, so 15 minutes from 9 PM with hours 07-19 is 7:15 AM. A delay of 0 from outside the
 * hours is their next opening. Days of 23 or 25 hours are read on the wall clock.
 */
export function addWithinHours(from: Date, ms: number, hours: DailyHours): Date {
  if (isAllDay(hours)) return new Date(from.getTime() + ms)
  let at = from
  let left = ms
  // Each turn uses up one day's hours, so a delay of a year ends within about 400 turns.
  for (let turn = 0; turn < 5000; turn++) {
    const { open, close } = hoursOfDay(at, hours)
    if (at < open) at = open
    if (at >= close) {
      at = hoursOfDay(at, hours, 1).open
      continue
    }
    const available = close.getTime() - at.getTime()
    if (left <= available) return new Date(at.getTime() + left)
    left -= available
    at = hoursOfDay(at, hours, 1).open
  }
  throw new Error(`addWithinHours: ${ms} ms is more than the hours hold in 5000 days`)
}
