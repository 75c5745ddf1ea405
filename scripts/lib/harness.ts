/**
 * Real processes for `npm run bench` (speed to lead) and `npm run drills`: a redis-server of
 * our own on a free port (never the shared one), the production web process and worker
 * from dist/node, each with its output in a log file. Loopback only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { startGeocoderPeer } from '../../tests/support/geocoder-peer'
import { startTestSmtpServer, type TestSmtpServer } from '../../tests/support/notify-peers'
import { composeMemoryEnv } from './compose-env'
import { freePort } from './free-port.mjs'

/** redis-server from PATH, or the one REDIS_SERVER_BIN names. */
export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? 'redis-server'

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}

/** Polls `check` every 50 ms until it is true or `timeoutMs` passes; returns whether it became true. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return true
    await sleep(50)
  }
  return false
}

/** Builds dist/ when the production build is missing, like scripts/start.mjs. */
export function ensureBuilt(): void {
  const built = [
    'dist/server/entry.mjs',
    'dist/client',
    'dist/node/server.mjs',
    'dist/node/worker.mjs',
  ].every((p) => existsSync(p))
  if (built) return
  console.log('No production build found: running `npm run build` first…')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

/**
 * The environment the web process and the worker of one run share: the database in `dir`,
 * our own Redis, e-mail to the test SMTP server, and a rate limit no burst reaches (the
 * bursts all come from one address).
 */
export function stackEnv(
  run: { name: string; dir: string; redisUrl: string; smtpUrl: string; logLevel: string },
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    DATABASE_PATH: path.join(run.dir, 'leads.db'),
    REDIS_URL: run.redisUrl,
    QUEUE_PREFIX: run.name,
    SITE_URL: 'http://127.0.0.1',
    LOG_LEVEL: run.logLevel,
    LEAD_RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
    SMTP_URL: run.smtpUrl,
    LEAD_NOTIFY_TO: `office@${run.name}.example`,
    LEAD_NOTIFY_FROM: `Website leads <leads@${run.name}.example>`,
    // The worker runs in production mode here: no storm data downloads from NOAA (loopback only).
    STORM_REFRESH: 'false',
    ...extra,
  }
}

/** Stops a child process: `signal`, up to 15 s to exit, then SIGKILL; at once when it has exited. */
async function stopChild(c: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return
  const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()))
  c.kill(signal)
  await Promise.race([exited, sleep(15_000)])
  if (c.exitCode === null && c.signalCode === null) {
    c.kill('SIGKILL')
    await exited
  }
}

/**
 * The built web process alone (`npm run fuzz`, `npm run bench:pages`): production, no Redis (leads
 * stay in the outbox), on `port`, with its database, asset archive and page files (FALLBACK_DIR)
 * in `dir`, and its log written straight to a file, as a deployment's log driver takes it: never
 * through a pipe of the script, which may wait synchronously (for wrk) and would not drain it,
 * which would stall the server's writes. Resolves once /healthz answers 200.
 */
export async function startWebLoggingToFile(
  dir: string,
  port: number,
  opts: { logLevel: string; extra?: NodeJS.ProcessEnv },
): Promise<{
  origin: string
  port: number
  logFile: string
  fallbackDir: string
  stop: () => Promise<void>
}> {
  const logFile = path.join(dir, 'web.log')
  const fallbackDir = path.join(dir, 'fallback')
  const origin = `http://127.0.0.1:${port}`
  const fd = openSync(logFile, 'a')
  const child = spawn(process.execPath, ['dist/node/server.mjs'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: path.join(dir, 'leads.db'),
      SITE_URL: origin,
      LOG_LEVEL: opts.logLevel,
      ASSET_ARCHIVE_DIR: path.join(dir, 'asset-archive'),
      FALLBACK_DIR: fallbackDir,
      ...opts.extra,
    },
    stdio: ['ignore', fd, fd],
  })
  closeSync(fd)
  const ok = await until(async () => {
    if (child.exitCode !== null) return false
    try {
      return (await fetch(`${origin}/healthz`)).ok
    } catch {
      return false
    }
  }, 30_000)
  if (!ok) throw new Error(`the web process did not start:\n${readFileSync(logFile, 'utf8')}`)
  return { origin, port, logFile, fallbackDir, stop: () => stopChild(child) }
}

export interface ManagedProcess {
  readonly name: string
  readonly running: boolean
  /** The process's id while it runs (scripts/memory-bench.ts reads its memory from /proc). */
  readonly pid: number | undefined
  start(): Promise<void>
  /** Sends a signal (SIGKILL: a crash) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>
}

function manage(
  name: string,
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; logFile: string; ready: () => Promise<boolean>; readyTimeoutMs?: number },
): ManagedProcess {
  let child: ChildProcess | undefined
  return {
    name,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null
    },
    get pid() {
      return child?.pid
    },
    async start() {
      // The log file itself is the child's stdout and stderr, as a deployment's log driver takes
      // them: never a pipe through this script, which blocks for seconds at a time (wrk run with
      // spawnSync) and would leave it undrained. pino's destination then buffers every line in
      // the child's heap: 10 s of wrk on pages added tens of MB to web's peak in bench:memory.
      const fd = openSync(opts.logFile, 'a')
      const c = spawn(command, args, { env: opts.env ?? process.env, stdio: ['ignore', fd, fd] })
      closeSync(fd)
      child = c
      const ok = await until(
        async () => c.exitCode === null && (await opts.ready()),
        // Generous: on a shared 2-core machine under load a start has taken over 20 s.
        opts.readyTimeoutMs ?? 60_000,
      )
      if (!ok) throw new Error(`${name} did not become ready (see ${opts.logFile})`)
    },
    async kill(signal = 'SIGTERM') {
      if (child) await stopChild(child, signal)
    },
  }
}

/** Whether a Redis server answers PING at `url` right now (one try, no reconnecting). */
export async function redisAnswers(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  r.on('error', () => {})
  try {
    await r.connect()
    return (await r.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    r.disconnect()
  }
}

export interface RedisProcess extends ManagedProcess {
  readonly url: string
  flushAll(): Promise<void>
}

/** Our own redis-server (append-only file in `dir`, as in docker-compose.yml), on a free port. */
export async function createRedis(dir: string, logDir: string): Promise<RedisProcess> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  const proc = manage(
    'redis',
    REDIS_SERVER_BIN,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dir],
    { logFile: path.join(logDir, 'redis.log'), ready: () => redisAnswers(url) },
  )
  return Object.assign(proc, {
    url,
    async flushAll() {
      const r = new Redis(url, { maxRetriesPerRequest: 1 })
      try {
        await r.flushall()
      } finally {
        r.disconnect()
      }
    },
  })
}

/**
 * With BENCH_COMPOSE_ENV set (scripts/memory-bench.ts sets it for the benchmarks it runs), the
 * memory settings docker-compose.yml gives the process: the benchmark's processes run as the
 * containers do. Never this script's own NODE_OPTIONS, which may load tsx.
 */
function memoryEnv(service: 'web' | 'worker'): Record<string, string> {
  return process.env.BENCH_COMPOSE_ENV ? composeMemoryEnv(service) : {}
}

export interface WebProcess extends ManagedProcess {
  readonly origin: string
}

/** The web process on `port` (a free one when not given: pass one to put it in SITE_URL first). */
export async function createWeb(env: NodeJS.ProcessEnv, logDir: string, port?: number): Promise<WebProcess> {
  port ??= await freePort()
  const origin = `http://127.0.0.1:${port}`
  const proc = manage('web', process.execPath, ['dist/node/server.mjs'], {
    env: { ...env, ...memoryEnv('web'), NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' },
    logFile: path.join(logDir, 'web.log'),
    ready: async () => {
      try {
        return (await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1000) })).ok
      } catch {
        return false
      }
    },
  })
  return Object.assign(proc, { origin })
}

export function createWorker(env: NodeJS.ProcessEnv, logDir: string): ManagedProcess {
  const logFile = path.join(logDir, 'worker.log')
  let startedAt = 0
  const proc = manage('worker', process.execPath, ['dist/node/worker.mjs'], {
    env: { ...env, ...memoryEnv('worker'), NODE_ENV: 'production' },
    logFile,
    // The worker serves no port: give it a moment to connect and run its first reconciler pass.
    ready: async () => Date.now() - startedAt > 800,
  })
  return {
    name: proc.name,
    get running() {
      return proc.running
    },
    get pid() {
      return proc.pid
    },
    async start() {
      startedAt = Date.now()
      await proc.start()
    },
    kill: (signal) => proc.kill(signal),
  }
}

/** A lead pipeline's three processes, made but not started: our Redis, the web process and the worker. */
export interface LeadStack {
  redis: RedisProcess
  env: NodeJS.ProcessEnv
  web: WebProcess
  worker: ManagedProcess
  /** Starts Redis, then the web process, then the worker. */
  start(): Promise<void>
  /** Stops them the other way round (SIGTERM each); the peers are the caller's. */
  stop(): Promise<void>
}

/** Makes a run's stack in `run.dir` on the environment stackEnv gives it (plus `extra`), with our own Redis. */
export async function createLeadStack(
  run: { name: string; dir: string; smtpUrl: string; logLevel: string },
  extra: NodeJS.ProcessEnv = {},
): Promise<LeadStack> {
  const redis = await createRedis(run.dir, run.dir)
  const env = stackEnv({ ...run, redisUrl: redis.url }, extra)
  const web = await createWeb(env, run.dir)
  const worker = createWorker(env, run.dir)
  return {
    redis,
    env,
    web,
    worker,
    async start() {
      await redis.start()
      await web.start()
      await worker.start()
    },
    async stop() {
      await worker.kill('SIGTERM')
      await web.kill('SIGTERM')
      await redis.kill('SIGTERM')
    },
  }
}

export const LEAD_BODY = (i: number, tag: string) => ({
  // A homeowner's words and a name without digits, so the spam score lets every drill lead through
  // (a held lead would count as lost); the e-mail address and the note tell them apart.
  firstName: 'Dana',
  lastName: 'Drill',
  email: `${tag}-${i}@drills.example`,
  phone: '(303) 555-0100',
  address: `${100 + i} Test Street, Parker, CO 80134`,
  message: `Hail damage on the roof, please call me back about an inspection (drill ${tag}, lead ${i})`,
  formType: 'contact_modal',
  sourcePath: '/roof-inspection',
})

/** POSTs one lead; resolves with its id and when the 201 arrived, or undefined when it was not accepted. */
export async function postLead(
  origin: string,
  body: Record<string, unknown>,
): Promise<{ id: string; acceptedAt: number } | undefined> {
  try {
    const res = await fetch(`${origin}/api/enquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    })
    const acceptedAt = Date.now()
    if (res.status !== 201) return undefined
    const json = (await res.json()) as { id: string }
    return { id: json.id, acceptedAt }
  } catch {
    return undefined
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** A run's whole stack: its folder, the SMTP server, a geocoder stand-in, our Redis, the web process and the worker. */
export interface BenchStack {
  dir: string
  smtp: TestSmtpServer
  env: NodeJS.ProcessEnv
  web: WebProcess
  worker: ManagedProcess
}

/**
 * Runs `body` on a fresh stack, as the storm benches do: builds dist/ if needed, starts an SMTP
 * server, a geocoder stand-in that places every address at `place` after `geocoderDelayMs`, our
 * own Redis, then (after `prepare` has filled the store) the web process and the worker; stops
 * them all and removes the folder afterwards (KEEP_BENCH_LOGS keeps it), whatever happened.
 */
export async function withBenchStack<T>(
  opts: {
    name: string
    logLevel: string
    place: { latitude: number; longitude: number }
    geocoderDelayMs: number
    extra?: NodeJS.ProcessEnv
    prepare?: (env: NodeJS.ProcessEnv, dir: string) => void
  },
  body: (stack: BenchStack) => Promise<T>,
): Promise<T> {
  ensureBuilt()
  const dir = mkdtempSync(path.join(tmpdir(), `roofing-${opts.name}-`))
  const smtp = await startTestSmtpServer()
  const geocoder = await startGeocoderPeer(() => ({ ...opts.place, matchedAddress: 'BENCH' }), {
    delayMs: opts.geocoderDelayMs,
  })
  const redis = await createRedis(dir, dir)
  const cleanups: (() => Promise<unknown>)[] = []
  try {
    await redis.start()
    cleanups.push(() => redis.kill())
    const env = stackEnv(
      { name: opts.name, dir, redisUrl: redis.url, smtpUrl: smtp.url, logLevel: opts.logLevel },
      {
        CENSUS_GEOCODER_URL: geocoder.url,
        WORKER_HEARTBEAT_FILE: path.join(dir, 'heartbeat.json'),
        BACKUP_INTERVAL_HOURS: '0',
        ALLOW_SAMPLE_VALUES: 'true',
        ...opts.extra,
      },
    )
    opts.prepare?.(env, dir)
    const web = await createWeb(env, dir)
    await web.start()
    cleanups.push(() => web.kill())
    const worker = createWorker(env, dir)
    await worker.start()
    cleanups.push(() => worker.kill())
    return await body({ dir, smtp, env, web, worker })
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
    await smtp.close()
    await geocoder.close()
    if (process.env.KEEP_BENCH_LOGS) console.log(`logs kept in ${dir}`)
    else rmSync(dir, { recursive: true, force: true })
  }
}
