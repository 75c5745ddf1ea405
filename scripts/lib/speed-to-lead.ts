/**
 * Speed to lead, for `npm run bench`: how long from the visitor's 201 answer until the SMTP
 * server has accepted the owner's e-mail, for a burst of leads, first on a running stack and
 * then right after a Redis restart. Real processes (redis-server of our own on a free port,
 * dist/node/server.mjs, dist/node/worker.mjs) and an in-process SMTP server (smtp-server).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startTestSmtpServer, type TestSmtpServer } from '../../tests/support/notify-peers'
import { createLeadStack, LEAD_BODY, percentile, postLead, sleep, until } from './harness'

/**
 * Speed to lead's budget (docs/performance.md): p95 from a lead's 201 to the office's e-mail
 * accepted. The booking bench holds a booking event's notices to it too, and the storm response
 * bench the leads that arrive during a storm's response.
 */
export const SPEED_TO_LEAD_P95_MS = 5_000

export interface BurstResult {
  label: string
  sent: number
  accepted: number
  delivered: number
  p50Ms: number
  p95Ms: number
  maxMs: number
}

/** Sends `count` leads, `concurrency` at a time, and waits (bounded) for their e-mails. */
async function burst(
  origin: string,
  smtp: TestSmtpServer,
  label: string,
  count: number,
  concurrency: number,
  gapMs = 0,
): Promise<BurstResult> {
  const accepted = new Map<string, number>()
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++
        const r = await postLead(origin, LEAD_BODY(i, label))
        if (r) accepted.set(r.id, r.acceptedAt)
        if (gapMs) await sleep(gapMs)
      }
    }),
  )
  const arrivals = () => {
    const seen = new Map<string, number>()
    for (const m of smtp.accepted) {
      if (m.leadId && accepted.has(m.leadId) && !seen.has(m.leadId)) seen.set(m.leadId, m.acceptedAt)
    }
    return seen
  }
  await until(() => arrivals().size >= accepted.size, 120_000)
  const latencies = [...arrivals()].map(([id, at]) => at - accepted.get(id)!)
  return {
    label,
    sent: count,
    accepted: accepted.size,
    delivered: latencies.length,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    maxMs: Math.max(...latencies),
  }
}

export async function measureSpeedToLead(
  opts: { count?: number; concurrency?: number; redisDownMs?: number } = {},
) {
  const count = opts.count ?? 200
  const concurrency = opts.concurrency ?? 10
  const dir = mkdtempSync(path.join(tmpdir(), 'roofing-speed-'))
  const smtp = await startTestSmtpServer({ parse: false })
  const stack = await createLeadStack({
    name: 'bench',
    dir,
    smtpUrl: smtp.url,
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  })
  const { redis, web } = stack
  try {
    await stack.start()
    // A first lead end to end, so the worker is connected and warm before anything is timed.
    await burst(web.origin, smtp, 'warm-up', 1, 1)
    // One lead at a time, 200 ms apart: what a single homeowner's lead waits on an idle stack.
    const single = await burst(web.origin, smtp, 'single', 20, 1, 200)
    const normal = await burst(web.origin, smtp, 'normal', count, concurrency)
    // As `docker compose restart redis`: a graceful stop (the append-only file keeps the
    // queue), a few seconds away, then the burst as soon as Redis answers again.
    await redis.kill('SIGTERM')
    await sleep(opts.redisDownMs ?? 3000)
    await redis.start()
    const restarted = await burst(web.origin, smtp, 'after-restart', count, concurrency)
    return { single, normal, restarted, logDir: dir }
  } finally {
    await stack.stop()
    await smtp.close()
    if (!process.env.KEEP_BENCH_LOGS) rmSync(dir, { recursive: true, force: true })
  }
}

export function formatSpeedToLead(r: BurstResult): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  return `${r.label.padEnd(34)} ${String(r.accepted).padStart(4)}/${r.sent} accepted, ${String(r.delivered).padStart(4)} e-mailed   p50 ${s(r.p50Ms)}   p95 ${s(r.p95Ms)}   max ${s(r.maxMs)}`
}
