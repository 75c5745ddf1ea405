/**
 * Which storm days of radar the refresh asks NOAA for (docs/storm-data.md): every day of the
 * report's period (5 years back to yesterday in Denver) not stored yet, newest first, so a
 * backfill that is cut short leaves the days that matter most. A day NOAA did not have is
 * asked for again on the next refresh while it is recent (NOAA's files can come late), and once
 * a week after that, so an archive's gap does not cost 1,800 requests every run.
 */
import { addDays, daysFrom, wantedRadarDays } from './days'

/** A missing day this recent (in days before yesterday) is asked for again on every refresh. */
const RECENT_DAYS = 3
const RETRY_OLD_MISSING_MS = 7 * 86_400_000

export function plannedRadarDays(
  now: Date,
  stored: ReadonlySet<string>,
  missing: ReadonlyMap<string, string>,
): string[] {
  const { first, last } = wantedRadarDays(now)
  const recent = addDays(last, -RECENT_DAYS)
  return daysFrom(first, last)
    .reverse()
    .filter((day) => {
      if (stored.has(day)) return false
      const checkedAt = missing.get(day)
      if (!checkedAt || day > recent) return true
      return now.getTime() - Date.parse(checkedAt) >= RETRY_OLD_MISSING_MS
    })
}
