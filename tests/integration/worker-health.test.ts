/**
 * The worker's heartbeat and its container healthcheck (bin/worker-health.ts, worker/health-check.ts): healthy while the
 * heartbeat is fresh; a stale one fails, and with --kill-if-stale the stuck process is killed
 * so that its container's restart policy starts it again.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { checkHeartbeat, startHeartbeat, writeHeartbeat } from '../../worker/heartbeat'
import { cleanEnv, runEntry } from '../support/entry-points'
import { waitFor } from '../support/pipeline'

const ROOT = path.resolve(__dirname, '../..')
let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'roofing-heartbeat-'))
  file = path.join(dir, 'heartbeat.json')
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const healthcheck = (args: string[] = [], env: Record<string, string> = {}) =>
  spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'bin/worker-health.ts'), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, WORKER_HEARTBEAT_FILE: file, ...env },
  })

describe('heartbeat', () => {
  test('is written at once and then on every beat, but only while the worker is healthy', async () => {
    // Counts the beats (each asks isHealthy) rather than sleeping a fixed time: on a loaded
    // machine a 20 ms timer can fire far later than asked.
    let healthy = true
    let beats = 0
    const beatsPassed = (n: number) => {
      const until = beats + n
      return waitFor(() => beats >= until, 10_000, `${n} more heartbeat(s)`)
    }
    const writtenAt = () => (JSON.parse(readFileSync(file, 'utf8')) as { at: string }).at
    const beat = startHeartbeat({ file, isHealthy: () => (beats++, healthy), intervalMs: 20 })
    try {
      expect(checkHeartbeat(file, { maxAgeMs: 90_000 })).toMatchObject({ healthy: true, pid: process.pid })
      await beatsPassed(1)
      healthy = false
      const lastHealthy = writtenAt()
      await beatsPassed(3)
      expect(writtenAt()).toBe(lastHealthy) // three beats, nothing written
      healthy = true
      await beatsPassed(1)
      expect(writtenAt() > lastHealthy).toBe(true)
      expect(checkHeartbeat(file, { maxAgeMs: 90_000 })).toMatchObject({ healthy: true, pid: process.pid })
    } finally {
      beat.stop()
    }
  })

  test('is written into a folder of its own, created when missing', () => {
    const nested = path.join(dir, 'run', 'worker', 'heartbeat.json')
    writeHeartbeat(nested)
    expect(checkHeartbeat(nested, { maxAgeMs: 90_000 })).toMatchObject({ healthy: true, pid: process.pid })
  })

  test('a missing or unreadable heartbeat is unhealthy, and says why', () => {
    expect(checkHeartbeat(file, { maxAgeMs: 90_000 })).toMatchObject({
      healthy: false,
      reason: expect.stringContaining('no heartbeat file'),
    })
    writeFileSync(file, '{not json')
    expect(checkHeartbeat(file, { maxAgeMs: 90_000 })).toMatchObject({
      healthy: false,
      reason: expect.stringContaining('unreadable'),
    })
  })
})

describe('the worker healthcheck command', () => {
  test('exits 0 while the heartbeat is fresh', () => {
    writeHeartbeat(file)
    const result = healthcheck(['--kill-if-stale'])
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^worker healthy: last heartbeat \d+ s ago/)
  })

  test('with a stale heartbeat it exits 1 and kills the stuck worker process (--kill-if-stale)', async () => {
    // A "worker" whose event loop is stuck: it never runs a signal handler again.
    const stuck = spawn(process.execPath, ['-e', 'process.on("SIGTERM",()=>{}); for (;;) {}'], {
      stdio: 'ignore',
    })
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      stuck.on('exit', (_code, signal) => resolve(signal)),
    )
    try {
      writeFileSync(
        file,
        JSON.stringify({ pid: stuck.pid, at: new Date(Date.now() - 5 * 60_000).toISOString() }),
      )
      const diagnose = healthcheck()
      expect(diagnose.status).toBe(1)
      expect(diagnose.stderr).toMatch(
        /worker unhealthy: last heartbeat 30\d s ago \(more than 90 s\): the worker is stuck/,
      )
      expect(stuck.exitCode).toBeNull() // without the flag nothing is killed

      const result = healthcheck(['--kill-if-stale'])
      expect(result.status).toBe(1)
      expect(result.stderr).toContain(`killed the stuck worker (pid ${stuck.pid})`)
      expect(await exited).toBe('SIGKILL')
    } finally {
      stuck.kill('SIGKILL')
    }
  })

  test('WORKER_HEARTBEAT_MAX_AGE_SECONDS sets how old is too old (90 s by default)', () => {
    writeFileSync(file, JSON.stringify({ pid: 999_999, at: new Date(Date.now() - 30_000).toISOString() }))
    expect(healthcheck().status).toBe(0)
    const strict = healthcheck([], { WORKER_HEARTBEAT_MAX_AGE_SECONDS: '20' })
    expect(strict.status).toBe(1)
    expect(strict.stderr).toMatch(/more than 20 s/)
    const bad = healthcheck([], { WORKER_HEARTBEAT_MAX_AGE_SECONDS: '5' })
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain('WORKER_HEARTBEAT_MAX_AGE_SECONDS must be at least 20 seconds')
  })

  test('the worker entry point writes its heartbeat file at start', async () => {
    const worker = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'bin/worker.ts')], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        WORKER_HEARTBEAT_FILE: file,
        DATABASE_PATH: path.join(dir, 'leads.db'),
        // Nothing listens here: the heartbeat must not depend on Redis being up.
        REDIS_URL: 'redis://127.0.0.1:9',
        BACKUP_INTERVAL_HOURS: '0',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    })
    try {
      const deadline = Date.now() + 15_000
      while (!existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      expect(checkHeartbeat(file, { maxAgeMs: 90_000 })).toMatchObject({ healthy: true })
      expect(healthcheck().status).toBe(0)
    } finally {
      worker.kill('SIGTERM')
      await new Promise((r) => worker.on('exit', r))
    }
  })

  test('a heartbeat file the worker cannot write stops it at start with a message naming the setting', async () => {
    writeFileSync(path.join(dir, 'not-a-folder'), '')
    const { code, output } = await runEntry('bin/worker.ts', {
      cwd: dir,
      env: cleanEnv({
        WORKER_HEARTBEAT_FILE: path.join(dir, 'not-a-folder', 'heartbeat.json'),
        DATABASE_PATH: path.join(dir, 'leads.db'),
        REDIS_URL: 'redis://127.0.0.1:9',
      }),
    })
    expect(code).toBe(1)
    expect(output).toContain('The worker cannot write its heartbeat file')
    expect(output).toContain('(WORKER_HEARTBEAT_FILE)')
    expect(output).not.toMatch(/\n\s+at /)
  })
})
