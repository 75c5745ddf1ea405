/**
 * Queries on form_submissions. Each takes the db first and uses prepared statements;
 * every write runs in an IMMEDIATE transaction (takes the write lock up front, so it
 * waits on busy_timeout instead of failing half-way).
 */
import type { Enquiry, FormType } from '../../shared/enquiry'
import type { Db } from './connection'
import { prepare } from './prepare'

/** An enquiry from an e-mail address that already wrote within this window is a duplicate. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000

/** A row to store: the visitor's fields as the schema passed them, and what the pipeline adds. */
export interface NewSubmission extends Pick<
  Enquiry,
  'firstName' | 'lastName' | 'email' | 'phone' | 'address'
> {
  id: string
  message: string | null
  formType: FormType
  sourcePath: string | null
  createdAt: Date
  /** When the relay may first try to enqueue the row itself. */
  nextAttemptAt: Date
}

export interface SubmissionRow {
  id: string
  first_name: string
  last_name: string
  email: string
  phone: string
  address: string
  message: string | null
  form_type: FormType
  created_at: string
  updated_at: string
  source_path: string | null
  duplicate_of: string | null
  enqueued_at: string | null
  enqueue_attempts: number
  next_attempt_at: string | null
  /** When every notification channel reached a final state (sent, skipped or failed). */
  settled_at: string | null
}

/**
 * Stores a submission and marks it as a duplicate when the same e-mail arrived in the
 * last 24 hours (the row is kept either way). Check and insert share one IMMEDIATE
 * transaction, so two simultaneous submissions cannot both look like the first.
 * Returns the id of the original submission, or null.
 */
export function insertSubmission(db: Db, s: NewSubmission): { duplicateOf: string | null } {
  const insert = db.transaction(() => {
    const since = new Date(s.createdAt.getTime() - DUPLICATE_WINDOW_MS).toISOString()
    // The earliest row in the window; a chain of duplicates all points at its original.
    const earlier = prepare(
      db,
      `SELECT COALESCE(duplicate_of, id) AS original FROM form_submissions
       WHERE email = ? AND created_at >= ? ORDER BY created_at ASC LIMIT 1`,
    ).get(s.email, since) as { original: string } | undefined
    const duplicateOf = earlier?.original ?? null
    const createdAt = s.createdAt.toISOString()
    prepare(
      db,
      `INSERT INTO form_submissions
         (id, first_name, last_name, email, phone, address, message, form_type,
          created_at, updated_at, source_path, duplicate_of, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      s.id,
      s.firstName,
      s.lastName,
      s.email,
      s.phone,
      s.address,
      s.message,
      s.formType,
      createdAt,
      createdAt,
      s.sourcePath,
      duplicateOf,
      s.nextAttemptAt.toISOString(),
    )
    return { duplicateOf }
  })
  return insert.immediate()
}

export function findSubmission(db: Db, id: string): SubmissionRow | undefined {
  return prepare(db, 'SELECT * FROM form_submissions WHERE id = ?').get(id) as SubmissionRow | undefined
}

export function submissionExists(db: Db, id: string): boolean {
  return prepare(db, 'SELECT 1 FROM form_submissions WHERE id = ?').get(id) !== undefined
}

/** Outbox rows the relay should hand to the queue now, oldest first. */
export function findPendingSubmissionIds(db: Db, now: Date, limit: number): string[] {
  return (
    prepare(
      db,
      `SELECT id FROM form_submissions
       WHERE enqueued_at IS NULL AND next_attempt_at <= ?
       ORDER BY next_attempt_at ASC LIMIT ?`,
    ).all(now.toISOString(), limit) as { id: string }[]
  ).map((r) => r.id)
}

export function markEnqueued(db: Db, id: string, at: Date): void {
  const iso = at.toISOString()
  db.transaction(() => {
    prepare(
      db,
      'UPDATE form_submissions SET enqueued_at = ?, updated_at = ? WHERE id = ? AND enqueued_at IS NULL',
    ).run(iso, iso, id)
  }).immediate()
}

/** Counts a failed hand-over and returns when the row is due again. */
export function recordEnqueueFailure(
  db: Db,
  id: string,
  at: Date,
  backoffMs: (attempts: number) => number,
): Date {
  return db
    .transaction(() => {
      const row = prepare(db, 'SELECT enqueue_attempts FROM form_submissions WHERE id = ?').get(id) as
        { enqueue_attempts: number } | undefined
      const attempts = (row?.enqueue_attempts ?? 0) + 1
      const next = new Date(at.getTime() + backoffMs(attempts))
      prepare(
        db,
        `UPDATE form_submissions SET enqueue_attempts = ?, next_attempt_at = ?, updated_at = ?
         WHERE id = ? AND enqueued_at IS NULL`,
      ).run(attempts, next.toISOString(), at.toISOString(), id)
      return next
    })
    .immediate()
}

/** Proves the database accepts a write (GET /readyz). */
export function touchReadinessProbe(db: Db, at: Date): void {
  db.transaction(() => {
    prepare(
      db,
      `INSERT INTO readiness_probe (id, checked_at) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
    ).run(at.toISOString())
  }).immediate()
}
