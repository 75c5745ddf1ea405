/**
 * Migration 006: NOAA's storm reports and the weather report made for each hail report lead
 * (docs/storm-data.md).
 *
 * - storm_events: one row per storm report, stored once per source and the source's own id
 *   (NCEI's EVENT_ID; for SPC's daily reports, which have none, an id made from the file's day,
 *   the kind, the time and the place: core/storms/spc.ts). Times are kept as given (local_time
 *   in time_zone: 'MST-7' for NCEI, 'UTC' for SPC) and as the instant in UTC (begin_at, and
 *   begin_ms for range queries). Hail in inches, wind in knots, a tornado's (E)F scale.
 * - storm_events_geo: an R*Tree over the same ids (a point is a box of size zero), so a report's
 *   query reads only the events near the home.
 * - storm_files: each file imported (by name), what it held and when; the refresh uses it to
 *   know which NCEI year files it already has.
 * - storm_refresh: the worker's last refresh and its outcome (one row), for site-admin and /readyz.
 * - storm_reports (weather_reports since migration 010): the report made for a lead (at most one): where the home was placed and how,
 *   and the whole report as JSON (its summary is what the office e-mail, the homeowner's e-mail
 *   and the page show; the PDF is rendered from the same report, so they never disagree).
 * - form_submissions.report_key_hash: the SHA-256 of the key that lets the visitor who sent a
 *   hail report form, and nobody else, read its summary on the page.
 */
export const sql = /* sql */ `
CREATE TABLE storm_events (
  id             INTEGER PRIMARY KEY,
  source         TEXT NOT NULL CHECK (source IN ('ncei', 'spc')),
  source_id      TEXT NOT NULL,
  kind           TEXT NOT NULL CHECK (kind IN ('hail', 'wind', 'tornado')),
  begin_at       TEXT NOT NULL,
  begin_ms       INTEGER NOT NULL,
  local_time     TEXT NOT NULL,
  time_zone      TEXT NOT NULL,
  hail_in        REAL,
  wind_kt        REAL,
  tornado_scale  TEXT,
  magnitude_type TEXT,
  latitude       REAL NOT NULL,
  longitude      REAL NOT NULL,
  county_zone    TEXT,
  state          TEXT NOT NULL,
  place          TEXT,
  file           TEXT NOT NULL,
  imported_at    TEXT NOT NULL,
  UNIQUE (source, source_id)
) STRICT;

CREATE INDEX storm_events_time ON storm_events (begin_ms);

CREATE VIRTUAL TABLE storm_events_geo USING rtree (id, min_lat, max_lat, min_lon, max_lon);

CREATE TABLE storm_files (
  name            TEXT PRIMARY KEY NOT NULL,
  source          TEXT NOT NULL CHECK (source IN ('ncei', 'spc')),
  rows_read       INTEGER NOT NULL,
  rows_stored     INTEGER NOT NULL,
  rows_skipped    INTEGER NOT NULL,
  skipped_reasons TEXT NOT NULL,
  imported_at     TEXT NOT NULL
) STRICT;

CREATE TABLE storm_refresh (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  started_at  TEXT NOT NULL,
  finished_at TEXT,
  outcome     TEXT CHECK (outcome IN ('ok', 'failed')),
  detail      TEXT,
  next_at     TEXT
) STRICT;

CREATE TABLE storm_reports (
  lead_id    TEXT PRIMARY KEY NOT NULL REFERENCES form_submissions (id) ON DELETE CASCADE,
  located_by TEXT NOT NULL CHECK (located_by IN ('address', 'zip', 'city', 'none')),
  place      TEXT,
  latitude   REAL,
  longitude  REAL,
  report     TEXT,
  made_at    TEXT NOT NULL
) STRICT;

ALTER TABLE form_submissions ADD COLUMN report_key_hash TEXT;
`
