/**
 * Backups of the lead database, used by the worker's schedule, by the migration step at
 * start-up and by site-admin (`backup now`, `backup list`, `restore`). docs/deployment.md
 * describes how to copy them off the server and how to restore.
 *
 * A backup is an online snapshot (`VACUUM INTO`: consistent while the site keeps writing,
 * compact, in rollback-journal mode so it is one self-contained file). It is written under a
 * temporary name, flushed to disk (SQLite does not fsync VACUUM INTO's output), checked with
 * `PRAGMA integrity_check`, and only then renamed to its final name: a file that carries a
 * backup's name is a complete, checked backup.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Db } from './connection'
import { MIGRATIONS } from './migrations/index'

/**
 * regular: the worker's schedule or `site-admin backup now`, pruned to BACKUP_KEEP.
 * pre-migration / pre-restore: taken before the database is changed underneath; never pruned.
 */
export type BackupKind = 'regular' | 'pre-migration' | 'pre-restore'

export interface BackupFile {
  file: string
  name: string
  bytes: number
  createdAt: Date
  kind: BackupKind
}

export interface DatabaseFileSummary {
  /** PRAGMA user_version: the last migration the file has. */
  schemaVersion: number
  leads: number
  newestLeadAt: string | null
}

export interface Backup extends BackupFile, DatabaseFileSummary {}

/** A refusal or failure with a message meant for the person running the command. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}

const NAME =
  /^(?<base>.+)-(?<stamp>\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)(?:-(?<kind>pre-migration|pre-restore))?\.db$/

/** `roofing-2026-11-22T03-00-00-000Z.db`: sorts by time, says when it was taken. */
export function backupFileName(databasePath: string, at: Date, kind: BackupKind): string {
  const base = path.basename(databasePath).replace(/\.[^.]*$/, '') || 'database'
  const stamp = at.toISOString().replace(/[:.]/g, '-')
  return `${base}-${stamp}${kind === 'regular' ? '' : `-${kind}`}.db`
}

function parseBackupName(name: string): { createdAt: Date; kind: BackupKind } | null {
  const m = NAME.exec(name)
  if (!m?.groups) return null
  const iso = m.groups.stamp!.replace(/T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, 'T$1:$2:$3.$4Z')
  const createdAt = new Date(iso)
  if (Number.isNaN(createdAt.getTime())) return null
  return { createdAt, kind: (m.groups.kind as BackupKind | undefined) ?? 'regular' }
}

/** Every backup in the folder, newest first (an absent folder has none). */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return []
  const backups: BackupFile[] = []
  for (const name of readdirSync(dir)) {
    const parsed = parseBackupName(name)
    if (!parsed) continue
    const file = path.join(dir, name)
    const stat = statSync(file, { throwIfNoEntry: false })
    if (!stat?.isFile()) continue
    backups.push({ file, name, bytes: stat.size, ...parsed })
  }
  return backups.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name))
}

/**
 * Opens a database file read-only and checks it: readable, an SQLite database, passes
 * `PRAGMA integrity_check`, and holds this site's leads table. Throws BackupError saying
 * what is wrong otherwise.
 */
export function inspectDatabaseFile(file: string): DatabaseFileSummary {
  const stat = statSync(file, { throwIfNoEntry: false })
  if (!stat) throw new BackupError(`${file} does not exist.`)
  if (!stat.isFile()) throw new BackupError(`${file} is not a file.`)
  let db: Db | undefined
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    const rows = db.pragma('integrity_check') as { integrity_check: string }[]
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== 'ok')
    if (problems.length)
      throw new BackupError(
        `${file} is damaged: the integrity check found ${problems.length} problem(s), e.g. "${problems[0]}".`,
      )
    const hasTable = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'form_submissions'")
      .get()
    if (!hasTable)
      throw new BackupError(
        `${file} is an SQLite database but not one of this site's (it has no leads table).`,
      )
    const summary = db
      .prepare('SELECT COUNT(*) AS leads, MAX(created_at) AS newest FROM form_submissions')
      .get() as { leads: number; newest: string | null }
    return {
      schemaVersion: db.pragma('user_version', { simple: true }) as number,
      leads: summary.leads,
      newestLeadAt: summary.newest,
    }
  } catch (err) {
    if (err instanceof BackupError) throw err
    const code = (err as { code?: string }).code
    if (code === 'SQLITE_NOTADB') throw new BackupError(`${file} is not an SQLite database.`)
    if (code === 'SQLITE_CORRUPT')
      throw new BackupError(`${file} is damaged: ${(err as Error).message} (the integrity check failed).`)
    if (code === 'SQLITE_CANTOPEN' || code === 'EACCES')
      throw new BackupError(`${file} cannot be opened: ${(err as Error).message}.`)
    throw new BackupError(`${file} cannot be read: ${(err as Error).message}.`)
  } finally {
    db?.close()
  }
}

function fsyncPath(target: string): void {
  const fd = openSync(target, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * Takes a checked backup of the open database into `dir`. Synchronous (VACUUM INTO): for
 * this site's database (a few MB) it takes milliseconds, and writers in other processes
 * are not blocked (WAL).
 */
export function createBackup(
  db: Db,
  opts: { dir: string; databasePath: string; kind?: BackupKind; now?: Date },
): Backup {
  const kind = opts.kind ?? 'regular'
  const createdAt = opts.now ?? new Date()
  const name = backupFileName(opts.databasePath, createdAt, kind)
  const file = path.join(opts.dir, name)
  // Hidden and unique per process, so a half-written file never looks like a backup and two
  // processes backing up at once (web and worker before a migration) do not collide.
  const partial = path.join(opts.dir, `.${name}.${process.pid}.partial`)
  try {
    mkdirSync(opts.dir, { recursive: true })
    rmSync(partial, { force: true })
    db.prepare('VACUUM INTO ?').run(partial)
    fsyncPath(partial)
    const summary = inspectDatabaseFile(partial)
    renameSync(partial, file)
    fsyncPath(opts.dir)
    return { file, name, bytes: statSync(file).size, createdAt, kind, ...summary }
  } catch (err) {
    try {
      rmSync(partial, { force: true })
    } catch {
      // The folder itself is the problem (named below); there is nothing to clean up.
    }
    const reason = err instanceof Error ? err.message : String(err)
    throw new BackupError(`Backup into ${opts.dir} failed: ${reason}`)
  }
}

/** Deletes the oldest regular backups beyond `keep`; returns what was deleted. */
export function pruneBackups(dir: string, keep: number): BackupFile[] {
  const regular = listBackups(dir).filter((b) => b.kind === 'regular')
  const old = regular.slice(keep)
  for (const b of old) rmSync(b.file, { force: true })
  return old
}

/** The newest schema this code knows; a backup from a newer version cannot be restored by it. */
export const LATEST_SCHEMA_VERSION = Math.max(0, ...MIGRATIONS.map((m) => m.version))

/** Whether the database holds any lead (a fresh or empty one needs no backup before a migration). */
export function hasLeads(db: Db): boolean {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'form_submissions'")
    .get()
  return table !== undefined && db.prepare('SELECT 1 FROM form_submissions LIMIT 1').get() !== undefined
}
