/**
 * Migration 012: storm response (docs/storm-alerts.md): when radar sees hail on a home the
 * site knows, the homeowner who asked for alerts and the office hear of it.
 *
 * - form_submissions.storm_alerts: the lead's "Tell me when radar sees hail at this address"
 *   (1 ticked, 0 not); storm_alerts_words: the words the form showed beside the box when it
 *   was ticked, so the consent is on record with when (created_at) and from which form (form).
 * - lead_places: where each lead's home is, placed once by the worker from its address (the
 *   same geocoder as the weather report), with its cell of NOAA's 0.01° radar grid, so the
 *   homes under a day's swath are one join away.
 * - storm_alert_stops: the e-mail addresses that asked for no more alerts, when and how.
 * - storm_alerts: one row per home and storm day an alert was planned for, with its outcome
 *   (pending, sent, failed, skipped, as a lead's notifications have): the key makes it once.
 * - storm_responses: each storm day the worker has answered (the alerts and the office's
 *   briefing), so a re-import, a restarted worker or a retried pass never answers it twice.
 */
export const sql = /* sql */ `
ALTER TABLE form_submissions ADD COLUMN storm_alerts INTEGER NOT NULL DEFAULT 0 CHECK (storm_alerts IN (0, 1));
ALTER TABLE form_submissions ADD COLUMN storm_alerts_words TEXT;

CREATE TABLE lead_places (
  lead_id    TEXT PRIMARY KEY NOT NULL REFERENCES form_submissions (id),
  located_by TEXT NOT NULL CHECK (located_by IN ('address', 'zip', 'city', 'none')),
  latitude   REAL,
  longitude  REAL,
  row        INTEGER,
  col        INTEGER,
  placed_at  TEXT NOT NULL
) STRICT;
CREATE INDEX lead_places_by_cell ON lead_places (row, col) WHERE row IS NOT NULL;

CREATE TABLE storm_alert_stops (
  email      TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
  stopped_at TEXT NOT NULL,
  how        TEXT NOT NULL CHECK (how IN ('one-click', 'page', 'site-admin'))
) STRICT;

CREATE TABLE storm_alerts (
  lead_id    TEXT NOT NULL REFERENCES form_submissions (id),
  day        TEXT NOT NULL,
  email      TEXT NOT NULL COLLATE NOCASE,
  hail_mm10  INTEGER NOT NULL,
  status     TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
  attempts   INTEGER NOT NULL DEFAULT 0,
  detail     TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (lead_id, day)
) STRICT;
CREATE INDEX storm_alerts_by_day ON storm_alerts (day);

CREATE TABLE storm_responses (
  day              TEXT PRIMARY KEY NOT NULL,
  started_at       TEXT NOT NULL,
  finished_at      TEXT,
  homes_hit        INTEGER,
  alerts_sent      INTEGER,
  briefing_status  TEXT CHECK (briefing_status IN ('sent', 'failed', 'skipped')),
  briefing_detail  TEXT
) STRICT;
`
