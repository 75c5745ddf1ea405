/**
 * Migration 015: the lead's life after the form (docs/bookings.md): the scheduling tool's
 * bookings, the lead's state and its history, and the messages about them.
 *
 * - form_submissions.booking_ref: the lead's reference, random and unguessable (not its id),
 *   which the booking page passes to the scheduling tool and the tool sends back with the
 *   booking; unique. form_submissions_email_nocase lets a booking find the latest lead of its
 *   e-mail address whatever the case it was typed in.
 * - booking_events: each event a scheduling tool delivered (Calendly, Cal.com), stored once by
 *   its key (the invitee URI with its status; Cal.com's uid with its trigger) before it is
 *   answered; the worker handles each once (handled_at), matching it to a lead (lead_id,
 *   matched_by) or keeping it as a booking without a form.
 * - lead_states: each lead's state now, for leads whose state changed (a lead without a row is
 *   new); lead_state_changes: every change, what made it and when.
 * - lead_messages: each e-mail or text about a lead's life (a booking notice, a nudge), with its
 *   own state as a lead's notifications have (pending, sent, failed, skipped, and stopped when
 *   no longer wanted); its key makes it once.
 * - lead_life_settings: when this version started (nudges_since), so leads from before it are
 *   never nudged.
 */
export const sql = /* sql */ `
ALTER TABLE form_submissions ADD COLUMN booking_ref TEXT;
CREATE UNIQUE INDEX form_submissions_booking_ref ON form_submissions (booking_ref) WHERE booking_ref IS NOT NULL;
CREATE INDEX form_submissions_email_nocase ON form_submissions (email COLLATE NOCASE, created_at);

CREATE TABLE booking_events (
  id            INTEGER PRIMARY KEY,
  tool          TEXT NOT NULL CHECK (tool IN ('calendly', 'cal_com')),
  event_key     TEXT NOT NULL,
  trigger       TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('created', 'canceled', 'rescheduled')),
  booking_key   TEXT NOT NULL,
  other_booking_key TEXT,
  rescheduled   INTEGER NOT NULL DEFAULT 0 CHECK (rescheduled IN (0, 1)),
  starts_at     TEXT,
  email         TEXT,
  name          TEXT,
  lead_ref      TEXT,
  received_at   TEXT NOT NULL,
  lead_id       TEXT REFERENCES form_submissions (id) ON DELETE SET NULL,
  matched_by    TEXT CHECK (matched_by IN ('ref', 'email', 'none')),
  handled_at    TEXT,
  UNIQUE (tool, event_key)
) STRICT;
CREATE INDEX booking_events_unhandled ON booking_events (id) WHERE handled_at IS NULL;
CREATE INDEX booking_events_by_booking ON booking_events (booking_key);
CREATE INDEX booking_events_by_lead ON booking_events (lead_id) WHERE lead_id IS NOT NULL;

CREATE TABLE lead_states (
  lead_id     TEXT PRIMARY KEY NOT NULL REFERENCES form_submissions (id) ON DELETE CASCADE,
  state       TEXT NOT NULL CHECK (state IN ('new', 'booked', 'canceled', 'reached', 'lost')),
  booked_for  TEXT,
  booking_key TEXT,
  changed_at  TEXT NOT NULL
) STRICT;

CREATE TABLE lead_state_changes (
  id               INTEGER PRIMARY KEY,
  lead_id          TEXT NOT NULL REFERENCES form_submissions (id) ON DELETE CASCADE,
  state            TEXT NOT NULL CHECK (state IN ('new', 'booked', 'canceled', 'reached', 'lost')),
  booked_for       TEXT,
  cause            TEXT NOT NULL,
  detail           TEXT NOT NULL,
  booking_event_id INTEGER REFERENCES booking_events (id),
  changed_at       TEXT NOT NULL
) STRICT;
CREATE INDEX lead_state_changes_by_lead ON lead_state_changes (lead_id, id);

CREATE TABLE lead_messages (
  id               INTEGER PRIMARY KEY,
  key              TEXT NOT NULL UNIQUE,
  kind             TEXT NOT NULL,
  medium           TEXT NOT NULL CHECK (medium IN ('email', 'sms')),
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
CREATE INDEX lead_messages_due ON lead_messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX lead_messages_by_lead ON lead_messages (lead_id, kind) WHERE lead_id IS NOT NULL;
CREATE INDEX lead_messages_failed ON lead_messages (audience) WHERE status = 'failed';

CREATE TABLE lead_life_settings (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) STRICT;
INSERT INTO lead_life_settings (key, value) VALUES ('nudges_since', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
`
