/**
 * Queries on form_submissions, one row per lead (the product's table name; the code calls it
 * a lead, docs/glossary.md). Each takes the db first and uses prepared statements; every write
 * runs in an IMMEDIATE transaction (takes the write lock up front, so it waits on busy_timeout
 * instead of failing half-way).
 *
 * A row leaves this module only as a `Lead`, made by toLead(): camelCase, the fields by the
 * lead-field table (shared/lead-fields.ts), whose columns are also what insertLead() writes.
 */
import type { FormType } from '../../shared/enquiry'
import {
  CONSENT_FIELD_NAMES,
  CONSENT_FIELDS,
  LEAD_FIELD_NAMES,
  LEAD_FIELDS,
  wordsKey,
  type ConsentFieldName,
  type ConsentValues,
  type LeadFieldValues,
} from '../../shared/lead-fields'
import type { LeadFormName } from '../../shared/lead-forms'
import type { Db } from '../platform/db/connection'
import { prepare, runImmediate } from '../platform/db/prepare'

/** An enquiry from an e-mail address that already wrote within this window is a duplicate. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * A stored lead: its fields, its consents (each ticked or not, with the words shown beside the
 * box when it was: `stormAlerts`, `stormAlertsWords`), the form it came from, and what the
 * pipeline records on it.
 */
export interface Lead extends LeadFieldValues, ConsentValues {
  id: string
  /** The product's form type (two forms share 'contact'). */
  formType: FormType
  /** The form itself (shared/lead-forms.ts). */
  form: LeadFormName
  /** The page the form was on. */
  sourcePath: string | null
  createdAt: string
  updatedAt: string
  /** The first lead of the same e-mail address within 24 hours, when this one repeats it. */
  duplicateOf: string | null
  /** When Redis took the job; null while the lead waits in the outbox. */
  enqueuedAt: string | null
  enqueueAttempts: number
  nextAttemptAt: string | null
  /** When every notification reached a final state (sent, skipped or failed). */
  settledAt: string | null
  /** The server's spam score and its reasons (core/spam/rules.ts); null before 005. */
  spamScore: number | null
  spamReasons: SpamReasonRecord[]
  /** Set when the score reached the threshold: held back from the office until released. */
  quarantinedAt: string | null
  /** When `site-admin leads not-spam` released it from quarantine. */
  releasedAt: string | null
}

/** One reason a lead scored as it did, as stored in spam_reasons. */
interface SpamReasonRecord {
  code: string
  points: number
  text: string
}

/** What the spam check found: every lead has it, and `quarantine` holds it back. */
export interface SpamCheck {
  score: number
  reasons: SpamReasonRecord[]
  quarantine: boolean
}

/**
 * What storing a lead takes: the fields as the schema passed them, the boxes ticked (absent:
 * not ticked; the words kept with each are the table's, never the client's), and what the
 * pipeline adds.
 */
export interface NewLead extends LeadFieldValues, Partial<Record<ConsentFieldName, boolean>> {
  id: string
  formType: FormType
  form: LeadFormName
  sourcePath: string | null
  createdAt: Date
  /** When the relay may first try to enqueue the row itself. */
  nextAttemptAt: Date
  /** Absent: not checked (leads written by tools and tests). */
  spam?: SpamCheck
  /**
   * SHA-256 (hex) of the key that lets the visitor who sent a hail report form read its
   * summary on the page (core/storms/report-key.ts); absent for other forms.
   */
  reportKeyHash?: string
  /**
   * The lead's reference for the scheduling tool (core/bookings/ref.ts): random, unguessable,
   * sent back with a booking so it finds its lead; absent for leads written by tools and tests.
   */
  bookingRef?: string
}

/** The row as SQLite returns it; it never leaves the db layer. */
export type LeadRow = Record<string, string | number | null>

const FIELD_COLUMNS = LEAD_FIELD_NAMES.map((name) => LEAD_FIELDS[name].column)
const CONSENT_COLUMNS = CONSENT_FIELD_NAMES.flatMap((name) => [
  CONSENT_FIELDS[name].column,
  CONSENT_FIELDS[name].wordsColumn,
])

/** The one mapper from a stored row to a Lead. */
export function toLead(row: LeadRow): Lead {
  const fields = Object.fromEntries(
    LEAD_FIELD_NAMES.map((name) => [name, row[LEAD_FIELDS[name].column] ?? null]),
  ) as LeadFieldValues
  const consents = Object.fromEntries(
    CONSENT_FIELD_NAMES.flatMap((name) => [
      [name, row[CONSENT_FIELDS[name].column] === 1],
      [wordsKey(name), (row[CONSENT_FIELDS[name].wordsColumn] as string | null | undefined) ?? null],
    ]),
  ) as ConsentValues
  return {
    id: row.id as string,
    ...fields,
    ...consents,
    formType: row.form_type as FormType,
    form: row.form as LeadFormName,
    sourcePath: row.source_path as string | null,
    createdAt: row.created_at as string,
    updatedAt: row.updated_at as string,
    duplicateOf: row.duplicate_of as string | null,
    enqueuedAt: row.enqueued_at as string | null,
    enqueueAttempts: row.enqueue_attempts as number,
    nextAttemptAt: row.next_attempt_at as string | null,
    settledAt: row.settled_at as string | null,
    spamScore: row.spam_score as number | null,
    spamReasons: row.spam_reasons ? (JSON.parse(row.spam_reasons as string) as SpamReasonRecord[]) : [],
    quarantinedAt: row.quarantined_at as string | null,
    releasedAt: row.released_at as string | null,
  }
}

const INSERT_LEAD = `INSERT INTO form_submissions
  (id, ${[...FIELD_COLUMNS, ...CONSENT_COLUMNS].join(', ')}, form_type, form, created_at, updated_at,
   source_path, duplicate_of, next_attempt_at, spam_score, spam_reasons, quarantined_at, report_key_hash,
   booking_ref)
  VALUES (${['?', ...FIELD_COLUMNS.map(() => '?'), ...CONSENT_COLUMNS.map(() => '?'), ...Array(12).fill('?')].join(', ')})`

/**
 * The SQL condition "not held in quarantine" (never put there, or released), on the columns of
 * form_submissions under `alias` (none: the columns as they are).
 */
export function notQuarantined(alias?: string): string {
  const c = alias ? `${alias}.` : ''
  return `(${c}quarantined_at IS NULL OR ${c}released_at IS NOT NULL)`
}

/** The SQL condition "held in quarantine": put there by the spam filter and not released. */
export function inQuarantine(alias?: string): string {
  const c = alias ? `${alias}.` : ''
  return `(${c}quarantined_at IS NOT NULL AND ${c}released_at IS NULL)`
}

/** Whether a lead is in quarantine now: held as spam and not released (`inQuarantine` of a lead read). */
export function isQuarantined(lead: Pick<Lead, 'quarantinedAt' | 'releasedAt'>): boolean {
  return lead.quarantinedAt !== null && lead.releasedAt === null
}

/**
 * A lead the office should know of: not in quarantine, or released from it. Every query of
 * the delivery path (relay, reconciler, undelivered counts) and the lead list uses it.
 */
export const NOT_QUARANTINED = notQuarantined()

/**
 * Stores a lead and marks it as a duplicate when the same e-mail arrived in the last 24 hours
 * (the row is kept either way). Check and insert share one IMMEDIATE transaction, so two
 * simultaneous enquiries cannot both look like the first. Returns the id of the original
 * lead, or null.
 */
export function insertLead(db: Db, lead: NewLead): { duplicateOf: string | null } {
  const insert = db.transaction(() => {
    const since = new Date(lead.createdAt.getTime() - DUPLICATE_WINDOW_MS).toISOString()
    // The earliest row in the window; a chain of duplicates all points at its original. Spam
    // in quarantine is no original (a bot using a homeowner's address must not hide them);
    // a quarantined lead itself is marked as a repeat like any other.
    const earlier = prepare(
      db,
      `SELECT COALESCE(duplicate_of, id) AS original FROM form_submissions
       WHERE email = ? AND created_at >= ? AND ${NOT_QUARANTINED} ORDER BY created_at ASC LIMIT 1`,
    ).get(lead.email, since) as { original: string } | undefined
    const duplicateOf = earlier?.original ?? null
    const createdAt = lead.createdAt.toISOString()
    prepare(db, INSERT_LEAD).run(
      lead.id,
      // A field left blank is stored as NULL.
      ...LEAD_FIELD_NAMES.map((name) => lead[name] || null),
      // A ticked box is kept with the words the forms show beside it (shared/lead-fields.ts):
      // the consent on record, with when (created_at) and from which form (form).
      ...CONSENT_FIELD_NAMES.flatMap((name) =>
        lead[name] === true ? [1, CONSENT_FIELDS[name].input.label] : [0, null],
      ),
      lead.formType,
      lead.form,
      createdAt,
      createdAt,
      lead.sourcePath,
      duplicateOf,
      lead.nextAttemptAt.toISOString(),
      lead.spam?.score ?? null,
      lead.spam ? JSON.stringify(lead.spam.reasons) : null,
      lead.spam?.quarantine ? createdAt : null,
      lead.reportKeyHash ?? null,
      lead.bookingRef ?? null,
    )
    return { duplicateOf }
  })
  return insert.immediate()
}

export function findLead(db: Db, id: string): Lead | undefined {
  const row = prepare(db, 'SELECT * FROM form_submissions WHERE id = ?').get(id) as LeadRow | undefined
  return row && toLead(row)
}

export function leadExists(db: Db, id: string): boolean {
  return prepare(db, 'SELECT 1 FROM form_submissions WHERE id = ?').get(id) !== undefined
}

/** Outbox rows the relay should hand to the queue now, oldest first. */
export function findLeadIdsToEnqueue(db: Db, now: Date, limit: number): string[] {
  return (
    prepare(
      db,
      `SELECT id FROM form_submissions
       WHERE enqueued_at IS NULL AND next_attempt_at <= ? AND ${NOT_QUARANTINED}
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

/** The worker's receipt of a lead, as site-admin shows it. */
export interface LeadReceipt {
  /** The queue job's id (`lead-<id>`), or 'reconciler'. */
  jobId: string
  /** How often a job (or the reconciler) handled the lead. */
  runs: number
  recordedAt: string
}

export interface ListedLead extends Lead {
  /** Null until a worker has taken the lead. */
  receipt: LeadReceipt | null
}

const SELECT_LISTED = `
  SELECT s.*, r.recorded_at AS receipt_recorded_at, r.attempts AS receipt_runs, r.job_id AS receipt_job_id
  FROM form_submissions s LEFT JOIN lead_receipts r ON r.lead_id = s.id`

function toListedLead(row: LeadRow): ListedLead {
  return {
    ...toLead(row),
    receipt:
      row.receipt_job_id === null
        ? null
        : {
            jobId: row.receipt_job_id as string,
            runs: row.receipt_runs as number,
            recordedAt: row.receipt_recorded_at as string,
          },
  }
}

/**
 * Leads newest first, from `since` on (all when null), at most `limit` (all when null): the
 * leads the office knows of, or with `quarantine` the spam held back instead.
 */
export function listLeads(
  db: Db,
  opts: { since: Date | null; limit: number | null; quarantine?: boolean },
): ListedLead[] {
  const which = opts.quarantine ? `NOT ${NOT_QUARANTINED}` : NOT_QUARANTINED
  return (
    prepare(
      db,
      `${SELECT_LISTED} WHERE s.created_at >= ? AND ${which} ORDER BY s.created_at DESC, s.id DESC LIMIT ?`,
    ).all(opts.since?.toISOString() ?? '', opts.limit ?? -1) as LeadRow[]
  ).map(toListedLead)
}

/** How many leads (or, with `quarantine`, spam held back) arrived from `since` on. */
export function countLeads(db: Db, since: Date | null, opts: { quarantine?: boolean } = {}): number {
  const which = opts.quarantine ? `NOT ${NOT_QUARANTINED}` : NOT_QUARANTINED
  return (
    prepare(db, `SELECT COUNT(*) AS n FROM form_submissions WHERE created_at >= ? AND ${which}`).get(
      since?.toISOString() ?? '',
    ) as { n: number }
  ).n
}

/**
 * Releases a quarantined lead: it becomes a lead like any other, due for the relay at once
 * (which hands it to the queue; the worker then notifies every channel). False when it was
 * not in quarantine (never, or released already), so a second release delivers nothing twice.
 */
export function releaseLead(db: Db, id: string, at: Date): boolean {
  const iso = at.toISOString()
  return (
    runImmediate(
      db,
      `UPDATE form_submissions SET released_at = ?, next_attempt_at = ?, updated_at = ?
       WHERE id = ? AND ${inQuarantine()}`,
      iso,
      iso,
      iso,
      id,
    ) === 1
  )
}

/**
 * Deletes spam held in quarantine since before `before` (never a released lead). Returns how
 * many; the rows have no notifications or receipts, as they were never handed over.
 */
export function purgeQuarantined(db: Db, before: Date): number {
  return runImmediate(
    db,
    `DELETE FROM form_submissions
     WHERE ${inQuarantine()} AND quarantined_at < ?
       AND id NOT IN (SELECT lead_id FROM lead_notifications)
       AND id NOT IN (SELECT lead_id FROM lead_receipts)`,
    before.toISOString(),
  )
}

/** Leads whose id is `idOrPrefix` or starts with it (so the first 8 characters are enough). */
export function findLeadsByIdPrefix(db: Db, idOrPrefix: string): ListedLead[] {
  const escaped = idOrPrefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)
  return (
    prepare(db, `${SELECT_LISTED} WHERE s.id LIKE ? ESCAPE '\\' ORDER BY s.created_at DESC LIMIT 10`).all(
      `${escaped}%`,
    ) as LeadRow[]
  ).map(toListedLead)
}
