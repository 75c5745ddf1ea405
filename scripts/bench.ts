/**
 * `npm run bench`: how much does the whole lead pipeline cost per request compared with
 * the cheapest possible Express JSON endpoint on the same server? And how close does a
 * content page served by the app (Vike production build, HTML cache, compression,
 * security headers) come to the same HTML bytes served as a plain static file?
 *
 * Starts createApp in-process on a free port of 127.0.0.1 with a temp SQLite file (and
 * the queue when REDIS_URL is set), mounts a bare JSON endpoint in front of it for this
 * run only, runs autocannon against both for a fixed time, prints requests/s, p50 and
 * p99, then cleans up and exits. Nothing here ships in the production bundle.
 *
 * Then speed to lead (scripts/lib/speed-to-lead.ts): a burst of 200 leads through real
 * web, worker and redis-server processes to an in-process SMTP server, p50/p95 from the 201
 * answer to the SMTP server accepting the e-mail, on a running stack and right after a
 * Redis restart. `BENCH_ONLY=speed` runs only that part.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import compression from 'compression'
import express from 'express'
import { pino } from 'pino'
import { createApp } from '../server/app'
import { loadPages } from '../server/http/pages'
import { parseWebConfig } from '../server/config'
import { openMigratedDatabase } from '../core/platform/db/open'
import { createLogger } from '../core/platform/logger'
import { createLeadProducer } from '../server/leads/producer'
import { deleteKeys } from '../tests/support/redis'
import { formatSpeedToLead, measureSpeedToLead } from './lib/speed-to-lead'

const DURATION_S = 5
const CONNECTIONS = 10
const BARE_PATH = '/__bench/bare'
const CONTENT_PAGE = '/faqs'
const STATIC_PATH = '/__bench/static/faqs.html'

// The content-page measurement needs the production build of the pages, loaded the way
// the web process loads it (below, once the configuration is parsed).
if (!existsSync('dist/server/entry.mjs')) {
  console.error('bench: dist/server/entry.mjs is missing. Run `npm run build` first, then `npm run bench`.')
  process.exit(1)
}

async function speedToLead() {
  console.log('speed to lead: 200 leads, 10 at a time, 201 answer → SMTP server accepted the owner e-mail')
  const redisDownMs = Number(process.env.BENCH_REDIS_DOWN_MS ?? 3000)
  const { single, normal, restarted } = await measureSpeedToLead({ redisDownMs })
  console.log(formatSpeedToLead({ ...single, label: 'one at a time (20 leads, 200 ms apart)' }))
  console.log(formatSpeedToLead({ ...normal, label: 'running stack' }))
  console.log(
    formatSpeedToLead({ ...restarted, label: `after a Redis restart (${redisDownMs / 1000} s down)` }),
  )
}
if (process.env.BENCH_ONLY === 'speed') {
  await speedToLead()
  process.exit(0)
}

const dir = mkdtempSync(path.join(tmpdir(), 'roofing-bench-'))
const prefix = `bench-${process.pid}-${Date.now()}`
const config = parseWebConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_PATH: path.join(dir, 'bench.db'),
  QUEUE_PREFIX: prefix,
  SITE_URL: 'http://127.0.0.1',
  // The bench measures throughput, not the limiter.
  LEAD_RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
})
await loadPages(config)
// Real serialisation and redaction, without flooding the terminal.
const logger = createLogger('info', pino.destination({ dest: '/dev/null', sync: false }))
const db = openMigratedDatabase(config.databasePath)
const producer = config.redisUrl
  ? createLeadProducer({ redisUrl: config.redisUrl, prefix, logger })
  : undefined
if (producer) {
  const deadline = Date.now() + 5000
  while (!producer.isReady() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
}

const server = express()
server.post(BARE_PATH, express.json({ limit: '16kb' }), (req, res) => {
  res.status(201).json({ success: true, id: String(req.body?.firstName ?? '') })
})
// The same bytes the app sends for CONTENT_PAGE, written to a file and served by
// express.static (with the same compression) on the same server, for this run only.
const staticDir = path.join(dir, 'static')
const app = createApp({ config, logger, db, producer, clientDistDir: path.resolve('dist/client') })
const staticApp = express()
staticApp.use(compression())
staticApp.use(express.static(staticDir))
server.use('/__bench/static', staticApp)
server.use(app)
const listener = server.listen(0, '127.0.0.1')
await new Promise<void>((resolve) => listener.once('listening', resolve))
const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
const pageRes = await fetch(`${origin}${CONTENT_PAGE}`)
if (!pageRes.ok) throw new Error(`GET ${CONTENT_PAGE} answered ${pageRes.status}`)
const pageHtml = Buffer.from(await pageRes.arrayBuffer())
await import('node:fs/promises').then((fs) => fs.mkdir(staticDir, { recursive: true }))
writeFileSync(path.join(staticDir, 'faqs.html'), pageHtml)

const body = JSON.stringify({
  firstName: 'Bench',
  lastName: 'Mark',
  email: 'bench@example.com',
  phone: '3035550100',
  address: '1 Load Test Way, Denver',
  message: 'Hail damage on the roof, please call me back about an inspection (benchmark)',
  formType: 'contact',
  sourcePath: '/contact',
})

async function measure(urlPath: string, method: 'GET' | 'POST' = 'POST') {
  const result = await autocannon({
    url: `${origin}${urlPath}`,
    method,
    // A browser asks for compressed HTML; the POSTs carry the enquiry JSON.
    headers:
      method === 'GET'
        ? { 'accept-encoding': 'gzip', accept: 'text/html' }
        : { 'content-type': 'application/json', origin },
    body: method === 'POST' ? body : undefined,
    connections: CONNECTIONS,
    duration: DURATION_S,
  })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

console.log(
  `bench: ${DURATION_S} s per endpoint, ${CONNECTIONS} connections, Node ${process.version}, queue ${
    producer
      ? producer.isReady()
        ? 'enabled (Redis)'
        : 'configured but unreachable'
      : 'disabled (REDIS_URL unset)'
  }`,
)
const staticPage = await measure(STATIC_PATH, 'GET')
const appPage = await measure(CONTENT_PAGE, 'GET')
const bare = await measure(BARE_PATH)
const pipeline = await measure('/api/enquiries')
const { stored, pending } = db
  .prepare('SELECT COUNT(*) AS stored, COUNT(*) - COUNT(enqueued_at) AS pending FROM form_submissions')
  .get() as { stored: number; pending: number }

const row = (name: string, r: typeof bare) =>
  `${name.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}, errors ${r.errors}`
console.log(row(`GET ${CONTENT_PAGE} as a static file`, staticPage))
console.log(row(`GET ${CONTENT_PAGE} through the app`, appPage))
console.log(
  `ratio (app / static file): ${(appPage.requestsPerSecond / staticPage.requestsPerSecond).toFixed(3)} of the throughput for the same ${pageHtml.length} bytes of HTML (gzip on both)`,
)
console.log(row('bare Express JSON endpoint', bare))
console.log(row('POST /api/enquiries', pipeline))
console.log(
  `ratio (pipeline / bare): ${(pipeline.requestsPerSecond / bare.requestsPerSecond).toFixed(3)} of the throughput; ${stored} rows stored, ${pending} left to the relay (enqueue slower than 1 s or queue off)`,
)

await new Promise<void>((resolve) => listener.close(() => resolve()))
await producer?.close()
db.close()
if (config.redisUrl) await deleteKeys(config.redisUrl, prefix)
rmSync(dir, { recursive: true, force: true })
await speedToLead()
process.exit(0)
