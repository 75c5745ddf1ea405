/**
 * Keys the site makes for itself (table site_secrets, migration 005): 32 random bytes made on
 * first use and kept, so every process shares a key, a backup carries it and nobody configures
 * it. The form token's key ('form-token'), the office links' ('office-links') and the storm
 * alerts' unsubscribe links' ('storm-alerts') are kept here.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from './connection'
import { prepare } from './prepare'

/**
 * The key named `name`, base64url, made now if the database has none yet. It writes (under
 * SQLite's write lock), so a web process reads each key once at start-up and keeps it: a GET
 * never writes.
 */
export function siteSecret(db: Db, name: string, at = new Date()): string {
  return db
    .transaction(() => {
      prepare(
        db,
        'INSERT INTO site_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING',
      ).run(name, randomBytes(32).toString('base64url'), at.toISOString())
      return (prepare(db, 'SELECT value FROM site_secrets WHERE name = ?').get(name) as { value: string })
        .value
    })
    .immediate()
}

/** The key named `name` as its 32 bytes, to sign with (siteSecret: made now when missing, and it writes). */
export function siteKey(db: Db, name: string, at = new Date()): Buffer {
  return Buffer.from(siteSecret(db, name, at), 'base64url')
}
