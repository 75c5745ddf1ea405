/**
 * Backups of the lead database: checked snapshots, retention, the backup before a migration,
 * the worker's schedule, and restores that refuse what they must (real SQLite files).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import {
  BackupError,
  backupFileName,
  createBackup,
  inspectDatabaseFile,
  listBackups,
  pruneBackups,
} from '../../core/platform/db/backup'
import { openDatabase, type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { readSchemaVersion } from '../../core/platform/db/migrate'
import { MIGRATIONS } from '../../core/platform/db/migrations/index'
import { isDatabaseInUse, restoreDatabase } from '../../core/platform/db/restore'
import { createLogger } from '../../core/platform/logger'
import { startBackupSchedule } from '../../worker/backup-schedule'
import { addLead } from '../support/leads'
import { jsonLines } from '../support/log-sink'
import { waitFor } from '../support/pipeline'

let dir: string
let dbPath: string
let backups: string
const opened: Db[] = []
const open = (file = dbPath) => {
  const db = openMigratedDatabase(file)
  opened.push(db)
  return db
}
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'roofing-backup-'))
  dbPath = path.join(dir, 'data', 'roofing.db')
  backups = path.join(dir, 'data', 'backups')
})
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close()
  rmSync(dir, { recursive: true, force: true })
})

const count = (file: string) => inspectDatabaseFile(file).leads

describe('createBackup', () => {
  test('writes a checked, self-contained copy with every lead, named by its time', () => {
    const db = open()
    for (let i = 0; i < 3; i += 1) addLead(db)
    const at = new Date('2026-05-01T03:00:00.123Z')
    const backup = createBackup(db, { dir: backups, databasePath: dbPath, now: at })
    expect(backup).toMatchObject({
      name: 'roofing-2026-05-01T03-00-00-123Z.db',
      kind: 'regular',
      leads: 3,
      schemaVersion: MIGRATIONS.at(-1)!.version,
    })
    expect(backup.bytes).toBeGreaterThan(0)
    // One file (rollback journal mode, no -wal beside it), no temporary file left behind.
    expect(readdirSync(backups)).toEqual([backup.name])
    expect(readFileSync(backup.file).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0')
    expect(listBackups(backups)[0]).toMatchObject({ name: backup.name, createdAt: at, kind: 'regular' })
  })

  test('a lead written while the site runs is in the next backup (online, consistent)', () => {
    const db = open()
    addLead(db)
    const other = open() // the other process (web or worker)
    addLead(other)
    expect(createBackup(db, { dir: backups, databasePath: dbPath }).leads).toBe(2)
  })

  test('a failure leaves no file that looks like a backup and says where it failed', () => {
    const db = open()
    writeFileSync(path.join(dir, 'not-a-folder'), 'x')
    expect(() => createBackup(db, { dir: path.join(dir, 'not-a-folder'), databasePath: dbPath })).toThrow(
      /Backup into .*not-a-folder failed/,
    )
  })

  test('retention keeps the newest BACKUP_KEEP regular backups and never deletes a pre-migration one', () => {
    const db = open()
    const t = Date.parse('2026-05-01T00:00:00Z')
    for (let i = 0; i < 5; i += 1)
      createBackup(db, { dir: backups, databasePath: dbPath, now: new Date(t + i * 3_600_000) })
    createBackup(db, { dir: backups, databasePath: dbPath, kind: 'pre-migration', now: new Date(t - 1) })
    const removed = pruneBackups(backups, 2)
    expect(removed.map((b) => b.name)).toEqual([
      backupFileName(dbPath, new Date(t + 2 * 3_600_000), 'regular'),
      backupFileName(dbPath, new Date(t + 3_600_000), 'regular'),
      backupFileName(dbPath, new Date(t), 'regular'),
    ])
    expect(listBackups(backups).map((b) => b.kind)).toEqual(['regular', 'regular', 'pre-migration'])
  })
})

describe('the backup before a migration', () => {
  const NEXT = {
    version: MIGRATIONS.at(-1)!.version + 1,
    name: 'next',
    sql: 'ALTER TABLE form_submissions ADD COLUMN note TEXT;',
  }

  test('is taken when a migration is due and the database holds leads, before the schema changes', () => {
    const db = open()
    addLead(db)
    db.close()
    const upgraded = openMigratedDatabase(dbPath, { migrations: [...MIGRATIONS, NEXT] })
    opened.push(upgraded)
    expect(readSchemaVersion(upgraded)).toBe(NEXT.version)
    const [backup] = listBackups(backups)
    expect(backup?.kind).toBe('pre-migration')
    // The backup still has the old schema: the state to go back to.
    expect(inspectDatabaseFile(backup!.file)).toMatchObject({ schemaVersion: NEXT.version - 1, leads: 1 })
  })

  test('is not taken for a new, empty database, nor when no migration is due', () => {
    open().close()
    openMigratedDatabase(dbPath).close()
    expect(listBackups(backups)).toEqual([])
  })

  test('when it cannot be written, nothing is migrated and the error says why', () => {
    const db = open()
    addLead(db)
    db.close()
    writeFileSync(path.join(dir, 'blocked'), 'a file where the folder should be')
    expect(() =>
      openMigratedDatabase(dbPath, {
        migrations: [...MIGRATIONS, NEXT],
        backupDir: path.join(dir, 'blocked'),
      }),
    ).toThrow(/Not migrating .*: the backup before the migration failed/)
    const check = openDatabase(dbPath)
    expect(readSchemaVersion(check)).toBe(NEXT.version - 1)
    check.close()
  })
})

describe('the worker schedule', () => {
  test('takes a backup, then one every interval, keeping the newest BACKUP_KEEP', async () => {
    const db = open()
    addLead(db)
    const lines: { msg: string; removed?: string[] }[] = []
    const schedule = startBackupSchedule({
      db,
      databasePath: dbPath,
      dir: backups,
      intervalHours: 0.3 / 3600, // 300 ms
      keep: 2,
      logger: createLogger('info', jsonLines(lines)),
      firstDelayMs: 10,
    })
    // Three backups taken (the first at once, then one each interval), however slow the machine.
    const taken = () => lines.filter((l) => l.msg === 'backup taken')
    try {
      await waitFor(() => taken().length >= 3, 20_000, 'three backups taken')
    } finally {
      await schedule.stop()
    }
    expect(taken()[2]!.removed).toHaveLength(1) // the third pruned the first
    const list = listBackups(backups)
    expect(list).toHaveLength(2)
    expect(list.every((b) => b.kind === 'regular' && count(b.file) === 1)).toBe(true)
  })

  test('after a restart the next backup is due an interval after the newest one, not at once', () => {
    const db = open()
    createBackup(db, { dir: backups, databasePath: dbPath, now: new Date(Date.now() - 3_600_000) })
    const schedule = startBackupSchedule({
      db,
      databasePath: dbPath,
      dir: backups,
      intervalHours: 24,
      keep: 14,
      logger: createLogger('silent'),
    })
    schedule.stop()
    const dueInHours = (schedule.nextAt()!.getTime() - Date.now()) / 3_600_000
    expect(dueInHours).toBeGreaterThan(22.9)
    expect(dueInHours).toBeLessThan(23.1)
  })

  test('BACKUP_INTERVAL_HOURS=0 schedules nothing', () => {
    const schedule = startBackupSchedule({
      db: open(),
      databasePath: dbPath,
      dir: backups,
      intervalHours: 0,
      keep: 14,
      logger: createLogger('silent'),
    })
    expect(schedule.nextAt()).toBeNull()
  })
})

describe('restoreDatabase', () => {
  function backupWith(leads: number): string {
    const source = path.join(dir, 'source', 'roofing.db')
    const db = open(source)
    for (let i = 0; i < leads; i += 1) addLead(db)
    const made = createBackup(db, { dir: path.join(dir, 'source', 'backups'), databasePath: source })
    db.close()
    return made.file
  }

  test('puts the backup in place and moves the replaced database aside, never deleting it', () => {
    const file = backupWith(4)
    const live = open()
    addLead(live)
    live.close()
    const result = restoreDatabase({ from: file, databasePath: dbPath, backupDir: backups })
    expect(result.leads).toBe(4)
    expect(count(dbPath)).toBe(4)
    expect(result.replacedMovedTo).toMatch(/-pre-restore\.db$/)
    expect(count(result.replacedMovedTo!)).toBe(1)
  })

  test('restores into a fresh place (a new volume) where no database exists yet', () => {
    const file = backupWith(2)
    const fresh = path.join(dir, 'new-volume', 'roofing.db')
    const result = restoreDatabase({
      from: file,
      databasePath: fresh,
      backupDir: path.join(dir, 'new-volume', 'backups'),
    })
    expect(result.replacedMovedTo).toBeNull()
    const db = open(fresh)
    expect((db.prepare('SELECT COUNT(*) AS n FROM form_submissions').get() as { n: number }).n).toBe(2)
  })

  test.each([
    [
      'a file that is not a database',
      (f: string) => writeFileSync(f, 'PK\u0003\u0004 a zip, say'.repeat(300)),
      /is not an SQLite database/,
    ],
    [
      'a database with damaged pages',
      (f: string) => {
        const bytes = readFileSync(backupWith(200))
        // Page 2 overwritten, its b-tree page header included.
        bytes.fill(0x41, 4096, 4096 + 3000)
        writeFileSync(f, bytes)
      },
      /is damaged/,
    ],
    [
      'a database cut short',
      (f: string) => {
        const bytes = readFileSync(backupWith(200))
        writeFileSync(f, bytes.subarray(0, Math.floor(bytes.length / 2)))
      },
      /is damaged/,
    ],
    [
      'another application’s database',
      (f: string) => {
        const other = openDatabase(f)
        other.exec('CREATE TABLE notes (text TEXT)')
        other.close()
      },
      /not one of this site's/,
    ],
  ])('refuses %s and leaves the live database as it was', (_what, make, message) => {
    const live = open()
    addLead(live)
    live.close()
    const bad = path.join(dir, 'bad.db')
    make(bad)
    expect(() => restoreDatabase({ from: bad, databasePath: dbPath, backupDir: backups })).toThrow(
      BackupError,
    )
    expect(() => restoreDatabase({ from: bad, databasePath: dbPath, backupDir: backups })).toThrow(message)
    expect(count(dbPath)).toBe(1)
    expect(existsSync(backups)).toBe(false)
  })

  test('refuses while the site has the database open, and goes ahead once it is closed', () => {
    const file = backupWith(1)
    const running = open()
    expect(isDatabaseInUse(dbPath)).toBe(true)
    expect(() => restoreDatabase({ from: file, databasePath: dbPath, backupDir: backups })).toThrow(
      /The site is running on .*roofing\.db: stop it before restoring/,
    )
    running.close()
    expect(isDatabaseInUse(dbPath)).toBe(false)
    expect(restoreDatabase({ from: file, databasePath: dbPath, backupDir: backups }).leads).toBe(1)
  })

  test('refuses a backup made by a newer version of the site', () => {
    const file = backupWith(1)
    const db = openDatabase(file)
    db.pragma(`user_version = ${MIGRATIONS.at(-1)!.version + 5}`)
    db.close()
    expect(() => restoreDatabase({ from: file, databasePath: dbPath, backupDir: backups })).toThrow(
      /made by a newer version of the site/,
    )
  })

  test('a missing file is named', () => {
    expect(() =>
      restoreDatabase({ from: path.join(dir, 'nope.db'), databasePath: dbPath, backupDir: backups }),
    ).toThrow(/nope\.db does not exist/)
  })
})
