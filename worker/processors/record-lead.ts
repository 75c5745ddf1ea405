/**
 * Processor of 'lead.received' jobs: records that the worker has the lead, then delivers
 * it (e-mail, webhook, autoreply). Idempotent: however often a job runs (retries,
 * redelivery after a crash, a relay re-add), the submission has one row in
 * lead_deliveries and each channel is sent once (its state lives in lead_notifications).
 */
import { UnrecoverableError, type Job } from 'bullmq'
import type { Db } from '../../core/db/connection'
import { submissionExists } from '../../core/db/submissions'
import type { Logger } from '../../core/logger'
import type { Notifier } from '../notifications/notifier'
import { LeadJobDataSchema } from '../../core/leads-queue'

export function createRecordLeadProcessor(deps: { db: Db; logger: Logger; notifier: Notifier }) {
  return async function recordLead(job: Job): Promise<void> {
    const parsed = LeadJobDataSchema.safeParse(job.data)
    // A malformed job will never get better: fail it without retries.
    if (!parsed.success) throw new UnrecoverableError('job data is not {submissionId: uuid}')
    const { submissionId } = parsed.data
    if (!submissionExists(deps.db, submissionId)) {
      // The web process commits before it enqueues, so this means the worker reads another
      // database file (DATABASE_PATH differs between the containers): retrying cannot help.
      throw new UnrecoverableError(`submission ${submissionId} is not in this database`)
    }
    const jobId = job.id ?? ''
    // Channel failures are recorded per channel and retried by the reconciler; only a
    // database error gets here as an exception, and then the job's own retries apply.
    await deps.notifier.deliverLead(submissionId, jobId)
    deps.logger.info({ submissionId, jobId: job.id, attempt: job.attemptsMade + 1 }, 'lead recorded')
  }
}
