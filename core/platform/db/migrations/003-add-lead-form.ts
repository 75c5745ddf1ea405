/**
 * Migration 003: which of the four forms a lead came from (shared/lead-forms.ts), stored beside
 * the product's form_type, which the contact page and the hail report share ('contact'). The
 * forms name themselves from now on; the leads stored before are given theirs once, here, from
 * what told them apart until now: the page of a 'contact' lead (/hail-report or not).
 *
 * SQLite adds a NOT NULL column only with a default; every row gets its own value below and a
 * new row always names its form, so the default is never what a lead says. No CHECK on the
 * names: the application validates them, and a new form then needs no table rebuild.
 */
export const sql = /* sql */ `
ALTER TABLE form_submissions ADD COLUMN form TEXT NOT NULL DEFAULT 'contact_page';

UPDATE form_submissions SET form = CASE
  WHEN form_type = 'contact_modal' THEN 'contact_modal'
  WHEN form_type = 'exit_intent' THEN 'exit_intent'
  WHEN substr(source_path, 1, 12) = '/hail-report' THEN 'hail_report'
  ELSE 'contact_page'
END;
`
