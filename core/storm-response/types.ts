/**
 * The storm response's shapes (docs/storm-alerts.md): the homes a storm day's radar hail hit,
 * and what the alerts and the office's briefing did. Plain data only.
 */

/** The default size at a home's cell that counts as a hit: hail that can damage shingles. */
export const DEFAULT_STORM_ALERT_MIN_IN = 1

/**
 * A storm day older than this when its radar lands (the 5-year backfill, an import of old
 * files) is recorded as answered without alerts or briefing: news of a storm weeks ago is no
 * alert, and the office would get hundreds of briefings.
 */
export const STORM_RESPONSE_MAX_AGE_DAYS = 7

/** The words beside the forms' checkbox, exactly as shown, and kept with each consent. */
export { STORM_ALERTS_LABEL } from '../../shared/lead-fields'

/** A lead whose home's radar cell had hail of at least the alert size on a storm day. */
export interface HitHome {
  leadId: string
  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
  /** The form it came from (shared/lead-forms.ts) and when it was sent (ISO). */
  form: string
  createdAt: string
  /** Whether the homeowner ticked "Tell me when radar sees hail at this address". */
  stormAlerts: boolean
  /** When the lead's address confirmed its storm alerts (ISO), or null (consent.ts). */
  confirmedAt: string | null
  /**
   * How the home was placed: by its street address, or only by its ZIP code's or city's centre
   * (lead_places.located_by). Only a home placed by its address is told "at your home".
   */
  locatedBy: 'address' | 'zip' | 'city'
  /** The estimate at the home's cell, in inches. */
  hailIn: number
  latitude: number
  longitude: number
}

/** What was done for one home's alert of one day (storm_alerts). */
export interface AlertOutcome {
  /** pending: planned; sending: with the SMTP server (or left so by a worker that stopped). */
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'skipped'
  /** sent: the SMTP server's message id; failed or skipped: why, in words. */
  detail: string | null
}

/** What answering one storm day did (storm_responses). */
export interface StormResponse {
  day: string
  homesHit: number
  alertsSent: number
  briefing: { status: 'sent' | 'failed' | 'skipped'; detail: string }
}
