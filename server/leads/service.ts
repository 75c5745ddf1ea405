/**
 * Storing a lead from an enquiry: store the row (the lead is safe from here on), then try once
 * to hand it to the queue within a bounded wait. The visitor's answer depends only on the
 * first step: a queue failure never fails the request (docs/decisions/004-lead-outbox.md).
 */
import { randomUUID } from 'node:crypto'
import type { Enquiry } from '../../shared/enquiry'
import { CONSENT_FIELD_NAMES, LEAD_FIELD_NAMES, type LeadFieldValues } from '../../shared/lead-fields'
import { FORM_OF_FORM_TYPE, LEAD_FORMS } from '../../shared/lead-forms'
import { makeReportKey } from '../../core/storms'
import { makeBookingRef } from '../../core/bookings'
import type { Db } from '../../core/platform/db/connection'
import { insertLead, type SpamCheck } from '../../core/leads'
import type { Logger } from '../../core/platform/logger'
import type { LeadProducer } from './producer'
import { handOverLead } from './outbox'

/**
 * The request hands the row over itself; the relay leaves it alone this long, so the
 * two do not race for a fresh row. After that the row is fair game (e.g. the process
 * died between the commit and the add).
 */
const RELAY_GRACE_MS = 5000

export async function storeLead(
  deps: { db: Db; producer?: LeadProducer; logger: Logger },
  enquiry: Enquiry,
  /** The spam check (core/spam/rules.ts); a lead in quarantine is not handed over. */
  spam?: SpamCheck,
): Promise<{ id: string; reportKey?: string; bookingRef: string }> {
  const id = randomUUID()
  const now = new Date()
  // The fields as the schema passed them; a field left blank is stored as NULL.
  const fields = Object.fromEntries(
    LEAD_FIELD_NAMES.map((name) => [name, enquiry[name] || null]),
  ) as LeadFieldValues
  // The boxes as ticked; the words kept with a consent are the server's own (insertLead).
  const consents = Object.fromEntries(CONSENT_FIELD_NAMES.map((name) => [name, enquiry[name] === true]))
  // A page loaded before the forms named themselves sends no form: that of its form type.
  const form = enquiry.form ?? FORM_OF_FORM_TYPE[enquiry.formType]
  // A hail report's summary is shown on the page to whoever holds this key (core/storms/report-key.ts).
  const reportKey = LEAD_FORMS[form].hailReport ? makeReportKey() : undefined
  // The lead's reference for the booking page (core/bookings/ref.ts): the scheduling tool sends it back.
  const bookingRef = makeBookingRef()
  const { duplicateOf } = insertLead(deps.db, {
    id,
    ...fields,
    ...consents,
    formType: enquiry.formType,
    form,
    sourcePath: enquiry.sourcePath ?? null,
    createdAt: now,
    nextAttemptAt: new Date(now.getTime() + RELAY_GRACE_MS),
    spam,
    reportKeyHash: reportKey?.hash,
    bookingRef,
  })
  const quarantined = spam?.quarantine === true
  deps.logger.info(
    {
      leadId: id,
      formType: enquiry.formType,
      form,
      duplicateOf: duplicateOf ?? undefined,
      spamScore: spam?.score,
      ...(quarantined ? { quarantined, spamReasons: spam.reasons.map((r) => r.code) } : {}),
    },
    quarantined
      ? 'lead stored in quarantine as spam (not notified; site-admin leads list --spam)'
      : 'lead stored',
  )
  if (deps.producer && !quarantined) await handOverLead({ ...deps, producer: deps.producer }, id)
  return { id, reportKey: reportKey?.key, bookingRef }
}
