/**
 * Applies pending migrations, each in its own IMMEDIATE transaction together with the
 * new PRAGMA user_version, so a migration is either fully applied and recorded or not at
 * all. The version is read inside the transaction: when the web process and the worker
 * start together, the second one waits (busy_timeout) and then finds nothing to do.
 */
import type { Db } from './connection'
import { MIGRATIONS, type Migration } from './migrations/index'

export function readSchemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number
}

/** Migrations the database has not had yet. */
export function pendingMigrations(db: Db, migrations: readonly Migration[] = MIGRATIONS): Migration[] {
  const version = readSchemaVersion(db)
  return migrations.filter((m) => m.version > version)
}

/** Returns the versions applied by this call (empty when the schema was current). */
export function applyMigrations(db: Db, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const applied: number[] = []
  for (const migration of migrations) {
    const apply = db.transaction(() => {
      if (readSchemaVersion(db) >= migration.version) return false
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
      return true
    })
    if (apply.immediate()) applied.push(migration.version)
  }
  return applied
}
