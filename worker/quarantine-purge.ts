/**
 * Deletes spam held in quarantine for longer than SPAM_RETENTION_DAYS (docs/spam.md): once
 * shortly after start, then every hour. A released lead is never deleted. A failure is
 * logged at error level and tried again at the next pass; it delays no lead.
 */
import type { Db } from '../core/platform/db/connection'
import { purgeQuarantined } from '../core/leads'
import type { Logger } from '../core/platform/logger'
import { startScheduler } from '../core/platform/scheduler'

const DAY_MS = 24 * 60 * 60 * 1000
const PURGE_INTERVAL_MS = 60 * 60 * 1000
const FIRST_PURGE_DELAY_MS = 60_000

export interface QuarantinePurge {
  /** One pass now (synchronous, so never beside a timed one); returns how many were deleted. */
  runOnce(now?: Date): number
  stop(): Promise<void>
}

export function startQuarantinePurge(opts: {
  db: Db
  retentionDays: number
  logger: Logger
  firstDelayMs?: number
  intervalMs?: number
}): QuarantinePurge {
  const log = opts.logger.child({ component: 'quarantine' })
  const pass = (now = new Date()) => {
    const before = new Date(now.getTime() - opts.retentionDays * DAY_MS)
    const deleted = purgeQuarantined(opts.db, before)
    if (deleted > 0) log.info({ deleted, olderThanDays: opts.retentionDays }, 'spam deleted from quarantine')
    return deleted
  }
  const loop = startScheduler<Date, number>({
    pass,
    resultOnError: 0,
    logger: log,
    errorMessage: 'spam in quarantine could not be deleted; trying again within the hour',
    intervalMs: opts.intervalMs ?? PURGE_INTERVAL_MS,
    first: opts.firstDelayMs ?? FIRST_PURGE_DELAY_MS,
  })
  return { runOnce: pass, stop: () => loop.stop() }
}
