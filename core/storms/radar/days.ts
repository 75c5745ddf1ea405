/**
 * Storm days as Denver calendar dates (YYYY-MM-DD): the days a report's period wants, and
 * counting along them. A storm day is named by its date alone, so the arithmetic is on the
 * calendar (UTC noon of the date), never on instants that a DST change would shift.
 */
import { FACTS } from '../../../shared/business'
import { isoDate, localParts } from '../../../shared/business-time'

const DAY_MS = 86_400_000

/** The Denver date of an instant. */
export const denverDate = (at: Date | string): string =>
  isoDate(localParts(typeof at === 'string' ? new Date(at) : at))

/** The date `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T12:00:00Z`) + n * DAY_MS
  return new Date(t).toISOString().slice(0, 10)
}

/** Every date from `first` to `last`, inclusive, oldest first. */
export function daysFrom(first: string, last: string): string[] {
  const out: string[] = []
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d)
  return out
}

/**
 * The storm days a report made at `now` can show and the refresh keeps: from the same date
 * FACTS.stormHistoryYears back to yesterday in Denver (today's file comes at the next midnight).
 */
export function wantedStormDays(now: Date): { first: string; last: string } {
  const today = denverDate(now)
  const [y, m, d] = today.split('-')
  const first = `${Number(y) - FACTS.stormHistoryYears}-${m}-${m === '02' && d === '29' ? '28' : d}`
  return { first, last: addDays(today, -1) }
}
