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
