/**
 * The worker's refresh of storm data against a local stand-in of NOAA: an Apache-style NCEI
 * directory listing with gzipped details files, and SPC day files. It must pick each year's
 * newest file from the listing, fill the days after NCEI's newest month from SPC, take a
 * missing day (404) in its stride, survive a timeout and a 500 with back-off (recorded as
 * failed, with the reason), and download nothing new the second time. Real SQLite files.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { jsonLines } from '../support/log-sink'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { createLogger } from '../../core/platform/logger'
import { importedFiles } from '../../core/storms/coverage'
import { countStormEvents } from '../../core/storms/events'
import { readRefreshState } from '../../core/storms/refresh-state'
import { startStormRefresh, type StormRefreshSettings } from '../../worker/storms/refresh'
import { useTempDir } from '../support/temp-dir'

/** The 51 columns of NCEI's details files, as NOAA writes the header. */
const NCEI_HEADER =
  'BEGIN_YEARMONTH,BEGIN_DAY,BEGIN_TIME,END_YEARMONTH,END_DAY,END_TIME,EPISODE_ID,EVENT_ID,STATE,STATE_FIPS,YEAR,MONTH_NAME,EVENT_TYPE,CZ_TYPE,CZ_FIPS,CZ_NAME,WFO,BEGIN_DATE_TIME,CZ_TIMEZONE,END_DATE_TIME,INJURIES_DIRECT,INJURIES_INDIRECT,DEATHS_DIRECT,DEATHS_INDIRECT,DAMAGE_PROPERTY,DAMAGE_CROPS,SOURCE,MAGNITUDE,MAGNITUDE_TYPE,FLOOD_CAUSE,CATEGORY,TOR_F_SCALE,TOR_LENGTH,TOR_WIDTH,TOR_OTHER_WFO,TOR_OTHER_CZ_STATE,TOR_OTHER_CZ_FIPS,TOR_OTHER_CZ_NAME,BEGIN_RANGE,BEGIN_AZIMUTH,BEGIN_LOCATION,END_RANGE,END_AZIMUTH,END_LOCATION,BEGIN_LAT,BEGIN_LON,END_LAT,END_LON,EPISODE_NARRATIVE,EVENT_NARRATIVE,DATA_SOURCE'
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August'].concat([
  'September',
  'October',
  'November',
  'December',
])

/** One details row as NOAA writes it: strings quoted, numbers not. */
function nceiRow(e: {
  id: number
  state: string
  type: 'Hail' | 'Thunderstorm Wind' | 'Flood'
  y: number
  m: number
  d: number
  hhmm: string
  size: number
  lat: number
  lon: number
  place: string
}): string {
  const ym = `${e.y}${String(e.m).padStart(2, '0')}`
  const when = `${String(e.d).padStart(2, '0')}-${MONTHS[e.m - 1]}-${String(e.y % 100).padStart(2, '0')} ${e.hhmm.slice(0, 2)}:${e.hhmm.slice(2)}:00`
  const q = (s: string) => `"${s}"`
  return [
    ym,
    e.d,
    Number(e.hhmm),
    ym,
    e.d,
    Number(e.hhmm),
    1000 + e.id,
    e.id,
    q(e.state),
    8,
    e.y,
    q(MONTH_NAMES[e.m - 1]!),
    q(e.type),
    q('C'),
    35,
    q('DOUGLAS'),
    q('BOU'),
    q(when),
    q('MST-7'),
    q(when),
    0,
    0,
    0,
    0,
    q('0.00K'),
    q('0.00K'),
    q('Trained Spotter'),
    e.size.toFixed(2),
    q(e.type === 'Thunderstorm Wind' ? 'EG' : ''),
    q(''),
    '',
    q(''),
    '',
    '',
    q(''),
    q(''),
    q(''),
    q(''),
    1,
    q('NW'),
    q(e.place),
    1,
    q('NW'),
    q(e.place),
    e.lat.toFixed(4),
    e.lon.toFixed(4),
    e.lat.toFixed(4),
    e.lon.toFixed(4),
    q('Storms moved east across the plains.'),
    q('Hail covered the ground.'),
    q('CSV'),
  ].join(',')
}

const detailsFile = (rows: string[]) => gzipSync(`${[NCEI_HEADER, ...rows].join('\n')}\n`)

const NCEI = {
  /** 2024 was recompiled: the listing has both, and only the newest is fetched. */
  old2024: 'StormEvents_details-ftp_v1.0_d2024_c20250101.csv.gz',
  new2024: 'StormEvents_details-ftp_v1.0_d2024_c20250415.csv.gz',
  y2025: 'StormEvents_details-ftp_v1.0_d2025_c20251215.csv.gz',
  /** Older than the years kept. */
  y2019: 'StormEvents_details-ftp_v1.0_d2019_c20240620.csv.gz',
}
/** The same storm in both compilations of 2024: the newer file adds, it does not change it. */
const PARKER_HAIL = nceiRow({
  id: 1,
  state: 'COLORADO',
  type: 'Hail',
  y: 2024,
  m: 6,
  d: 12,
  hhmm: '1540',
  size: 1.75,
  lat: 39.53,
  lon: -104.77,
  place: 'PARKER',
})
const NCEI_FILES: Record<string, Buffer> = {
  [NCEI.old2024]: detailsFile([PARKER_HAIL]),
  [NCEI.new2024]: detailsFile([
    PARKER_HAIL,
    nceiRow({
      id: 2,
      state: 'COLORADO',
      type: 'Thunderstorm Wind',
      y: 2024,
      m: 7,
      d: 30,
      hhmm: '1805',
      size: 61,
      lat: 39.65,
      lon: -104.78,
      place: 'AURORA',
    }),
    nceiRow({
      id: 3,
      state: 'KANSAS',
      type: 'Hail',
      y: 2024,
      m: 7,
      d: 1,
      hhmm: '1200',
      size: 1,
      lat: 38.5,
      lon: -98.5,
      place: 'SALINA',
    }),
  ]),
  [NCEI.y2025]: detailsFile([
    nceiRow({
      id: 10,
      state: 'COLORADO',
      type: 'Hail',
      y: 2025,
      m: 5,
      d: 20,
      hhmm: '1420',
      size: 1.25,
      lat: 39.37,
      lon: -104.86,
      place: 'CASTLE ROCK',
    }),
    // The newest month in the file: SPC's reports start the day after it ends.
    nceiRow({
      id: 11,
      state: 'COLORADO',
      type: 'Hail',
      y: 2025,
      m: 11,
      d: 3,
      hhmm: '1600',
      size: 1,
      lat: 39.6,
      lon: -104.9,
      place: 'CENTENNIAL',
    }),
    nceiRow({
      id: 12,
      state: 'COLORADO',
      type: 'Flood',
      y: 2025,
      m: 8,
      d: 1,
      hhmm: '1600',
      size: 0,
      lat: 39.6,
      lon: -104.9,
      place: 'DENVER',
    }),
  ]),
  [NCEI.y2019]: detailsFile([]),
}

/** An Apache index page, as NCEI's server writes it. */
function listingHtml(): string {
  const entry = (name: string, date: string, size: string) =>
    `<tr><td valign="top"><img src="/icons/compressed.gif" alt="[   ]"></td><td><a href="${name}">${name}</a></td><td align="right">${date}  </td><td align="right">${size}</td><td>&nbsp;</td></tr>`
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">
<html>
 <head>
  <title>Index of /pub/data/swdi/stormevents/csvfiles</title>
 </head>
 <body>
<h1>Index of /pub/data/swdi/stormevents/csvfiles</h1>
  <table>
   <tr><th valign="top"><img src="/icons/blank.gif" alt="[ICO]"></th><th><a href="?C=N;O=D">Name</a></th><th><a href="?C=M;O=A">Last modified</a></th><th><a href="?C=S;O=A">Size</a></th><th><a href="?C=D;O=A">Description</a></th></tr>
   <tr><th colspan="5"><hr></th></tr>
<tr><td valign="top"><img src="/icons/back.gif" alt="[PARENTDIR]"></td><td><a href="/pub/data/swdi/stormevents/">Parent Directory</a></td><td>&nbsp;</td><td align="right">  - </td><td>&nbsp;</td></tr>
${entry('Storm-Data-Bulk-csv-Format.pdf', '2021-06-09 10:52', '212K')}
${entry(NCEI.y2019, '2024-06-20 14:03', '9.8M')}
${entry(NCEI.old2024, '2025-01-01 09:12', '11M')}
${entry(NCEI.new2024, '2025-04-15 09:30', '11M')}
${entry('StormEvents_fatalities-ftp_v1.0_d2024_c20250415.csv.gz', '2025-04-15 09:30', '12K')}
${entry('StormEvents_locations-ftp_v1.0_d2024_c20250415.csv.gz', '2025-04-15 09:30', '3.2M')}
${entry(NCEI.y2025, '2025-12-15 08:01', '9.1M')}
   <tr><th colspan="5"><hr></th></tr>
</table>
<address>Apache Server at www.ncei.noaa.gov Port 443</address>
</body></html>
`
}

const SPC_HEADERS = {
  hail: 'Time,Size,Location,County,State,Lat,Lon,Comments',
  wind: 'Time,Speed,Location,County,State,Lat,Lon,Comments',
  torn: 'Time,F_Scale,Location,County,State,Lat,Lon,Comments',
}
/** Report days with storms; every other day has header-only files, as SPC publishes a quiet day. */
const SPC_REPORTS: Record<string, string> = {
  '251215_rpts_hail.csv':
    '2130,175,3 NW Parker,Douglas,CO,39.55,-104.80,Golf ball size hail. (BOU)\n1915,125,Cheyenne,Laramie,WY,41.14,-104.82,(CYS)',
  '260106_rpts_wind.csv': '0015,70,Centennial,Arapahoe,CO,39.58,-104.87,Measured gust. (BOU)',
}

/** Today, for the refresh: 8 January 2026, so yesterday is the 7th. */
const TODAY = new Date('2026-01-08T15:00:00Z')
/** The stand-in's behaviour, changed by the tests. */
const standIn = {
  listing: 'ok' as 'ok' | 'fail' | 'hang',
  /** Days whose SPC files are not published yet (404). */
  unpublished: new Set(['260107']),
  /** A file name that never answers. */
  hang: '',
  requests: [] as string[],
  /** Requests the refresh gave up on: it closed the connection before the stand-in answered. */
  abandoned: [] as string[],
}

let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    standIn.requests.push(url.pathname)
    res.on('close', () => {
      if (!res.writableEnded) standIn.abandoned.push(url.pathname)
    })
    const name = url.pathname.split('/').at(-1)!
    if (url.pathname === '/ncei/') {
      if (standIn.listing === 'hang') return
      if (standIn.listing === 'fail') return void res.writeHead(500).end('Internal Server Error')
      return void res.writeHead(200, { 'Content-Type': 'text/html;charset=UTF-8' }).end(listingHtml())
    }
    if (name === standIn.hang) return // never answers
    if (url.pathname.startsWith('/ncei/') && NCEI_FILES[name])
      return void res.writeHead(200, { 'Content-Type': 'application/x-gzip' }).end(NCEI_FILES[name])
    const spc = /^(\d{6})_rpts_(hail|wind|torn)\.csv$/.exec(name)
    if (url.pathname.startsWith('/spc/') && spc && !standIn.unpublished.has(spc[1]!)) {
      const rows = SPC_REPORTS[name]
      const header = SPC_HEADERS[spc[2] as keyof typeof SPC_HEADERS]
      return void res
        .writeHead(200, { 'Content-Type': 'text/csv' })
        .end(`${header}\n${rows ? `${rows}\n` : ''}`)
    }
    res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const tempDir = useTempDir('roofing-storm-refresh-')
/** The refresh's log lines, parsed. */
const logLines: Record<string, unknown>[] = []
const logger = createLogger('debug', jsonLines(logLines))
/** The waits before each new try of a download of `pathname`, from the lines logged since `from`. */
const retryWaitsOf = (pathname: string, from: number) =>
  logLines
    .slice(from)
    .filter((l) => l.msg === 'storm data download failed; trying again' && String(l.url).endsWith(pathname))
    .map((l) => l.waitMs)
const FAST_FETCH_BACKOFF = { baseMs: 20, maxMs: 80 }
const FAILED_REFRESH_BACKOFF = { baseMs: 300, maxMs: 2000 }

function settingsFor(overrides: Partial<StormRefreshSettings> = {}): StormRefreshSettings {
  return {
    on: false,
    states: ['CO'],
    intervalHours: 24,
    years: 3,
    nceiUrl: `${base}/ncei/`,
    spcUrl: `${base}/spc/`,
    meshUrl: null,
    fetchTimeoutMs: 2000,
    fetchMaxBytes: 1_000_000,
    ...overrides,
  }
}

const opened: Db[] = []
function openStore(name: string): Db {
  const db = openMigratedDatabase(path.join(tempDir(), name))
  opened.push(db)
  return db
}
afterAll(() => {
  for (const db of opened) db.close()
})

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The requests a piece of work made. */
async function requestsOf<T>(work: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  standIn.requests.length = 0
  standIn.abandoned.length = 0
  const result = await work()
  return { result, requests: [...standIn.requests] }
}

describe('one store, refreshed day after day', () => {
  let db: Db
  let today = TODAY
  const refresh = () =>
    startStormRefresh({
      db,
      logger,
      settings: settingsFor({ fetchTimeoutMs: 300 }),
      now: () => today,
      backoff: { fetch: FAST_FETCH_BACKOFF, failedRefresh: FAILED_REFRESH_BACKOFF },
    })

  beforeAll(() => {
    db = openStore('refresh.db')
  })

  test('the first refresh takes each year’s newest NCEI file from the listing, then the SPC days after NCEI’s newest month; a day not published yet is no failure', async () => {
    const { result: outcome, requests } = await requestsOf(() => refresh().runOnce())

    expect(outcome.problems).toEqual([])
    expect(outcome.outcome).toBe('ok')
    // The newest compile date of 2024, 2025; nothing for 2026 yet, and 2019 is too old.
    expect(requests.filter((r) => r.startsWith('/ncei/'))).toEqual([
      '/ncei/',
      `/ncei/${NCEI.y2025}`,
      `/ncei/${NCEI.new2024}`,
    ])
    expect(importedFiles(db, 'ncei').sort()).toEqual([NCEI.new2024, NCEI.y2025])
    // NCEI's newest month is November 2025: SPC from 1 December to yesterday, 7 January.
    const spcDays = [...new Set(requests.filter((r) => r.startsWith('/spc/')).map((r) => r.slice(5, 11)))]
    expect(spcDays[0]).toBe('251201')
    expect(spcDays.at(-1)).toBe('260107')
    expect(spcDays).toHaveLength(38)
    expect(outcome.spcDays).toHaveLength(37)
    expect(outcome.notPublished).toEqual(['2026-01-07'])
    // Colorado only: 2024's Kansas hail, 2025's flood and Wyoming's SPC report are not kept.
    expect(outcome.ncei.map((s) => s.stored)).toEqual([2, 2])
    expect(outcome.spcEvents).toBe(2)
    expect(countStormEvents(db)).toBe(6)
    expect(outcome.detail).toBe(
      'imported 2 NCEI files (4 events), 37 SPC days (2 events); 1 day not published yet',
    )
    expect(readRefreshState(db)).toMatchObject({
      outcome: 'ok',
      detail: outcome.detail,
      nextAt: new Date(TODAY.getTime() + 24 * 3_600_000).toISOString(),
    })
  })

  test('the next day’s refresh downloads nothing new: the listing, and the SPC reports of the last 3 days', async () => {
    today = new Date(TODAY.getTime() + 24 * 3_600_000)
    standIn.unpublished.clear()
    const { result: outcome, requests } = await requestsOf(() => refresh().runOnce())

    expect(outcome.outcome).toBe('ok')
    expect(requests.filter((r) => r.startsWith('/ncei/'))).toEqual(['/ncei/'])
    expect([...new Set(requests.map((r) => r.slice(5, 11)))].filter((d) => /^\d+$/.test(d))).toEqual([
      '260106',
      '260107',
      '260108',
    ])
    expect(outcome.ncei).toEqual([])
    expect(outcome.notPublished).toEqual([])
    // Reports already stored are not stored again.
    expect(outcome.spcEvents).toBe(0)
    expect(countStormEvents(db)).toBe(6)
  })

  test('a listing that answers 500 is tried again with back-off, and the refresh is recorded as failed with the reason', async () => {
    standIn.listing = 'fail'
    const logged = logLines.length
    const { result: outcome, requests } = await requestsOf(() => refresh().runOnce())

    expect(requests.filter((r) => r === '/ncei/')).toHaveLength(4)
    // Three waits before the next tries, doubling (FAST_FETCH_BACKOFF).
    expect(retryWaitsOf('/ncei/', logged)).toEqual([20, 40, 80])
    expect(outcome.outcome).toBe('failed')
    expect(outcome.detail).toMatch(
      /^NCEI directory listing: the server answered 500 \(4 tries\); so far imported 0/,
    )
    // SPC's days still came in: they follow the NCEI data already stored.
    expect(requests.some((r) => r.startsWith('/spc/'))).toBe(true)
    // The next try comes sooner than the daily one.
    expect(outcome.nextAt.getTime() - today.getTime()).toBe(FAILED_REFRESH_BACKOFF.baseMs)
    expect(readRefreshState(db)).toMatchObject({ outcome: 'failed', detail: outcome.detail })
    standIn.listing = 'ok'
  })

  test('a download that does not answer is cut off at the timeout, tried again, and named in the outcome', async () => {
    today = new Date(today.getTime() + 24 * 3_600_000)
    standIn.hang = '260109_rpts_wind.csv'
    const logged = logLines.length
    const { result: outcome, requests } = await requestsOf(() => refresh().runOnce())

    expect(outcome.outcome).toBe('failed')
    expect(outcome.detail).toContain(
      '260109_rpts_wind.csv: no answer within 300 ms (STORM_FETCH_TIMEOUT_MS) (4 tries)',
    )
    // Each of the 4 tries was cut off by the refresh (it closed the connection), with the
    // back-off's waits between them.
    const hung = '/spc/260109_rpts_wind.csv'
    expect(requests.filter((r) => r === hung)).toHaveLength(4)
    await waitFor(
      () => standIn.abandoned.filter((r) => r === hung).length === 4,
      5000,
      'the tries to be closed',
    )
    expect(retryWaitsOf(hung, logged)).toEqual([20, 40, 80])
    expect(readRefreshState(db)?.outcome).toBe('failed')
    standIn.hang = ''
  })
})

describe('the refresh in the worker', () => {
  test('when the store is empty it starts at once; a failed refresh keeps the timer alive, comes back sooner, and succeeds once NOAA answers', async () => {
    const db = openStore('timer.db')
    standIn.listing = 'fail'
    const refresh = startStormRefresh({
      db,
      logger,
      settings: settingsFor({ on: true }),
      now: () => TODAY,
      firstDelayMs: 0,
      backoff: { fetch: FAST_FETCH_BACKOFF, failedRefresh: FAILED_REFRESH_BACKOFF },
    })
    try {
      // A refresh takes a fraction of a second here and seconds on a busy machine: the waits
      // only catch a timer that never fires.
      await waitFor(() => readRefreshState(db)?.outcome === 'failed', 60_000, 'the first refresh to fail')
      expect(readRefreshState(db)?.detail).toContain('the server answered 500')
      expect(refresh.nextAt()?.getTime()).toBe(TODAY.getTime() + FAILED_REFRESH_BACKOFF.baseMs)
      standIn.listing = 'ok'
      await waitFor(() => readRefreshState(db)?.outcome === 'ok', 60_000, 'the timer to try again')
      expect(countStormEvents(db)).toBe(6)
      // Back on the daily schedule.
      expect(refresh.nextAt()?.getTime()).toBe(TODAY.getTime() + 24 * 3_600_000)
    } finally {
      refresh.stop()
      standIn.listing = 'ok'
    }
  }, 180_000)

  test('a file larger than the limit is stopped and named, without trying again', async () => {
    const db = openStore('limit.db')
    const { result: outcome, requests } = await requestsOf(() =>
      startStormRefresh({
        db,
        logger,
        settings: settingsFor({ fetchMaxBytes: 1000 }),
        now: () => TODAY,
      }).runOnce(),
    )
    expect(outcome.outcome).toBe('failed')
    expect(outcome.detail).toContain('NCEI directory listing: larger than 1000 bytes (STORM_FETCH_MAX_BYTES)')
    expect(requests.filter((r) => r === '/ncei/')).toHaveLength(1)
    expect(countStormEvents(db)).toBe(0)
  })

  test('a stop during a download ends the refresh at once, and nothing is recorded as its outcome', async () => {
    const db = openStore('stop.db')
    standIn.listing = 'hang'
    standIn.requests.length = 0
    standIn.abandoned.length = 0
    // A download timeout far beyond the test's own: only the stop can end this download.
    const settings = settingsFor({ fetchTimeoutMs: 10 * 60_000 })
    const refresh = startStormRefresh({ db, logger, settings, now: () => TODAY })
    const running = refresh.runOnce()
    await waitFor(() => standIn.requests.includes('/ncei/'), 2000, 'the listing to be asked for')
    refresh.stop()
    const outcome = await running
    expect(outcome.detail).toBe('stopped by the shutdown')
    // The download was closed, not tried again.
    await waitFor(() => standIn.abandoned.includes('/ncei/'), 5000, 'the listing to be closed')
    expect(standIn.requests).toEqual(['/ncei/'])
    expect(readRefreshState(db)?.outcome).toBeUndefined()
    standIn.listing = 'ok'
  })
})
