/**
 * The outbox relay: a loop in the web process that hands stored-but-unsent leads to the
 * queue, so a lead stored while Redis was down (or while the process died between the
 * commit and the add) still reaches the worker. Each row backs off on its own
 * (OUTBOX_BACKOFF in outbox.ts); while Redis is down the loop does not touch rows at all. When the
 * connection comes back, a pass runs at once and ignores the back-off: every lead that
 * waited for Redis goes out then, instead of on the next tick or after its back-off.
 */
import type { Db } from '../../core/platform/db/connection'
import { findLeadIdsToEnqueue } from '../../core/leads'
import type { Logger } from '../../core/platform/logger'
import { startScheduler } from '../../core/platform/scheduler'
import type { LeadProducer } from './producer'
import { handOverLead } from './outbox'

const RELAY_INTERVAL_MS = 2000
const RELAY_BATCH_SIZE = 100
const MAX_BATCHES_PER_PASS = 50

export interface OutboxRelay {
  /** Runs one pass now (tests, and start-up); resolves with the number of leads handed over. */
  runOnce(opts?: { ignoreBackoff?: boolean }): Promise<number>
  /** Stops the loop and waits for a pass in progress. */
  stop(): Promise<void>
}

export function startOutboxRelay(deps: {
  db: Db
  producer: LeadProducer
  logger: Logger
  intervalMs?: number
}): OutboxRelay {
  const logger = deps.logger.child({ component: 'outbox-relay' })

  async function pass(ignoreBackoff: boolean): Promise<number> {
    if (!deps.producer.isReady()) return 0
    // Ignoring the back-off also takes rows whose request is still handing them over;
    // adding those twice is harmless (same job id).
    // (Year 9999, not the largest Date: ISO strings compare as text, and +275760-… sorts first.)
    const dueBy = ignoreBackoff ? new Date('9999-12-31T23:59:59.999Z') : new Date()
    let sent = 0
    // Batch after batch while the queue takes them; bounded by the rows waiting now.
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS && !loop.isStopped(); batch++) {
      const ids = findLeadIdsToEnqueue(deps.db, dueBy, RELAY_BATCH_SIZE)
      let sentThisBatch = 0
      for (const id of ids) {
        if (loop.isStopped()) break
        if (await handOverLead({ ...deps, logger }, id)) sentThisBatch += 1
      }
      sent += sentThisBatch
      if (ids.length < RELAY_BATCH_SIZE || sentThisBatch < ids.length) break
    }
    if (sent > 0) logger.info({ count: sent }, 'relayed pending leads to the queue')
    return sent
  }

  const loop = startScheduler({
    intervalMs: deps.intervalMs ?? RELAY_INTERVAL_MS,
    pass: (opts: { ignoreBackoff?: boolean } | undefined) => pass(opts?.ignoreBackoff ?? false),
    resultOnError: 0,
    logger,
    errorMessage: 'outbox relay pass failed',
  })
  // Redis is back: hand over everything that waited for it now, not after its back-off.
  deps.producer.onReady(() => {
    if (!loop.isStopped()) void loop.runOnce({ ignoreBackoff: true })
  })
  return { runOnce: loop.runOnce, stop: loop.stop }
}
