/**
 * /readyz shows the storm data: how many storm events are stored, how far they go, the worker's
 * last refresh with its outcome, and the storm days that failed with whether the refresh stopped
 * asking. A failed refresh is shown, and never makes the site unready: storm data never stops a
 * lead. A real SQLite file, no queue.
 */
import path from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { createLogger } from '../../core/platform/logger'
import { recordRefreshOutcome, recordRefreshStart } from '../../core/storms/refresh-state'
import { recordRadarFailure } from '../../core/storms/radar/store'
import { createApp } from '../../server/app'
import { parseWebConfig } from '../../server/config'
import { useTempDir } from '../support/temp-dir'

const tempDir = useTempDir('roofing-storm-readyz-')
let db: Db
let app: ReturnType<typeof createApp>

beforeAll(() => {
  const config = parseWebConfig({ NODE_ENV: 'test', DATABASE_PATH: path.join(tempDir(), 'roofing.db') })
  db = openMigratedDatabase(config.databasePath)
  app = createApp({ config, logger: createLogger('silent'), db, renderPages: false })
})
afterAll(() => db.close())

describe('/readyz and the storm data', () => {
  test('before any refresh it shows an empty store and no refresh', async () => {
    const res = await request(app).get('/readyz')
    expect(res.body.checks.stormData).toEqual({
      status: 'ok',
      counts: { events: 0 },
      info: {
        nceiThrough: null,
        spcThrough: null,
        lastRefresh: null,
        radar: { failedDays: 0, newestFailure: null, stopped: null },
      },
    })
  })

  test('a failed refresh is shown with its reason, and the site stays ready', async () => {
    recordRefreshStart(db, new Date('2026-01-08T15:00:00Z'))
    recordRefreshOutcome(db, {
      finishedAt: new Date('2026-01-08T15:00:02Z'),
      outcome: 'failed',
      detail:
        'NCEI directory listing: the server answered 500 (4 tries); so far imported 0 NCEI files (0 events)',
      nextAt: new Date('2026-01-08T15:05:02Z'),
    })
    const res = await request(app).get('/readyz')
    expect(res.status).toBe(200)
    expect(res.body.status).not.toBe('fail')
    expect(res.body.checks.stormData).toMatchObject({
      status: 'ok',
      info: {
        lastRefresh: {
          at: '2026-01-08T15:00:02.000Z',
          outcome: 'failed',
          detail: expect.stringContaining('the server answered 500'),
          nextAt: '2026-01-08T15:05:02.000Z',
        },
      },
    })
  })

  test('a refresh under way shows as running', async () => {
    recordRefreshStart(db, new Date('2026-01-08T15:05:02Z'))
    const res = await request(app).get('/readyz')
    expect(res.body.checks.stormData.info.lastRefresh).toMatchObject({
      at: '2026-01-08T15:05:02.000Z',
      outcome: 'running',
      nextAt: null,
    })
  })

  test('storm days that failed are counted with the newest and its reason, and a stopped backfill says why', async () => {
    const at = new Date('2026-01-08T16:00:00Z')
    recordRadarFailure(
      db,
      '2026-01-05',
      'MRMS_MESH_Max_1440min_00.50_20260106-070000.grib2.gz: the server answered 403',
      at,
    )
    recordRadarFailure(
      db,
      '2026-01-06',
      'MRMS_MESH_Max_1440min_00.50_20260107-070000.grib2.gz: the server answered 403',
      at,
    )
    const stopped =
      '5 storm days in a row failed (2026-01-07 to 2026-01-03), so the radar step stopped with 1,790 days left for the next refresh; the last: the server answered 403'
    recordRefreshOutcome(db, {
      finishedAt: at,
      outcome: 'failed',
      detail: stopped,
      nextAt: new Date('2026-01-08T16:05:00Z'),
      radarStopped: stopped,
    })
    const res = await request(app).get('/readyz')
    expect(res.status).toBe(200)
    expect(res.body.checks.stormData.status).toBe('ok')
    expect(res.body.checks.stormData.info.radar).toEqual({
      failedDays: 2,
      newestFailure: {
        day: '2026-01-06',
        failedAt: '2026-01-08T16:00:00.000Z',
        failures: 1,
        reason: 'MRMS_MESH_Max_1440min_00.50_20260107-070000.grib2.gz: the server answered 403',
      },
      stopped,
    })
    // The next refresh clears the stop until it stops again.
    recordRefreshStart(db, new Date('2026-01-08T16:05:00Z'))
    const next = await request(app).get('/readyz')
    expect(next.body.checks.stormData.info.radar).toMatchObject({ failedDays: 2, stopped: null })
  })
})
