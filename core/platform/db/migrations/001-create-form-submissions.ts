/**
 * Migration 001: the form_submissions table (a lead's fields and form type, ISO-8601 UTC
 * timestamps) plus the outbox columns of the lead pipeline, and the worker's record of each
 * delivered lead. SQL text lives in a module, not a .sql file, so the esbuild
 * bundle in dist/node carries it and nothing has to be found on disk at run time.
 */
export const sql = /* sql */ `
CREATE TABLE form_submissions (
  id               TEXT PRIMARY KEY NOT NULL,
  first_name       TEXT NOT NULL,
  last_name        TEXT NOT NULL,
  -- NOCASE: the duplicate rule compares addresses case-insensitively and can use the index.
  email            TEXT NOT NULL COLLATE NOCASE,
  phone            TEXT NOT NULL,
  address          TEXT NOT NULL,
  message          TEXT,
  form_type        TEXT NOT NULL CHECK (form_type IN ('contact_modal', 'contact', 'exit_intent')),
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  source_path      TEXT,
  duplicate_of     TEXT REFERENCES form_submissions (id),
  enqueued_at      TEXT,
  enqueue_attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TEXT
) STRICT;

CREATE INDEX form_submissions_email_created_at ON form_submissions (email, created_at);

-- Only rows the relay still has to hand to the queue; stays tiny in normal operation.
CREATE INDEX form_submissions_pending_outbox ON form_submissions (next_attempt_at)
  WHERE enqueued_at IS NULL;

CREATE TABLE lead_deliveries (
  submission_id TEXT PRIMARY KEY NOT NULL REFERENCES form_submissions (id),
  job_id        TEXT NOT NULL,
  attempts      INTEGER NOT NULL DEFAULT 1,
  recorded_at   TEXT NOT NULL
) STRICT;

-- One row that GET /readyz rewrites to prove the database accepts writes.
CREATE TABLE readiness_probe (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  checked_at TEXT NOT NULL
) STRICT;
`
