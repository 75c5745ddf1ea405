/**
 * `npm run fuzz`: 10,000 hostile requests against the built site, on loopback only, bounded in
 * count and time. Every one must be answered, within its deadline, and never with a 5xx; no
 * error may escape to the process (core/platform/shutdown.ts logs any at fatal level, and the log is
 * read after the run).
 *
 * The requests are drawn from scripts/lib/hostile-requests.ts (the property test's generators):
 * campaign queries with random Unicode, astral characters at every cut length, lone surrogates,
 * %-escapes of invalid UTF-8 and NUL, 8 KB queries; the same through the whole stack; paths
 * scanners ask; the lead form's plain post and JSON; office links; the hail report's summary;
 * the form token; the scheduling tools' booking events (signed with the keys the web process is
 * given, and not); the storm alerts' confirm and unsubscribe links. Each is written as raw bytes.
 *
 * Builds first when there is no production build (like `npm start`). Starts the built web
 * process (production, no Redis: leads stay in the outbox) on a free loopback port, with a
 * database of its own and its log in a file. FUZZ_REQUESTS (default 10000), FUZZ_SEED (default:
 * random, printed so a failure can be replayed), FUZZ_CONCURRENCY (default 16) and
 * FUZZ_DEADLINE_MS (default 1000) change the run. Exits 1 on any 5xx, unanswered request or
 * escaped error, printing the first few requests that failed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { ensureBuilt, startWebLoggingToFile } from './lib/harness'
import { freePort } from './lib/free-port.mjs'
import {
  anyHostileRequest,
  HOSTILE_BOOKING_KEYS,
  requestBytes,
  type HostileRequest,
} from './lib/hostile-requests'
import { sendRawRequest, type RawAnswer } from './lib/raw-http'
import { uncaughtErrorsIn } from './lib/uncaught-errors'

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 16)
const DEADLINE_MS = Number(process.env.FUZZ_DEADLINE_MS ?? 1000)
/** The whole run stops by itself after this long, whatever is left. */
const RUN_LIMIT_MS = 10 * 60_000

interface Outcome {
  req: HostileRequest
  answer: RawAnswer
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0
}

function describe(req: HostileRequest): string {
  const target =
    req.target.length > 160 ? `${req.target.slice(0, 160)}… (${req.target.length} chars)` : req.target
  return `${req.kind}: ${req.method} ${target}`
}

async function main(): Promise<void> {
  ensureBuilt()
  const dir = mkdtempSync(path.join(tmpdir(), 'roofing-fuzz-'))
  const web = await startWebLoggingToFile(dir, await freePort(), {
    logLevel: 'warn',
    extra: {
      // The limits would answer most requests 429 before the code under test reads them.
      LEAD_RATE_LIMIT_PER_MINUTE: '1000000',
      FORM_TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
      OFFICE_LINK_RATE_LIMIT_PER_MINUTE: '1000000',
      BOOKING_EVENTS_RATE_LIMIT_PER_MINUTE: '1000000',
      ...HOSTILE_BOOKING_KEYS,
    },
  })
  const to = { host: `127.0.0.1:${web.port}`, origin: web.origin }
  try {
    console.log(
      `Fuzz: ${REQUESTS.toLocaleString('en-US')} hostile requests to ${web.origin}, seed ${SEED}, ${CONCURRENCY} at a time, ${DEADLINE_MS} ms each`,
    )
    const requests = fc.sample(anyHostileRequest, { numRuns: REQUESTS, seed: SEED })
    const outcomes: Outcome[] = []
    const started = Date.now()
    let next = 0
    let lastReport = started
    const runOne = async (): Promise<void> => {
      while (next < requests.length && Date.now() - started < RUN_LIMIT_MS) {
        const req = requests[next++]!
        outcomes.push({ req, answer: await sendRawRequest(web.port, requestBytes(req, to), DEADLINE_MS) })
        if (Date.now() - lastReport > 5000) {
          lastReport = Date.now()
          console.log(
            `  ${outcomes.length.toLocaleString('en-US')} of ${requests.length.toLocaleString('en-US')} sent`,
          )
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, runOne))
    const seconds = (Date.now() - started) / 1000

    const unanswered = outcomes.filter((o) => !o.answer.answered)
    const serverErrors = outcomes.filter((o) => o.answer.answered && o.answer.status >= 500)
    const escaped = uncaughtErrorsIn(readFileSync(web.logFile, 'utf8'))
    const byKind = new Map<string, Map<number | 'none', number>>()
    for (const { req, answer } of outcomes) {
      const counts = byKind.get(req.kind) ?? new Map<number | 'none', number>()
      const key = answer.answered ? answer.status : 'none'
      counts.set(key, (counts.get(key) ?? 0) + 1)
      byKind.set(req.kind, counts)
    }
    const ms = outcomes.map((o) => o.answer.ms).sort((a, b) => a - b)

    console.log('')
    console.log(`${'kind'.padEnd(24)} ${'requests'.padStart(8)}  answers by status`)
    for (const [kind, counts] of [...byKind].sort()) {
      const total = [...counts.values()].reduce((a, b) => a + b, 0)
      const statuses = [...counts]
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ')
      console.log(`${kind.padEnd(24)} ${String(total).padStart(8)}  ${statuses}`)
    }
    console.log('')
    console.log(`sent ${outcomes.length.toLocaleString('en-US')} in ${seconds.toFixed(1)} s`)
    console.log(
      `time to answer: p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, slowest ${(ms.at(-1) ?? 0).toFixed(1)} ms`,
    )
    console.log(`answers ≥ 500: ${serverErrors.length}`)
    console.log(`left unanswered: ${unanswered.length}`)
    console.log(`errors escaped to the process: ${escaped.length}`)
    for (const o of [...serverErrors, ...unanswered].slice(0, 10))
      console.log(`  ${describe(o.req)} → ${o.answer.answered ? o.answer.status : o.answer.why}`)
    for (const e of escaped.slice(0, 5)) console.log(`  ${JSON.stringify(e).slice(0, 400)}`)
    const complete = outcomes.length === requests.length
    if (!complete)
      console.log(
        `stopped after ${RUN_LIMIT_MS / 60_000} minutes with ${requests.length - outcomes.length} not sent`,
      )
    if (serverErrors.length || unanswered.length || escaped.length || !complete) process.exitCode = 1
    else console.log('PASS')
  } finally {
    await web.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
