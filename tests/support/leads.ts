/** Leads written straight into a database file, for tests of backups and site-admin. */
import { randomUUID } from 'node:crypto'
import type { Db } from '../../core/db/connection'
import { recordDelivery } from '../../core/db/deliveries'
import { insertSubmission, type NewSubmission } from '../../core/db/submissions'

export function addLead(db: Db, fields: Partial<NewSubmission> = {}, recorded = false): string {
  const id = fields.id ?? randomUUID()
  const createdAt = fields.createdAt ?? new Date()
  insertSubmission(db, {
    id,
    firstName: 'Dana',
    lastName: 'Reyes',
    email: `${id}@example.com`,
    phone: '(303) 555-0199',
    address: '1450 Elm Street, Denver, CO 80220',
    message: null,
    formType: 'contact',
    sourcePath: '/contact',
    nextAttemptAt: createdAt,
    ...fields,
    createdAt,
  })
  if (recorded) recordDelivery(db, { submissionId: id, jobId: `lead-${id}`, at: new Date() })
  return id
}
