/**
 * The outbox relay: a loop in the web process that hands stored-but-unsent leads to the
 * queue, so a lead stored while Redis was down (or while the process died between the
 * commit and the add) still reaches the worker. Each row backs off on its own
 * (outboxBackoffMs); while Redis is down the loop does not touch rows at all, so when it
 * comes back every waiting lead goes out on the next tick instead of after its back-off.
 */
import type { Db } from '../db/connection'
import { findPendingSubmissionIds } from '../db/submissions'
import type { Logger } from '../logger'
import type { LeadProducer } from '../queue/producer'
import { handOverSubmission } from './outbox'

export const RELAY_INTERVAL_MS = 2000
const RELAY_BATCH_SIZE = 100

export interface OutboxRelay {
  /** Runs one pass now (tests, and start-up); resolves with the number of leads handed over. */
  runOnce(): Promise<number>
  /** Stops the loop and waits for a pass in progress. */
  stop(): Promise<void>
}

export function startOutboxRelay(deps: {
  db: Db
  producer: LeadProducer
  logger: Logger
  intervalMs?: number
}): OutboxRelay {
  const intervalMs = deps.intervalMs ?? RELAY_INTERVAL_MS
  const logger = deps.logger.child({ component: 'outbox-relay' })
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined

  async function pass(): Promise<number> {
    if (!deps.producer.isReady()) return 0
    let sent = 0
    for (const id of findPendingSubmissionIds(deps.db, new Date(), RELAY_BATCH_SIZE)) {
      if (stopped) break
      if (await handOverSubmission({ ...deps, logger }, id)) sent += 1
    }
    if (sent > 0) logger.info({ count: sent }, 'relayed pending leads to the queue')
    return sent
  }

  function runOnce(): Promise<number> {
    // One pass at a time, whether started by the timer or by a caller.
    running ??= pass()
      .catch((err) => {
        logger.error({ err }, 'outbox relay pass failed')
        return 0
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      void runOnce().finally(schedule)
    }, intervalMs)
    // The relay alone must never keep the process alive.
    timer.unref()
  }
  schedule()

  return {
    runOnce,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
