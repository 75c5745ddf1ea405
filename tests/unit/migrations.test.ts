import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { openDatabase } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { applyMigrations, readSchemaVersion } from '../../core/platform/db/migrate'
import { MIGRATIONS } from '../../core/platform/db/migrations/index'
import { CONSENT_FIELD_NAMES, CONSENT_FIELDS, LEAD_FIELD_NAMES, LEAD_FIELDS } from '../../shared/lead-fields'
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
      expect.arrayContaining([
        'form_submissions',
        'lead_receipts',
        'lead_notifications',
        'notification_channels',
      ]),
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
    const files = readdirSync(path.resolve('core/platform/db/migrations'))
      .filter((f) => /^\d{3}-.*\.ts$/.test(f))
      .sort()
    expect(files.map((f) => f.replace(/\.ts$/, ''))).toEqual(MIGRATIONS.map((m) => m.name))
    MIGRATIONS.forEach((m, i) => {
      expect(m.version).toBe(i + 1)
      expect(m.name.startsWith(String(m.version).padStart(3, '0'))).toBe(true)
    })
  })

  test('a database of schema 2 keeps every lead and notification: forms backfilled, tables renamed, channels no longer listed', () => {
    const db = openDatabase(path.join(tempDir(), 'roofing.db'))
    applyMigrations(db, MIGRATIONS.slice(0, 2))
    const at = '2026-06-01T10:00:00.000Z'
    const insert = db.prepare(
      `INSERT INTO form_submissions (id, first_name, last_name, email, phone, address, message, form_type,
         created_at, updated_at, source_path) VALUES (?, 'Dana', 'Reyes', ?, '3035550199', '1 Elm St, Denver', NULL, ?, ?, ?, ?)`,
    )
    const leads: [id: string, formType: string, sourcePath: string | null, form: string][] = [
      ['a', 'contact_modal', '/hail-report', 'contact_modal'],
      ['b', 'contact', '/contact', 'contact_page'],
      ['c', 'contact', '/hail-report', 'hail_report'],
      ['d', 'contact', '/hail-report?utm_source=mailer', 'hail_report'],
      ['e', 'exit_intent', '/faqs', 'exit_intent'],
      ['f', 'contact', null, 'contact_page'],
    ]
    for (const [id, formType, sourcePath] of leads)
      insert.run(id, `${id}@example.com`, formType, at, at, sourcePath)
    db.prepare(
      `INSERT INTO lead_deliveries (submission_id, job_id, attempts, recorded_at) VALUES ('a', 'lead-a', 2, ?)`,
    ).run(at)
    const notify = db.prepare(
      `INSERT INTO lead_notifications (submission_id, channel, status, attempts, detail, started_at, updated_at)
       VALUES (?, ?, ?, 1, ?, ?, ?)`,
    )
    notify.run('a', 'owner_email', 'sent', '<lead-a@x> 250 OK', at, at)
    notify.run('a', 'webhook', 'failed', 'HTTP 410 Gone', at, at)
    notify.run('a', 'autoreply', 'skipped', 'off (LEAD_AUTOREPLY is not true)', at, at)

    expect(applyMigrations(db)).toEqual(MIGRATIONS.slice(2).map((m) => m.version))
    expect(db.prepare('SELECT id, form FROM form_submissions ORDER BY id').all()).toEqual(
      leads.map(([id, , , form]) => ({ id, form })),
    )
    expect(db.prepare('SELECT * FROM lead_receipts').all()).toEqual([
      { lead_id: 'a', job_id: 'lead-a', attempts: 2, recorded_at: at },
    ])
    expect(
      db.prepare('SELECT lead_id, channel, status, detail FROM lead_notifications ORDER BY channel').all(),
    ).toEqual([
      { lead_id: 'a', channel: 'autoreply', status: 'skipped', detail: 'off (LEAD_AUTOREPLY is not true)' },
      { lead_id: 'a', channel: 'office_email', status: 'sent', detail: '<lead-a@x> 250 OK' },
      { lead_id: 'a', channel: 'webhook', status: 'failed', detail: 'HTTP 410 Gone' },
    ])
    // A channel the database has never heard of needs no migration.
    const notifyNow = db.prepare(
      `INSERT INTO lead_notifications (lead_id, channel, status, attempts, detail, started_at, updated_at)
       VALUES (?, ?, ?, 1, ?, ?, ?)`,
    )
    notifyNow.run('b', 'sms', 'pending', null, at, at)
    expect(() => notifyNow.run('b', 'sms', 'pending', null, at, at)).toThrow(/UNIQUE/)
    expect(() =>
      db.prepare(`UPDATE lead_notifications SET status = 'lost' WHERE lead_id = 'b'`).run(),
    ).toThrow(/CHECK/)
    expect(db.pragma('foreign_key_check')).toEqual([])
    db.close()
  })
})

test('every field of the lead-field table has its column after the migrations', () => {
  const db = openMigratedDatabase(path.join(tempDir(), 'fields.db'))
  const columns = (db.prepare('PRAGMA table_info(form_submissions)').all() as { name: string }[]).map(
    (c) => c.name,
  )
  db.close()
  expect(columns).toEqual(expect.arrayContaining(LEAD_FIELD_NAMES.map((name) => LEAD_FIELDS[name].column)))
  // Each box's column and the column of the words it was ticked with (storm_alerts, storm_alerts_words).
  expect(columns).toEqual(
    expect.arrayContaining(
      CONSENT_FIELD_NAMES.flatMap((name) => [CONSENT_FIELDS[name].column, CONSENT_FIELDS[name].wordsColumn]),
    ),
  )
})

/** A database file in the schema an older release left: the migrations up to `version` applied. */
function databaseAtVersion(version: number, name: string) {
  const db = openDatabase(path.join(tempDir(), name))
  applyMigrations(db, MIGRATIONS.slice(0, version))
  return db
}

test('migration 010 keeps every weather report under its new name', () => {
  const db = databaseAtVersion(9, 'roofing.db')
  // A lead as schema 9 stores it, written by hand: today's insertLead writes columns added later.
  db.prepare(
    `INSERT INTO form_submissions (id, first_name, last_name, email, phone, address, form_type, form,
       created_at, updated_at)
     VALUES ('lead-1', 'Dana', 'Miller', 'dana@example.com', '303-555-0134', '1234 Elm Street, Parker, CO 80134',
       'contact', 'hail_report', '2026-06-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z')`,
  ).run()
  db.prepare(
    "INSERT INTO storm_reports (lead_id, located_by, made_at) VALUES ('lead-1', 'zip', '2026-06-01T00:01:00.000Z')",
  ).run()
  expect(applyMigrations(db, MIGRATIONS.slice(0, 10))).toEqual([10])
  expect(db.prepare('SELECT lead_id, located_by FROM weather_reports').all()).toEqual([
    { lead_id: 'lead-1', located_by: 'zip' },
  ])
  expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'storm_reports'").get()).toBeUndefined()
  db.close()
})

test('migration 013 keeps every storm alert, place and answered day; consents from before it are not confirmed', () => {
  const db = databaseAtVersion(12, 'storm.db')
  db.prepare(
    `INSERT INTO form_submissions (id, first_name, last_name, email, phone, address, form_type, form,
       created_at, updated_at, storm_alerts, storm_alerts_words)
     VALUES (?, 'Dana', 'Miller', ?, '303-555-0134', '1234 Elm Street, Parker, CO 80134', 'contact', 'contact_page',
       '2026-06-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z', 1, 'Tell me when radar sees hail at this address')`,
  ).run('lead-1', 'dana@example.com')
  db.prepare(
    `INSERT INTO form_submissions (id, first_name, last_name, email, phone, address, form_type, form, created_at, updated_at)
     VALUES ('lead-2', 'Eli', 'Miller', 'eli@example.com', '303-555-0135', 'Parker, CO 80134', 'contact', 'contact_page',
       '2026-06-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z')`,
  ).run()
  const alert = db.prepare(
    `INSERT INTO storm_alerts (lead_id, day, email, hail_mm10, status, attempts, detail, created_at, updated_at)
     VALUES ('lead-1', ?, 'dana@example.com', 400, ?, ?, ?, '2026-06-05T00:00:00.000Z', '2026-06-05T00:00:00.000Z')`,
  )
  alert.run('2026-06-03', 'sent', 1, '<a@example.com> 250 OK')
  alert.run('2026-06-04', 'failed', 2, 'SMTP 451')
  alert.run('2026-06-05', 'pending', 1, null)
  const place = db.prepare(
    `INSERT INTO lead_places (lead_id, located_by, latitude, longitude, row, col, placed_at)
     VALUES (?, ?, 39.5, -104.7, 1549, 2530, '2026-06-01T00:01:00.000Z')`,
  )
  place.run('lead-1', 'address')
  place.run('lead-2', 'zip')
  const day = db.prepare(
    `INSERT INTO storm_responses (day, started_at, finished_at, homes_hit, alerts_sent, briefing_status, briefing_detail)
     VALUES (?, '2026-06-05T00:00:00.000Z', '2026-06-05T00:01:00.000Z', 1, 1, ?, ?)`,
  )
  day.run('2026-06-03', 'sent', '<b@example.com> 250 OK')
  day.run('2026-06-04', 'failed', 'SMTP 421')

  expect(applyMigrations(db, MIGRATIONS.slice(0, 13))).toEqual([13])
  expect(
    db.prepare('SELECT day, status, attempts, detail, sending_at FROM storm_alerts ORDER BY day').all(),
  ).toEqual([
    { day: '2026-06-03', status: 'sent', attempts: 1, detail: '<a@example.com> 250 OK', sending_at: null },
    { day: '2026-06-04', status: 'failed', attempts: 2, detail: 'SMTP 451', sending_at: null },
    { day: '2026-06-05', status: 'pending', attempts: 1, detail: null, sending_at: null },
  ])
  // A row can now be 'sending'; nothing else new.
  db.prepare("UPDATE storm_alerts SET status = 'sending' WHERE day = '2026-06-05'").run()
  expect(() => db.prepare("UPDATE storm_alerts SET status = 'lost' WHERE day = '2026-06-05'").run()).toThrow(
    /CHECK/,
  )
  // The home placed by its ZIP code is placed again by its address; the one placed by its street is not.
  expect(
    db
      .prepare('SELECT lead_id, located_by, place_again_at, address_tries FROM lead_places ORDER BY lead_id')
      .all(),
  ).toEqual([
    { lead_id: 'lead-1', located_by: 'address', place_again_at: null, address_tries: 0 },
    { lead_id: 'lead-2', located_by: 'zip', place_again_at: '2026-06-01T00:01:00.000Z', address_tries: 0 },
  ])
  // Briefings recorded before are not tried again.
  expect(
    db
      .prepare(
        'SELECT day, briefing_status, briefing_attempts, briefing_retry_at FROM storm_responses ORDER BY day',
      )
      .all(),
  ).toEqual([
    { day: '2026-06-03', briefing_status: 'sent', briefing_attempts: 1, briefing_retry_at: null },
    { day: '2026-06-04', briefing_status: 'failed', briefing_attempts: 1, briefing_retry_at: null },
  ])
  // The consent ticked before the migration stays, unconfirmed.
  expect(db.prepare('SELECT storm_alerts FROM form_submissions WHERE id = ?').get('lead-1')).toEqual({
    storm_alerts: 1,
  })
  expect(db.prepare('SELECT COUNT(*) AS n FROM storm_alert_confirmations').get()).toEqual({ n: 0 })
  db.close()
})
