/**
 * The worker's heartbeat, read by its container healthcheck (worker/health-check.ts). While the
 * worker is healthy (its BullMQ worker running, the database answering) it rewrites a small
 * file every few seconds; a worker whose event loop is stuck, or whose queue consumer has
 * stopped, stops rewriting it, and the healthcheck sees the file go stale.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { nonEmpty, wholeNumberOf, type EnvOf } from '../core/platform/config/helpers'

/** How often a healthy worker rewrites its heartbeat (WORKER_HEARTBEAT_MAX_AGE_SECONDS must allow a few missed). */
const HEARTBEAT_INTERVAL_MS = 10_000

/** Read by the worker, which writes the heartbeat, and by its healthcheck, which reads it. */
export const HEARTBEAT_SETTINGS = {
  /** The file the worker rewrites while it is healthy. */
  WORKER_HEARTBEAT_FILE: nonEmpty.default(path.join(tmpdir(), 'roofing-worker-heartbeat.json')),
  /**
   * A heartbeat older than this means the worker is stuck (it beats every 10 s): nine missed
   * beats by default, long enough for a slow backup on a busy machine.
   */
  WORKER_HEARTBEAT_MAX_AGE_SECONDS: wholeNumberOf('seconds', 90, [
    20,
    'must be at least 20 seconds (the worker beats every 10 s)',
  ]),
}

export function readHeartbeatSettings(e: EnvOf<typeof HEARTBEAT_SETTINGS>) {
  return {
    workerHeartbeat: { file: e.WORKER_HEARTBEAT_FILE, maxAgeMs: e.WORKER_HEARTBEAT_MAX_AGE_SECONDS * 1000 },
  }
}

/** The healthcheck's own configuration (worker/health-check.ts): the heartbeat settings alone. */
export const HealthCheckConfigSchema = z.object(HEARTBEAT_SETTINGS).transform(readHeartbeatSettings)

interface HeartbeatRecord {
  pid: number
  at: string
}

export function writeHeartbeat(file: string, now = new Date()): void {
  const record: HeartbeatRecord = { pid: process.pid, at: now.toISOString() }
  // Written aside and renamed, so the healthcheck never reads half a file.
  const tmp = `${file}.${process.pid}.tmp`
  // Its folder is created like the database's, so a WORKER_HEARTBEAT_FILE in a new folder just works.
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(tmp, JSON.stringify(record))
  renameSync(tmp, file)
}

export function startHeartbeat(opts: {
  file: string
  isHealthy: () => boolean
  intervalMs?: number
  onError?: (err: unknown) => void
}): { stop(): void } {
  const beat = () => {
    try {
      if (opts.isHealthy()) writeHeartbeat(opts.file)
    } catch (err) {
      opts.onError?.(err)
    }
  }
  beat()
  const timer = setInterval(beat, opts.intervalMs ?? HEARTBEAT_INTERVAL_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}

export type HeartbeatCheck =
  { healthy: true; ageMs: number; pid: number } | { healthy: false; reason: string; pid?: number }

export function checkHeartbeat(file: string, opts: { maxAgeMs: number; now?: Date }): HeartbeatCheck {
  const { maxAgeMs } = opts
  let record: HeartbeatRecord
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as HeartbeatRecord
  } catch (err) {
    const code = (err as { code?: string }).code
    return {
      healthy: false,
      reason:
        code === 'ENOENT'
          ? `no heartbeat file at ${file} (the worker has not started, or WORKER_HEARTBEAT_FILE differs)`
          : `heartbeat file ${file} unreadable: ${(err as Error).message}`,
    }
  }
  const ageMs = (opts.now ?? new Date()).getTime() - new Date(record.at).getTime()
  if (!Number.isFinite(ageMs)) return { healthy: false, reason: `heartbeat file ${file} has no valid time` }
  if (ageMs > maxAgeMs)
    return {
      healthy: false,
      pid: record.pid,
      reason: `last heartbeat ${Math.round(ageMs / 1000)} s ago (more than ${maxAgeMs / 1000} s): the worker is stuck`,
    }
  return { healthy: true, ageMs, pid: record.pid }
}
