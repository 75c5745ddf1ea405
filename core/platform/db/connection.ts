/**
 * Opens the SQLite file shared by the web process and the worker: WAL so readers never block the writer, synchronous=FULL so a
 * lead that was answered 201 survives a power cut, busy_timeout so the two processes
 * wait for each other's write transactions instead of failing.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { defaultBackupDir } from '../config/settings'
import type { Logger } from '../logger'
import { createBackup, hasLeads } from './backup'
import { applyMigrations, pendingMigrations } from './migrate'
import type { Migration } from './migrations/index'

export type Db = Database.Database

const BUSY_TIMEOUT_MS = 5000

export function openDatabase(databasePath: string): Db {
  if (databasePath !== ':memory:') mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true })
  const db = new Database(databasePath, { timeout: BUSY_TIMEOUT_MS })
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  return db
}

/**
 * Opens the database and brings its schema up to date; what both entry points call. When a
 * migration is due and the database already holds leads, a checked backup is taken first
 * (into backupDir); if that fails, nothing is migrated and the error says why.
 */
export function openMigratedDatabase(
  databasePath: string,
  opts: { backupDir?: string; logger?: Pick<Logger, 'info'>; migrations?: readonly Migration[] } = {},
): Db {
  const db = openDatabase(databasePath)
  try {
    const pending = pendingMigrations(db, opts.migrations)
    if (pending.length && databasePath !== ':memory:' && hasLeads(db)) {
      let backup
      try {
        backup = createBackup(db, {
          dir: opts.backupDir ?? defaultBackupDir(databasePath),
          databasePath,
          kind: 'pre-migration',
        })
      } catch (err) {
        throw new Error(
          `Not migrating ${databasePath}: the backup before the migration failed. ${(err as Error).message}`,
          { cause: err },
        )
      }
      opts.logger?.info(
        { file: backup.file, leads: backup.leads, migrations: pending.map((m) => m.name) },
        'backup taken before migrating the database',
      )
    }
    applyMigrations(db, opts.migrations)
  } catch (err) {
    db.close()
    throw err
  }
  return db
}
