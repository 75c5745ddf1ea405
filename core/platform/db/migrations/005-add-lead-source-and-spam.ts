/**
 * Migration 005: where a lead came from, and its spam score (docs/attribution.md, docs/spam.md).
 * Old rows are kept as they are: their source columns are NULL (nobody recorded it then), and
 * they are not in quarantine.
 *
 * - The source fields of the lead-field table (shared/lead-fields.ts, `touch`): this visit's
 *   UTM values, ad click ids, referrer origin and landing page, and the same of the visitor's
 *   first visit within 30 days, with its time.
 * - spam_score and spam_reasons (a JSON array of { code, points, text }): what the server found
 *   (core/spam/rules.ts). NULL on rows stored before.
 * - quarantined_at: set when the score reached the threshold. Such a lead is stored but not
 *   handed to the queue, notified, counted as undelivered or listed with the leads, until
 *   `site-admin leads not-spam` sets released_at (it is then delivered as any lead) or the
 *   worker purges it after SPAM_RETENTION_DAYS.
 * - site_secrets: secrets the site makes for itself once, such as the key that signs the form
 *   token (core/spam/form-token.ts), so the IT person has nothing to configure.
 */

// The columns written out rather than read from the lead-field table: a migration never
// changes after it ships, even if a field is renamed later (tests/unit/migrations.test.ts
// checks that every field of the table has its column).
const TOUCH = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'fbclid',
  'referrer',
  'landing_page',
]
const SOURCE_COLUMNS = [...TOUCH, ...TOUCH.map((column) => `first_${column}`), 'first_seen_at']

export const sql = /* sql */ `
${SOURCE_COLUMNS.map((column) => `ALTER TABLE form_submissions ADD COLUMN ${column} TEXT;`).join('\n')}
ALTER TABLE form_submissions ADD COLUMN spam_score INTEGER;
ALTER TABLE form_submissions ADD COLUMN spam_reasons TEXT;
ALTER TABLE form_submissions ADD COLUMN quarantined_at TEXT;
ALTER TABLE form_submissions ADD COLUMN released_at TEXT;

CREATE INDEX form_submissions_quarantined ON form_submissions (quarantined_at)
  WHERE quarantined_at IS NOT NULL AND released_at IS NULL;

CREATE TABLE site_secrets (
  name       TEXT PRIMARY KEY NOT NULL,
  value      TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
`
