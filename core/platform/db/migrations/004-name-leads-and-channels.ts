/**
 * Migration 004: one name per concept (docs/glossary.md), and channels the database does not
 * list. No row is lost; every row keeps its values under the new names.
 *
 * - lead_deliveries becomes lead_receipts (the worker's receipt of a lead: which job, how often,
 *   when first), and its submission_id lead_id.
 * - lead_notifications is rebuilt with lead_id for submission_id and without the CHECK that
 *   listed the channel names, so that a new channel needs no migration. SQLite cannot drop a
 *   constraint in place: the rows are copied into the new table, the old one dropped, the new
 *   one renamed. The office e-mail's channel, 'owner_email', is called 'office_email' now.
 * - notification_channels: what the worker registers at start for each channel it has
 *   (core/notifications/channels/), so that site-admin and /readyz show any channel without
 *   knowing its name: its label, its CSV column, whom it reaches, its place.
 */
export const sql = /* sql */ `
ALTER TABLE lead_deliveries RENAME TO lead_receipts;
ALTER TABLE lead_receipts RENAME COLUMN submission_id TO lead_id;

CREATE TABLE lead_notifications_renamed (
  lead_id         TEXT NOT NULL REFERENCES form_submissions (id),
  channel         TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  -- sent: the provider's message id or HTTP status; failed/skipped: the reason;
  -- pending: the last transient error, if any.
  detail          TEXT,
  -- pending only: when the next attempt is due (or when a claim in progress expires).
  next_attempt_at TEXT,
  -- Set while an attempt is in progress, so "retry this channel now" leaves it alone.
  claimed_at      TEXT,
  -- Start of the current series of attempts; retries give up a set time after it.
  started_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  PRIMARY KEY (lead_id, channel)
) STRICT;

INSERT INTO lead_notifications_renamed
  (lead_id, channel, status, attempts, detail, next_attempt_at, claimed_at, started_at, updated_at)
SELECT submission_id,
       CASE channel WHEN 'owner_email' THEN 'office_email' ELSE channel END,
       status, attempts, detail, next_attempt_at, claimed_at, started_at, updated_at
FROM lead_notifications;

DROP TABLE lead_notifications;
ALTER TABLE lead_notifications_renamed RENAME TO lead_notifications;

CREATE INDEX lead_notifications_due ON lead_notifications (next_attempt_at) WHERE status = 'pending';
CREATE INDEX lead_notifications_failed ON lead_notifications (channel) WHERE status = 'failed';

CREATE TABLE notification_channels (
  id            TEXT PRIMARY KEY NOT NULL,
  -- site-admin's heading and label for the channel's state: 'e-mail to office'.
  label         TEXT NOT NULL,
  -- The CSV export's column: 'email_to_office'.
  export_column TEXT NOT NULL,
  -- contractor: a failure degrades /readyz; homeowner: counted apart (a mistyped address).
  audience      TEXT NOT NULL CHECK (audience IN ('contractor', 'homeowner')),
  -- The channels' order in site-admin.
  position      INTEGER NOT NULL,
  registered_at TEXT NOT NULL
) STRICT;
`
