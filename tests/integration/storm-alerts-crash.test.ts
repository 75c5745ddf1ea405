/**
 * A worker killed in the middle of a storm's alerts (docs/storm-alerts.md, "Sending"): the real
 * worker entry point (bin/worker.ts, as `npm run worker` runs it) on a real SQLite file and
 * Redis, sending to a real SMTP server in-process that holds every message once it has it,
 * before its answer, as a server that has queued a message does. The worker is killed with
 * SIGKILL while its first alerts wait for that answer, and started again.
 *
 * Every alert must arrive (none lost), and at most the alerts that were in flight when it died
 * arrive twice, each copy with the same Message-ID, which mail clients fold into one.
 */
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { planNotifications } from '../../core/notifications/notification-store'
import { cellOf } from '../../core/storms/radar/mesh-file'
import { isoDate, localParts } from '../../shared/business-time'
import { cleanEnv, ROOT, startEntry, type RunningEntry } from '../support/entry-points'
import { addLead } from '../support/leads'
import { startTestSmtpServer, type TestSmtpServer } from '../support/notify-peers'
import { createQueuePrefix, deleteKeys, getRedisUrl } from '../support/redis'
import { storeStormDay } from '../support/storm-days'
import { useTempDir } from '../support/temp-dir'

const HOME = { latitude: 39.5186, longitude: -104.7614 }
const HOMES = 10
const DAY_MS = 24 * 60 * 60_000
const tempDir = useTempDir('roofing-storm-crash-')

let smtp: TestSmtpServer
let db: Db
let dir: string
const prefix = createQueuePrefix('storm-crash')
const running: RunningEntry[] = []

beforeAll(async () => {
  smtp = await startTestSmtpServer()
  dir = tempDir()
  db = openMigratedDatabase(path.join(dir, 'roofing.db'))
})

afterAll(async () => {
  for (const worker of running) await worker.kill('SIGKILL')
  smtp?.release()
  await smtp?.close()
  db?.close()
  await deleteKeys(getRedisUrl(), prefix)
})

function startWorker(): RunningEntry {
  // From the repository, as `npm run worker` runs it (tsx reads its tsconfig there).
  const worker = startEntry('bin/worker.ts', {
    cwd: ROOT,
    env: cleanEnv({
      DATABASE_PATH: path.join(dir, 'roofing.db'),
      REDIS_URL: getRedisUrl(),
      QUEUE_PREFIX: prefix,
      SITE_URL: 'https://frontrange-roofing.test',
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: 'office@frontrange-roofing.test',
      LEAD_NOTIFY_FROM: 'Front Range Roofing <alerts@frontrange-roofing.test>',
      // A send takes at most 5 s (room for a loaded machine: a held send must not time out before
      // the kill); an alert still 'sending' 11 s after it began was left by a dead worker.
      NOTIFY_SEND_TIMEOUT_MS: '5000',
      STORM_RESPONSE_POLL_SECONDS: '5',
      STORM_REFRESH: 'false',
      BACKUP_INTERVAL_HOURS: '0',
      WEEKLY_REPORT: 'off',
      WORKER_HEARTBEAT_FILE: path.join(dir, 'heartbeat.json'),
      LOG_LEVEL: 'info',
    }),
  })
  running.push(worker)
  return worker
}

async function until(what: string, check: () => boolean, timeoutMs: number, worker?: RunningEntry) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${worker?.output() ?? ''}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const statuses = () =>
  Object.fromEntries(
    (
      db.prepare('SELECT status, COUNT(*) AS n FROM storm_alerts GROUP BY status').all() as {
        status: string
        n: number
      }[]
    ).map((r) => [r.status, r.n]),
  )
const alertsAccepted = () => smtp.accepted.filter((m) => m.messageId?.startsWith('<storm-alert-'))

test('a worker killed while its alerts wait for the SMTP server: after a restart every alert has arrived, and at most those in flight twice', async () => {
  const now = new Date()
  const asked = new Date(now.getTime() - 3 * DAY_MS)
  const day = isoDate(localParts(new Date(now.getTime() - DAY_MS)))
  const leads: string[] = []
  for (let i = 0; i < HOMES; i++) {
    const email = `crash${i}@homeowner.test`
    const id = addLead(db, {
      email,
      address: `${100 + i} S Pikes Peak Dr, Parker, CO 80138`,
      stormAlerts: true,
      createdAt: asked,
    })
    // Delivered long ago (the worker has nothing of the lead's own to send), confirmed, placed by its street.
    planNotifications(
      db,
      id,
      [{ channel: 'office_email', status: 'skipped', detail: 'delivered before' }],
      asked,
    )
    db.prepare('INSERT INTO storm_alert_confirmations (email, lead_id, confirmed_at) VALUES (?, ?, ?)').run(
      email,
      id,
      new Date(asked.getTime() + 60_000).toISOString(),
    )
    const home = { latitude: HOME.latitude + i * 0.0002, longitude: HOME.longitude }
    const cell = cellOf(home)
    db.prepare(
      `INSERT INTO lead_places (lead_id, located_by, latitude, longitude, row, col, placed_at)
       VALUES (?, 'address', ?, ?, ?, ?, ?)`,
    ).run(id, home.latitude, home.longitude, cell.row, cell.col, asked.toISOString())
    leads.push(id)
  }
  storeStormDay(db, day, [{ centre: HOME, radiusMi: 2, inches: 1.75 }], now)

  smtp.hold()
  const first = startWorker()
  // Its pass has sent what the pool takes at once; the server has those messages and has not answered.
  await until('the first alerts to reach the SMTP server', () => smtp.held >= 3, 60_000, first)
  await first.kill('SIGKILL')
  const inFlight = new Set(alertsAccepted().map((m) => m.messageId))
  const atKill = statuses()
  smtp.release()

  // What the dead worker left: its alerts in flight 'sending', the rest planned; none sent.
  expect(atKill.sent ?? 0).toBe(0)
  expect(atKill.sending).toBeGreaterThanOrEqual(inFlight.size)
  expect((atKill.sending ?? 0) + (atKill.pending ?? 0)).toBe(HOMES)

  const second = startWorker()
  await until('every alert to be sent', () => statuses().sent === HOMES, 60_000, second)
  await second.kill('SIGTERM')

  const received = alertsAccepted()
  const copies = new Map<string, number>()
  for (const m of received) copies.set(m.messageId!, (copies.get(m.messageId!) ?? 0) + 1)
  // None lost: each homeowner's alert arrived, under its one Message-ID.
  expect([...copies.keys()].sort()).toEqual(
    leads.map((id) => `<storm-alert-${id}-${day}@frontrange-roofing.test>`).sort(),
  )
  // Twice at most, and only what was in flight when the worker died.
  const twice = [...copies].filter(([, n]) => n > 1)
  expect(twice.every(([id, n]) => n === 2 && inFlight.has(id))).toBe(true)
  expect(received.length - HOMES).toBeLessThanOrEqual(atKill.sending!)
  expect(db.prepare('SELECT MAX(attempts) AS n FROM storm_alerts').get()).toEqual({ n: 2 })
}, 150_000)
