/**
 * Deletes spam held in quarantine for longer than SPAM_RETENTION_DAYS (docs/spam.md): once
 * shortly after start, then every hour. A released lead is never deleted. A failure is
 * logged at error level and tried again at the next pass; it delays no lead.
 */
import type { Db } from '../core/platform/db/connection'
import { purgeQuarantined } from '../core/leads'
import type { Logger } from '../core/platform/logger'

const DAY_MS = 24 * 60 * 60 * 1000
const PURGE_INTERVAL_MS = 60 * 60 * 1000
const FIRST_PURGE_DELAY_MS = 60_000

export interface QuarantinePurge {
  /** One pass now; returns how many were deleted. */
  runOnce(now?: Date): number
  stop(): void
}

export function startQuarantinePurge(opts: {
  db: Db
  retentionDays: number
  logger: Logger
  firstDelayMs?: number
  intervalMs?: number
}): QuarantinePurge {
  const log = opts.logger.child({ component: 'quarantine' })
  const runOnce = (now = new Date()) => {
    const before = new Date(now.getTime() - opts.retentionDays * DAY_MS)
    const deleted = purgeQuarantined(opts.db, before)
    if (deleted > 0) log.info({ deleted, olderThanDays: opts.retentionDays }, 'spam deleted from quarantine')
    return deleted
  }
  const pass = () => {
    try {
      runOnce()
    } catch (err) {
      log.error({ err }, 'spam in quarantine could not be deleted; trying again within the hour')
    }
  }
  const first = setTimeout(pass, opts.firstDelayMs ?? FIRST_PURGE_DELAY_MS)
  const every = setInterval(pass, opts.intervalMs ?? PURGE_INTERVAL_MS)
  first.unref()
  every.unref()
  return {
    runOnce,
    stop() {
      clearTimeout(first)
      clearInterval(every)
    },
  }
}
