/**
 * `npm run bench:memory`: the resident memory (RSS) of the built processes, idle and at peak,
 * against the budgets of docs/performance.md ("Memory"). Real processes on loopback, run as
 * docker-compose.yml runs them (node dist/node/server.mjs and dist/node/worker.mjs with the
 * NODE_OPTIONS and MALLOC_ARENA_MAX it gives each; scripts/lib/compose-env.ts), natively: Caddy with the repository's Caddyfile, the
 * web process, the worker and a redis-server of our own. The whole stack's figures are the sums of
 * the four processes' (the containers' own overhead is not counted).
 *
 * 1. Idle: the stack started on a store with 4,000 storm events and five years of radar days but
 *    the newest 30, given 20 s to settle (the worker's first storm data refresh waits meanwhile on
 *    the NCEI stand-in), then each process's RSS.
 * 2. The web's peak: 10 s of `wrk -t2 -c32` on six content pages straight to the web process,
 *    then 10 s through Caddy (whose file-first path answers most of them itself: Caddy's peak).
 * 3. The worker's peaks, each measured from a reset peak (/proc/<pid>/clear_refs):
 *    a. 20 hail report leads, 4 at a time, each rendering its PDF (in the PDF thread) and e-mailed;
 *    b. (once the PDF thread has ended, 2 minutes after the last report) a radar backfill of 30 days: the storm data refresh downloads the newest 30 days' MESH
 *       files (CONUS, written by ecCodes once and re-stamped for each day) from a local stand-in
 *       of NOAA's bucket, decodes and stores them;
 *    c. the storm response for 1,000 homes: `npm run bench:storm-response` run as it is (its own
 *       stack), the peaks of its web process and worker read from /proc while it runs.
 * Peak = the kernel's high-water mark of the process's RSS (VmHWM), so a spike between two reads
 * is not missed. Exit status 1 when a budget is missed. `--no-storm-response` leaves 3c out (a
 * quicker look; the budgets are then not judged).
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { openMigratedDatabase } from '../core/platform/db/open'
import { storeStormFile } from '../core/storms/events'
import { CURRENT_LINK, MANIFEST_FILE } from '../server/http/fallback-pages'
import { daysFrom, wantedStormDays } from '../core/storms/radar/days'
import { meshFileNameForDay } from '../core/storms/radar/mesh-file'
import { startGeocoderPeer } from '../tests/support/geocoder-peer'
import { writeMeshFile } from '../tests/support/mesh-files'
import { startTestSmtpServer, type TestSmtpServer } from '../tests/support/notify-peers'
import { startCaddy } from './lib/caddy-process'
import { composeMemoryEnv } from './lib/compose-env'
import { createRedis, createWeb, createWorker, ensureBuilt, sleep, stackEnv, until } from './lib/harness'
import { restampedMeshFile } from './lib/radar-bench'
import { markRadarDaysAnswered, seedStormDays } from './lib/radar-seed'
import { metroStorms, PARKER } from './lib/storm-seed'

/** docs/performance.md, "Memory": MB of RSS. */
const BUDGETS = {
  web: { idle: 120, peak: 160 },
  worker: { idle: 120, peak: 260 },
  stack: { idle: 350, peak: 600 },
} as const
const BACKFILL_DAYS = 30
const HAIL_REPORTS = 20
/** core/storms/pdf/thread.ts's IDLE_MS. */
const PDF_THREAD_IDLE_MS = 120_000
const PAGES = ['/', '/faqs', '/service-areas/denver-co', '/roof-replacement', '/about', '/roof-inspection']

type Name = 'caddy' | 'web' | 'worker' | 'redis'
const NAMES: readonly Name[] = ['caddy', 'web', 'worker', 'redis']

/** A process's RSS now and its high-water mark, in MB (/proc/<pid>/status). */
function memoryOf(pid: number | undefined): { rss: number; peak: number } {
  if (pid === undefined) return { rss: NaN, peak: NaN }
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
  } catch {
    return { rss: NaN, peak: NaN }
  }
}

/** Sets the process's high-water mark to its RSS now (Linux: 5 into /proc/<pid>/clear_refs). */
function resetPeak(pid: number | undefined): void {
  if (pid !== undefined) writeFileSync(`/proc/${pid}/clear_refs`, '5')
}

const mb = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} MB` : '—')
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** `wrk` on the pages for `seconds` against `origin` (gzip, as browsers ask). */
function wrk(origin: string, seconds: number, dir: string): string {
  const script = path.join(dir, 'pages.lua')
  writeFileSync(
    script,
    `local pages = {${PAGES.map((p) => JSON.stringify(p)).join(', ')}}\nlocal i = 0\nrequest = function()\n  i = i % #pages + 1\n  return wrk.format("GET", pages[i])\nend\n`,
  )
  const out = spawnSync(
    'wrk',
    ['-t2', '-c32', `-d${seconds}s`, '-H', 'Accept-Encoding: gzip', '-s', script, origin],
    { encoding: 'utf8' },
  )
  if (out.status !== 0) throw new Error(`wrk failed: ${out.stderr || out.stdout}`)
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out.stdout)?.[1] ?? '?'
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out.stdout)?.[1] ?? '0'
  return `${Number(rps).toFixed(0)} requests/s, ${non2xx} not 2xx/3xx`
}

/**
 * NOAA's stand-ins: the NCEI listing answers 404 once `released` (the refresh waits on it
 * until then), SPC has nothing, and MRMS has every day's file (the hail file re-stamped).
 */
async function startNoaaPeer(
  grib: Buffer,
): Promise<{ url: string; release: () => void; close: () => Promise<void> }> {
  const { first, last } = wantedStormDays(new Date())
  const files = new Map(
    daysFrom(first, last).map((day): [string, Date] => {
      const { dir, name, validAt } = meshFileNameForDay(day)
      return [`/mrms/${dir}/${name}`, validAt]
    }),
  )
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/'
    if (url.startsWith('/ncei/')) {
      void released.then(() => res.writeHead(404).end())
      return
    }
    const validAt = files.get(url)
    if (!validAt) return void res.writeHead(404).end()
    const body = restampedMeshFile(grib, validAt)
    res
      .writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length })
      .end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    release: () => release(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** The pids of `root`'s descendants whose command line matches `pattern`. */
function descendants(root: number, pattern: RegExp): number[] {
  const parent = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // gone meanwhile
    }
  }
  const isUnder = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true
    return false
  }
  return [...parent.keys()].filter((pid) => {
    if (!isUnder(pid)) return false
    try {
      return pattern.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '))
    } catch {
      return false
    }
  })
}

/** Runs an npm script, reading its web process's and worker's peaks from /proc until it ends. */
async function peaksOfBench(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ web: number; worker: number; redis: number; code: number; tail: string }> {
  const child = spawn('npm', ['run', '--silent', script], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (out += c.toString()))
  const peaks = { web: 0, worker: 0, redis: 0 }
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)))
  let done = false
  void exited.then(() => (done = true))
  while (!done) {
    for (const [name, pattern] of [
      ['web', /dist\/node\/server\.mjs/],
      ['worker', /dist\/node\/worker\.mjs/],
      ['redis', /redis-server/],
    ] as const)
      for (const pid of descendants(child.pid!, pattern))
        peaks[name] = Math.max(peaks[name], memoryOf(pid).peak || 0)
    await sleep(250)
  }
  return { ...peaks, code: await exited, tail: out.trim().split('\n').slice(-12).join('\n') }
}

/** POSTs the hail report leads, 4 at a time, as the hail report form does. */
async function postHailReports(origin: string): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < HAIL_REPORTS) {
        const i = next++
        const res = await fetch(`${origin}/api/enquiries`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Bench',
            lastName: 'Homeowner',
            email: `memory-${i}@bench.example`,
            phone: '(303) 555-0100',
            address: `${100 + i} Main Street, Parker, CO 80134`,
            formType: 'contact',
            form: 'hail_report',
            sourcePath: '/hail-report',
          }),
        })
        if (res.status !== 201) throw new Error(`hail report ${i} answered ${res.status}`)
      }
    }),
  )
}

/** How many of the newest BACKFILL_DAYS radar days the store holds. */
function newestDaysStored(dbPath: string): number {
  const db = openMigratedDatabase(dbPath)
  try {
    const { last } = wantedStormDays(new Date())
    const after = new Date(new Date(`${last}T12:00:00Z`).getTime() - BACKFILL_DAYS * 86_400_000)
    return (
      db
        .prepare('SELECT count(*) AS n FROM radar_days WHERE day > ?')
        .get(after.toISOString().slice(0, 10)) as {
        n: number
      }
    ).n
  } finally {
    db.close()
  }
}

/** 4,000 storm events and five years of radar days ending 30 days ago: the worker's refresh backfills the newest 30. */
function seedStore(dbPath: string): void {
  const db = openMigratedDatabase(dbPath)
  const events = metroStorms(4_000)
  storeStormFile(
    db,
    { name: 'bench-metro.csv', source: 'ncei' },
    { events, read: events.length, skippedBy: {} },
    new Date(),
  )
  const radar = seedStormDays(db, new Date(Date.now() - BACKFILL_DAYS * 86_400_000))
  markRadarDaysAnswered(db, new Date())
  db.close()
  console.log(
    `store: ${events.length} storm events, ${radar.days} radar days (the newest ${BACKFILL_DAYS} left to the backfill)`,
  )
}

/** Prints each process's figures and a PASS or FAIL line per budget; returns whether all passed. */
function printFigures(
  idle: Partial<Record<Name, number>>,
  peaks: Record<Name, { by: string; mb: number }[]>,
  stormCode: number,
): boolean {
  // The figures.
  const peakOf = (name: Name) => Math.max(...peaks[name].map((p) => p.mb).filter(Number.isFinite))
  console.log(`\nRSS (MB), load ${load()}:`)
  for (const name of NAMES)
    console.log(
      `  ${name.padEnd(7)} idle ${mb(idle[name] ?? NaN).padStart(7)}   peak ${mb(peakOf(name)).padStart(7)}   (${peaks[name].map((p) => `${p.by} ${mb(p.mb)}`).join('; ')})`,
    )
  const stackIdle = NAMES.reduce((s, n) => s + (idle[n] ?? NaN), 0)
  const stackPeak = NAMES.reduce((s, n) => s + peakOf(n), 0)
  console.log(
    `  stack   idle ${mb(stackIdle).padStart(7)}   peak ${mb(stackPeak).padStart(7)}   (sums of the four; each process's own peak, whenever it came)`,
  )
  const checks = [
    ['web idle', idle.web ?? NaN, BUDGETS.web.idle],
    ['web peak', peakOf('web'), BUDGETS.web.peak],
    ['worker idle', idle.worker ?? NaN, BUDGETS.worker.idle],
    ['worker peak', peakOf('worker'), BUDGETS.worker.peak],
    ['stack idle', stackIdle, BUDGETS.stack.idle],
    ['stack peak', stackPeak, BUDGETS.stack.peak],
  ] as const
  let pass = stormCode === 0
  if (stormCode !== 0) console.log(`FAIL: bench:storm-response exited ${stormCode}`)
  for (const [what, value, budget] of checks) {
    const ok = value <= budget
    pass &&= ok
    console.log(`${ok ? 'PASS' : 'FAIL'}: ${what} ${mb(value)} ≤ ${budget} MB`)
  }
  return pass
}

/** 3c. The storm response, on its bench's own stack; returns the bench's exit code. */
async function measureStormResponse(peaks: Record<Name, { by: string; mb: number }[]>): Promise<number> {
  console.log(`\nnpm run bench:storm-response (its own stack; load ${load()})…`)
  const storm = await peaksOfBench('bench:storm-response', {
    ...process.env,
    BENCH_COMPOSE_ENV: '1',
  })
  console.log(storm.tail.replace(/^/gm, '  | '))
  peaks.worker.push({ by: 'storm response for 1,000 homes', mb: storm.worker })
  peaks.web.push({ by: 'storm response (its lead stream)', mb: storm.web })
  peaks.redis.push({ by: 'storm response', mb: storm.redis })

  return storm.code
}

/** 3a. The hail report leads, until every PDF has reached the SMTP server. */
async function measureHailReports(
  origin: string,
  smtp: TestSmtpServer,
  pids: Record<Name, number | undefined>,
  peaks: Record<Name, { by: string; mb: number }[]>,
): Promise<void> {
  resetPeak(pids.worker)
  const t0 = Date.now()
  await postHailReports(origin)
  const pdfs = () =>
    smtp.messages.filter((m) => m.parsed.attachments.some((a) => a.contentType === 'application/pdf')).length
  await until(() => pdfs() >= HAIL_REPORTS, 600_000)
  peaks.worker.push({ by: `${HAIL_REPORTS} hail report PDFs`, mb: memoryOf(pids.worker).peak })
  peaks.web.push({ by: `${HAIL_REPORTS} hail report leads`, mb: memoryOf(pids.web).peak })
  console.log(
    `${pdfs()} of ${HAIL_REPORTS} hail report e-mails with their PDF in ${((Date.now() - t0) / 1000).toFixed(0)} s; worker peak ${mb(memoryOf(pids.worker).peak)} (load ${load()})`,
  )
}

/** Waits for the PDF thread to end (2 min without a report), showing the worker's RSS before and after. */
async function awaitPdfThreadRelease(pid: number | undefined): Promise<void> {
  const before = memoryOf(pid).rss
  await sleep(PDF_THREAD_IDLE_MS + 10_000)
  console.log(
    `worker RSS ${mb(before)} after the reports, ${mb(memoryOf(pid).rss)} once the PDF thread ended (2 min without a report)`,
  )
}

async function main(): Promise<void> {
  ensureBuilt()
  // The harness starts web and the worker with docker-compose.yml's memory settings.
  process.env.BENCH_COMPOSE_ENV = '1'
  console.log(
    `bench:memory — node ${process.version}; docker-compose.yml's settings: web ${JSON.stringify(composeMemoryEnv('web'))}, worker ${JSON.stringify(composeMemoryEnv('worker'))}; load ${load()}`,
  )
  const dir = mkdtempSync(path.join(tmpdir(), 'roofing-memory-bench-'))
  console.log('Writing the MESH file the radar stand-in serves (ecCodes, cached between runs)…')
  const meshFile = writeMeshFile(dir, {
    validAt: meshFileNameForDay(wantedStormDays(new Date()).last).validAt.toISOString(),
    swaths: [
      { latitude: 39.72, longitude: -105.1, radiusMi: 8, peakIn: 2 },
      { latitude: 39.55, longitude: -104.8, radiusMi: 7, peakIn: 1.75 },
    ],
  })
  const grib = gunzipSync(readFileSync(meshFile))
  const smtp = await startTestSmtpServer()
  const geocoder = await startGeocoderPeer(() => ({ ...PARKER, matchedAddress: 'BENCH' }), { delayMs: 50 })
  const noaa = await startNoaaPeer(grib)
  const redis = await createRedis(dir, dir)
  const cleanups: (() => Promise<unknown>)[] = [
    () => noaa.close(),
    () => geocoder.close(),
    () => smtp.close(),
  ]
  const idle: Partial<Record<Name, number>> = {}
  const peaks: Record<Name, { by: string; mb: number }[]> = { caddy: [], web: [], worker: [], redis: [] }
  try {
    await redis.start()
    cleanups.push(() => redis.kill())
    const env = stackEnv(
      { name: 'memory-bench', dir, redisUrl: redis.url, smtpUrl: smtp.url, logLevel: 'info' },
      {
        CENSUS_GEOCODER_URL: geocoder.url,
        WORKER_HEARTBEAT_FILE: path.join(dir, 'heartbeat.json'),
        BACKUP_INTERVAL_HOURS: '0',
        ALLOW_SAMPLE_VALUES: 'true',
        STORM_REFRESH: 'true',
        NCEI_STORM_EVENTS_URL: `${noaa.url}/ncei/`,
        SPC_REPORTS_URL: `${noaa.url}/spc/`,
        MRMS_MESH_URL: `${noaa.url}/mrms/`,
        // The NCEI stand-in holds the first refresh's first download until the backfill's turn.
        STORM_FETCH_TIMEOUT_MS: String(30 * 60_000),
        FALLBACK_DIR: path.join(dir, 'fallback'),
        ASSET_ARCHIVE_DIR: path.join(dir, 'asset-archive'),
      },
    )
    seedStore(env.DATABASE_PATH!)

    const web = await createWeb(env, dir)
    await web.start()
    cleanups.push(() => web.kill())
    const caddy = await startCaddy(dir, web.origin, path.join(dir, 'fallback'))
    cleanups.push(() => caddy.stop())
    const worker = createWorker(env, dir)
    await worker.start()
    cleanups.push(() => worker.kill())
    const pids: Record<Name, number | undefined> = {
      caddy: caddy.pid,
      web: web.pid,
      worker: worker.pid,
      redis: redis.pid,
    }

    // 1. Idle: 20 s after the web process has finished its start-up work (rendering every page
    // and writing the files Caddy serves, the set's manifest last), with no request meanwhile.
    // Sampled 20 s after start instead, a loaded host caught that work still under way.
    const manifest = path.join(dir, 'fallback', CURRENT_LINK, MANIFEST_FILE)
    if (!(await until(() => existsSync(manifest), 120_000)))
      throw new Error('the web process wrote no fallback pages within 120 s')
    await sleep(20_000)
    for (const name of NAMES) {
      idle[name] = memoryOf(pids[name]).rss
      peaks[name].push({ by: 'start-up', mb: memoryOf(pids[name]).peak })
    }
    console.log(
      `\nidle (20 s after start-up's pages were written; load ${load()}): ${NAMES.map((n) => `${n} ${mb(idle[n]!)}`).join(', ')}`,
    )

    // 2. Pages.
    for (const name of NAMES) resetPeak(pids[name])
    const direct = wrk(web.origin, 10, dir)
    const webPeak = memoryOf(pids.web).peak
    peaks.web.push({ by: '10 s of wrk on pages', mb: webPeak })
    const viaCaddy = wrk(caddy.origin, 10, dir)
    peaks.caddy.push({ by: '10 s of wrk through Caddy', mb: memoryOf(pids.caddy).peak })
    peaks.web.push({ by: '10 s of wrk through Caddy', mb: memoryOf(pids.web).peak })
    console.log(`wrk on ${PAGES.length} pages, web: ${direct}; web peak ${mb(webPeak)}`)
    console.log(
      `wrk through Caddy: ${viaCaddy}; Caddy peak ${mb(memoryOf(pids.caddy).peak)} (load ${load()})`,
    )

    await measureHailReports(web.origin, smtp, pids, peaks)

    // Each load's peak its own: the PDF thread ends 2 minutes after the last report.
    await awaitPdfThreadRelease(pids.worker)

    // 3b. The radar backfill.
    resetPeak(pids.worker)
    const t1 = Date.now()
    noaa.release()
    const workerLog = path.join(dir, 'worker.log')
    const refreshed = await until(
      // 'failed' too: the NCEI stand-in has no listing, which fails the refresh after its radar step.
      () => /storm data refresh (done|failed)/.test(readFileSync(workerLog, 'utf8')),
      900_000,
    )
    const newest = newestDaysStored(env.DATABASE_PATH!)
    peaks.worker.push({ by: `radar backfill of ${BACKFILL_DAYS} days`, mb: memoryOf(pids.worker).peak })
    console.log(
      `radar backfill: ${newest} of the newest ${BACKFILL_DAYS} days stored in ${((Date.now() - t1) / 1000).toFixed(0)} s${refreshed ? '' : ' (the refresh did not finish)'}; worker peak ${mb(memoryOf(pids.worker).peak)} (load ${load()})`,
    )
    for (const name of ['caddy', 'redis'] as const)
      peaks[name].push({ by: 'the whole run', mb: memoryOf(pids[name]).peak })
    const errors = readFileSync(workerLog, 'utf8')
      .split('\n')
      // The refresh's own failure is expected: the NCEI stand-in has no listing.
      .filter((l) => /"level":(50|60)/.test(l) && !l.includes('NCEI directory listing: not found'))
    console.log(`error lines in the worker's log (the NCEI stand-in's 404 aside): ${errors.length}`)
    if (errors.length) console.log(errors.slice(0, 3).join('\n'))
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
    if (process.env.KEEP_BENCH_LOGS) console.log(`logs kept in ${dir}`)
    else rmSync(dir, { recursive: true, force: true })
  }

  const quick = process.argv.includes('--no-storm-response')
  const stormCode = quick ? 0 : await measureStormResponse(peaks)
  const pass = printFigures(idle, peaks, stormCode)
  if (quick)
    console.log('(--no-storm-response: the storm response was left out, so the budgets are not judged)')
  else process.exitCode = pass ? 0 : 1
}

await main()
