/**
 * Read-only queries of site-admin's lead commands. Each takes the db first and uses
 * prepared statements.
 */
import type { Db } from '../core/db/connection'
import { prepare } from '../core/db/prepare'
import type { SubmissionRow } from '../core/db/submissions'

export interface LeadRow extends SubmissionRow {
  /** When the worker recorded the lead (lead_deliveries), or null. */
  recorded_at: string | null
  record_attempts: number | null
  job_id: string | null
}

const SELECT_LEADS = `
  SELECT s.*, d.recorded_at AS recorded_at, d.attempts AS record_attempts, d.job_id AS job_id
  FROM form_submissions s LEFT JOIN lead_deliveries d ON d.submission_id = s.id`

/** Leads newest first, from `since` on (all when null), at most `limit` (all when null). */
export function listLeads(db: Db, opts: { since: Date | null; limit: number | null }): LeadRow[] {
  return prepare(
    db,
    `${SELECT_LEADS} WHERE s.created_at >= ? ORDER BY s.created_at DESC, s.id DESC LIMIT ?`,
  ).all(opts.since?.toISOString() ?? '', opts.limit ?? -1) as LeadRow[]
}

export function countLeads(db: Db, since: Date | null): number {
  return (
    prepare(db, 'SELECT COUNT(*) AS n FROM form_submissions WHERE created_at >= ?').get(
      since?.toISOString() ?? '',
    ) as { n: number }
  ).n
}

/** Leads whose id is `idOrPrefix` or starts with it (so the first 8 characters are enough). */
export function findLeadsByIdPrefix(db: Db, idOrPrefix: string): LeadRow[] {
  const escaped = idOrPrefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)
  return prepare(db, `${SELECT_LEADS} WHERE s.id LIKE ? ESCAPE '\\' ORDER BY s.created_at DESC LIMIT 10`).all(
    `${escaped}%`,
  ) as LeadRow[]
}
