/**
 * Migration 016: nobody falls through (docs/bookings.md, "Follow-ups until booked").
 *
 * - follow_up_stops: the e-mail addresses that asked for no more follow-ups, when and how. Its
 *   own list: stopping the follow-ups leaves storm alerts as they are (storm_alert_stops), and
 *   the other way round.
 * - lead_messages is rebuilt to take a third medium, 'webhook': the lead.booked, lead.canceled
 *   and lead.marked events to LEAD_WEBHOOK_URL, driven to a final state as the e-mails and texts
 *   are. Its rows and indexes are kept.
 * - lead_life_settings.follow_ups_since: when this version started, so leads from before it get
 *   no follow-up out of the blue.
 */
export const sql = /* sql */ `
CREATE TABLE follow_up_stops (
  email      TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
  lead_id    TEXT,
  stopped_at TEXT NOT NULL,
  how        TEXT NOT NULL CHECK (how IN ('one-click', 'page', 'site-admin'))
) STRICT;

CREATE TABLE lead_messages_016 (
  id               INTEGER PRIMARY KEY,
  key              TEXT NOT NULL UNIQUE,
  kind             TEXT NOT NULL,
  medium           TEXT NOT NULL CHECK (medium IN ('email', 'sms', 'webhook')),
  audience         TEXT NOT NULL CHECK (audience IN ('contractor', 'homeowner')),
  lead_id          TEXT REFERENCES form_submissions (id) ON DELETE CASCADE,
  booking_event_id INTEGER REFERENCES booking_events (id),
  status           TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'skipped', 'stopped')),
  due_at           TEXT NOT NULL,
  attempts         INTEGER NOT NULL DEFAULT 0,
  detail           TEXT,
  next_attempt_at  TEXT,
  claimed_at       TEXT,
  started_at       TEXT NOT NULL,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL
) STRICT;
INSERT INTO lead_messages_016 SELECT * FROM lead_messages;
DROP TABLE lead_messages;
ALTER TABLE lead_messages_016 RENAME TO lead_messages;
CREATE INDEX lead_messages_due ON lead_messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX lead_messages_by_lead ON lead_messages (lead_id, kind) WHERE lead_id IS NOT NULL;
CREATE INDEX lead_messages_failed ON lead_messages (audience) WHERE status = 'failed';

INSERT INTO lead_life_settings (key, value) VALUES ('follow_ups_since', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
`
