/**
 * Accepting an enquiry: store the row (the lead is safe from here on), then try once to
 * hand it to the queue within a bounded wait. The visitor's answer depends only on the
 * first step: a queue failure never fails the request (docs/decisions/004-lead-outbox.md).
 */
import { randomUUID } from 'node:crypto'
import type { Enquiry } from '../../shared/enquiry'
import type { Db } from '../../core/db/connection'
import { insertSubmission } from '../../core/db/submissions'
import type { Logger } from '../../core/logger'
import type { LeadProducer } from './producer'
import { handOverSubmission } from './outbox'

/**
 * The request hands the row over itself; the relay leaves it alone this long, so the
 * two do not race for a fresh row. After that the row is fair game (e.g. the process
 * died between the commit and the add).
 */
const RELAY_GRACE_MS = 5000

export async function storeEnquiry(
  deps: { db: Db; producer?: LeadProducer; logger: Logger },
  enquiry: Enquiry,
): Promise<string> {
  const id = randomUUID()
  const now = new Date()
  const { duplicateOf } = insertSubmission(deps.db, {
    id,
    firstName: enquiry.firstName,
    lastName: enquiry.lastName,
    email: enquiry.email,
    phone: enquiry.phone,
    address: enquiry.address,
    message: enquiry.message ? enquiry.message : null,
    formType: enquiry.formType,
    sourcePath: enquiry.sourcePath ?? null,
    createdAt: now,
    nextAttemptAt: new Date(now.getTime() + RELAY_GRACE_MS),
  })
  deps.logger.info(
    { submissionId: id, formType: enquiry.formType, duplicateOf: duplicateOf ?? undefined },
    'enquiry stored',
  )
  if (deps.producer) await handOverSubmission({ ...deps, producer: deps.producer }, id)
  return id
}
