/**
 * `npm run bench:follow-ups` (docs/performance.md, "Follow-ups"): the budget of the follow-ups
 * on the built stack: real processes (a redis-server of our own on a free port,
 * dist/node/server.mjs and dist/node/worker.mjs) and an in-process SMTP server, loopback only.
 *
 * 1,000 leads are stored at one moment (each of its own address, long delivered to the office),
 * with FOLLOW_UP_AFTER=20s and FOLLOW_UP_HOURS=00-24: all their follow-ups fall due at once.
 * Budget: every one accepted by the SMTP server within 2 minutes of falling due, none twice.
 * Prints when the first and the last were accepted after falling due, and the rate; exits 1 when the budget is missed. BENCH_FOLLOW_UPS sets the count; KEEP_BENCH_LOGS keeps the
 * processes' logs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { startTestSmtpServer } from '../tests/support/notify-peers'
import { createLeadStack, ensureBuilt, percentile, sleep, until } from './lib/harness'
import { countFollowUps, FOLLOW_UP_DELAY, FOLLOW_UP_DELAY_MS, seedLeads } from './lib/follow-up-load'

const COUNT = Number(process.env.BENCH_FOLLOW_UPS ?? 1000)
const BUDGET_MS = 120_000
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

ensureBuilt()
const dir = mkdtempSync(path.join(tmpdir(), 'roofing-follow-up-bench-'))
const dbPath = path.join(dir, 'leads.db')
const smtp = await startTestSmtpServer({ parse: false })
const stack = await createLeadStack(
  { name: 'follow-ups', dir, smtpUrl: smtp.url, logLevel: process.env.BENCH_LOG_LEVEL ?? 'info' },
  { FOLLOW_UP_AFTER: FOLLOW_UP_DELAY, FOLLOW_UP_HOURS: '00-24' },
)
let failed = true
try {
  await stack.redis.start()
  // The web process makes the database (and the moment follow-ups start from); the worker comes up after.
  await stack.web.start()
  await sleep(200)
  const storedAt = new Date()
  const ids = seedLeads(dbPath, COUNT, storedAt, 'bench')
  const dueAt = storedAt.getTime() + FOLLOW_UP_DELAY_MS
  await stack.worker.start()
  console.log(
    `follow-ups: ${COUNT} leads stored at one moment; their follow-ups fall due ${FOLLOW_UP_DELAY} later…`,
  )
  const load = loadavg()[0]!.toFixed(1)
  await until(() => countFollowUps(smtp, ids).sent === COUNT, FOLLOW_UP_DELAY_MS + BUDGET_MS + 30_000)
  await sleep(3000)
  const { sent, duplicates, lost, acceptedAt } = countFollowUps(smtp, ids)
  const late = acceptedAt.map((t) => t - dueAt)
  const last = Math.max(...late)
  const first = Math.min(...late)
  console.log(`  accepted by the SMTP peer   ${sent}/${COUNT}   twice ${duplicates}   lost ${lost}`)
  console.log(
    `  after falling due           first ${seconds(first)}   p50 ${seconds(percentile(late, 50))}   p95 ${seconds(percentile(late, 95))}   last ${seconds(last)}   (budget ${seconds(BUDGET_MS)})`,
  )
  console.log(
    `  rate                        ${(COUNT / ((last - first) / 1000)).toFixed(0)} e-mails/s from the first to the last`,
  )
  const passes = readFileSync(path.join(dir, 'worker.log'), 'utf8').split('"follow-ups fell due"').length - 1
  console.log(`  planned in ${passes} pass(es) of the worker; load average at the start ${load}`)
  failed = sent < COUNT || duplicates > 0 || last > BUDGET_MS
} finally {
  await stack.stop()
  await smtp.close()
  if (process.env.KEEP_BENCH_LOGS || failed) console.log(`logs in ${dir}`)
  else rmSync(dir, { recursive: true, force: true })
}
console.log(`Node ${process.version}; ${failed ? 'the budget was missed' : 'the budget held'}`)
process.exit(failed ? 1 : 0)
