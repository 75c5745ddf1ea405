/**
 * A whole stack of its own for the specs that follow a lead to the office: the built web
 * process and the built worker (dist/node/), each on a database file of this stack, the
 * queue in Redis under a key prefix of its own, a real SMTP server and a webhook receiver in
 * this process (tests/support/notify-peers.ts), and site-admin run as the IT person runs it.
 * Loopback only. Needs Redis (E2E_REDIS_URL or REDIS_URL), as the e2e web server does.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { test } from '@playwright/test'
import { freePort } from '../scripts/lib/free-port.mjs'
import { createWeb, createWorker, until } from '../scripts/lib/harness'
import {
  startTestSmtpServer,
  startTestWebhookReceiver,
  type TestSmtpServer,
  type TestWebhookReceiver,
} from '../tests/support/notify-peers'
import type { LeadRow } from '../core/leads/store'

const REDIS_URL = process.env.E2E_REDIS_URL ?? process.env.REDIS_URL
export const OFFICE_ADDRESS = 'office@frontrange.example'

export interface Stack {
  baseUrl: string
  /** The stack's database file (read it; the processes write it). */
  databasePath: string
  smtp: TestSmtpServer
  hook: TestWebhookReceiver
  /** The stored rows of an e-mail address, newest last. */
  rowsFor(email: string): LeadRow[]
  /** Every stored row, oldest first. */
  allRows(): LeadRow[]
  /** Runs site-admin on this stack's database; resolves with its exit status and output. */
  admin(...args: string[]): { status: number; stdout: string; stderr: string }
  /** Stops the worker (SIGTERM, as a deploy does) and starts it again on the same database and queue. */
  restartWorker(): Promise<void>
  close(): Promise<void>
}

/**
 * A stack of the spec file's own: started before its first test, closed after its last. Returns
 * the running stack, to call in the tests (and helpers they run).
 */
export function useStack(label: string, extraEnv: NodeJS.ProcessEnv = {}): () => Stack {
  let stack: Stack | undefined
  test.beforeAll(async () => {
    stack = await startStack(label, extraEnv)
  })
  test.afterAll(async () => {
    await stack?.close()
  })
  return () => {
    if (!stack) throw new Error(`the ${label} stack has not started`)
    return stack
  }
}

/** `extraEnv`: settings of this stack's processes on top of the defaults (e.g. a geocoder stand-in's URL). */
export async function startStack(label: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Stack> {
  if (!REDIS_URL) throw new Error('This spec needs Redis: set E2E_REDIS_URL (e.g. redis://127.0.0.1:6379).')
  const dir = mkdtempSync(path.join(tmpdir(), `roofing-stack-${label}-`))
  const databasePath = path.join(dir, 'stack.db')
  const smtp = await startTestSmtpServer()
  const hook = await startTestWebhookReceiver()
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    SITE_URL: baseUrl,
    DATABASE_PATH: databasePath,
    BACKUP_DIR: path.join(dir, 'backups'),
    BACKUP_INTERVAL_HOURS: '0',
    REDIS_URL,
    QUEUE_PREFIX: `e2e-stack-${label}-${process.pid}-${Date.now()}`,
    LOG_LEVEL: 'warn',
    LEAD_RATE_LIMIT_PER_MINUTE: '1000',
    // Every browser of a test run asks from 127.0.0.1: the spam corpus alone opens 65 forms.
    FORM_TOKEN_RATE_LIMIT_PER_MINUTE: '10000',
    BOOKING_URL: 'https://booking.test/roof-inspection',
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_TO: OFFICE_ADDRESS,
    LEAD_NOTIFY_FROM: 'Website leads <leads@frontrange.example>',
    LEAD_WEBHOOK_URL: hook.url,
    LEAD_WEBHOOK_SECRET: hook.secret,
    WORKER_HEARTBEAT_FILE: path.join(dir, 'heartbeat.json'),
    NOTIFY_RETRY_BASE_MS: '200',
    RECONCILE_INTERVAL_MS: '500',
    RECONCILE_GRACE_MS: '2000',
    // The built worker runs in production mode: no storm data downloads from NOAA (loopback only).
    STORM_REFRESH: 'false',
    ...extraEnv,
  }
  // The processes of the drills' harness (scripts/lib/harness.ts), their logs in the stack's folder.
  const web = await createWeb(env, dir, port)
  await web.start()
  const worker = createWorker(env, dir)
  await worker.start()

  const query = (sql: string, ...args: string[]): LeadRow[] => {
    const db = new Database(databasePath, { readonly: true, fileMustExist: true })
    try {
      return db.prepare(sql).all(...args) as LeadRow[]
    } finally {
      db.close()
    }
  }
  const rowsFor = (email: string) =>
    query('SELECT * FROM form_submissions WHERE email = ? ORDER BY created_at', email)

  return {
    baseUrl,
    databasePath,
    smtp,
    hook,
    rowsFor,
    allRows: () => query('SELECT * FROM form_submissions ORDER BY created_at'),
    admin(...args) {
      const result = spawnSync(process.execPath, ['dist/node/site-admin.mjs', ...args], {
        env: { PATH: process.env.PATH, DATABASE_PATH: databasePath, BACKUP_DIR: path.join(dir, 'backups') },
        encoding: 'utf8',
        timeout: 30_000,
      })
      return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
    },
    async restartWorker() {
      await worker.kill()
      await worker.start()
    },
    async close() {
      await worker.kill()
      await web.kill()
      await smtp.close()
      await hook.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Polls until `condition` holds, at most `timeoutMs`; fails naming what it waited for. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  if (!(await until(condition, timeoutMs)))
    throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
}

/** RFC 4180 CSV, parsed by the `csv-parse` library site-admin's export is checked with. */
export { parse as parseCsv } from 'csv-parse/sync'
