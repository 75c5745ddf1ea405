/**
 * Migration 008: what the office does from its inbox (docs/spam.md, "The office's links").
 *
 * - office_actions: each "Not spam: deliver it" (action not_spam) and "This is spam" (action
 *   spam) the office confirmed through a link, with its time. One row per lead and action, so a
 *   link acts once and its second use can say what happened and when. Deleted with its lead
 *   (spam purged from quarantine takes its rows with it).
 * - spam_digests: each spam digest the worker or site-admin started: when, what it
 *   covered, and how it ended. A scheduled digest carries its local day (unique), so the worker
 *   never sends two for one day, whatever restarts; the next digest lists what was held since
 *   the last one that was sent (covered_until).
 */
export const sql = /* sql */ `
CREATE TABLE office_actions (
  lead_id  TEXT NOT NULL REFERENCES form_submissions (id) ON DELETE CASCADE,
  action   TEXT NOT NULL CHECK (action IN ('not_spam', 'spam')),
  source   TEXT NOT NULL CHECK (source IN ('office-link')),
  acted_at TEXT NOT NULL,
  PRIMARY KEY (lead_id, action)
) STRICT;

CREATE TABLE spam_digests (
  id            INTEGER PRIMARY KEY,
  trigger       TEXT NOT NULL CHECK (trigger IN ('schedule', 'site-admin')),
  day           TEXT,
  status        TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'nothing')),
  started_at    TEXT NOT NULL,
  covered_until TEXT NOT NULL,
  leads         INTEGER NOT NULL DEFAULT 0,
  attempts      INTEGER NOT NULL DEFAULT 1,
  finished_at   TEXT,
  detail        TEXT
) STRICT;

CREATE UNIQUE INDEX spam_digests_day ON spam_digests (day) WHERE day IS NOT NULL;
`
