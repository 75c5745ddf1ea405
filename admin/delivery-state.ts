/**
 * How far each lead got on its way to the contractor, as site-admin shows it: the columns that
 * `leads list`, `leads show` and `leads export` print after a lead's own fields, and what
 * `leads retry` does.
 *
 * The worker first records the lead (lead_deliveries), then drives each notification channel
 * to a final state of its own (lead_notifications: sent, failed or skipped; pending while it
 * is being tried). A new channel shows up here by being added to CHANNEL_COLUMNS.
 */
import type { Db } from '../core/db/connection'
import {
  listNotificationStates,
  retryFailedNotifications as markFailedForRetry,
  type Channel,
  type NotificationState,
} from '../core/db/notifications'
import type { LeadRow } from './lead-queries'

export interface DeliveryColumn {
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
  values(lead: LeadRow): Record<string, string>
}

const CHANNEL_COLUMNS: readonly { channel: Channel; key: string; label: string }[] = [
  { channel: 'owner_email', key: 'email_to_office', label: 'e-mail to office' },
  { channel: 'webhook', key: 'webhook', label: 'webhook' },
  { channel: 'autoreply', key: 'autoreply', label: 'autoreply' },
]

/** One channel's state in words: `sent`, `failed: <reason>`, `pending (2 tries, next …)`, `skipped`. */
function describeChannel(state: NotificationState | undefined): string {
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

export function readDeliveryState(db: Db, leads: readonly LeadRow[]): DeliveryState {
  const states = listNotificationStates(
    db,
    leads.map((l) => l.id),
  )
  return {
    columns: [
      { key: 'recorded_at', label: 'recorded by worker', time: true },
      ...CHANNEL_COLUMNS.map(({ key, label }) => ({ key, label })),
    ],
    values: (lead) => {
      const byChannel = new Map((states[lead.id] ?? []).map((s) => [s.channel, s]))
      return {
        recorded_at: lead.recorded_at ?? '',
        ...Object.fromEntries(
          CHANNEL_COLUMNS.map(({ channel, key }) => [key, describeChannel(byChannel.get(channel))]),
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
export function retryFailedNotifications(db: Db, now: Date, lead?: LeadRow): RetryOutcome {
  const count = markFailedForRetry(db, now, lead?.id)
  const scope = lead ? ` of lead ${lead.id}` : ''
  if (count === 0) return { ok: true, lines: [`No failed notifications${scope}: nothing to retry.`] }
  return {
    ok: true,
    lines: [
      `${count} failed notification${count === 1 ? '' : 's'}${scope} handed back to the worker; it tries again within seconds.`,
      'Check with `site-admin leads list` (or /readyz): a notification that fails again shows its new reason.',
    ],
  }
}
