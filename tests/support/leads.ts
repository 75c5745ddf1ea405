/** Leads written straight into a database file, for tests of backups and site-admin. */
import { randomUUID } from 'node:crypto'
import {
  isOptionalField,
  LEAD_FIELD_NAMES,
  type LeadFieldName,
  type LeadFieldValues,
} from '../../shared/lead-fields'
import type { Db } from '../../core/platform/db/connection'
import { insertLead, type NewLead } from '../../core/leads/store'
import { recordReceipt } from '../../core/leads/receipts'

/** A homeowner's fields; a field of the table not named here gets a sample value of its own. */
function sampleFields(id: string): LeadFieldValues {
  const known: Partial<Record<LeadFieldName, string | null>> = {
    firstName: 'Dana',
    lastName: 'Reyes',
    email: `${id}@example.com`,
    phone: '(303) 555-0199',
    address: '1450 Elm Street, Denver, CO 80220',
    message: null,
  }
  return Object.fromEntries(
    LEAD_FIELD_NAMES.map((name) => [
      name,
      name in known ? known[name] : isOptionalField(name) ? null : `sample ${name}`,
    ]),
  ) as LeadFieldValues
}

export function addLead(db: Db, fields: Partial<NewLead> = {}, recorded = false): string {
  const id = fields.id ?? randomUUID()
  const createdAt = fields.createdAt ?? new Date()
  insertLead(db, {
    id,
    ...sampleFields(id),
    formType: 'contact',
    form: 'contact_page',
    sourcePath: '/contact',
    nextAttemptAt: createdAt,
    ...fields,
    createdAt,
  })
  if (recorded) recordReceipt(db, { leadId: id, jobId: `lead-${id}`, at: new Date() })
  return id
}

/** The spam score's reason for a filled honeypot field, as a lead's verdict stores it. */
export const HONEYPOT_REASON = { code: 'honeypot', points: 10, text: 'honeypot field filled' } as const
