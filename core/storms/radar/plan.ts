/**
 * Which storm days of radar the refresh asks NOAA for (docs/storm-data.md): every day of the
 * report's period (5 years back to yesterday in Denver) not stored yet, newest first, so a
 * backfill that is cut short leaves the days that matter most. A day NOAA did not have is
 * asked for again on the next refresh while it is recent (NOAA's files can come late), and once
 * a week after that, so an archive's gap does not cost 1,800 requests every run. A day whose
 * file failed (a 403, a file too large or refused) is asked for again on every refresh, after
 * the days not tried yet, so a day that keeps failing never holds the older ones back.
 */
import { addDays, daysFrom, wantedStormDays } from './days'

/** A missing day this recent (in days before yesterday) is asked for again on every refresh. */
const RECENT_DAYS = 3
const RETRY_OLD_MISSING_MS = 7 * 86_400_000

/**
 * After this many days in a row fail, the refresh stops asking for radar: one bad file is a
 * day's failure, but five in a row say NOAA or the way to it is failing, and every further day
 * would only wait out its own timeouts and retries. The next refresh starts again.
 */
export const RADAR_FAILURES_IN_A_ROW = 5

export function plannedStormDays(
  now: Date,
  stored: ReadonlySet<string>,
  missing: ReadonlyMap<string, string>,
  failed: ReadonlySet<string> = new Set(),
): string[] {
  const { first, last } = wantedStormDays(now)
  const recent = addDays(last, -RECENT_DAYS)
  const wanted = daysFrom(first, last)
    .reverse()
    .filter((day) => {
      if (stored.has(day)) return false
      const checkedAt = missing.get(day)
      if (!checkedAt || day > recent) return true
      return now.getTime() - Date.parse(checkedAt) >= RETRY_OLD_MISSING_MS
    })
  return [...wanted.filter((day) => !failed.has(day)), ...wanted.filter((day) => failed.has(day))]
}
