/**
 * Radar hail at the address (docs/storm-data.md), as the office and the worker meet it: MRMS
 * MESH files written by ecCodes (tests/support/mesh/write_mesh.py) with known swaths around a
 * home in Parker, imported with `site-admin storms import` into a real SQLite file, next to an
 * SPC day file of storm events; the report read with `storms report --json` through a local
 * stand-in of the Census geocoder; and the worker's refresh fetching the files from a local
 * HTTP server laid out as NOAA's bucket is, including a mirror that refuses files, serves one
 * too large, one with a crafted grid, a gzip bomb and one cut short: each is that day's failure,
 * and only several in a row stop the backfill.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { jsonLines } from '../support/log-sink'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { createLogger } from '../../core/platform/logger'
import { meshFileNameForDay, type WeatherReport } from '../../core/storms'
import { applyMutation, gzipBomb } from '../../scripts/lib/hostile-radar-files'
import { startStormRefresh } from '../../worker/storms/refresh'
import { runAdminCaptured } from '../support/admin'
import { startGeocoderPeer, type GeocoderPeer } from '../support/geocoder-peer'
import { relabelMeshFile, writeMeshFile } from '../support/mesh-files'
import { useTempDir } from '../support/temp-dir'

/** The home: 11020 S Pikes Peak Dr, Parker. */
const HOME = { latitude: 39.5186, longitude: -104.7614 }
const ADDRESS = '11020 S Pikes Peak Dr, Parker, CO 80138'
/** The office asks on 1 Jun 2025: the report's 5 years start on 1 Jun 2020. */
const NOW = new Date('2025-06-01T18:00:00Z')
const MI_PER_DEG_LAT = 69.05

/** A point `mi` miles north of the home. */
const northOfHome = (mi: number) => ({
  latitude: HOME.latitude + mi / MI_PER_DEG_LAT,
  longitude: HOME.longitude,
})

const tempDir = useTempDir('roofing-radar-')
let geocoder: GeocoderPeer
let env: NodeJS.ProcessEnv
let dbPath: string
const files: Record<string, string> = {}

const admin = (...argv: string[]) => runAdminCaptured(argv, { env, at: NOW })

beforeAll(async () => {
  geocoder = await startGeocoderPeer(() => ({
    ...HOME,
    matchedAddress: '11020 S PIKES PEAK DR, PARKER, CO, 80138',
  }))
  dbPath = path.join(tempDir(), 'roofing.db')
  openMigratedDatabase(dbPath).close()
  env = { DATABASE_PATH: dbPath, CENSUS_GEOCODER_URL: geocoder.url, GEOCODER_TIMEOUT_MS: '2000' }
  const dir = tempDir()
  // 12 Jun 2024 (valid 06:00Z on the 13th, the next Denver midnight in summer): a swath over the home, 1.75 in at its peak.
  files.overHome = writeMeshFile(dir, {
    validAt: '2024-06-13T06:00:00Z',
    swaths: [{ ...HOME, radiusMi: 3, peakIn: 1.75 }],
  })
  // 1 Jul 2023: a core of 1.25 in 2 mi north of the home, 1 mi across: within 3 mi, not at the home.
  files.twoMilesNorth = writeMeshFile(dir, {
    validAt: '2023-07-02T06:00:00Z',
    swaths: [{ ...northOfHome(2), radiusMi: 1, peakIn: 1.25 }],
  })
  // 15 Jan 2024 (valid 07:00Z on the 16th, the next Denver midnight in winter): a swath over the home, no report.
  files.winter = writeMeshFile(dir, {
    validAt: '2024-01-16T07:00:00Z',
    swaths: [{ ...HOME, radiusMi: 2, peakIn: 1.1 }],
  })
  // 1 Aug 2024: one cell of 2 in over the home and nothing around it, a radar artefact.
  files.spike = writeMeshFile(dir, {
    validAt: '2024-08-02T06:00:00Z',
    swaths: [{ latitude: 40.3, longitude: -105.4, radiusMi: 1, peakIn: 0.8 }],
    cells: [{ ...HOME, mm: 50.8 }],
  })
  // 1 May 2020: a swath over the home, but more than 5 years before the report.
  files.tooOld = writeMeshFile(dir, {
    validAt: '2020-05-02T06:00:00Z',
    swaths: [{ ...HOME, radiusMi: 3, peakIn: 2 }],
  })
  // A file cut short in transit.
  files.truncated = writeMeshFile(dir, {
    validAt: '2024-06-01T06:00:00Z',
    swaths: [{ ...HOME, radiusMi: 3, peakIn: 1.5 }],
    truncate: 300,
  })
  // The storm event of 12 Jun 2024: 1.75 in hail about 0.6 mi NW at 21:40 UTC (3:40 PM in Denver).
  files.spc = path.join(dir, '240612_rpts_hail.csv')
  const spc = [
    'Time,Size,Location,County,State,Lat,Lon,Comments',
    '2140,175,3 NW Parker,Douglas,CO,39.5247,-104.7712,Quarter to golf ball size hail. (BOU)',
  ].join('\n')
  await import('node:fs').then((fs) => fs.writeFileSync(files.spc!, `${spc}\n`))
})
afterAll(async () => {
  await geocoder?.close()
})

async function reportJson(): Promise<WeatherReport> {
  const run = await admin('storms', 'report', ADDRESS, '--json')
  expect(run.err).toBe('')
  expect(run.code).toBe(0)
  return JSON.parse(run.out) as WeatherReport
}

/** The worker's refresh of `db` from a NOAA stand-in at `base` (its ncei/, spc/ and mesh/ folders), logging into `lines`. */
function refreshFrom(
  base: string,
  db: Db,
  lines: Record<string, unknown>[],
  limits: { fetchTimeoutMs: number; fetchMaxBytes: number },
) {
  return startStormRefresh({
    db,
    logger: createLogger('info', jsonLines(lines)),
    now: () => NOW,
    settings: {
      on: false,
      states: ['CO'],
      intervalHours: 24,
      years: 6,
      nceiUrl: `${base}/ncei/`,
      spcUrl: `${base}/spc/`,
      meshUrl: `${base}/mesh/`,
      ...limits,
    },
    backoff: { fetch: { baseMs: 1, maxMs: 1 } },
  })
}

describe('radar hail through site-admin', () => {
  test('a truncated file is refused by name with a non-zero exit, and nothing of it is stored', async () => {
    const run = await admin('storms', 'import', files.truncated!)
    expect(run.code).toBe(1)
    expect(run.err).toContain(`refused ${path.basename(files.truncated!)}:`)
    expect(run.err).toContain('nothing of it was stored')
    const status = await admin('storms', 'status')
    expect(status.out).toContain('Radar hail (MRMS MESH): none stored yet')
  })

  test('imports each storm day by its Denver date, drops an isolated spike, and a re-import changes nothing', async () => {
    const run = await admin(
      'storms',
      'import',
      files.spc!,
      files.overHome!,
      files.twoMilesNorth!,
      files.winter!,
      files.spike!,
      files.tooOld!,
    )
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    expect(run.out).toMatch(
      new RegExp(
        `${path.basename(files.overHome!)}: storm day 2024-06-12, [\\d,]+ cells of 0.5 in or more \\(largest 1\\.[78] in\\)`,
      ),
    )
    expect(run.out).toContain(`${path.basename(files.winter!)}: storm day 2024-01-15,`)
    expect(run.out).toMatch(
      new RegExp(`${path.basename(files.spike!)}: storm day 2024-08-01, .*1 dropped as radar artefacts`),
    )
    expect(run.out).toContain('6 of 6 files imported, 1 new events stored, 5 new storm days')

    const again = await admin('storms', 'import', files.overHome!)
    expect(again.code).toBe(0)
    expect(again.out).toContain('storm day 2024-06-12 is stored already')
    expect(again.out).toContain('1 of 1 file imported, 0 new events stored')

    const status = await admin('storms', 'status')
    expect(status.out).toContain('Radar hail (MRMS MESH): 5 storm days, first 2020-05-01, last 2024-08-01')
    // The period is 1 Jun 2020 to 31 May 2025, 1,826 days; 4 of them are stored.
    expect(status.out).toContain('1,822 days missing from 2020-06-01 to 2025-05-31: 2020-06-01, 2020-06-02')
  })

  test('storms report --json: each radar day within 3 mi, confirmed or radar only, and the risk', async () => {
    const report = await reportJson()
    const days = report.radar!.days
    // Newest first; the spike's day and the day before the period are not there.
    expect(days.map((d) => d.date)).toEqual(['2024-06-12', '2024-01-15', '2023-07-01'])
    // What radar covers is said within the report's own period: the day stored before it is not counted.
    expect(report.radar!.coverage).toEqual({ first: '2023-07-01', last: '2024-08-01', days: 4 })

    const [june, winter, north] = days as [(typeof days)[0], (typeof days)[0], (typeof days)[0]]
    // The swath over the home, with the storm event 0.6 mi NW the same Denver day: confirmed.
    expect(june.atHomeIn).toBeGreaterThan(1.6)
    expect(june.atHomeIn).toBeLessThanOrEqual(1.76)
    expect(june.within1MiIn).toBeGreaterThanOrEqual(june.atHomeIn)
    expect(june.within3MiIn).toBeGreaterThanOrEqual(june.within1MiIn)
    expect(june.corroborated).toBe(true)
    expect(june.groundReport).toMatchObject({ hailIn: 1.75, direction: 'NW' })
    // No report on the winter day: radar only.
    expect(winter.atHomeIn).toBeGreaterThan(1)
    expect(winter.corroborated).toBe(false)
    // The core 2 mi north is within 3 mi, but neither at the home nor within 1 mi.
    expect(north.atHomeIn).toBe(0)
    expect(north.within1MiIn).toBe(0)
    // The core's cell sits up to half a cell from the swath's centre, where the dome is lower.
    expect(north.within3MiIn).toBeGreaterThan(0.9)
    expect(north.within3Mi).toMatchObject({ direction: 'N' })
    expect(north.within3Mi!.distanceMi).toBeGreaterThan(1.8)
    expect(north.within3Mi!.distanceMi).toBeLessThan(2.2)
    expect(north.corroborated).toBe(false)

    // Two days of 1 in or more at the home; the box's other cells had at most two such days,
    // and most had none.
    expect(report.risk).toMatchObject({ hailDaysAtHome: 2, largestAtHome: { date: '2024-06-12' } })
    expect(report.risk!.serviceAreaPercentile).toBeGreaterThanOrEqual(95)
    expect(report.risk!.serviceAreaPercentile).toBeLessThan(100)
    expect(report.risk!.sentence).toContain('at this home on 2 days in 5 years')

    // The swath picture's day is the one with the largest hail at the home.
    expect(report.radar!.swath).toMatchObject({ date: '2024-06-12' })
    expect(Math.max(...report.radar!.swath!.valuesIn)).toBeGreaterThan(1.6)
    expect(report.radar!.swath!.reports).toHaveLength(1)
    expect(report.summary.radar!.office).toMatch(
      /^Radar: 1\.[78] in at the home on 12 Jun 2024 \(confirmed by a report 0\.\d mi NW\); 2 days of 1 in\+ in 5 years, more than 9\d% of the area$/,
    )
  })

  test('the text report has the radar days and the risk', async () => {
    const run = await admin('storms', 'report', ADDRESS)
    expect(run.code).toBe(0)
    expect(run.out).toContain('confirmed by a report')
    expect(run.out).toContain('radar only')
    // 1 Jul 2023 to 1 Aug 2024 is 398 days, 4 of them stored.
    expect(run.out).toContain(
      'Radar data (NOAA MRMS, Maximum Estimated Size of Hail) for every day from 1 Jul 2023 to 1 Aug 2024, 394 days missing.',
    )
    expect(run.out).not.toContain('May 2020')
  })
})

describe("the worker's radar refresh", () => {
  let server: Server
  let base: string
  const served = new Map<string, Buffer>()
  const asked: string[] = []

  beforeAll(async () => {
    // As NOAA's bucket lays them out: a folder per UTC date of the file's valid time.
    for (const file of [files.overHome!, files.winter!]) {
      const name = path.basename(file)
      const date = /_(\d{8})-\d{6}\.grib2\.gz$/.exec(name)![1]!
      served.set(`/mesh/${date}/${name}`, readFileSync(file))
    }
    server = createServer((req, res) => {
      asked.push(req.url!)
      const body = served.get(req.url!)
      if (!body) return void res.writeHead(404).end('not found')
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  // A guard, not a budget: five years of days fetched from a local peer; 20 s ran out under load.
  test('fetches every missing day of 5 years once, stores what NOAA has, and notes what it lacks', async () => {
    const db = openMigratedDatabase(path.join(tempDir(), 'refresh.db'))
    const lines: Record<string, unknown>[] = []
    // No NCEI or SPC files here: those steps fail, and the radar's still runs.
    const refresh = refreshFrom(base, db, lines, { fetchTimeoutMs: 2000, fetchMaxBytes: 1_000_000 })
    try {
      const first = await refresh.runOnce()
      expect(first.radarDays.sort()).toEqual(['2024-01-15', '2024-06-12'])
      expect(first.radarMissing).toHaveLength(1826 - 2)
      expect(first.detail).toContain('2 storm days; ')
      expect(first.detail).toContain('1,824 storm days not at NOAA')
      // The newest day first: a backfill cut short keeps what matters most.
      const meshAsked = asked.filter((u) => u.startsWith('/mesh/'))
      expect(meshAsked[0]).toBe('/mesh/20250601/MRMS_MESH_Max_1440min_00.50_20250601-060000.grib2.gz')
      expect(lines.some((l) => l.msg === 'radar hail backfill under way' && l.done === 50)).toBe(true)

      // The next refresh asks only for the 3 most recent days, which NOAA may still publish.
      asked.length = 0
      const second = await refresh.runOnce()
      expect(second.radarDays).toEqual([])
      expect(asked.filter((u) => u.startsWith('/mesh/'))).toEqual([
        '/mesh/20250601/MRMS_MESH_Max_1440min_00.50_20250601-060000.grib2.gz',
        '/mesh/20250531/MRMS_MESH_Max_1440min_00.50_20250531-060000.grib2.gz',
        '/mesh/20250530/MRMS_MESH_Max_1440min_00.50_20250530-060000.grib2.gz',
      ])
      const count = db.prepare('SELECT COUNT(*) AS n FROM radar_days').get() as { n: number }
      expect(count.n).toBe(2)
    } finally {
      await refresh.stop()
      db.close()
    }
  }, 60_000)
})

/**
 * A store whose refresh already found the days before 20 May 2025 missing at NOAA (today, so
 * they are not asked for again for a week): each refresh below asks for the twelve days from
 * 20 to 31 May, not for all of five years.
 */
function storeWithOldDaysMissing(file: string): Db {
  const db = openMigratedDatabase(file)
  const insert = db.prepare('INSERT INTO radar_missing (day, checked_at, reason) VALUES (?, ?, ?)')
  db.transaction(() => {
    for (
      let d = new Date('2020-06-01T12:00:00Z');
      d < new Date('2025-05-20T00:00:00Z');
      d.setUTCDate(d.getUTCDate() + 1)
    )
      insert.run(d.toISOString().slice(0, 10), NOW.toISOString(), 'not found (404)')
  })()
  return db
}

const dayUrl = (day: string) => {
  const f = meshFileNameForDay(day)
  return `/mesh/${f.dir}/${f.name}`
}

/**
 * NOAA's bucket as a mirror might serve it, for the tests of one describe block: for each storm
 * day's file an answer of its own (`serve`), a 404 for the rest; every URL asked for is noted.
 */
function useMirror() {
  const answers = new Map<string, (res: ServerResponse) => void>()
  const asked: string[] = []
  let server: Server | undefined
  let base = ''
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url!)
      const answer = answers.get(req.url!)
      if (!answer) return void res.writeHead(404).end('not found')
      answer(res)
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))
  return {
    /** The radar files asked for since the last call, in order. */
    meshAsked: () => asked.splice(0).filter((u) => u.startsWith('/mesh/')),
    serve(day: string, answer: ((res: ServerResponse) => void) | Buffer) {
      answers.set(
        dayUrl(day),
        Buffer.isBuffer(answer) ? (res) => void res.writeHead(200).end(answer) : answer,
      )
    },
    clear: () => answers.clear(),
    /** The worker's refresh against this mirror, logging into `lines`. */
    refresh(db: Db, lines: Record<string, unknown>[]) {
      // Larger than a radar file may be: the radar's own limit of 10 MB is the one that stops it.
      return refreshFrom(base, db, lines, { fetchTimeoutMs: 5000, fetchMaxBytes: 100 * 1024 * 1024 })
    },
  }
}

const MAY = (...days: string[]) => days.map((d) => `2025-05-${d}`)

describe('a storm day that fails does not stop the backfill', () => {
  const mirror = useMirror()
  let file: string
  let good: Buffer

  beforeAll(() => {
    // 27 May 2025: a real storm day's file, over the home.
    file = writeMeshFile(tempDir(), {
      validAt: meshFileNameForDay('2025-05-27').validAt.toISOString(),
      swaths: [{ ...HOME, radiusMi: 3, peakIn: 1.5 }],
    })
    good = readFileSync(file)
  })

  test('a 403, a file over 10 MB, a crafted grid, a gzip bomb and a cut file are each the day’s failure, named; the days around them are stored; the failed days are asked for again next time', async () => {
    const dbPath = path.join(tempDir(), 'failures.db')
    const db = storeWithOldDaysMissing(dbPath)
    const lines: Record<string, unknown>[] = []
    const mesh = { label: 'ecCodes file', name: path.basename(file), grib: gunzipSync(good) }
    mirror.serve('2025-05-31', (res) => void res.writeHead(403).end('Forbidden'))
    mirror.serve('2025-05-30', Buffer.alloc(11 * 1024 * 1024))
    mirror.serve(
      '2025-05-29',
      gzipSync(applyMutation(mesh, { kind: 'grid moved north', rows: 209_248 }).bytes),
    )
    mirror.serve('2025-05-28', gzipBomb(1024 * 1024 * 1024))
    mirror.serve('2025-05-27', good)
    mirror.serve('2025-05-26', good.subarray(0, Math.floor(good.length / 2)))
    const refresh = mirror.refresh(db, lines)
    try {
      mirror.meshAsked()
      const first = await refresh.runOnce()
      expect(first.radarDays).toEqual(['2025-05-27'])
      expect(first.radarStopped).toBeUndefined()
      expect(first.radarFailed.map((f) => f.day)).toEqual(MAY('31', '30', '29', '28', '26'))
      const reasons = Object.fromEntries(first.radarFailed.map((f) => [f.day, f.reason]))
      const name = (day: string) => meshFileNameForDay(day).name
      expect(reasons['2025-05-31']).toBe(`${name('2025-05-31')}: the server answered 403`)
      expect(reasons['2025-05-30']).toBe(
        `${name('2025-05-30')}: larger than 10485760 bytes (a MESH file's limit, 10 MB)`,
      )
      expect(reasons['2025-05-29']).toMatch(
        /: its grid is 7000 × 212748 points of 0\.01° × 0\.01° from \(2147\.475, 230\.005\).*not MRMS's CONUS grid/,
      )
      expect(reasons['2025-05-28']).toMatch(/: unzips to more than 32 MB/)
      expect(reasons['2025-05-26']).toMatch(/: not a complete gzip file/)
      // The backfill went on past them: every one of the twelve days was asked for, newest first.
      expect(mirror.meshAsked()).toEqual(
        MAY('31', '30', '29', '28', '27', '26', '25', '24', '23', '22', '21', '20').map(dayUrl),
      )
      expect(first.radarMissing).toEqual(MAY('25', '24', '23', '22', '21', '20'))
      expect(first.outcome).toBe('failed')
      expect(first.detail).toContain('(and 4 more storm days failed); asked for again at the next refresh')
      expect(first.detail).toContain('1 storm day; ')
      expect(first.detail).toContain('5 storm days failed')
      const warned = lines.filter(
        (l) =>
          l.msg ===
          'radar hail day failed; the backfill goes on, and the day is asked for again at the next refresh',
      )
      expect(warned.map((l) => l.day)).toEqual(MAY('31', '30', '29', '28', '26'))

      const status = await runAdminCaptured(['storms', 'status'], {
        env: { DATABASE_PATH: dbPath },
        at: NOW,
      })
      expect(status.out).toContain('Radar hail (MRMS MESH): 1 storm day, first 2025-05-27, last 2025-05-27')
      expect(status.out).toContain('  5 days failed, asked for again at each refresh:')
      expect(status.out).toContain(
        `    2025-05-31: ${name('2025-05-31')}: the server answered 403 (once, last `,
      )
      expect(status.out).not.toContain('STOPPED')

      // The mirror lets the newest day through now: it is stored and leaves the failed days; the
      // others fail again, four in a row, which does not stop the step. The failed days were asked
      // for after the days not tried yet (there are none: the first refresh asked for every day).
      mirror.serve(
        '2025-05-31',
        readFileSync(
          relabelMeshFile(tempDir(), file, {
            validAt: meshFileNameForDay('2025-05-31').validAt.toISOString(),
          }),
        ),
      )
      const second = await refresh.runOnce()
      expect(mirror.meshAsked()).toEqual(MAY('31', '30', '29', '28', '26').map(dayUrl))
      expect(second.radarDays).toEqual(['2025-05-31'])
      expect(second.radarStopped).toBeUndefined()
      expect(db.prepare('SELECT day, failures FROM radar_failures ORDER BY day DESC').all()).toEqual([
        { day: '2025-05-30', failures: 2 },
        { day: '2025-05-29', failures: 2 },
        { day: '2025-05-28', failures: 2 },
        { day: '2025-05-26', failures: 2 },
      ])
    } finally {
      await refresh.stop()
      db.close()
    }
  })
})

describe('several storm days failing in a row', () => {
  const mirror = useMirror()

  test('five days failing in a row stop the radar step, saying so in the log and in storms status; the next refresh starts again', async () => {
    const dbPath = path.join(tempDir(), 'stopped.db')
    const db = storeWithOldDaysMissing(dbPath)
    const lines: Record<string, unknown>[] = []
    // A mirror that refuses every file.
    const forbidden = (res: ServerResponse) => void res.writeHead(403).end('Forbidden')
    for (const day of MAY('31', '30', '29', '28', '27', '26')) mirror.serve(day, forbidden)
    const refresh = mirror.refresh(db, lines)
    try {
      mirror.meshAsked()
      const first = await refresh.runOnce()
      expect(mirror.meshAsked()).toEqual(MAY('31', '30', '29', '28', '27').map(dayUrl))
      expect(first.radarFailed).toHaveLength(5)
      expect(first.radarStopped).toBe(
        `5 storm days in a row failed (2025-05-31 to 2025-05-27), so the radar step stopped with 7 days left for the next refresh; the last: ${meshFileNameForDay('2025-05-27').name}: the server answered 403`,
      )
      expect(first.detail).toContain(first.radarStopped)
      const stop = lines.find(
        (l) => l.level === 50 && String(l.msg).startsWith('radar hail backfill stopped'),
      )
      expect(stop).toMatchObject({
        msg: 'radar hail backfill stopped: 5 days in a row failed; the next refresh starts it again',
        days: MAY('31', '30', '29', '28', '27'),
        left: 7,
      })

      const status = await runAdminCaptured(['storms', 'status'], {
        env: { DATABASE_PATH: dbPath },
        at: NOW,
      })
      expect(status.out).toContain(`  STOPPED by the last refresh: ${first.radarStopped}; the next refresh (`)
      expect(status.out).toContain('  5 days failed, asked for again at each refresh:')

      // The mirror lets files through again (NOAA has none of these days: 404). The next refresh
      // asks for the days not tried yet first, then the five that failed.
      mirror.clear()
      const second = await refresh.runOnce()
      expect(mirror.meshAsked()).toEqual(
        MAY('26', '25', '24', '23', '22', '21', '20', '31', '30', '29', '28', '27').map(dayUrl),
      )
      expect(second.radarStopped).toBeUndefined()
      const after = await runAdminCaptured(['storms', 'status'], {
        env: { DATABASE_PATH: dbPath },
        at: NOW,
      })
      expect(after.out).not.toContain('STOPPED')
      // NOAA answered 404 for them now: missing there, not failing.
      expect(after.out).not.toContain('failed, asked for again')
    } finally {
      await refresh.stop()
      db.close()
    }
  })
})
