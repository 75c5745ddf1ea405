/**
 * What `site-admin storm-alerts` shows: who asked for alerts, and the alerts of a day (or all).
 */
import type { ConsentState } from '../../shared/storm-alerts-consent'
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { mm10ToIn } from '../storms'
import { consentState } from './consent'
import type { AlertOutcome } from './types'

export interface Subscriber {
  leadId: string
  email: string
  address: string | null
  /** When the homeowner ticked the box (the lead's created_at). */
  since: string
  form: string
  /** Whether the address confirmed (asked, confirmed, or lapsed unconfirmed), and when it confirmed. */
  consent: Exclude<ConsentState, 'not-asked'>
  confirmedAt: string | null
  /** When the address stopped its alerts, and how; null while it gets them. */
  stopped: { at: string; how: string } | null
}

/**
 * Every lead that ticked the box, newest first, with whether its address confirmed and whether
 * it stopped the alerts.
 */
export function listSubscribers(db: Db, now: Date): Subscriber[] {
  const rows = prepare(
    db,
    `SELECT f.id, f.email, f.address, f.created_at, f.form, k.confirmed_at, s.stopped_at, s.how
     FROM form_submissions f LEFT JOIN storm_alert_stops s ON s.email = f.email
       LEFT JOIN storm_alert_confirmations k ON k.email = f.email
     WHERE f.storm_alerts = 1 ORDER BY f.created_at DESC`,
  ).all() as {
    id: string
    email: string
    address: string | null
    created_at: string
    form: string
    confirmed_at: string | null
    stopped_at: string | null
    how: string | null
  }[]
  return rows.map((r) => {
    const consent = consentState(true, r.created_at, r.confirmed_at, now) as Subscriber['consent']
    return {
      leadId: r.id,
      email: r.email,
      address: r.address,
      since: r.created_at,
      form: r.form,
      consent,
      confirmedAt: consent === 'confirmed' ? r.confirmed_at : null,
      stopped: r.stopped_at ? { at: r.stopped_at, how: r.how ?? '' } : null,
    }
  })
}

export interface ListedAlert {
  day: string
  leadId: string
  email: string
  hailIn: number
  status: AlertOutcome['status']
  attempts: number
  detail: string | null
  updatedAt: string
}

/** The alerts of `day` (or of every day), newest day first. */
export function listStormAlerts(db: Db, day?: string): ListedAlert[] {
  const rows = prepare(
    db,
    `SELECT day, lead_id, email, hail_mm10, status, attempts, detail, updated_at FROM storm_alerts
     WHERE (? IS NULL OR day = ?) ORDER BY day DESC, created_at`,
  ).all(day ?? null, day ?? null) as {
    day: string
    lead_id: string
    email: string
    hail_mm10: number
    status: AlertOutcome['status']
    attempts: number
    detail: string | null
    updated_at: string
  }[]
  return rows.map((r) => ({
    day: r.day,
    leadId: r.lead_id,
    email: r.email,
    hailIn: mm10ToIn(r.hail_mm10),
    status: r.status,
    attempts: r.attempts,
    detail: r.detail,
    updatedAt: r.updated_at,
  }))
}
