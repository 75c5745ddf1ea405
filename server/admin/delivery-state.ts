/**
 * How far each lead got on its way to the contractor, as site-admin shows it: the columns that
 * `leads list`, `leads show` and `leads export` print after a lead's own fields, and what
 * `leads retry` does.
 *
 * This is the one place to extend when notification channels (e-mail to the office, webhook,
 * …) keep their own per-lead state: add a column per channel to readDeliveryState and fill in
 * retryFailedNotifications; the commands themselves need no change.
 */
import type { Db } from '../db/connection'
import type { LeadRow } from './lead-queries'

export interface DeliveryColumn {
  /** Column name in the CSV export (snake_case, like the lead's own columns). */
  key: string
  /** Heading in `leads list` and label in `leads show`. */
  label: string
}

export interface DeliveryState {
  columns: DeliveryColumn[]
  /** For each lead id: column key → value ('' when there is nothing to say). */
  values(lead: LeadRow): Record<string, string>
}

/** Today's only delivery step: the worker has the lead (it recorded it in lead_deliveries). */
export function readDeliveryState(_db: Db, _leads: readonly LeadRow[]): DeliveryState {
  return {
    columns: [{ key: 'recorded_at', label: 'recorded by worker' }],
    values: (lead) => ({ recorded_at: lead.recorded_at ?? '' }),
  }
}

export interface RetryOutcome {
  /** What to print, one line each. */
  lines: string[]
  /** Whether anything was handed back for another try (exit status 0) or could not be (1). */
  ok: boolean
}

/**
 * `site-admin leads retry`: gives failed notifications another try. This version has no
 * per-channel notification state to retry (the worker records each lead, and BullMQ retries
 * that itself), so it says so and exits non-zero rather than pretending to have retried.
 */
export async function retryFailedNotifications(_db: Db): Promise<RetryOutcome> {
  return {
    ok: false,
    lines: [
      'Nothing was retried: this version of the site keeps no per-channel notification state yet.',
      'Leads are stored and recorded by the worker, which retries on its own; `site-admin leads list` shows each one.',
    ],
  }
}
