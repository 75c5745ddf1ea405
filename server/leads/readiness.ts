/**
 * Readiness checks of the lead pipeline for GET /readyz. A lead can be accepted as long
 * as the database takes writes; Redis being away only delays delivery, so the queue
 * check degrades instead of failing (a load balancer keeps sending visitors).
 */
import type { Db } from '../db/connection'
import { touchReadinessProbe } from '../db/submissions'
import type { ReadinessCheck } from '../http/health'
import type { LeadProducer } from '../queue/producer'

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
