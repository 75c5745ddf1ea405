/**
 * One graceful stop for every process (core/platform/shutdown.ts): on SIGTERM the process logs
 * that it is stopping, closes what it holds once (however many signals arrive) and exits 0;
 * a close that fails or hangs ends in exit code 1 with an error line saying so. The web
 * process and the worker are checked through their real entry points.
 */
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanEnv, logMessages, runEntry } from '../support/entry-points'
import { createQueuePrefix, deleteKeys, getRedisUrl } from '../support/redis'
import { useTempDir } from '../support/temp-dir'

const tempDir = useTempDir('roofing-shutdown-')

describe('onShutdown', () => {
  test.each([
    {
      what: 'closes once, even when a second signal arrives while it closes, and exits 0',
      mode: 'clean',
      againWhen: /"msg":"closing"/,
      code: 0,
      last: 'fixture stopped',
    },
    {
      what: 'a close that fails exits 1 and logs why',
      mode: 'fails',
      code: 1,
      last: 'fixture could not stop cleanly',
    },
    {
      what: 'a close that hangs is cut short after the timeout with exit code 1',
      mode: 'hangs',
      code: 1,
      last: 'fixture did not stop within 500 ms; exiting',
    },
  ])('$what', async ({ mode, againWhen, code, last }) => {
    const run = await runEntry('tests/support/shutdown-fixture.ts', {
      cwd: tempDir(),
      env: cleanEnv({ SHUTDOWN_FIXTURE: mode }),
      until: /"msg":"ready"/,
      againWhen,
    })
    expect(run.code).toBe(code)
    expect(logMessages(run.output)).toEqual(['ready', 'fixture shutting down', 'closing', last])
    if (mode === 'fails') expect(run.output).toContain('could not release the database')
  })
})

/**
 * Starts an entry point with a Redis key prefix and a database of its own, stops it with
 * SIGTERM once its output matches `until`, and returns its exit code and its log lines from
 * "<name> shutting down" on.
 */
async function stopOnceStarted(entry: string, name: string, env: Record<string, string>, until: RegExp) {
  const redisUrl = getRedisUrl()
  const prefix = createQueuePrefix(`shutdown-${name}`)
  try {
    const { code, output } = await runEntry(entry, {
      cwd: tempDir(),
      env: cleanEnv({
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: prefix,
        DATABASE_PATH: path.join(tempDir(), name, 'leads.db'),
        ...env,
      }),
      until,
    })
    const messages = logMessages(output)
    return { code, fromShutdown: messages.slice(messages.indexOf(`${name} shutting down`)) }
  } finally {
    await deleteKeys(redisUrl, prefix)
  }
}

/**
 * A real entry point started through tsx compiles the whole tree first: 3 s on a quiet two-core
 * machine, over 20 s when the machine is loaded. This bounds a process that never starts, not a speed.
 */
const STARTS_WITHIN_MS = 90_000

describe('the real entry points stop gracefully on SIGTERM', () => {
  test(
    'the web process closes the server, the queue and the database, and exits 0',
    async () => {
      const { code, fromShutdown } = await stopOnceStarted(
        'bin/server.ts',
        'web',
        { NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1' },
        // Both up: listening, and the queue connected (its connection is one of the things closed).
        /^(?=[\s\S]*site listening on)(?=[\s\S]*queue connected)/,
      )
      expect(code).toBe(0)
      // Nothing after "stopped": closing the queue's connection is not reported as losing it.
      expect(fromShutdown).toEqual(['web shutting down', 'server closed', 'web stopped'])
    },
    STARTS_WITHIN_MS,
  )

  test(
    'the worker stops consuming, releases Redis and SQLite, and exits 0',
    async () => {
      const { code, fromShutdown } = await stopOnceStarted(
        'bin/worker.ts',
        'worker',
        { WORKER_HEARTBEAT_FILE: path.join(tempDir(), 'worker', 'heartbeat.json') },
        /worker started/,
      )
      expect(code).toBe(0)
      expect(fromShutdown).toEqual(['worker shutting down', 'worker stopped'])
    },
    STARTS_WITHIN_MS,
  )
})
