/**
 * Processor of 'lead.received' jobs: records that the worker has the lead. Idempotent:
 * however often a job runs (retries, redelivery after a crash, a relay re-add), the
 * submission has one row in lead_deliveries.
 */
import { UnrecoverableError, type Job } from 'bullmq'
import type { Db } from '../../server/db/connection'
import { recordDelivery } from '../../server/db/deliveries'
import { submissionExists } from '../../server/db/submissions'
import type { Logger } from '../../server/logger'
import { LeadJobDataSchema } from '../../server/queue/leads-queue'

export function createRecordLeadProcessor(deps: { db: Db; logger: Logger }) {
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
    recordDelivery(deps.db, { submissionId, jobId: job.id ?? '', at: new Date() })
    deps.logger.info({ submissionId, jobId: job.id, attempt: job.attemptsMade + 1 }, 'lead recorded')

    // Notifications (e-mail to the office, CRM hand-off) go here, after the record,
    // each idempotent on submissionId since this function may run more than once.
  }
}
