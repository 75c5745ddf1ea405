/**
 * What the office tells the spam score: a lead it labelled spam ("This is spam" in a lead's
 * e-mail) or not spam ("Not spam: deliver it" in the digest, or `site-admin leads not-spam`)
 * becomes a training example of the classifier (core/spam/classifier.ts), kept in the table
 * spam_examples (migration 007).
 *
 * One example per lead: the same label again changes nothing; the other label replaces the
 * first (the office changed its mind, and the last word counts). Every change raises the
 * counter in spam_model in the same transaction, so each web process trains again on its next
 * enquiry, whichever process or command made the change.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { findLead } from '../leads'
import { classifierText } from './text'

export type SpamLabel = 'spam' | 'not_spam'
export type LearningSource = 'office-link' | 'site-admin'

/**
 * Stores the lead's names and message as an example labelled `label`. Returns false when the
 * lead does not exist (nothing is stored), true otherwise, also when the example was there
 * already with the same label.
 */
export function learnFromOffice(db: Db, leadId: string, label: SpamLabel, source: LearningSource): boolean {
  return db
    .transaction(() => {
      const lead = findLead(db, leadId)
      if (!lead) return false
      const text = classifierText({
        firstName: lead.firstName,
        lastName: lead.lastName,
        message: lead.message,
      })
      const changed = prepare(
        db,
        `INSERT INTO spam_examples (lead_id, label, text, source, learned_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (lead_id) DO UPDATE SET
           label = excluded.label, text = excluded.text, source = excluded.source, learned_at = excluded.learned_at
         WHERE spam_examples.label <> excluded.label`,
      ).run(leadId, label, text, source, new Date().toISOString()).changes
      if (changed) prepare(db, 'UPDATE spam_model SET version = version + 1 WHERE id = 1').run()
      return true
    })
    .immediate()
}

/** One labelled example, as the classifier trains on it. */
export interface SpamExample {
  label: SpamLabel
  text: string
}

/** The counter spam_examples is at: a process trained at another one trains again. */
export function spamModelVersion(db: Db): number {
  return (prepare(db, 'SELECT version FROM spam_model WHERE id = 1').get() as { version: number }).version
}

/** Every example the office gave, with the counter they were read at (one snapshot). */
export function readSpamExamples(db: Db): { version: number; examples: SpamExample[] } {
  return db.transaction(() => ({
    version: spamModelVersion(db),
    examples: prepare(
      db,
      'SELECT label, text FROM spam_examples ORDER BY learned_at, lead_id',
    ).all() as SpamExample[],
  }))()
}

/** How many examples of each label the office gave (site-admin and the docs' figures). */
export function countSpamExamples(db: Db): Record<SpamLabel, number> {
  const rows = prepare(db, 'SELECT label, count(*) AS n FROM spam_examples GROUP BY label').all() as {
    label: SpamLabel
    n: number
  }[]
  return { spam: 0, not_spam: 0, ...Object.fromEntries(rows.map((r) => [r.label, r.n])) }
}
