/**
 * The worker's receipt of each lead it took (lead_receipts, docs/glossary.md). One row per
 * lead however often a job runs (retries, a relay re-add after the job was removed, a
 * redelivery after a crash): the primary key on lead_id makes recording idempotent.
 */
import type { Db } from '../platform/db/connection'
import type { LeadReceipt } from './store'
import { prepare } from '../platform/db/prepare'

export function recordReceipt(db: Db, r: { leadId: string; jobId: string; at: Date }): void {
  db.transaction(() => {
    prepare(
      db,
      `INSERT INTO lead_receipts (lead_id, job_id, attempts, recorded_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (lead_id) DO UPDATE SET attempts = attempts + 1`,
    ).run(r.leadId, r.jobId, r.at.toISOString())
  }).immediate()
}

export function findReceipt(db: Db, leadId: string): LeadReceipt | undefined {
  const row = prepare(db, 'SELECT job_id, attempts, recorded_at FROM lead_receipts WHERE lead_id = ?').get(
    leadId,
  ) as { job_id: string; attempts: number; recorded_at: string } | undefined
  return row && { jobId: row.job_id, runs: row.attempts, recordedAt: row.recorded_at }
}
