/**
 * `npm run bench:bookings` (docs/performance.md, "Bookings"): the two budgets of booking events
 * on the built stack: real processes (a redis-server of our own on a free port,
 * dist/node/server.mjs and dist/node/worker.mjs), an in-process SMTP server and a local peer
 * laid out like Twilio's API, events signed as Calendly signs them, loopback only.
 *
 * 1. **A booking event**: 50 events one at a time, 200 ms apart, each of its own lead (found by
 *    its reference): from the endpoint's 2xx to the SMTP server accepting the office's notice,
 *    and to the Twilio peer accepting the text. Budget: p95 ≤ 5 s for both.
 * 2. **A burst**: 200 events in 10 s (one every 50 ms, each delivered until it gets a 2xx, as
 *    the tool retries; 20 of them delivered twice), while leads are posted (2 a second); every
 *    event stored once, none lost (an e-mail and a text each, none twice), and the leads' speed
 *    to lead (201 to the office e-mail accepted) against the same leads posted alone first.
 *
 * Prints the figures; exits 1 when a budget is missed or an event is lost. Nothing is timed in
 * a test. BENCH_LOG_LEVEL sets the processes' log level (warn); KEEP_BENCH_LOGS keeps their logs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { formatAppointment } from '../core/bookings'
import { startTestSmtpServer } from '../tests/support/notify-peers'
import { startTestTwilioPeer, twilioEnv } from '../tests/support/twilio-peer'
import { calendlyEvent } from '../tests/support/booking-tools'
import { createLeadStack, ensureBuilt, LEAD_BODY, percentile, postLead, sleep, until } from './lib/harness'
import { SPEED_TO_LEAD_P95_MS } from './lib/speed-to-lead'
import { postCalendlyEvent } from './lib/booking-drill'

const KEY = 'bench-calendly-signing-key'
const SINGLE = 50
const BURST = 200
const BURST_MS = 10_000
const REPEATS = 20
const LEADS_DURING = 20
/** The first appointment; each event's is half an hour after the one before, so its text names it. */
const FIRST_SLOT = Date.parse('2027-03-01T15:00:00Z')

interface LeadWithRef {
  id: string
  ref: string
  name: string
}

/** Posts a lead and keeps the reference its answer's cookie carries. */
async function postLeadWithRef(origin: string, i: number): Promise<LeadWithRef> {
  const body = { ...LEAD_BODY(i, 'bookings'), lastName: 'Bench' }
  const res = await fetch(`${origin}/api/enquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (res.status !== 201) throw new Error(`lead ${i} answered ${res.status}`)
  const ref = res.headers
    .getSetCookie()
    .map((c) => /^booking_ref=([A-Za-z0-9]+);/.exec(c)?.[1])
    .find(Boolean)
  if (!ref) throw new Error(`lead ${i} came back without its booking reference`)
  return { id: ((await res.json()) as { id: string }).id, ref, name: `${body.firstName} ${body.lastName}` }
}

/** Delivers one event until it gets a 2xx, as Calendly retries; resolves with its id and when. */
async function deliver(origin: string, body: string): Promise<{ id: number; at: number; tries: number }> {
  for (let tries = 1; tries <= 20; tries++) {
    // Not answered, or not with a 2xx: the tool tries again.
    const id = await postCalendlyEvent(origin, body, KEY, 10_000)
    if (id !== undefined) return { id, at: Date.now(), tries }
    await sleep(250 * tries)
  }
  throw new Error('an event was never stored after 20 deliveries')
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const figures = (ms: number[]) =>
  `p50 ${seconds(percentile(ms, 50))}   p95 ${seconds(percentile(ms, 95))}   max ${seconds(Math.max(...ms))}`

ensureBuilt()
const dir = mkdtempSync(path.join(tmpdir(), 'roofing-bookings-bench-'))
const smtp = await startTestSmtpServer({ parse: false })
const twilio = await startTestTwilioPeer()
const stack = await createLeadStack(
  { name: 'bookings', dir, smtpUrl: smtp.url, logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn' },
  { CALENDLY_WEBHOOK_SIGNING_KEY: KEY, ...twilioEnv(twilio) },
)
const { web } = stack
let failed = false

/** When the office's notice of each event, and its text, were accepted. */
function notices(events: { id: number; slot: string; name: string }[]) {
  const mails = new Map<number, number[]>()
  for (const m of smtp.accepted) {
    const id = Number(m.bookingEventId)
    if (m.bookingEventId) mails.set(id, [...(mails.get(id) ?? []), m.acceptedAt])
  }
  const texts = new Map<string, number[]>()
  for (const t of twilio.texts) {
    const key = /^Booked: ([^,]+, [^.]+)\./.exec(t.body)?.[1]
    if (key) texts.set(key, [...(texts.get(key) ?? []), t.acceptedAt])
  }
  return events.map((e) => ({ mail: mails.get(e.id) ?? [], text: texts.get(`${e.name}, ${e.slot}`) ?? [] }))
}

try {
  await stack.start()
  console.log(`bookings: ${SINGLE + BURST + 1} leads to book for…`)
  const leads: LeadWithRef[] = []
  for (let i = 0; i < SINGLE + BURST + 1; i++) leads.push(await postLeadWithRef(web.origin, i))
  let slot = 0
  const eventFor = (lead: LeadWithRef) => {
    const at = new Date(FIRST_SLOT + slot++ * 30 * 60_000)
    const body = calendlyEvent('invitee.created', {
      email: `someone.else.${slot}@bench.example`,
      name: lead.name,
      startTime: at.toISOString(),
      ref: lead.ref,
    })
    return { body, slot: formatAppointment(at), name: lead.name }
  }
  // Warm-up: one event end to end.
  const warm = eventFor(leads[0]!)
  const warmed = await deliver(web.origin, warm.body)
  await until(() => notices([{ ...warm, id: warmed.id }])[0]!.text.length > 0, 30_000)

  // 1. One at a time.
  const single: { id: number; at: number; slot: string; name: string }[] = []
  for (let i = 1; i <= SINGLE; i++) {
    const e = eventFor(leads[i]!)
    single.push({ ...(await deliver(web.origin, e.body)), slot: e.slot, name: e.name })
    await sleep(200)
  }
  await until(() => notices(single).every((n) => n.mail.length && n.text.length), 60_000)
  const one = notices(single)
  const mailMs = one.filter((n) => n.mail.length).map((n, i) => n.mail[0]! - single[i]!.at)
  const textMs = one.filter((n) => n.text.length).map((n, i) => n.text[0]! - single[i]!.at)
  console.log(`1. one booking event at a time (${SINGLE}, 200 ms apart): 2xx → accepted by the peer`)
  console.log(`   office e-mail   ${mailMs.length}/${SINGLE}   ${figures(mailMs)}`)
  console.log(`   text            ${textMs.length}/${SINGLE}   ${figures(textMs)}`)
  if (
    percentile(mailMs, 95) > SPEED_TO_LEAD_P95_MS ||
    percentile(textMs, 95) > SPEED_TO_LEAD_P95_MS ||
    mailMs.length < SINGLE
  )
    failed = true

  // 2. Leads alone, then the burst with leads meanwhile.
  const speed = async (tag: string, count: number, gapMs: number) => {
    const sent: { id: string; at: number }[] = []
    for (let i = 0; i < count; i++) {
      const r = await postLead(web.origin, LEAD_BODY(i, tag))
      if (r) sent.push({ id: r.id, at: r.acceptedAt })
      await sleep(gapMs)
    }
    const arrived = () => new Map(smtp.accepted.filter((m) => m.leadId).map((m) => [m.leadId!, m.acceptedAt]))
    await until(() => sent.every((s) => arrived().has(s.id)), 60_000)
    const a = arrived()
    return sent.filter((s) => a.has(s.id)).map((s) => a.get(s.id)! - s.at)
  }
  const alone = await speed('alone', LEADS_DURING, BURST_MS / LEADS_DURING)
  const burstStarted = Date.now()
  const bodies = Array.from({ length: BURST }, (_, i) => eventFor(leads[SINGLE + 1 + i]!))
  const delivering: Promise<{ id: number; at: number; tries: number }>[] = []
  const meanwhile = speed('meanwhile', LEADS_DURING, BURST_MS / LEADS_DURING)
  for (let i = 0; i < BURST; i++) {
    delivering.push(deliver(web.origin, bodies[i]!.body))
    // The tool delivers some again (a retry after a lost answer): they must change nothing.
    if (i % (BURST / REPEATS) === 0) delivering.push(deliver(web.origin, bodies[i]!.body))
    // On a schedule, not a chain of sleeps: a late timer does not stretch the burst.
    await sleep(Math.max(0, burstStarted + ((i + 1) * BURST_MS) / BURST - Date.now()))
  }
  const delivered = await Promise.all(delivering)
  const sentIn = Date.now() - burstStarted
  const during = await meanwhile
  // The events in order: each body's first delivery is in `delivered` in the order they were made.
  let k = 0
  const firsts = bodies.map((b, i) => {
    const first = delivered[k]!
    k += i % (BURST / REPEATS) === 0 ? 2 : 1
    return { id: first.id, at: first.at, slot: b.slot, name: b.name }
  })
  await until(() => notices(firsts).every((n) => n.mail.length && n.text.length), 120_000)
  const got = notices(firsts)
  const db = new Database(path.join(dir, 'leads.db'), { readonly: true })
  const stored = (
    db.prepare("SELECT COUNT(*) AS n FROM booking_events WHERE event_key LIKE '%#active'").get() as {
      n: number
    }
  ).n
  db.close()
  const distinct = new Set(firsts.map((f) => f.id)).size
  const lostMail = got.filter((n) => !n.mail.length).length
  const lostText = got.filter((n) => !n.text.length).length
  const twice = got.filter((n) => n.mail.length > 1 || n.text.length > 1).length
  const burstMail = got.filter((n) => n.mail.length).map((n, i) => n.mail[0]! - firsts[i]!.at)
  console.log(
    `2. a burst: ${BURST} events (+${REPEATS} delivered twice) sent in ${seconds(sentIn)}, ${LEADS_DURING} leads posted meanwhile`,
  )
  console.log(
    `   stored ${stored} events (${distinct} distinct ids for ${BURST}); e-mails lost ${lostMail}, texts lost ${lostText}, notices twice ${twice}`,
  )
  console.log(`   office e-mail of each event   ${figures(burstMail)}`)
  console.log(`   leads alone, speed to lead    ${figures(alone)}`)
  console.log(`   leads meanwhile               ${figures(during)}`)
  if (stored !== BURST + SINGLE + 1 || distinct !== BURST || lostMail || lostText || twice) failed = true
  if (percentile(during, 95) > SPEED_TO_LEAD_P95_MS) failed = true
} finally {
  await stack.stop()
  await smtp.close()
  await twilio.close()
  if (process.env.KEEP_BENCH_LOGS || failed) console.log(`logs in ${dir}`)
  else rmSync(dir, { recursive: true, force: true })
}
console.log(
  `Node ${process.version}; ${failed ? 'a budget was missed or an event lost' : 'every budget held'}`,
)
process.exit(failed ? 1 : 0)
