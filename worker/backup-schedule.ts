/**
 * The worker's automatic backups: one every BACKUP_INTERVAL_HOURS into BACKUP_DIR, each
 * integrity-checked, keeping the newest BACKUP_KEEP (core/platform/db/backup.ts). The next one is
 * due an interval after the newest backup on disk, so restarts neither skip nor pile up
 * backups. A failure is logged as an error and tried again within the hour.
 */
import { createBackup, listBackups, pruneBackups } from '../core/platform/db/backup'
import type { Db } from '../core/platform/db/connection'
import type { Logger } from '../core/platform/logger'
import { startScheduler } from '../core/platform/scheduler'

const HOUR_MS = 60 * 60 * 1000
/** The first backup after a start waits this long, so start-up (and a migration) settles first. */
const FIRST_BACKUP_DELAY_MS = 30_000
/** After a failed backup, the next try comes this soon (or at the next interval if that is sooner). */
const RETRY_AFTER_FAILURE_MS = HOUR_MS

export interface BackupSchedule {
  /** When the next backup is due (null when automatic backups are off). */
  nextAt(): Date | null
  stop(): Promise<void>
}

export function startBackupSchedule(opts: {
  db: Db
  databasePath: string
  dir: string
  intervalHours: number
  keep: number
  logger: Logger
  firstDelayMs?: number
}): BackupSchedule {
  const log = opts.logger.child({ component: 'backup' })
  if (opts.intervalHours === 0) {
    log.warn('automatic backups are off (BACKUP_INTERVAL_HOURS=0); take them with site-admin backup now')
    return { nextAt: () => null, stop: async () => {} }
  }
  const intervalMs = opts.intervalHours * HOUR_MS

  /** One backup; its result says when the next is due. */
  const run = (): 'taken' | 'failed' => {
    try {
      const backup = createBackup(opts.db, { dir: opts.dir, databasePath: opts.databasePath })
      const removed = pruneBackups(opts.dir, opts.keep)
      log.info(
        {
          file: backup.file,
          bytes: backup.bytes,
          leads: backup.leads,
          integrity: 'ok',
          removed: removed.map((b) => b.name),
        },
        'backup taken',
      )
      return 'taken'
    } catch (err) {
      log.error(
        { err: { message: err instanceof Error ? err.message : String(err) }, dir: opts.dir },
        'backup failed; the leads are safe in the database, but there is no fresh backup',
      )
      return 'failed'
    }
  }

  const newest = listBackups(opts.dir).find((b) => b.kind === 'regular')
  const due = newest ? newest.createdAt.getTime() + intervalMs - Date.now() : 0
  const loop = startScheduler<void, 'taken' | 'failed'>({
    pass: run,
    resultOnError: 'failed',
    logger: log,
    errorMessage: 'backup failed',
    intervalMs,
    nextAfter: (result) =>
      new Date(Date.now() + (result === 'taken' ? intervalMs : Math.min(RETRY_AFTER_FAILURE_MS, intervalMs))),
    first: Math.max(opts.firstDelayMs ?? FIRST_BACKUP_DELAY_MS, due),
  })
  log.info(
    {
      dir: opts.dir,
      everyHours: opts.intervalHours,
      keep: opts.keep,
      next: loop.nextAt(),
      newest: newest?.name ?? null,
    },
    'automatic backups scheduled',
  )

  return { nextAt: loop.nextAt, stop: loop.stop }
}
