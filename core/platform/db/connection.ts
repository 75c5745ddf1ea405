/**
 * Opens the SQLite file shared by the web process and the worker (open.ts also brings its schema
 * up to date): WAL so readers never block the writer, synchronous=FULL so a
 * lead that was answered 201 survives a power cut, busy_timeout so the two processes
 * wait for each other's write transactions instead of failing.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

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
