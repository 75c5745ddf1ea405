/**
 * Migration 013: storm alerts only to addresses that confirmed, to homes placed by their street
 * address, and nothing sent twice or after a stop (docs/storm-alerts.md). No row is lost.
 *
 * - storm_alert_confirmations: each e-mail address that confirmed its storm alerts (the button
 *   of the page its "Confirm storm alerts" link opens), when, and through which lead's link. A
 *   consent ticked before this migration has no row: it is "asked, not confirmed", gets no
 *   alert, and lapses 30 days after it was given, as any consent left unconfirmed.
 * - storm_alerts is rebuilt with a status 'sending' and its time (sending_at): a row is
 *   'sending' while its e-mail is with the SMTP server, so a row a worker left so when it died
 *   is known, tried again a bounded number of times, and never again once they are spent.
 *   SQLite cannot change a CHECK in place: the rows are copied into the new table, the old one
 *   dropped, the new one renamed.
 * - lead_places.place_again_at: a home placed by its ZIP code's or city's centre, or not at
 *   all, because the geocoder could not be asked, is placed again by its address from then on
 *   (address_tries counts the tries); NULL once it is placed by its address or the geocoder
 *   answered that it has no match for the address. Every home placed so other than by its
 *   address is placed again.
 * - storm_responses.briefing_attempts and briefing_retry_at: a briefing the SMTP server did not
 *   take for a passing reason is tried again at that time. Briefings recorded before this
 *   migration are not tried again.
 */
export const sql = /* sql */ `
CREATE TABLE storm_alert_confirmations (
  email        TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
  lead_id      TEXT NOT NULL,
  confirmed_at TEXT NOT NULL
) STRICT;

CREATE TABLE storm_alerts_rebuilt (
  lead_id    TEXT NOT NULL REFERENCES form_submissions (id),
  day        TEXT NOT NULL,
  email      TEXT NOT NULL COLLATE NOCASE,
  hail_mm10  INTEGER NOT NULL,
  status     TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
  attempts   INTEGER NOT NULL DEFAULT 0,
  detail     TEXT,
  -- sending only: when the attempt in progress began.
  sending_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (lead_id, day)
) STRICT;

INSERT INTO storm_alerts_rebuilt
  (lead_id, day, email, hail_mm10, status, attempts, detail, sending_at, created_at, updated_at)
SELECT lead_id, day, email, hail_mm10, status, attempts, detail, NULL, created_at, updated_at
FROM storm_alerts;

DROP TABLE storm_alerts;
ALTER TABLE storm_alerts_rebuilt RENAME TO storm_alerts;
CREATE INDEX storm_alerts_by_day ON storm_alerts (day);
CREATE INDEX storm_alerts_to_send ON storm_alerts (status) WHERE status IN ('pending', 'sending', 'failed');

ALTER TABLE lead_places ADD COLUMN place_again_at TEXT;
ALTER TABLE lead_places ADD COLUMN address_tries INTEGER NOT NULL DEFAULT 0;
UPDATE lead_places SET place_again_at = placed_at WHERE located_by <> 'address';
CREATE INDEX lead_places_to_place_again ON lead_places (place_again_at) WHERE place_again_at IS NOT NULL;

ALTER TABLE storm_responses ADD COLUMN briefing_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE storm_responses ADD COLUMN briefing_retry_at TEXT;
UPDATE storm_responses SET briefing_attempts = 1 WHERE briefing_status IN ('sent', 'failed');
`
