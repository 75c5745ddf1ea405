import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { openDatabase, openMigratedDatabase } from '../../core/db/connection'
import { applyMigrations, readSchemaVersion } from '../../core/db/migrate'
import { MIGRATIONS } from '../../core/db/migrations'
import { useTempDir } from '../support/temp-dir'

const tempDir = useTempDir('roofing-migrations-', 'test')

describe('database and migrations', () => {
  test('opening a database creates its folder and sets WAL, full sync, foreign keys and a busy timeout', () => {
    const file = path.join(tempDir(), 'a', 'b', 'roofing.db')
    const db = openDatabase(file)
    expect(existsSync(file)).toBe(true)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(2)
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000)
    db.close()
  })

  test('migrations apply once and record their version; running them again changes nothing', () => {
    const file = path.join(tempDir(), 'roofing.db')
    const db = openDatabase(file)
    expect(applyMigrations(db)).toEqual(MIGRATIONS.map((m) => m.version))
    expect(readSchemaVersion(db)).toBe(MIGRATIONS.at(-1)?.version)
    expect(applyMigrations(db)).toEqual([])
    db.close()
    // And again from a fresh connection, as the web process and the worker both do.
    const again = openMigratedDatabase(file)
    expect(readSchemaVersion(again)).toBe(MIGRATIONS.at(-1)?.version)
    const tables = again
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((r) => (r as { name: string }).name)
    expect(tables).toEqual(
      expect.arrayContaining(['form_submissions', 'lead_deliveries', 'lead_notifications']),
    )
    again.close()
  })

  test('a failing migration leaves neither its changes nor its version behind', () => {
    const db = openDatabase(path.join(tempDir(), 'roofing.db'))
    applyMigrations(db)
    const version = readSchemaVersion(db)
    const broken = {
      version: version + 1,
      name: 'broken',
      sql: 'CREATE TABLE half (x); SELECT nope FROM nowhere;',
    }
    expect(() => applyMigrations(db, [...MIGRATIONS, broken])).toThrow()
    expect(readSchemaVersion(db)).toBe(version)
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined()
    db.close()
  })

  test('migration files are numbered 001, 002 … without gaps, matching their versions', () => {
    const files = readdirSync(path.resolve('core/db/migrations'))
      .filter((f) => /^\d{3}-.*\.ts$/.test(f))
      .sort()
    expect(files.map((f) => f.replace(/\.ts$/, ''))).toEqual(MIGRATIONS.map((m) => m.name))
    MIGRATIONS.forEach((m, i) => {
      expect(m.version).toBe(i + 1)
      expect(m.name.startsWith(String(m.version).padStart(3, '0'))).toBe(true)
    })
  })
})
