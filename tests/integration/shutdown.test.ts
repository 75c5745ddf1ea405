/**
 * One graceful stop for every process (server/core/shutdown.ts): on SIGTERM the process logs
 * that it is stopping, closes what it holds once (however many signals arrive) and exits 0;
 * a close that fails or hangs ends in exit code 1 with an error line saying so. The web
 * process and the worker are checked through their real entry points.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cleanEnv, logMessages, runEntry } from '../support/entry-points'
import { createQueuePrefix, deleteKeys, getRedisUrl } from '../support/redis'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'roofing-shutdown-'))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

const runFixture = (mode: string, againWhen?: RegExp) =>
  runEntry('tests/support/shutdown-fixture.ts', {
    cwd: dir,
    env: cleanEnv({ SHUTDOWN_FIXTURE: mode }),
    until: /"msg":"ready"/,
    againWhen,
  })

describe('onShutdown', () => {
  test('closes once, even when a second signal arrives while it closes, and exits 0', async () => {
    const { code, output } = await runFixture('clean', /"msg":"closing"/)
    expect(code).toBe(0)
    expect(logMessages(output)).toEqual(['ready', 'fixture shutting down', 'closing', 'fixture stopped'])
  })

  test('a close that fails exits 1 and logs the error', async () => {
    const { code, output } = await runFixture('fails')
    expect(code).toBe(1)
    expect(logMessages(output)).toEqual([
      'ready',
      'fixture shutting down',
      'closing',
      'fixture could not stop cleanly',
    ])
    expect(output).toContain('could not release the database')
  })

  test('a close that hangs is cut short after the timeout with exit code 1', async () => {
    const { code, output } = await runFixture('hangs')
    expect(code).toBe(1)
    expect(logMessages(output)).toEqual([
      'ready',
      'fixture shutting down',
      'closing',
      'fixture did not stop within 500 ms; exiting',
    ])
  })
})

describe('the real entry points stop gracefully on SIGTERM', () => {
  test('the web process closes the server, the queue and the database, and exits 0', async () => {
    const redisUrl = getRedisUrl()
    const prefix = createQueuePrefix('shutdown-web')
    try {
      const { code, output } = await runEntry('server/main.ts', {
        cwd: dir,
        env: cleanEnv({
          NODE_ENV: 'development',
          PORT: '0',
          HOST: '127.0.0.1',
          REDIS_URL: redisUrl,
          QUEUE_PREFIX: prefix,
          DATABASE_PATH: path.join(dir, 'web', 'leads.db'),
        }),
        // Both up: listening, and the queue connected (its connection is one of the things closed).
        until: /^(?=[\s\S]*site listening on)(?=[\s\S]*queue connected)/,
      })
      const messages = logMessages(output)
      expect(code).toBe(0)
      // Nothing after "stopped": closing the queue's connection is not reported as losing it.
      expect(messages.slice(messages.indexOf('web shutting down'))).toEqual([
        'web shutting down',
        'server closed',
        'web stopped',
      ])
    } finally {
      await deleteKeys(redisUrl, prefix)
    }
  })

  test('the worker stops consuming, releases Redis and SQLite, and exits 0', async () => {
    const redisUrl = getRedisUrl()
    const prefix = createQueuePrefix('shutdown-worker')
    try {
      const { code, output } = await runEntry('worker/main.ts', {
        cwd: dir,
        env: cleanEnv({
          REDIS_URL: redisUrl,
          QUEUE_PREFIX: prefix,
          DATABASE_PATH: path.join(dir, 'worker', 'leads.db'),
          WORKER_HEARTBEAT_FILE: path.join(dir, 'worker', 'heartbeat.json'),
        }),
        until: /worker started/,
      })
      const messages = logMessages(output)
      expect(code).toBe(0)
      expect(messages.slice(messages.indexOf('worker shutting down'))).toEqual([
        'worker shutting down',
        'worker stopped',
      ])
    } finally {
      await deleteKeys(redisUrl, prefix)
    }
  })
})
