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
import type { Db } from '../server/core/db/connection'
import { findUnplannedSubmissionIds } from '../server/core/db/notifications'
import type { Logger } from '../server/core/logger'
import type { Notifier } from './notifications/notifier'

const BATCH_SIZE = 100
/** The job id recorded in lead_deliveries for a lead the reconciler picked up itself. */
const RECONCILER_JOB_ID = 'reconciler'

export interface Reconciler {
  /** Runs one pass now (tests, start-up); resolves with what it did. */
  runOnce(): Promise<{ picked: number; driven: number }>
  stop(): Promise<void>
}

export function startReconciler(deps: {
  db: Db
  notifier: Notifier
  logger: Logger
  graceMs: number
  intervalMs: number
}): Reconciler {
  const logger = deps.logger.child({ component: 'reconciler' })
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<{ picked: number; driven: number }> | undefined

  async function pass() {
    const storedBefore = new Date(Date.now() - deps.graceMs)
    const lost = findUnplannedSubmissionIds(deps.db, storedBefore, BATCH_SIZE)
    for (const submissionId of lost) {
      if (stopped) break
      logger.warn(
        { submissionId },
        'lead not handled by a queue job within the grace period; delivering it now',
      )
      await deps.notifier.deliverLead(submissionId, RECONCILER_JOB_ID)
    }
    const driven = stopped ? 0 : await deps.notifier.driveDue(BATCH_SIZE)
    return { picked: lost.length, driven }
  }

  function runOnce() {
    running ??= pass()
      .catch((err: unknown) => {
        logger.error({ err }, 'reconciler pass failed; next pass retries')
        return { picked: 0, driven: 0 }
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => void runOnce().finally(schedule), deps.intervalMs)
  }
  // A first pass at start-up: whatever a previous run left is picked up at once.
  void runOnce().finally(schedule)

  return {
    runOnce,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
