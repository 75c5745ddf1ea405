/**
 * Migration 014: a storm day whose file failed does not stop the backfill (docs/storm-data.md).
 *
 * - radar_failures: the storm days whose file the refresh could not fetch or could not read (a
 *   403 from a mirror, a file over the size limit, a damaged or refused file): when it last
 *   failed, how many refreshes in a row failed on it, and why. The refresh goes on to the other
 *   days and asks for these again after them; a day stored leaves the table.
 * - storm_refresh.radar_stopped: why the last refresh stopped its radar step early (several days
 *   in a row failed), or NULL; site-admin storms status and /readyz show it.
 */
export const sql = /* sql */ `
CREATE TABLE radar_failures (
  day       TEXT PRIMARY KEY NOT NULL,
  failed_at TEXT NOT NULL,
  failures  INTEGER NOT NULL CHECK (failures >= 1),
  reason    TEXT NOT NULL
) STRICT;

ALTER TABLE storm_refresh ADD COLUMN radar_stopped TEXT;
`
