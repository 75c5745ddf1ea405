/**
 * Migration 002: one row of delivery state per lead and notification channel, and the
 * lead's `settled_at`, set once no channel is pending any more (every channel sent,
 * skipped or failed). The reconciler and GET /readyz look only at unsettled leads, through
 * a partial index that stays as small as the number of leads in flight.
 *
 * Leads stored before this migration are unsettled too: they were recorded but never
 * reached anyone, so the worker notifies them with the channels configured now.
 */
export const sql = /* sql */ `
ALTER TABLE form_submissions ADD COLUMN settled_at TEXT;

CREATE INDEX form_submissions_unsettled ON form_submissions (created_at) WHERE settled_at IS NULL;

CREATE TABLE lead_notifications (
  submission_id   TEXT NOT NULL REFERENCES form_submissions (id),
  channel         TEXT NOT NULL CHECK (channel IN ('owner_email', 'webhook', 'autoreply')),
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
  PRIMARY KEY (submission_id, channel)
) STRICT;

CREATE INDEX lead_notifications_due ON lead_notifications (next_attempt_at) WHERE status = 'pending';
CREATE INDEX lead_notifications_failed ON lead_notifications (channel) WHERE status = 'failed';
`
