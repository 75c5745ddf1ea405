/**
 * Migration 007: what the spam score learns from the office, and form tokens that are used once
 * (docs/spam.md, decision 017).
 *
 * - spam_examples: a lead the office labelled, by a link in its e-mail or by
 *   `site-admin leads not-spam`: the text the classifier reads (the names and the message), the
 *   label, where it came from and when. One row per lead: labelling it again with the other label
 *   replaces the row, with the same label changes nothing. The row keeps the text, not a
 *   reference, so the classifier still learns from a lead after the worker has purged it.
 * - spam_model: one row, a counter raised in the same transaction as every change to
 *   spam_examples. Each web process keeps its trained classifier with the counter it was trained
 *   at and trains again when the counter has moved, so every process sharing the file learns
 *   what another one was told.
 * - form_tokens: each token GET /api/form-token issued: its random id, when, whether the request
 *   looked like the page's own fetch (same-origin fetch metadata or a Referer of this site), and
 *   when an enquiry used it. An enquiry uses a token by setting used_at where it is still NULL,
 *   so of two enquiries with one token only the first finds it unused. Rows older than a day are
 *   deleted as new ones are issued.
 */
export const sql = /* sql */ `
CREATE TABLE spam_examples (
  lead_id    TEXT PRIMARY KEY NOT NULL,
  label      TEXT NOT NULL CHECK (label IN ('spam', 'not_spam')),
  text       TEXT NOT NULL,
  source     TEXT NOT NULL CHECK (source IN ('office-link', 'site-admin')),
  learned_at TEXT NOT NULL
) STRICT;

CREATE TABLE spam_model (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
) STRICT;

INSERT INTO spam_model (id, version) VALUES (1, 0);

CREATE TABLE form_tokens (
  id           TEXT PRIMARY KEY NOT NULL,
  issued_at_ms INTEGER NOT NULL,
  page_fetch   INTEGER NOT NULL CHECK (page_fetch IN (0, 1)),
  used_at      TEXT
) STRICT;

CREATE INDEX form_tokens_issued ON form_tokens (issued_at_ms);
`
