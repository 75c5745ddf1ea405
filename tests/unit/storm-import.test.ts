/**
 * The storm importers and the store, on fixture files in NOAA's own formats
 * (tests/fixtures/storms) and real SQLite files: what each kind of row becomes, what is
 * skipped and why, that a bad file changes nothing, and the query of a report with its rule
 * for a storm that both NCEI and SPC report.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { importStormFile, importStormPath, SPC_DAY_FILE } from '../../core/storms/import'
import { NCEI_DETAILS_FILE } from '../../core/storms/ncei'
import { nceiBeginInstant, zoneOffsetHours } from '../../core/storms/ncei'
import { importedFiles, nceiCutoff, stormDataThrough } from '../../core/storms/coverage'
import { countStormEvents, findStormsNear, storeStormFile } from '../../core/storms/events'
import { readRefreshState, recordRefreshOutcome, recordRefreshStart } from '../../core/storms/refresh-state'
import { stormStatus } from '../../core/storms/status'
import { StormFileError, type StormEvent, type StormEventInput } from '../../core/storms/types'
import { gzipBomb } from '../../scripts/lib/hostile-radar-files'
import { useTempDir } from '../support/temp-dir'

const FIXTURES = path.resolve(__dirname, '../fixtures/storms')
const NCEI = 'StormEvents_details-ftp_v1.0_d2024_c20250401.csv'
const NOW = new Date('2025-06-01T12:00:00Z')
const CO = { states: ['CO'], now: NOW } as const
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name))
const tempDir = useTempDir('roofing-storms-', 'test')
let db: Db

beforeEach(() => {
  db = openMigratedDatabase(path.join(tempDir(), 'roofing.db'))
})
afterEach(() => db.close())

function allEvents(): StormEvent[] {
  return findStormsNear(db, { latitude: 39.5, longitude: -104.8 }, 2000, 0, Date.now())
}
const bySourceId = (events: StormEvent[], id: string) => events.find((e) => e.sourceId === id)

/** Everything the store holds, to prove a refused file changed nothing. */
function snapshot() {
  return {
    events: db.prepare('SELECT * FROM storm_events ORDER BY id').all(),
    geo: db.prepare('SELECT * FROM storm_events_geo ORDER BY id').all(),
    files: db.prepare('SELECT * FROM storm_files ORDER BY name').all(),
  }
}

describe('NCEI Storm Events details files', () => {
  test('hail, thunderstorm wind and tornado rows become events with their sizes, places and UTC instants', () => {
    const summary = importStormFile(db, NCEI, fixture(NCEI), CO)
    expect(summary).toMatchObject({
      file: NCEI,
      source: 'ncei',
      read: 16,
      stored: 8,
      unchanged: 0,
      skipped: 8,
    })
    const events = allEvents()
    expect(events).toHaveLength(8)

    const parker = bySourceId(events, '1180001')!
    expect(parker).toMatchObject({
      source: 'ncei',
      kind: 'hail',
      hailIn: 1.75,
      windKt: null,
      localTime: '12-JUN-24 15:40:00',
      timeZone: 'MST-7',
      latitude: 39.53,
      longitude: -104.77,
      countyZone: 'Douglas',
      state: 'CO',
      place: 'Parker',
      file: NCEI,
    })
    // 15:40 in MST (UTC-7), even in June: NCEI keeps standard time all year.
    expect(parker.beginAt.toISOString()).toBe('2024-06-12T22:40:00.000Z')

    expect(bySourceId(events, '1180003')).toMatchObject({
      kind: 'wind',
      windKt: 61,
      magnitudeType: 'EG',
      hailIn: null,
    })
    expect(bySourceId(events, '1180004')).toMatchObject({
      kind: 'tornado',
      tornadoScale: 'EF0',
      place: 'Hudson',
    })
    // 23:50 on 31 August in Denver is 1 September in UTC.
    expect(bySourceId(events, '1180006')!.beginAt.toISOString()).toBe('2024-09-01T06:50:00.000Z')
    // BEGIN_TIME 5 is 00:05.
    expect(bySourceId(events, '1180007')!.beginAt.toISOString()).toBe('2024-07-04T07:05:00.000Z')
    // An older file's bare 'MST' is the same zone.
    expect(bySourceId(events, '1180016')!.beginAt.toISOString()).toBe('2024-06-18T21:15:00.000Z')
    expect(bySourceId(events, '1180005')!.place).toBe('Colorado Spgs')
  })

  test('rows without coordinates, with a bad date or size, of another state or event type are skipped and counted', () => {
    const summary = importStormFile(db, NCEI, fixture(NCEI), CO)
    expect(summary.skippedBy).toEqual({
      'other state': 2,
      'other event type': 1,
      'no coordinates': 2,
      'bad date': 1,
      'bad size': 2,
    })
    const ids = allEvents().map((e) => e.sourceId)
    for (const skipped of [
      '1180008',
      '1180009',
      '1180010',
      '1180011',
      '1180012',
      '1180013',
      '1180014',
      '1180015',
    ])
      expect(ids).not.toContain(skipped)
  })

  test('with every state wanted, Wyoming and Kansas are kept by their two-letter codes', () => {
    const summary = importStormFile(db, NCEI, fixture(NCEI), { states: 'all', now: NOW })
    expect(summary.stored).toBe(10)
    expect(summary.skippedBy['other state']).toBeUndefined()
    const wichita = findStormsNear(db, { latitude: 37.69, longitude: -97.34 }, 5, 0, Date.now())
    expect(wichita.map((e) => [e.state, e.windKt, e.timeZone])).toEqual([['KS', 65, 'CST-6']])
  })

  test('the gzip of a file imports the same events, and importing again stores nothing new', () => {
    importStormFile(db, NCEI, fixture(NCEI), CO)
    const before = snapshot().events
    const gz = importStormPath(db, path.join(FIXTURES, `${NCEI}.gz`), CO)
    expect(gz).toMatchObject({ source: 'ncei', read: 16, stored: 0, unchanged: 8 })
    const again = importStormFile(db, NCEI, fixture(NCEI), { states: ['CO'], now: new Date() })
    expect(again).toMatchObject({ stored: 0, unchanged: 8 })
    expect(snapshot().events).toEqual(before)
    expect(countStormEvents(db)).toBe(8)
    expect(importedFiles(db, 'ncei')).toEqual([NCEI, `${NCEI}.gz`])
  })
})

describe('a damaged file, or one of an unknown name', () => {
  test('a truncated gzip, a corrupt one and a CSV cut in the middle of a row are refused, leaving the store as it was', () => {
    importStormFile(db, '240914_rpts_hail.csv', fixture('240914_rpts_hail.csv'), CO)
    const before = snapshot()

    const truncated = () => importStormPath(db, path.join(FIXTURES, 'truncated', `${NCEI}.gz`), CO)
    expect(truncated).toThrow(StormFileError)
    expect(truncated).toThrow(`${NCEI}.gz: not a complete gzip file (truncated or corrupt)`)

    const corrupt = Buffer.from(fixture(`${NCEI}.gz`))
    corrupt[corrupt.length - 20]! ^= 0xff
    expect(() => importStormFile(db, `${NCEI}.gz`, corrupt, CO)).toThrow(/not a complete gzip file/)

    const csv = fixture(NCEI).toString()
    const cut = csv.slice(0, csv.indexOf('"COLORADO"', csv.length / 2) + 4)
    expect(() => importStormFile(db, NCEI, Buffer.from(cut), CO)).toThrow(StormFileError)
    // A gzip that is whole but holds a damaged CSV is refused the same way.
    expect(() => importStormFile(db, `${NCEI}.gz`, gzipSync(cut), CO)).toThrow(/line \d+/)

    expect(snapshot()).toEqual(before)
  })

  test('a gzip that unzips past 128 MB is refused at the limit, before any of it is read as CSV', () => {
    importStormFile(db, '240914_rpts_hail.csv', fixture('240914_rpts_hail.csv'), CO)
    const before = snapshot()
    // 144 MB of zeros in some 150 KB: no NCEI or SPC file unzips to that much.
    const bomb = gzipBomb(144 * 1024 * 1024)
    expect(bomb.length).toBeLessThan(200 * 1024)
    for (const name of [`${NCEI}.gz`, '240915_rpts_hail.csv'])
      expect(() => importStormFile(db, name, bomb, CO)).toThrow(
        `${name}: unzips to more than 128 MB, more than any NOAA storm data file: not unzipped further`,
      )
    expect(snapshot()).toEqual(before)
  })

  test('a file that is not a details file, or has an unknown name, is refused with a reason', () => {
    expect(() => importStormFile(db, NCEI, Buffer.from('a,b,c\n1,2,3\n'), CO)).toThrow(
      /not an NCEI Storm Events details file: the header lacks BEGIN_YEARMONTH/,
    )
    expect(() => importStormFile(db, 'storms-2024.csv', fixture(NCEI), CO)).toThrow(
      'storms-2024.csv: not a storm data file name: expected an NCEI details file',
    )
    expect(countStormEvents(db)).toBe(0)
  })

  test('a file stored half-way is rolled back whole (one transaction per file)', () => {
    const good: StormEventInput = {
      source: 'ncei',
      sourceId: '1',
      kind: 'hail',
      beginAt: new Date('2024-06-01T20:00:00Z'),
      localTime: '01-JUN-24 13:00:00',
      timeZone: 'MST-7',
      hailIn: 1,
      windKt: null,
      tornadoScale: null,
      magnitudeType: null,
      latitude: 39.5,
      longitude: -104.8,
      countyZone: 'Douglas',
      state: 'CO',
      place: 'Parker',
    }
    const broken = { ...good, sourceId: '2', kind: 'sleet' as StormEventInput['kind'] }
    const file = { name: NCEI, source: 'ncei' } as const
    expect(() => storeStormFile(db, file, { events: [good, broken], read: 2, skippedBy: {} }, NOW)).toThrow(
      /CHECK constraint/,
    )
    expect(snapshot()).toEqual({ events: [], geo: [], files: [] })
  })
})

describe('NCEI dates and file names', () => {
  test('dates: the year comes from BEGIN_YEARMONTH and must agree with BEGIN_DATE_TIME; time zones by offset or name', () => {
    const row = {
      BEGIN_YEARMONTH: '199907',
      BEGIN_DAY: '4',
      BEGIN_TIME: '2359',
      BEGIN_DATE_TIME: '04-JUL-99 23:59:00',
      CZ_TIMEZONE: 'CST-6',
    }
    expect(nceiBeginInstant(row)?.toISOString()).toBe('1999-07-05T05:59:00.000Z')
    expect(nceiBeginInstant({ ...row, BEGIN_DATE_TIME: '04-JUL-98 23:59:00' })).toBeUndefined()
    expect(nceiBeginInstant({ ...row, BEGIN_DAY: '31', BEGIN_YEARMONTH: '199906' })).toBeUndefined()
    expect(nceiBeginInstant({ ...row, CZ_TIMEZONE: 'XYZ' })).toBeUndefined()
    expect(
      [
        'MST-7',
        'CST-6',
        'EST-5',
        'PST-8',
        'AKST-9',
        'HST-10',
        'AST-4',
        'SST-11',
        'GST10',
        'MST',
        'cst',
        'AKST',
        'GST',
      ].map(zoneOffsetHours),
    ).toEqual([-7, -6, -5, -8, -9, -10, -4, -11, 10, -7, -6, -9, 10])
  })

  test('the file name patterns the refresh matches', () => {
    expect(NCEI_DETAILS_FILE.exec('StormEvents_details-ftp_v1.0_d2024_c20250401.csv.gz')?.slice(1)).toEqual([
      '2024',
      '20250401',
    ])
    expect(NCEI_DETAILS_FILE.test('StormEvents_locations-ftp_v1.0_d2024_c20250401.csv.gz')).toBe(false)
    expect(SPC_DAY_FILE.exec('240914_rpts_torn.csv')?.slice(1)).toEqual(['240914', 'torn'])
    expect(SPC_DAY_FILE.test('240914_rpts_filtered_hail.csv')).toBe(false)
  })
})

describe('SPC storm report days', () => {
  test('hail sizes in hundredths, wind in mph as knots (UNK kept), tornado scales, places and ids', () => {
    const hail = importStormFile(db, '240914_rpts_hail.csv', fixture('240914_rpts_hail.csv'), CO)
    expect(hail).toMatchObject({ source: 'spc', read: 5, stored: 2, skipped: 3 })
    expect(hail.skippedBy).toEqual({ 'other state': 1, 'no coordinates': 1, 'bad size': 1 })
    const wind = importStormFile(db, '240914_rpts_wind.csv', fixture('240914_rpts_wind.csv'), CO)
    expect(wind).toMatchObject({ read: 2, stored: 2, skipped: 0 })
    const torn = importStormFile(db, '240914_rpts_torn.csv', fixture('240914_rpts_torn.csv'), CO)
    expect(torn).toMatchObject({ read: 1, stored: 1 })

    const events = allEvents()
    expect(bySourceId(events, '240914-hail-2245-39.55--104.8')).toMatchObject({
      kind: 'hail',
      hailIn: 1.75,
      localTime: '2245',
      timeZone: 'UTC',
      place: '3 NW Parker',
      countyZone: 'Douglas',
      state: 'CO',
    })
    expect(bySourceId(events, '240914-wind-0015-39.58--104.87')).toMatchObject({ kind: 'wind', windKt: 60.8 })
    expect(bySourceId(events, '240914-wind-2310-39.37--104.86')).toMatchObject({ kind: 'wind', windKt: null })
    expect(bySourceId(events, '240914-torn-2105-39.76--104.35')).toMatchObject({
      kind: 'tornado',
      tornadoScale: 'EF1',
    })
  })

  test('the report day runs 12Z to 12Z: 0130 in the file of 14 September is 01:30 UTC on the 15th', () => {
    importStormFile(db, '240914_rpts_hail.csv', fixture('240914_rpts_hail.csv'), CO)
    const events = allEvents()
    expect(bySourceId(events, '240914-hail-0130-39.49--104.84')!.beginAt.toISOString()).toBe(
      '2024-09-15T01:30:00.000Z',
    )
    expect(bySourceId(events, '240914-hail-2245-39.55--104.8')!.beginAt.toISOString()).toBe(
      '2024-09-14T22:45:00.000Z',
    )
  })

  test('a day without reports (only the header) is read and recorded; re-importing a day stores nothing new', () => {
    expect(importStormFile(db, '240915_rpts_torn.csv', fixture('240915_rpts_torn.csv'), CO)).toMatchObject({
      read: 0,
      stored: 0,
      skipped: 0,
    })
    expect(stormDataThrough(db)).toEqual({ nceiThrough: null, spcThrough: '2024-09-15' })
    importStormFile(db, '240914_rpts_hail.csv', fixture('240914_rpts_hail.csv'), CO)
    const before = snapshot().events
    expect(importStormFile(db, '240914_rpts_hail.csv', fixture('240914_rpts_hail.csv'), CO)).toMatchObject({
      stored: 0,
      unchanged: 2,
    })
    expect(snapshot().events).toEqual(before)
  })

  test('a day file cut short, or with the header of another kind, is refused', () => {
    const text = fixture('240914_rpts_hail.csv').toString()
    expect(() => importStormFile(db, '240914_rpts_hail.csv', Buffer.from(text.slice(0, 80)), CO)).toThrow(
      /240914_rpts_hail\.csv: line 2: \d fields, at least 7 expected/,
    )
    expect(() => importStormFile(db, '240914_rpts_wind.csv', fixture('240914_rpts_hail.csv'), CO)).toThrow(
      /a header of hail reports in a wind file/,
    )
    expect(() => importStormFile(db, '240914_rpts_hail.csv', Buffer.alloc(0), CO)).toThrow(/empty file/)
    expect(countStormEvents(db)).toBe(0)
  })
})

describe('the query of a report', () => {
  const PARKER = { latitude: 39.5186, longitude: -104.7614 }
  const ALL_TIME = [0, new Date('2030-01-01').getTime()] as const

  test('returns what is near and in the period, not what is far or outside it, newest first', () => {
    importStormFile(db, NCEI, fixture(NCEI), { states: 'all', now: NOW })
    const near = findStormsNear(db, PARKER, 10, ...ALL_TIME).map((e) => e.sourceId)
    // Parker (0.9 mi) and Aurora (9.1 mi).
    expect(near).toEqual(expect.arrayContaining(['1180001', '1180002']))
    expect(near).not.toContain('1180009') // Cheyenne, 110 miles
    expect(near).not.toContain('1180010') // Wichita
    expect(near).not.toContain('1180005') // Colorado Springs, 48 miles
    const times = findStormsNear(db, PARKER, 10, ...ALL_TIME).map((e) => e.beginAt.getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))

    const july = findStormsNear(db, PARKER, 10, Date.UTC(2024, 6, 1), Date.UTC(2024, 7, 1)).map(
      (e) => e.sourceId,
    )
    expect(july).toEqual(['1180002'])
    expect(findStormsNear(db, PARKER, 1, ...ALL_TIME).map((e) => e.sourceId)).toEqual(['1180001'])
  })

  test("an SPC report counts only from NCEI's cut-off on: the month after NCEI's newest, in Denver time", () => {
    // SPC first (as the refresh meets them when NCEI has not published the months yet).
    for (const day of ['240815_rpts_hail.csv', '240831_rpts_hail.csv', '240914_rpts_hail.csv'])
      importStormFile(db, day, fixture(day), CO)
    expect(nceiCutoff(db)).toBeNull()
    expect(findStormsNear(db, PARKER, 20, ...ALL_TIME).filter((e) => e.source === 'spc')).toHaveLength(5)
    // Without NCEI data, the Castle Rock report at 06:30Z on 1 September (31 August in Denver) counts.
    const castleRock = { latitude: 39.37, longitude: -104.86 }
    expect(findStormsNear(db, castleRock, 3, ...ALL_TIME).map((e) => e.sourceId)).toContain(
      '240831-hail-0630-39.37--104.86',
    )

    importStormFile(db, NCEI, fixture(NCEI), CO)
    // The newest NCEI event is 23:50 on 31 August in Denver: the cut-off is 1 September, 00:00 MST.
    expect(nceiCutoff(db)?.toISOString()).toBe('2024-09-01T07:00:00.000Z')
    expect(stormDataThrough(db).nceiThrough).toBe('2024-08-31')
    const spc = findStormsNear(db, PARKER, 20, ...ALL_TIME)
      .filter((e) => e.source === 'spc')
      .map((e) => e.sourceId)
    expect(spc).not.toContain('240815-hail-2030-39.52--104.76') // August: NCEI's Parker hail counts instead
    expect(spc).not.toContain('240831-hail-0630-39.37--104.86') // 31 August, 23:30 in Denver
    expect(spc).toContain('240831-hail-0730-39.44--104.96') // 1 September, 00:30 in Denver
    expect(spc).toContain('240914-hail-2245-39.55--104.8')

    // Once NCEI's month is in, an SPC day from before the cut-off is not even stored.
    const late = importStormFile(db, '240815_rpts_hail.csv', fixture('240815_rpts_hail.csv'), CO)
    expect(late).toMatchObject({ stored: 0, unchanged: 0, skippedBy: { 'superseded by NCEI': 1 } })
  })
})

describe("NCEI's cut-off, as each connection keeps it", () => {
  test('moves on when another connection stores a newer NCEI month', () => {
    importStormFile(db, NCEI, fixture(NCEI), CO)
    expect(nceiCutoff(db)?.toISOString()).toBe('2024-09-01T07:00:00.000Z')
    const other = openMigratedDatabase(path.join(tempDir(), 'roofing.db'))
    try {
      const october: StormEventInput = {
        ...bySourceId(allEvents(), '1180001')!,
        sourceId: '1189999',
        beginAt: new Date('2024-10-05T20:00:00Z'),
      }
      storeStormFile(
        other,
        { name: 'later.csv', source: 'ncei' },
        { events: [october], read: 1, skippedBy: {} },
        NOW,
      )
    } finally {
      other.close()
    }
    expect(nceiCutoff(db)?.toISOString()).toBe('2024-11-01T07:00:00.000Z')
  })
})

describe('the refresh state and the status', () => {
  test('a refresh start, then its outcome, are read back; the status counts per source and year', () => {
    expect(readRefreshState(db)).toBeUndefined()
    recordRefreshStart(db, new Date('2025-06-01T03:00:00Z'))
    expect(readRefreshState(db)).toEqual({
      startedAt: '2025-06-01T03:00:00.000Z',
      finishedAt: undefined,
      outcome: undefined,
      detail: undefined,
      nextAt: undefined,
    })
    recordRefreshOutcome(db, {
      finishedAt: new Date('2025-06-01T03:02:00Z'),
      outcome: 'failed',
      detail: 'SPC 250531_rpts_hail.csv: HTTP 500',
      nextAt: new Date('2025-06-01T04:00:00Z'),
    })
    expect(readRefreshState(db)).toMatchObject({ outcome: 'failed', nextAt: '2025-06-01T04:00:00.000Z' })

    importStormFile(db, NCEI, fixture(NCEI), CO)
    importStormFile(db, '240914_rpts_hail.csv', fixture('240914_rpts_hail.csv'), CO)
    const status = stormStatus(db, new Date('2025-06-01T12:00:00Z'))
    expect(status.years).toEqual([
      { source: 'ncei', year: 2024, events: 8, hail: 6, wind: 1, tornado: 1 },
      { source: 'spc', year: 2024, events: 2, hail: 2, wind: 0, tornado: 0 },
    ])
    expect(status.newest?.sourceId).toBe('240914-hail-0130-39.49--104.84')
    expect(status.refresh?.detail).toBe('SPC 250531_rpts_hail.csv: HTTP 500')
  })
})

test('importStormPath names the file it cannot read', () => {
  const missing = path.join(tempDir(), '240101_rpts_hail.csv')
  expect(() => importStormPath(db, missing, CO)).toThrow(/^240101_rpts_hail\.csv: cannot be read/)
  writeFileSync(missing, 'Time,Size,Location,County,State,Lat,Lon,Comments\n')
  expect(importStormPath(db, missing, CO)).toMatchObject({ read: 0 })
})
