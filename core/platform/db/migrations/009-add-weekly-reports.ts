/**
 * Migration 009: the weekly report to the office (docs/lead-pipeline.md, "The office's week").
 *
 * - weekly_reports: one row per week a report was started for, named by the Monday the week
 *   starts on (the office's date, America/Denver). The worker claims a week here before it
 *   sends (status sending), and marks it sent or failed after, so that restarts never send a
 *   week twice and a report missed while the worker was down is sent once when it is back.
 *   site-admin's `leads report --send` records the week it sent too.
 */
export const sql = /* sql */ `
CREATE TABLE weekly_reports (
  week        TEXT PRIMARY KEY NOT NULL,
  trigger     TEXT NOT NULL CHECK (trigger IN ('schedule', 'site-admin')),
  status      TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
  attempts    INTEGER NOT NULL DEFAULT 1,
  started_at  TEXT NOT NULL,
  finished_at TEXT,
  -- Whom it went to (comma-separated), once sent.
  recipients  TEXT,
  -- sent: the SMTP server's message id and answer; failed: why.
  detail      TEXT
) STRICT;
`
