/**
 * The worker's record of each lead it received. One row per submission however often
 * the job runs (retries, a relay re-add after the job was removed, a redelivery after a
 * crash): the primary key on submission_id makes recording idempotent.
 */
import type { Db } from './connection'
import { prepare } from './prepare'

export interface DeliveryRow {
  submission_id: string
  job_id: string
  attempts: number
  recorded_at: string
}

export function recordDelivery(db: Db, d: { submissionId: string; jobId: string; at: Date }): void {
  db.transaction(() => {
    prepare(
      db,
      `INSERT INTO lead_deliveries (submission_id, job_id, attempts, recorded_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (submission_id) DO UPDATE SET attempts = attempts + 1`,
    ).run(d.submissionId, d.jobId, d.at.toISOString())
  }).immediate()
}

export function findDeliveries(db: Db, submissionId: string): DeliveryRow[] {
  return prepare(db, 'SELECT * FROM lead_deliveries WHERE submission_id = ?').all(
    submissionId,
  ) as DeliveryRow[]
}
