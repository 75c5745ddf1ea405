/**
 * `npm run drills`: fault drills of the lead pipeline on real processes. Each drill starts
 * its own stack on free loopback ports: a redis-server of its own (never a shared one), the
 * production web process and worker (dist/node, built first when missing), an in-process
 * SMTP server (smtp-server) and a webhook receiver that verifies signatures. It sends a
 * burst of leads, breaks something on the way, waits (bounded) until every accepted lead has
 * reached the contractor by e-mail and by webhook, and prints one row per drill:
 *
 *   drill | leads accepted | notified | duplicate notifications | lost
 *
 * "Accepted" counts 201 answers; "notified" leads whose owner e-mail and signed webhook both
 * arrived; "duplicate notifications" every e-mail or webhook beyond the first for a lead
 * (at-least-once: only a crash between sending and recording makes one); "lost" = accepted
 * − notified. Exits 1 when any drill lost a lead.
 *
 * Retries are shortened by configuration (back-off 0.5 s … 5 s, reconciler grace 10 s).
 * DRILL_SMTP_DOWN_S (default 300) and DRILL_REDIS_DOWN_S (default 60) set the outages;
 * DRILLS=1,3 runs a subset (9: the worker killed twice while 1,000 follow-ups it owes fall due
 * at once; the row counts follow-ups, by their X-Follow-Up header). Takes about 9 minutes with
 * the defaults.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  startTestSmtpServer,
  startTestWebhookReceiver,
  type TestSmtpServer,
  type TestWebhookReceiver,
} from '../tests/support/notify-peers'
import {
  createLeadStack,
  ensureBuilt,
  LEAD_BODY,
  postLead,
  sleep,
  until,
  type ManagedProcess,
  type RedisProcess,
  type WebProcess,
} from './lib/harness'
import { startTestTwilioPeer, twilioEnv, type TestTwilioPeer } from '../tests/support/twilio-peer'
import { formatAppointment } from '../core/bookings'
import {
  countBookingNotices,
  deliverAsCalendly,
  drillBooking,
  DRILL_CALENDLY_KEY,
  type BookingDelivery,
} from './lib/booking-drill'
import { countFollowUps, FOLLOW_UP_DELAY, FOLLOW_UP_DELAY_MS, seedLeads } from './lib/follow-up-load'

/** Follow-ups falling due at once in the follow-up drill. */
const FOLLOW_UPS_DUE = 1000

const SMTP_DOWN_MS = Number(process.env.DRILL_SMTP_DOWN_S ?? 300) * 1000
const REDIS_DOWN_MS = Number(process.env.DRILL_REDIS_DOWN_S ?? 60) * 1000
/** How long a drill may take, after its faults, to deliver every lead. */
const SETTLE_TIMEOUT_MS = 180_000
const GRACE_MS = 10_000

interface Stack {
  redis: RedisProcess
  web: WebProcess
  worker: ManagedProcess
  smtp: TestSmtpServer
  hook: TestWebhookReceiver
  /** A peer laid out like Twilio's API: the office's texts. */
  twilio: TestTwilioPeer
  /** The database file, for a drill that counts what was stored. */
  dbPath: string
  /** What the burst's leads' e-mail addresses start with (`<tag>-<n>@drills.example`). */
  tag: string
  accepted: Set<string>
  /** The booking events a drill delivered, as the scheduling tool would. */
  bookings: BookingDelivery[]
  /** The leads whose follow-ups a drill counts. */
  followUpLeads: string[]
  /** Sends `count` leads one after another, `gapMs` apart; `at[i]` runs (not awaited) before lead i. */
  burst(count: number, gapMs: number, at?: Record<number, () => Promise<void>>): Promise<void>
  background: Promise<void>[]
}

interface Drill {
  name: string
  /** Settings of this drill's stack beside the drills' own. */
  env?: NodeJS.ProcessEnv
  run(s: Stack): Promise<void>
  /** What the row counts, when not leads reaching the office by e-mail and webhook. */
  count?(s: Stack): { accepted: number; notified: number; duplicates: number }
}

const restartAfter = (p: ManagedProcess, signal: NodeJS.Signals, downMs: number) => async () => {
  await p.kill(signal)
  await sleep(downMs)
  await p.start()
}

const DRILLS: Drill[] = [
  {
    name: 'Redis SIGKILL in the middle of a burst',
    run: (s) => s.burst(60, 50, { 20: restartAfter(s.redis, 'SIGKILL', 2000) }),
  },
  {
    name: `Redis down for ${REDIS_DOWN_MS / 1000} s`,
    async run(s) {
      await s.burst(5, 50)
      await s.redis.kill('SIGTERM')
      await s.burst(30, REDIS_DOWN_MS / 30)
      await s.redis.start()
      await s.burst(5, 50)
    },
  },
  {
    name: 'Redis emptied after the hand-off',
    async run(s) {
      // The worker is away, so every lead waits in Redis; then Redis loses them all.
      await s.worker.kill('SIGTERM')
      await s.burst(30, 20)
      await sleep(1000)
      await s.redis.flushAll()
      await s.worker.start()
    },
  },
  {
    name: 'worker SIGKILL twice during a burst',
    run: (s) =>
      s.burst(60, 50, {
        15: restartAfter(s.worker, 'SIGKILL', 1000),
        40: restartAfter(s.worker, 'SIGKILL', 1000),
      }),
  },
  {
    name: 'web SIGKILL during a burst',
    // Long enough for the web process to come back while leads still arrive; requests made
    // while it is down are refused (not accepted), as a visitor would see.
    run: (s) => s.burst(80, 100, { 20: restartAfter(s.web, 'SIGKILL', 1000) }),
  },
  {
    name: `SMTP down for ${SMTP_DOWN_MS / 60_000} minutes`,
    async run(s) {
      await s.smtp.stop()
      await s.burst(30, 100)
      await sleep(SMTP_DOWN_MS)
      await s.smtp.start()
    },
  },
  {
    name: 'webhook answering 500 for a while (30 s)',
    async run(s) {
      s.hook.respondWith(500)
      await s.burst(30, 100)
      await sleep(30_000)
      s.hook.respondWith(200)
    },
  },
  {
    // Counts booking events, not leads: each stored once, its office e-mail and text sent once.
    name: 'web SIGKILL while storing booking events',
    async run(s) {
      await s.burst(40, 20)
      // Ten deliveries in flight at a time, as a tool working through its queue; the web
      // process is killed in the middle of them, and every refused one is delivered again.
      const queue = Array.from({ length: 40 }, (_, i) => drillBooking(`${s.tag}-${i}@drills.example`, i))
      let next = 0
      const senders = Array.from({ length: 10 }, async () => {
        while (next < queue.length) {
          const i = next++
          const delivery: BookingDelivery = { slot: formatAppointment(queue[i]!.slot), deliveries: 0 }
          s.bookings.push(delivery)
          if (i === 15) s.background.push(restartAfter(s.web, 'SIGKILL', 1000)())
          await deliverAsCalendly(s.web.origin, queue[i]!.body, delivery)
        }
      })
      await Promise.all(senders)
    },
    count: (s) => countBookingNotices(s.dbPath, s.smtp, s.twilio, s.bookings),
  },
  {
    // Counts follow-ups, not leads: 1,000 fall due at once, the worker is killed twice while it
    // sends them; each must reach the homeowner's server once.
    name: 'worker SIGKILL twice with follow-ups due',
    env: { FOLLOW_UP_AFTER: FOLLOW_UP_DELAY, FOLLOW_UP_HOURS: '00-24', NOTIFY_SEND_TIMEOUT_MS: '3000' },
    async run(s) {
      s.followUpLeads = seedLeads(s.dbPath, FOLLOW_UPS_DUE, new Date(), s.tag)
      const sending = () => countFollowUps(s.smtp, s.followUpLeads).sent
      const killAt = async (sent: number) => {
        await until(() => sending() >= sent, FOLLOW_UP_DELAY_MS + 60_000)
        const before = sending()
        await s.worker.kill('SIGKILL')
        console.log(
          `  worker killed with ${before} of ${FOLLOW_UPS_DUE} follow-ups accepted (${sending()} once dead)`,
        )
        await sleep(1000)
        await s.worker.start()
      }
      await killAt(100)
      await killAt(500)
    },
    count: (s) => {
      const c = countFollowUps(s.smtp, s.followUpLeads)
      return { accepted: s.followUpLeads.length, notified: c.sent, duplicates: c.duplicates }
    },
  },
]

interface Row {
  drill: string
  accepted: number
  notified: number
  duplicates: number
  lost: number
  seconds: number
}

function countNotified(s: Stack) {
  const mails = new Map<string, number>()
  for (const m of s.smtp.accepted) {
    if (m.leadId) mails.set(m.leadId, (mails.get(m.leadId) ?? 0) + 1)
  }
  const hooks = new Map<string, number>()
  for (const r of s.hook.delivered()) {
    const id = String(r.headers['webhook-id'])
    hooks.set(id, (hooks.get(id) ?? 0) + 1)
  }
  let notified = 0
  let duplicates = 0
  for (const id of s.accepted) {
    const m = mails.get(id) ?? 0
    const h = hooks.get(id) ?? 0
    if (m > 0 && h > 0) notified += 1
    duplicates += Math.max(0, m - 1) + Math.max(0, h - 1)
  }
  return { notified, duplicates }
}

async function runDrill(drill: Drill): Promise<Row> {
  const started = Date.now()
  const dir = mkdtempSync(path.join(tmpdir(), 'roofing-drill-'))
  const smtp = await startTestSmtpServer({ parse: false })
  const hook = await startTestWebhookReceiver()
  const twilio = await startTestTwilioPeer()
  const processes = await createLeadStack(
    { name: 'drills', dir, smtpUrl: smtp.url, logLevel: 'info' },
    {
      LEAD_WEBHOOK_URL: hook.url,
      LEAD_WEBHOOK_SECRET: hook.secret,
      CALENDLY_WEBHOOK_SIGNING_KEY: DRILL_CALENDLY_KEY,
      ...twilioEnv(twilio),
      NOTIFY_RETRY_BASE_MS: '500',
      NOTIFY_RETRY_MAX_MS: '5000',
      NOTIFY_SEND_TIMEOUT_MS: '3000',
      RECONCILE_GRACE_MS: String(GRACE_MS),
      RECONCILE_INTERVAL_MS: '1000',
      ...drill.env,
    },
  )
  const { redis, web, worker } = processes
  const accepted = new Set<string>()
  const background: Promise<void>[] = []
  const tag = drill.name.replace(/\W+/g, '-').toLowerCase()
  let sent = 0
  const stack: Stack = {
    redis,
    web,
    worker,
    smtp,
    hook,
    twilio,
    dbPath: path.join(dir, 'leads.db'),
    tag,
    accepted,
    bookings: [],
    followUpLeads: [],
    background,
    async burst(count, gapMs, at = {}) {
      for (let i = 0; i < count; i++) {
        const fault = at[i]
        if (fault) background.push(fault())
        const r = await postLead(web.origin, LEAD_BODY(sent++, tag))
        if (r) accepted.add(r.id)
        await sleep(gapMs)
      }
    },
  }
  let failed = false
  try {
    await processes.start()
    await drill.run(stack)
    await Promise.all(background)
    const count = () => drill.count?.(stack) ?? { accepted: accepted.size, ...countNotified(stack) }
    await until(() => count().notified >= count().accepted, SETTLE_TIMEOUT_MS)
    // A little longer, so a late duplicate would be counted.
    await sleep(2000)
    const { accepted: counted, notified, duplicates } = count()
    failed = notified < counted
    return {
      drill: drill.name,
      accepted: counted,
      notified,
      duplicates,
      lost: counted - notified,
      seconds: Math.round((Date.now() - started) / 1000),
    }
  } finally {
    await processes.stop()
    await smtp.close()
    await hook.close()
    await twilio.close()
    if (failed || process.env.KEEP_DRILL_LOGS) console.log(`  logs kept in ${dir}`)
    else rmSync(dir, { recursive: true, force: true })
  }
}

ensureBuilt()
const only = process.env.DRILLS?.split(',').map(Number)
const selected = DRILLS.filter((_, i) => !only || only.includes(i + 1))
const rows: Row[] = []
for (const drill of selected) {
  console.log(`drill: ${drill.name}…`)
  const row = await runDrill(drill)
  console.log(
    `  ${row.accepted} accepted, ${row.notified} notified, ${row.duplicates} duplicates, ${row.lost} lost (${row.seconds} s)`,
  )
  rows.push(row)
}

const header = ['drill', 'leads accepted', 'notified', 'duplicate notifications', 'lost']
const cells = rows.map((r) => [
  r.drill,
  String(r.accepted),
  String(r.notified),
  String(r.duplicates),
  String(r.lost),
])
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`
console.log('')
console.log(line(header))
console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`)
for (const c of cells) console.log(line(c))
console.log('')
console.log(`total ${rows.reduce((n, r) => n + r.seconds, 0)} s; Node ${process.version}`)
process.exit(rows.some((r) => r.lost > 0) ? 1 : 0)
