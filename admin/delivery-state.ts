/**
 * How far each lead got on its way to the contractor, as site-admin shows it: the columns that
 * `leads list`, `leads show` and `leads export` print after a lead's own fields, and what
 * `leads retry` does.
 *
 * The worker first records its receipt of the lead (lead_receipts), then drives each
 * notification channel to a final state of its own (lead_notifications: sent, failed or
 * skipped; pending while it is being tried). The channels are those the worker registered
 * (notification_channels): a new channel shows up here without this file knowing its name.
 */
import type { Db } from '../core/platform/db/connection'
import { type ListedLead } from '../core/leads'
import {
  listChannels,
  listNotifications,
  retryFailedNotifications as markFailedForRetry,
  type Notification,
} from '../core/notifications'
import { retryFailedMessages } from '../core/bookings'

interface DeliveryColumn {
  /** Column name in the CSV export (snake_case, like the lead's own columns). */
  key: string
  /** Heading in `leads list` and label in `leads show`. */
  label: string
  /** The value is an ISO time (printed short in `leads list`). */
  time?: true
}

export interface DeliveryState {
  columns: DeliveryColumn[]
  /** For each lead: column key → value ('' when there is nothing to say yet). */
  values(lead: ListedLead): Record<string, string>
}

/** One channel's state in words: `sent`, `failed: <reason>`, `pending (2 tries, next …)`, `skipped`. */
function describeNotification(state: Notification | undefined): string {
  if (!state) return ''
  const tries = state.attempts === 1 ? '1 try' : `${state.attempts} tries`
  switch (state.status) {
    case 'sent':
      return state.attempts > 1 ? `sent (${tries})` : 'sent'
    case 'failed':
      return `failed after ${tries}: ${state.detail ?? 'no reason recorded'}`
    case 'skipped':
      return `skipped${state.detail ? ` (${state.detail})` : ''}`
    case 'pending':
      return state.nextAttemptAt
        ? `pending (${tries}, next ${state.nextAttemptAt.replace('T', ' ').slice(0, 19)} UTC)`
        : `pending (${tries})`
  }
}

export function readDeliveryState(db: Db, leads: readonly ListedLead[]): DeliveryState {
  const channels = listChannels(db)
  const notifications = listNotifications(
    db,
    leads.map((l) => l.id),
  )
  return {
    columns: [
      { key: 'recorded_at', label: 'recorded by worker', time: true },
      ...channels.map((c) => ({ key: c.exportColumn, label: c.label })),
    ],
    values: (lead) => {
      const byChannel = new Map((notifications[lead.id] ?? []).map((n) => [n.channel, n]))
      return {
        recorded_at: lead.receipt?.recordedAt ?? '',
        ...Object.fromEntries(
          channels.map((c) => [c.exportColumn, describeNotification(byChannel.get(c.id))]),
        ),
      }
    },
  }
}

export interface RetryOutcome {
  /** What to print, one line each. */
  lines: string[]
  /** Exit status 0 (true) or 1. */
  ok: boolean
}

/**
 * `site-admin leads retry [id]`: every failed notification (or those of one lead) goes back
 * to pending, due now; the worker's reconciler picks it up on its next pass (every few
 * seconds) and tries it again with a fresh give-up window.
 */
export function retryFailedNotifications(db: Db, now: Date, lead?: ListedLead): RetryOutcome {
  const count = markFailedForRetry(db, now, lead?.id)
  // The office's booking notices and nudges (docs/bookings.md) go back the same way.
  const notices = retryFailedMessages(db, now, lead?.id)
  const scope = lead ? ` of lead ${lead.id}` : ''
  if (count === 0 && notices === 0)
    return { ok: true, lines: [`No failed notifications${scope}: nothing to retry.`] }
  const lines = [
    count
      ? `${count} failed notification${count === 1 ? '' : 's'}${scope} handed back to the worker; it tries again within seconds.`
      : '',
    notices
      ? `${notices} failed notice${notices === 1 ? '' : 's'} to the office (bookings, nudges)${scope} handed back to the worker; it tries again within a second.`
      : '',
  ].filter(Boolean)
  return {
    ok: true,
    lines: [
      ...lines,
      'Check with `site-admin leads list` (or /readyz): a notification that fails again shows its new reason.',
    ],
  }
}
