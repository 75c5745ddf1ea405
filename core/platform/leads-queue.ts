/**
 * The lead queue's contract, shared by the producer (web process) and the worker, so
 * both sides agree on names, job data and retry policy.
 * Job data carries the lead's id only, never the lead's personal data: Redis is
 * not where leads live, and a job dumped in a log or a dashboard reveals nobody.
 */
import { z } from 'zod'
import type { DefaultJobOptions } from 'bullmq'

export const LEADS_QUEUE_NAME = 'leads'
export const LEAD_RECEIVED_JOB = 'lead.received'

export const LeadJobDataSchema = z.object({ leadId: z.uuid() }).strict()
export type LeadJobData = z.infer<typeof LeadJobDataSchema>

/**
 * A fixed job id per lead makes the outbox relay's re-adds harmless: BullMQ
 * ignores an add whose id already exists (for as long as the job is kept, see below).
 */
export function leadJobId(leadId: string): string {
  return `lead-${leadId}`
}

const HOUR_S = 60 * 60

export const LEAD_JOB_OPTIONS = {
  // 8 attempts with exponential back-off from 5 s: the last retry is ~10 minutes after
  // the first failure, enough to ride out a restart of whatever the worker calls.
  attempts: 8,
  backoff: { type: 'exponential', delay: 5000 },
  // Completed jobs are kept a week so a late relay re-add is deduplicated by job id
  // (the worker's record is idempotent anyway); failed ones a month, for inspection.
  removeOnComplete: { age: 7 * 24 * HOUR_S, count: 10_000 },
  removeOnFail: { age: 30 * 24 * HOUR_S },
} satisfies DefaultJobOptions
