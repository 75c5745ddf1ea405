/**
 * Puts a backup in place of the live database (site-admin restore). Refuses a file that is
 * damaged, not this site's, or newer than this code, and refuses while the site has the
 * database open. Nothing is deleted: the database being replaced is moved into the backup
 * folder first (with its WAL file, so it can still be opened as it was).
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import {
  BackupError,
  LATEST_SCHEMA_VERSION,
  backupFileName,
  inspectDatabaseFile,
  type DatabaseFileSummary,
} from './backup'

/** How long the in-use probe waits for a lock before concluding another process holds it. */
const PROBE_TIMEOUT_MS = 500

/**
 * Whether another process has the database open. The site keeps it in WAL mode, where every
 * open connection holds a shared lock for as long as it is open; leaving WAL mode needs all
 * of them gone, so trying to is a test that needs no cooperation from the site. (When it
 * succeeds the file is in rollback mode, which the site switches back at its next start.)
 */
export function isDatabaseInUse(databasePath: string): boolean {
  if (!existsSync(databasePath)) return false
  const db = new Database(databasePath, { fileMustExist: true, timeout: PROBE_TIMEOUT_MS })
  try {
    if (db.pragma('journal_mode', { simple: true }) !== 'wal') return false
    return db.pragma('journal_mode = DELETE', { simple: true }) !== 'delete'
  } catch (err) {
    const code = (err as { code?: string }).code ?? ''
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true
    throw err
  } finally {
    db.close()
  }
}

export interface RestoreResult extends DatabaseFileSummary {
  /** Where the database that was replaced went (null when there was none). */
  replacedMovedTo: string | null
}

export function restoreDatabase(opts: {
  from: string
  databasePath: string
  backupDir: string
  /** Skip the in-use check (only when it cannot run, e.g. the live file is damaged and the site is stopped). */
  force?: boolean
  now?: Date
}): RestoreResult {
  const { from, databasePath, backupDir } = opts
  if (path.resolve(from) === path.resolve(databasePath))
    throw new BackupError(`${from} is the live database itself; name a backup file.`)
  const summary = inspectDatabaseFile(from)
  if (summary.schemaVersion > LATEST_SCHEMA_VERSION)
    throw new BackupError(
      `${from} was made by a newer version of the site (schema ${summary.schemaVersion}; this one knows up to ${LATEST_SCHEMA_VERSION}). Upgrade the site first.`,
    )

  if (!opts.force) {
    let inUse: boolean
    try {
      inUse = isDatabaseInUse(databasePath)
    } catch (err) {
      throw new BackupError(
        `Could not check whether the site is using ${databasePath} (${(err as Error).message}). Make sure web and worker are stopped, then run restore again with --force.`,
      )
    }
    if (inUse)
      throw new BackupError(
        `The site is running on ${databasePath}: stop it before restoring (docker compose stop web worker; see docs/deployment.md).`,
      )
  }

  mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true })
  const incoming = `${databasePath}.restoring-${process.pid}`
  try {
    copyFileSync(from, incoming)
    // The copy is checked too: a full disk or a bad sector shows here, not at the next start.
    inspectDatabaseFile(incoming)
  } catch (err) {
    rmSync(incoming, { force: true })
    throw err instanceof BackupError
      ? err
      : new BackupError(`Could not copy ${from}: ${(err as Error).message}`)
  }

  let replacedMovedTo: string | null = null
  if (existsSync(databasePath)) {
    mkdirSync(backupDir, { recursive: true })
    replacedMovedTo = path.join(
      backupDir,
      backupFileName(databasePath, opts.now ?? new Date(), 'pre-restore'),
    )
    moveFile(databasePath, replacedMovedTo)
    // SQLite finds a WAL file by the database's name plus "-wal": moved together, they stay one database.
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(databasePath + suffix)) moveFile(databasePath + suffix, replacedMovedTo + suffix)
    }
  }
  renameSync(incoming, databasePath)
  return { ...summary, replacedMovedTo }
}

/** rename, or copy and delete when BACKUP_DIR is on another file system. */
function moveFile(from: string, to: string): void {
  try {
    renameSync(from, to)
  } catch (err) {
    if ((err as { code?: string }).code !== 'EXDEV') throw err
    copyFileSync(from, to)
    rmSync(from)
  }
}
