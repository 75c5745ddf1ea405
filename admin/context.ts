/**
 * What every site-admin command works with: where it writes, the time, the configuration
 * (parsed when a command first needs it, so `--help` works with a broken .env), its exit
 * status, and the lead database opened for one command.
 */
import { existsSync } from 'node:fs'
import Database from 'better-sqlite3'
import { parseAdminConfig, type AdminConfig } from './config'
import { openDatabase, type Db } from '../core/platform/db/connection'
import { LATEST_SCHEMA_VERSION } from '../core/platform/db/backup'
import { readSchemaVersion } from '../core/platform/db/migrate'
import { findLeadsByIdPrefix, type ListedLead } from '../core/leads'

export interface AdminIo {
  env: NodeJS.ProcessEnv
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  now?: () => Date
}

/** A failure the person running the command can act on; printed without a stack trace. */
export class AdminError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AdminError'
  }
}

export interface AdminContext {
  io: AdminIo
  /** Writes a line (or lines) to standard output. */
  out(text: string): void
  now(): Date
  config(): AdminConfig
  /** 0 unless a command says it failed without throwing (`leads retry` when a retry is refused). */
  exitCode: number
}

export function createAdminContext(io: AdminIo): AdminContext {
  let config: AdminConfig | undefined
  return {
    io,
    out: (text) => void io.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    now: () => io.now?.() ?? new Date(),
    config: () => (config ??= parseAdminConfig(io.env)),
    exitCode: 0,
  }
}

/**
 * Opens the lead database for one command: read-only unless `write` (only `leads retry`
 * writes; it goes through the same connection settings as the site: WAL, busy timeout).
 */
export async function withDatabase(
  config: AdminConfig,
  fn: (db: Db) => void | Promise<void>,
  { write = false }: { write?: boolean } = {},
): Promise<void> {
  const file = config.databasePath
  if (!existsSync(file))
    throw new AdminError(
      `No database at ${file} (DATABASE_PATH). Start the site once to create it, or set DATABASE_PATH to the right file.`,
    )
  let db: Db
  try {
    db = write
      ? openDatabase(file)
      : new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 })
  } catch (err) {
    throw new AdminError(`Cannot open ${file}: ${(err as Error).message}`)
  }
  try {
    const version = readSchemaVersion(db)
    if (version < 1)
      throw new AdminError(`The database at ${file} has no tables yet: start the site once to create them.`)
    if (version < LATEST_SCHEMA_VERSION)
      throw new AdminError(
        `The database at ${file} is at schema ${version}; this site-admin reads schema ${LATEST_SCHEMA_VERSION}. Start the site (web or worker) once: it brings the database up to date.`,
      )
    await fn(db)
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
      throw new AdminError(
        `${file} is damaged (${(err as Error).message}); restore a backup (site-admin restore --help).`,
      )
    throw err
  } finally {
    db.close()
  }
}

/** The one lead an id (or the start of one) names; an AdminError when it names none or several. */
export function findOneLead(db: Db, id: string): ListedLead {
  const wanted = id.trim()
  if (!/^[0-9a-f-]{4,36}$/i.test(wanted))
    throw new AdminError(
      `"${id}" is not a lead id (ids look like 3f2b8c1e-…; site-admin leads list shows them).`,
    )
  const found = findLeadsByIdPrefix(db, wanted)
  if (!found.length) throw new AdminError(`No lead with id "${id}". site-admin leads list shows the ids.`)
  const exact = found.find((r) => r.id === wanted.toLowerCase())
  if (exact) return exact
  if (found.length > 1)
    throw new AdminError(
      `"${id}" matches ${found.length} leads (${found.map((r) => r.id).join(', ')}); give more of the id.`,
    )
  return found[0]!
}
