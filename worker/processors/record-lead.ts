/**
 * Processor of 'lead.received' jobs: records the worker's receipt of the lead, then delivers
 * it on every channel. Idempotent: however often a job runs (retries, redelivery after a
 * crash, a relay re-add), the lead has one row in lead_receipts and each channel is sent
 * once (its state lives in lead_notifications).
 */
import { UnrecoverableError, type Job } from 'bullmq'
import type { Db } from '../../core/platform/db/connection'
import { leadExists } from '../../core/leads'
import { type Notifier } from '../../core/notifications'
import type { Logger } from '../../core/platform/logger'
import { LeadJobDataSchema } from '../../core/platform/leads-queue'

export function createRecordLeadProcessor(deps: { db: Db; logger: Logger; notifier: Notifier }) {
  return async function recordLead(job: Job): Promise<void> {
    const parsed = LeadJobDataSchema.safeParse(job.data)
    // A malformed job will never get better: fail it without retries.
    if (!parsed.success) throw new UnrecoverableError('job data is not {leadId: uuid}')
    const { leadId } = parsed.data
    if (!leadExists(deps.db, leadId)) {
      // The web process commits before it enqueues, so this means the worker reads another
      // database file (DATABASE_PATH differs between the containers): retrying cannot help.
      throw new UnrecoverableError(`lead ${leadId} is not in this database`)
    }
    const jobId = job.id ?? ''
    // Channel failures are recorded per channel and retried by the reconciler; only a
    // database error gets here as an exception, and then the job's own retries apply.
    await deps.notifier.deliverLead(leadId, jobId)
    deps.logger.info({ leadId, jobId: job.id, attempt: job.attemptsMade + 1 }, 'lead recorded')
  }
}
