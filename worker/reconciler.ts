/**
 * The reconciler: what makes "never lost" true from the web's 201 to the contractor. The
 * job in Redis is the fast path; this loop, in the worker, works from SQLite alone:
 *
 * - leads stored more than the grace period ago that no worker has handled (their job
 *   vanished with a Redis flush or restore, failed for good, or the worker died before
 *   handling it) are recorded and delivered here directly, without a new job, so a job id
 *   BullMQ still keeps as completed or failed cannot swallow them;
 * - pending channels whose retry is due, or whose claim was left by a dead process, are
 *   attempted again.
 *
 * Bounded: each pass takes at most a batch of each; a permanent failure ends a channel,
 * so nothing is attempted forever.
 */
import type { Db } from '../core/platform/db/connection'
import { findUnplannedLeadIds, type Notifier } from '../core/notifications'
import type { Logger } from '../core/platform/logger'
import { startScheduler, type TimedJob } from '../core/platform/scheduler'
const BATCH_SIZE = 100
/** The job id recorded in lead_receipts for a lead the reconciler picked up itself. */
const RECONCILER_JOB_ID = 'reconciler'

/** What one pass did: leads it picked up itself, and due channels it attempted. */
interface PassResult {
  picked: number
  driven: number
}

/** runOnce runs one pass now (tests, start-up) and resolves with what it did. */
export type Reconciler = TimedJob<PassResult>

export function startReconciler(deps: {
  db: Db
  notifier: Notifier
  logger: Logger
  graceMs: number
  intervalMs: number
}): Reconciler {
  const logger = deps.logger.child({ component: 'reconciler' })

  async function pass(): Promise<PassResult> {
    const storedBefore = new Date(Date.now() - deps.graceMs)
    const lost = findUnplannedLeadIds(deps.db, storedBefore, BATCH_SIZE)
    for (const leadId of lost) {
      if (loop.isStopped()) break
      logger.warn({ leadId }, 'lead not handled by a queue job within the grace period; delivering it now')
      await deps.notifier.deliverLead(leadId, RECONCILER_JOB_ID)
    }
    const driven = loop.isStopped() ? 0 : await deps.notifier.driveDue(BATCH_SIZE)
    return { picked: lost.length, driven }
  }

  const loop = startScheduler({
    intervalMs: deps.intervalMs,
    pass,
    resultOnError: { picked: 0, driven: 0 },
    logger,
    errorMessage: 'reconciler pass failed; next pass retries',
    // A first pass at start-up: whatever a previous run left is picked up at once.
    first: 'now',
  })
  return { runOnce: () => loop.runOnce(), stop: loop.stop }
}
