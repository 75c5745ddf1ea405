/**
 * `site-admin storms import` and `storms status`, run in-process through runAdmin against a
 * real SQLite file and the fixture files in NOAA's formats (tests/fixtures/storms).
 */
import { copyFileSync } from 'node:fs'
import path from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { recordRefreshOutcome, recordRefreshStart } from '../../core/storms/refresh-state'
import { runAdminCaptured } from '../support/admin'
import { useTempDir } from '../support/temp-dir'

const FIXTURES = path.resolve(__dirname, '../fixtures/storms')
const NCEI = 'StormEvents_details-ftp_v1.0_d2024_c20250401.csv'
const fixture = (name: string) => path.join(FIXTURES, name)
const tempDir = useTempDir('roofing-admin-storms-', 'test')
let env: NodeJS.ProcessEnv

beforeEach(() => {
  const dbPath = path.join(tempDir(), 'roofing.db')
  env = { DATABASE_PATH: dbPath }
  openMigratedDatabase(dbPath).close()
})

const admin = (argv: string[]) => runAdminCaptured(argv, { env, at: new Date('2025-06-01T12:00:00Z') })

describe('site-admin storms', () => {
  test.each([[['storms']], [['storms', 'import']], [['storms', 'status']]])(
    'site-admin %j --help prints usage and exits 0',
    async (words) => {
      const { code, out } = await admin([...words, '--help'])
      expect(code).toBe(0)
      expect(out).toMatch(/^Usage: site-admin storms/)
    },
  )

  test('import prints per file what it read, stored, already had and skipped, and why', async () => {
    const first = await admin(['storms', 'import', fixture(NCEI), fixture('240914_rpts_hail.csv')])
    expect(first.err).toBe('')
    expect(first.code).toBe(0)
    expect(first.out).toContain('Importing 2 files, keeping CO:')
    expect(first.out).toContain(
      `${NCEI}: read 16 rows, stored 8 new, 0 already stored, skipped 8 (2 other state, 2 no coordinates, 2 bad size, 1 other event type, 1 bad date)`,
    )
    expect(first.out).toContain(
      '240914_rpts_hail.csv: read 5 rows, stored 2 new, 0 already stored, skipped 3 (1 other state, 1 no coordinates, 1 bad size)',
    )
    expect(first.out).toContain('2 of 2 files imported, 10 new events stored')

    const again = await admin(['storms', 'import', fixture(`${NCEI}.gz`)])
    expect(again.out).toContain(`${NCEI}.gz: read 16 rows, stored 0 new, 8 already stored, skipped 8`)
  })

  test('--states all keeps every state; STORM_STATES is the default; a bad --states is wrong usage', async () => {
    const all = await admin(['storms', 'import', '--states', 'all', fixture(NCEI)])
    expect(all.out).toContain('keeping every state')
    expect(all.out).toContain('stored 10 new')

    env.STORM_STATES = 'WY'
    const wyoming = await admin(['storms', 'import', fixture(NCEI)])
    expect(wyoming.out).toContain('keeping WY')
    expect(wyoming.out).toContain('stored 0 new, 1 already stored, skipped 15 (15 other state)')

    const bad = await admin(['storms', 'import', '--states', 'Colorado', fixture(NCEI)])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('--states "Colorado" must be two-letter state codes')
  })

  test('a truncated file is refused by name with exit status 1; the other files are still imported', async () => {
    // The truncated gzip under a name of its own, beside the good files.
    const truncated = path.join(tempDir(), 'StormEvents_details-ftp_v1.0_d2023_c20250401.csv.gz')
    copyFileSync(fixture(`truncated/${NCEI}.gz`), truncated)
    const { code, out, err } = await admin([
      'storms',
      'import',
      truncated,
      fixture('240914_rpts_wind.csv'),
      fixture('notes.txt'),
    ])
    expect(code).toBe(1)
    expect(err).toContain(
      'site-admin: refused StormEvents_details-ftp_v1.0_d2023_c20250401.csv.gz: not a complete gzip file (truncated or corrupt)',
    )
    expect(err).toContain('site-admin: refused notes.txt: not a storm data file name')
    expect(out).toContain('240914_rpts_wind.csv: read 2 rows, stored 2 new')
    expect(out).toContain('1 of 3 files imported, 2 new events stored; 2 refused (see above)')

    const status = await admin(['storms', 'status'])
    expect(status.out).toMatch(/^SPC \(preliminary\) +2024 +2 +0 +2 +0$/m)
    expect(status.out).not.toMatch(/^NCEI \(final\)/m)
  })

  test('status: rows per source and year, the newest event, what the data covers and the last refresh', async () => {
    const empty = await admin(['storms', 'status'])
    expect(empty.code).toBe(0)
    expect(empty.out).toContain('No storm events stored yet')
    expect(empty.out).toContain('Last refresh: never refreshed')

    await admin([
      'storms',
      'import',
      fixture(NCEI),
      fixture('240914_rpts_hail.csv'),
      fixture('240914_rpts_torn.csv'),
    ])
    const db = openMigratedDatabase(env.DATABASE_PATH!)
    recordRefreshStart(db, new Date('2025-06-01T03:00:00Z'))
    recordRefreshOutcome(db, {
      finishedAt: new Date('2025-06-01T03:01:30Z'),
      outcome: 'ok',
      detail: '1 NCEI file, 3 SPC days imported',
      nextAt: new Date('2025-06-02T03:00:00Z'),
    })
    db.close()

    const { code, out } = await admin(['storms', 'status'])
    expect(code).toBe(0)
    expect(out).toMatch(/^SOURCE +YEAR \(UTC\) +EVENTS +HAIL +WIND +TORNADO$/m)
    expect(out).toMatch(/^NCEI \(final\) +2024 +8 +6 +1 +1$/m)
    expect(out).toMatch(/^SPC \(preliminary\) +2024 +3 +2 +0 +1$/m)
    expect(out).toContain('11 events in all.')
    expect(out).toContain(
      'Newest event: 2024-09-15 01:30 UTC, hail 1 in, Aurora, Arapahoe, CO (SPC, preliminary)',
    )
    expect(out).toContain('NCEI final data through: 2024-08-31; SPC preliminary reports through: 2024-09-14')
    expect(out).toContain('Last refresh: ok, finished 2025-06-01 03:01 UTC (started 2025-06-01 03:00)')
    expect(out).toContain('1 NCEI file, 3 SPC days imported')
    expect(out).toContain('next: 2025-06-02 03:00 UTC')
  })
})
