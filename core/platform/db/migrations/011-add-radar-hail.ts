/**
 * Migration 011: radar hail, NOAA MRMS MESH (docs/storm-data.md).
 *
 * - radar_days: each storm day stored (a Denver calendar date, YYYY-MM-DD), the file it came
 *   from, how many cells of the service area's box the radar covered and how many it kept. A
 *   day is stored once: importing its file again changes nothing.
 * - radar_cells: the day's cells of 0.5 in or more inside the box, by their place in NOAA's
 *   0.01° CONUS grid (row 0 at 54.995 N, col 0 at 129.995 W), the size in tenths of a
 *   millimetre. Keyed by place first, so a report reads the few cells around a home for every
 *   day in one range of the key.
 * - radar_missing: days the refresh asked for and NOAA did not have, so the backfill does not
 *   ask for them again on every run (`storms status` counts them among the days missing).
 */
export const sql = /* sql */ `
CREATE TABLE radar_days (
  day           TEXT PRIMARY KEY NOT NULL,
  file          TEXT NOT NULL,
  valid_at      TEXT NOT NULL,
  covered_cells INTEGER NOT NULL,
  cells         INTEGER NOT NULL,
  max_mm10      INTEGER NOT NULL,
  dropped       TEXT NOT NULL,
  imported_at   TEXT NOT NULL
) STRICT;

CREATE TABLE radar_cells (
  row  INTEGER NOT NULL,
  col  INTEGER NOT NULL,
  day  TEXT NOT NULL REFERENCES radar_days (day),
  mm10 INTEGER NOT NULL,
  PRIMARY KEY (row, col, day)
) STRICT, WITHOUT ROWID;

CREATE INDEX radar_cells_by_day ON radar_cells (day);

CREATE TABLE radar_missing (
  day        TEXT PRIMARY KEY NOT NULL,
  checked_at TEXT NOT NULL,
  reason     TEXT NOT NULL
) STRICT;
`
