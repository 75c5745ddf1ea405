/**
 * Readiness checks of the lead pipeline for GET /readyz. A lead can be accepted as long
 * as the database takes writes; Redis being away only delays delivery, so the queue
 * check degrades instead of failing (a load balancer keeps sending visitors).
 */
import type { Db } from '../../core/platform/db/connection'
import { countLeads, touchReadinessProbe } from '../../core/leads'
import {
  countFailedNotifications,
  countLeadsWithFailedNotifications,
  countUndeliveredLeads,
} from '../../core/notifications'
import { countStormEvents, radarRefreshHealth, readRefreshState, stormDataThrough } from '../../core/storms'
import { BOOKINGS_GRACE_MS, countBookingTrouble } from '../../core/bookings'
import type { ReadinessCheck } from '../http/health'
import type { LeadProducer } from './producer'

export const QUEUE_UNAVAILABLE =
  'queue unavailable: leads are stored and will be delivered when Redis is back'
export const QUEUE_DISABLED = 'queue disabled: REDIS_URL not set'

export function createDatabaseCheck(db: Db): ReadinessCheck {
  return {
    name: 'database',
    check: async () => {
      touchReadinessProbe(db, new Date())
      return { status: 'ok' }
    },
  }
}

export function createQueueCheck(producer: LeadProducer | undefined): ReadinessCheck {
  return {
    name: 'queue',
    check: async () => {
      if (!producer) return { status: 'degraded', detail: QUEUE_DISABLED }
      return producer.isReady() ? { status: 'ok' } : { status: 'degraded', detail: QUEUE_UNAVAILABLE }
    },
  }
}

/**
 * How long a stored lead may take to reach every configured channel before /readyz counts
 * it as undelivered: the worker's reconciler picks up a lost lead within this time, so a
 * lead counted here has been missed at least once or is waiting on a retry.
 */
const DELIVERY_GRACE_MS = 2 * 60_000

/**
 * Lead delivery as the worker recorded it in the shared database: leads not settled past
 * the grace period (no worker, Redis lost the job and the worker is down, a channel
 * retrying) and failed notifications to the contractor, with the number of leads they belong
 * to. Degraded while either is non-zero;
 * never a failure, since the site still takes leads. A failed notification to a homeowner
 * (the autoreply to a mistyped address) is counted apart and does not degrade: nothing an
 * operator can fix. Whom a channel reaches is what the worker registered for it. Spam in
 * quarantine is counted too (`quarantined`), and never degrades: it is held back on purpose.
 */
export function createDeliveryCheck(db: Db, graceMs = DELIVERY_GRACE_MS): ReadinessCheck {
  return {
    name: 'delivery',
    check: async () => {
      const undelivered = countUndeliveredLeads(db, new Date(Date.now() - graceMs))
      const failedTo = countFailedNotifications(db)
      const failed = failedTo.contractor
      const counts = {
        undelivered,
        failedNotifications: failed,
        // The leads behind them: one lead whose e-mail and webhook both failed is one lead.
        leadsWithFailedNotifications: countLeadsWithFailedNotifications(db),
        failedToHomeowners: failedTo.homeowner,
        // Spam held back (docs/spam.md): counted so a surge shows, but never "undelivered".
        quarantined: countLeads(db, null, { quarantine: true }),
      }
      if (undelivered === 0 && failed === 0) return { status: 'ok', counts }
      const problems = [
        undelivered ? `${undelivered} lead(s) not delivered after ${Math.round(graceMs / 1000)} s` : '',
        failed
          ? `${failed} failed notification(s) to the contractor, of ${counts.leadsWithFailedNotifications} lead(s)`
          : '',
      ].filter(Boolean)
      return { status: 'degraded', detail: `${problems.join('; ')}: see the worker log`, counts }
    },
  }
}

/**
 * The lead's life after the form (docs/bookings.md): booking events the worker has not handled
 * within two minutes of being stored, and the office's booking notices and nudges (e-mail or
 * text) that failed or are overdue. Degraded while any is non-zero, never a failure: the site
 * still takes leads and bookings, and the events wait on disk.
 */
export function createBookingsCheck(db: Db, graceMs = BOOKINGS_GRACE_MS): ReadinessCheck {
  return {
    name: 'bookings',
    check: async () => {
      const counts = countBookingTrouble(db, new Date(), graceMs)
      const problems = [
        counts.unhandledEvents
          ? `${counts.unhandledEvents} booking event(s) not handled by the worker after ${Math.round(graceMs / 1000)} s`
          : '',
        counts.failedMessages ? `${counts.failedMessages} failed notice(s) to the office` : '',
        counts.lateMessages ? `${counts.lateMessages} notice(s) to the office overdue` : '',
      ].filter(Boolean)
      if (!problems.length) return { status: 'ok', counts: { ...counts } }
      return {
        status: 'degraded',
        detail: `${problems.join('; ')}: see the worker log`,
        counts: { ...counts },
      }
    },
  }
}

/**
 * The storm data the hail reports are made from (docs/storm-data.md): how many storm events
 * are stored, how far NCEI's final records and SPC's preliminary reports go, the worker's last
 * refresh with its outcome, and the storm days whose file failed (`radar`: how many, the newest
 * with its reason, and why the last refresh stopped asking, when it did). Always ok: storm data never stops a lead. After a failed
 * refresh the reports use the data stored before it, and the worker tries again sooner.
 */
export function createStormDataCheck(db: Db): ReadinessCheck {
  return {
    name: 'stormData',
    check: async () => {
      const last = readRefreshState(db)
      const lastRefresh = last && {
        at: last.finishedAt ?? last.startedAt,
        outcome: last.outcome ?? 'running',
        detail: last.detail ?? null,
        // While one runs, the next is not known yet.
        nextAt: (last.outcome && last.nextAt) ?? null,
      }
      return {
        status: 'ok',
        counts: { events: countStormEvents(db) },
        info: { ...stormDataThrough(db), lastRefresh: lastRefresh ?? null, radar: radarRefreshHealth(db) },
      }
    },
  }
}
