/**
 * The database as both processes and site-admin open it: the SQLite file (connection.ts) with its
 * schema brought up to date, after a checked backup when a migration is due and leads are kept.
 * A module of its own so that the connection, the migrations and the backup, which all take a
 * connection, depend on it in one direction only.
 */
import { defaultBackupDir } from '../config/settings'
import type { Logger } from '../logger'
import { createBackup, hasLeads } from './backup'
import { openDatabase, type Db } from './connection'
import { applyMigrations, pendingMigrations } from './migrate'
import type { Migration } from './migrations/index'

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
