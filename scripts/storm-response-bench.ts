/**
 * `npm run bench:storm-response`: how long from a storm day's radar landing in the store to the
 * homeowners' alerts and the office's briefing reaching the SMTP server, and whether the
 * leads that arrive meanwhile still reach the office as fast (docs/performance.md, "Storm
 * response"; docs/storm-alerts.md promises both within 2 minutes). Real processes on loopback:
 * the built web process and worker (default STORM_RESPONSE_POLL_SECONDS, so the wait for the
 * worker's next look is part of the figure), our own redis-server, an in-process SMTP server
 * and a geocoder stand-in answering in 50 ms.
 *
 * The store is seeded before the worker starts: five years of radar days (scripts/lib/radar-seed.ts,
 * each recorded as answered, as the worker would have), and 10,000 past leads around the served
 * cities, each already placed on the radar grid and already delivered to the office (enqueued
 * and settled, so neither the relay nor the reconciler touches them). The storm day is a MESH
 * file written by ecCodes for yesterday (Denver), a chain of hail cells across the metro; the
 * homes are placed after reading that file with the site's decoder, so that exactly 2,000 of
 * them lie in cells of 1 in or more and 8,000 outside, and the 1,000 who asked for alerts are
 * among the 2,000. At t0 `site-admin storms import` stores the file (the path of any import),
 * and a stream of leads is posted to the web, 2 a second, until the response is over; the same
 * stream ran before t0 with no storm, as the baseline.
 *
 * Budgets: every alert and the briefing within 2 minutes of t0; the leads' p95 (POST → office
 * e-mail accepted) under speed to lead's 5 s during the response; no old lead delivered again;
 * no error line in the worker's log. Exit status 1 when one fails.
 */
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { insertLead, type NewLead } from '../core/leads/store'
import type { Db } from '../core/platform/db/connection'
import { openMigratedDatabase } from '../core/platform/db/open'
import { wantedStormDays } from '../core/storms/radar/days'
import { cellOf, decodeMeshFile, meshFileNameForDay, serviceAreaBox } from '../core/storms/radar/mesh-file'
import { FORM_OF_FORM_TYPE } from '../shared/lead-forms'
import { isOptionalField, LEAD_FIELD_NAMES, type LeadFieldValues } from '../shared/lead-fields'
import { CITY_PAGES } from '../shared/service-areas'
import { servedCities } from '../core/platform/geography'
import { writeMeshFile } from '../tests/support/mesh-files'
import type { TestSmtpServer } from '../tests/support/notify-peers'
import { markRadarDaysAnswered, random, seedStormDays } from './lib/radar-seed'
import { LEAD_BODY, percentile, postLead, sleep, until, withBenchStack } from './lib/harness'
import { SPEED_TO_LEAD_P95_MS } from './lib/speed-to-lead'

const PAST_LEADS = 10_000
const HOMES_HIT = 2_000
const SUBSCRIBED = 1_000
const GEOCODER_DELAY_MS = 50
/** Where the geocoder stand-in places the fresh leads: Brighton, north of the storm, so they are not among the homes hit. */
const BRIGHTON = { latitude: 39.9527, longitude: -104.8228 }
/** Fresh leads a second, and how many at least, in each stream. */
const STREAM_PER_SECOND = 2
const STREAM_MIN = 60
const TARGET_RESPONSE_MS = 120_000
const NAME = 'storm-bench'
const OFFICE = `office@${NAME}.example`
const MI_PER_DEG_LAT = 69.05
/** A hit is a cell of 1 in or more (STORM_ALERT_MIN_IN's default), as the store rounds it. */
const HIT_MM10 = Math.round(1 * 25.4 * 10)

/**
 * The storm: a line of hail cells moving west to east across the metro (Golden, Lakewood,
 * Denver, Aurora) and a second one over Parker and Castle Rock, 1.5–2.5 in at their cores.
 */
const SWATHS = [
  { latitude: 39.72, longitude: -105.2, radiusMi: 7, peakIn: 1.75 },
  { latitude: 39.71, longitude: -105.08, radiusMi: 8, peakIn: 2.25 },
  { latitude: 39.7, longitude: -104.95, radiusMi: 8, peakIn: 2.5 },
  { latitude: 39.69, longitude: -104.82, radiusMi: 7, peakIn: 2 },
  { latitude: 39.5, longitude: -104.78, radiusMi: 6, peakIn: 1.5 },
  { latitude: 39.4, longitude: -104.86, radiusMi: 6, peakIn: 1.75 },
]

const FIRST_NAMES = [
  'Dana',
  'Luis',
  'Maria',
  'James',
  'Priya',
  'Tom',
  'Keisha',
  'Wei',
  'Olga',
  'Sam',
  'Ana',
  'Ben',
]
const LAST_NAMES = ['Reyes', 'Nguyen', 'Smith', 'Garcia', 'Olsen', 'Patel', 'Brown', 'Kim', 'Novak', 'Lopez']
const STREETS = [
  'Elm Street',
  'Oak Avenue',
  'Cedar Drive',
  'Aspen Way',
  'Pine Court',
  'Maple Lane',
  'Ridge Road',
]
const MESSAGES = [
  'Hail hit the roof last spring, a few shingles are cracked. Could someone take a look?',
  'Looking for a quote to replace the roof before winter.',
  'Gutters are dented after the storm and there is a leak over the garage.',
  null,
]

interface Home {
  latitude: number
  longitude: number
  city: string
  zip: string
  hit: boolean
}

/**
 * 10,000 homes around the served cities (a normal spread of 3 mi around each centre, inside
 * the service area's box): the first 2,000 that fall in a cell of 1 in or more on the storm
 * day and the first 8,000 that do not.
 */
function placeHomes(hitCells: ReadonlySet<string>, rand: () => number): Home[] {
  const cities = servedCities().flatMap((c) => {
    const zips = CITY_PAGES.find((p) => p.name === c.name)?.zipcodes.split(',') ?? []
    return c.centre ? [{ name: c.name, centre: c.centre, zip: zips[0]?.trim() ?? '80202' }] : []
  })
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand())
  const homes: Home[] = []
  let hits = 0
  let misses = 0
  for (let tries = 0; tries < 1_000_000 && hits + misses < PAST_LEADS; tries++) {
    const city = cities[Math.floor(rand() * cities.length)]!
    const latitude = city.centre.latitude + (gauss() * 3) / MI_PER_DEG_LAT
    const longitude =
      city.centre.longitude + (gauss() * 3) / MI_PER_DEG_LAT / Math.cos((latitude * Math.PI) / 180)
    const box = serviceAreaBox()
    if (latitude > box.north || latitude < box.south || longitude < box.west || longitude > box.east) continue
    const { row, col } = cellOf({ latitude, longitude })
    const hit = hitCells.has(`${row},${col}`)
    if (hit ? hits >= HOMES_HIT : misses >= PAST_LEADS - HOMES_HIT) continue
    if (hit) hits++
    else misses++
    homes.push({ latitude, longitude, city: city.name, zip: city.zip, hit })
  }
  if (hits < HOMES_HIT || misses < PAST_LEADS - HOMES_HIT)
    throw new Error(`the storm's swath reaches too few or too many homes (${hits} hit, ${misses} not)`)
  return homes
}

/** The lead's fields: a homeowner's, every field of the table not named here left empty. */
function fields(n: number, home: Home, rand: () => number): LeadFieldValues {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!
  const first = pick(FIRST_NAMES)
  const last = pick(LAST_NAMES)
  const known: Record<string, string | null> = {
    firstName: first,
    lastName: last,
    email: `${first}.${last}.${n}@homes.example`.toLowerCase(),
    phone: `(303) 555-${String(n % 10_000).padStart(4, '0')}`,
    address: `${100 + Math.floor(rand() * 19_900)} ${pick(STREETS)}, ${home.city}, CO ${home.zip}`,
    message: pick(MESSAGES),
  }
  return Object.fromEntries(
    LEAD_FIELD_NAMES.map((name) => {
      if (name in known) return [name, known[name]]
      if (isOptionalField(name)) return [name, null]
      throw new Error(`the bench does not fill the lead field ${name}`)
    }),
  ) as LeadFieldValues
}

/**
 * The 10,000 past leads of the last three years (up to 3 days ago), stored as the web stores
 * one, each with its home placed as the worker places one (lead_places, by address) and marked
 * delivered long ago: enqueued (the relay looks for enqueued_at IS NULL) and settled (the
 * reconciler looks for settled_at IS NULL). A homeowner who asked for storm alerts confirmed them
 * an hour later, from the button of their first e-mail. Returns the subscribed homeowners' addresses.
 */
function seedLeads(db: Db, homes: readonly Home[], now: Date, rand: () => number): Set<string> {
  const subscribed = new Set<string>()
  const formTypes = ['contact_modal', 'contact', 'exit_intent'] as const
  const place = db.prepare(
    `INSERT INTO lead_places (lead_id, located_by, latitude, longitude, row, col, placed_at)
     VALUES (?, 'address', ?, ?, ?, ?, ?)`,
  )
  const delivered = db.prepare('UPDATE form_submissions SET enqueued_at = ?, settled_at = ? WHERE id = ?')
  const confirmed = db.prepare(
    'INSERT INTO storm_alert_confirmations (email, lead_id, confirmed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  )
  let hitsSeen = 0
  db.transaction(() => {
    homes.forEach((home, n) => {
      const id = randomUUID()
      const createdAt = new Date(now.getTime() - (3 + rand() * 3 * 365) * 86_400_000)
      const asked = home.hit && hitsSeen++ < SUBSCRIBED
      const formType = formTypes[n % formTypes.length]!
      const lead: NewLead = {
        id,
        ...fields(n, home, rand),
        formType,
        form: FORM_OF_FORM_TYPE[formType],
        sourcePath: n % 2 ? '/roof-inspection' : '/',
        createdAt,
        nextAttemptAt: createdAt,
        spam: { score: 0, reasons: [], quarantine: false },
        stormAlerts: asked,
      }
      insertLead(db, lead)
      if (asked) {
        subscribed.add(lead.email)
        confirmed.run(lead.email, id, new Date(createdAt.getTime() + 3_600_000).toISOString())
      }
      const { row, col } = cellOf(home)
      const at = new Date(createdAt.getTime() + 2_000).toISOString()
      place.run(id, home.latitude, home.longitude, row, col, at)
      delivered.run(at, at, id)
    })
  })()
  return subscribed
}

interface StreamResult {
  posted: number
  /** Answered 201. */
  accepted: number
  /** POST → the office's e-mail accepted, for each lead whose e-mail came. */
  waits: number[]
  missing: number
  sentAt: Map<string, number>
}

/** The office's e-mail of each lead (X-Lead-Id), when the SMTP server accepted it. */
function officeMailTimes(smtp: TestSmtpServer): Map<string, number> {
  const seen = new Map<string, number>()
  for (const m of smtp.messages) {
    const id = m.parsed.headers.get('x-lead-id')
    if (typeof id === 'string' && m.envelopeTo.includes(OFFICE) && !seen.has(id)) seen.set(id, m.acceptedAt)
  }
  return seen
}

/** Posts leads 2 a second, at least `min`, until `more()` says stop; then waits for their e-mails. */
async function stream(
  origin: string,
  smtp: TestSmtpServer,
  tag: string,
  min: number,
  more: () => boolean = () => false,
): Promise<StreamResult> {
  const sentAt = new Map<string, number>()
  const posts: Promise<void>[] = []
  const start = Date.now()
  for (let i = 0; i < min || more(); i++) {
    const due = start + (i * 1000) / STREAM_PER_SECOND
    await sleep(Math.max(0, due - Date.now()))
    const at = Date.now()
    posts.push(
      postLead(origin, { ...LEAD_BODY(i, tag), address: `${100 + i} Test Street, Brighton, CO 80601` }).then(
        (r) => {
          if (r) sentAt.set(r.id, at)
        },
      ),
    )
  }
  await Promise.all(posts)
  const posted = posts.length
  await until(() => {
    const mails = officeMailTimes(smtp)
    return [...sentAt.keys()].every((id) => mails.has(id))
  }, 60_000)
  const mails = officeMailTimes(smtp)
  const waits = [...sentAt].flatMap(([id, at]) => (mails.has(id) ? [mails.get(id)! - at] : []))
  return { posted, accepted: sentAt.size, waits, missing: posted - waits.length, sentAt }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`

function runImport(env: NodeJS.ProcessEnv, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/node/site-admin.mjs', 'storms', 'import', file], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.stderr.on('data', (c: Buffer) => (out += c.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      console.log(`site-admin storms import (exit ${code}): ${out.trim()}`)
      resolve(code ?? 1)
    })
  })
}

interface Store {
  day: string
  meshFile: string
  subscribed: Set<string>
  seededIds: Set<string>
}

/**
 * Writes the storm day's MESH file (ecCodes), reads it with the site's decoder to learn which
 * cells had 1 in or more, and seeds the store around them before any process opens it.
 */
function prepareStore(dbPath: string, dir: string): Store {
  // The storm day: yesterday in Denver (a day older than 7 days gets no alerts, by design).
  const now = new Date()
  const day = wantedStormDays(now).last
  const { validAt } = meshFileNameForDay(day)
  const meshFile = writeMeshFile(dir, { validAt: validAt.toISOString(), swaths: SWATHS })
  const mesh = decodeMeshFile(path.basename(meshFile), readFileSync(meshFile), serviceAreaBox())
  const hitCells = new Set(
    mesh.cells.filter((c) => Math.round(c.mm * 10) >= HIT_MM10).map((c) => `${c.row},${c.col}`),
  )
  const fresh = cellOf(BRIGHTON)
  if (hitCells.has(`${fresh.row},${fresh.col}`))
    throw new Error('the fresh leads would be placed under the storm')

  const seedStart = Date.now()
  const db = openMigratedDatabase(dbPath)
  // History up to the day before the storm day, so the storm day is new when it lands.
  const radar = seedStormDays(db, new Date(validAt.getTime() - 86_400_000))
  const answered = markRadarDaysAnswered(db, now)
  const rand = random(20261127)
  const subscribed = seedLeads(db, placeHomes(hitCells, rand), now, rand)
  const seededIds = new Set(
    (db.prepare('SELECT id FROM form_submissions').all() as { id: string }[]).map((r) => r.id),
  )
  db.close()
  console.log(
    `seeded in ${seconds(Date.now() - seedStart)}: ${radar.days} radar days (${radar.hailDays} with hail, ${answered} marked answered), ` +
      `${seededIds.size.toLocaleString('en-US')} past leads placed and delivered, ${SUBSCRIBED} of them subscribed`,
  )
  console.log(
    `storm day ${day}: ${mesh.cells.length.toLocaleString('en-US')} cells of 0.5 in or more, ${hitCells.size} of 1 in or more ` +
      `(max ${(mesh.maxMm / 25.4).toFixed(2)} in) over ${HOMES_HIT} of the homes, all ${SUBSCRIBED} subscribed ones among them`,
  )
  return { day, meshFile, subscribed, seededIds }
}

interface Response {
  t0: number
  importedAt: number
  importCode: number
  /** When the SMTP server accepted each alert, in order. */
  alerts: number[]
  briefing: number | undefined
  storm: StreamResult
}

/** t0: the radar day lands (`site-admin storms import`) and leads keep coming in, until the response is over. */
async function measureResponse(
  origin: string,
  env: NodeJS.ProcessEnv,
  smtp: TestSmtpServer,
  store: Store,
): Promise<Response> {
  const alertTimes = () =>
    smtp.messages.filter((m) => m.envelopeTo.some((to) => store.subscribed.has(to))).map((m) => m.acceptedAt)
  const briefingAt = () =>
    smtp.messages.find(
      (m) =>
        m.envelopeTo.includes(OFFICE) &&
        m.parsed.attachments.some((a) => a.filename === `storm-swath-${store.day}.png`),
    )?.acceptedAt
  const responded = () => alertTimes().length >= SUBSCRIBED && briefingAt() !== undefined
  const t0 = Date.now()
  const importDone = runImport(env, store.meshFile)
  const during = stream(
    origin,
    smtp,
    'storm',
    STREAM_MIN,
    () => !responded() && Date.now() - t0 < TARGET_RESPONSE_MS,
  )
  const importCode = await importDone
  const importedAt = Date.now()
  await until(responded, 3 * TARGET_RESPONSE_MS)
  const storm = await during
  return {
    t0,
    importedAt,
    importCode,
    alerts: alertTimes().sort((a, b) => a - b),
    briefing: briefingAt(),
    storm,
  }
}

interface Aftermath {
  response:
    | {
        started_at: string
        finished_at: string | null
        homes_hit: number
        alerts_sent: number
        briefing_status: string
      }
    | undefined
  /** Past leads with a notification row or a receipt: the relay or the reconciler took them up. */
  touched: number
  /** Office e-mails of past leads. */
  redelivered: number
  /** Worker log lines, other than the storm response's, naming a past lead. */
  pastLeadLines: number
  errors: string[]
}

function readAftermath(dbPath: string, logFile: string, store: Store, smtp: TestSmtpServer): Aftermath {
  const check = openMigratedDatabase(dbPath)
  const response = check
    .prepare(
      'SELECT started_at, finished_at, homes_hit, alerts_sent, briefing_status FROM storm_responses WHERE day = ?',
    )
    .get(store.day) as Aftermath['response']
  const touched = (
    check.prepare('SELECT lead_id FROM lead_notifications UNION SELECT lead_id FROM lead_receipts').all() as {
      lead_id: string
    }[]
  ).filter((r) => store.seededIds.has(r.lead_id)).length
  check.close()
  const workerLog = readFileSync(logFile, 'utf8').split('\n')
  return {
    response,
    touched,
    redelivered: [...officeMailTimes(smtp).keys()].filter((id) => store.seededIds.has(id)).length,
    // An alert's lines name its lead; any other line naming a past lead would be its delivery.
    pastLeadLines: workerLog.filter((l) => {
      const id = /"leadId":"([^"]+)"/.exec(l)?.[1]
      return id !== undefined && store.seededIds.has(id) && !l.includes('"component":"storm-response"')
    }).length,
    errors: workerLog.filter((l) => /"level":(50|60)/.test(l)),
  }
}

/** Prints the figures and a PASS or FAIL line per budget; returns whether all passed. */
function report(r: Response, baseline: StreamResult, after: Aftermath, smtp: TestSmtpServer): boolean {
  const { t0, alerts, briefing, storm, response } = { ...r, ...after }
  console.log(
    `\nt0 = the import started; site-admin was done after ${seconds(r.importedAt - t0)} (exit ${r.importCode})`,
  )
  if (response) {
    const started = Date.parse(response.started_at) - t0
    const finished = response.finished_at ? Date.parse(response.finished_at) - t0 : NaN
    console.log(
      `the worker's pass: started ${seconds(started)} after t0 (it looks every 20 s), finished after ${seconds(finished)}: ` +
        `${response.homes_hit} homes hit, ${response.alerts_sent} alerts sent, briefing ${response.briefing_status}`,
    )
  } else console.log('the worker never took the storm day up')
  console.log(
    `t0 → first alert ${alerts.length ? seconds(alerts[0]! - t0) : '—'}, last alert ${alerts.length ? seconds(alerts.at(-1)! - t0) : '—'}, ` +
      `briefing ${briefing ? seconds(briefing - t0) : '—'}; alerts accepted: ${alerts.length} of ${SUBSCRIBED}`,
  )
  const line = (label: string, s: StreamResult) =>
    `${label}: ${s.posted} posted, ${s.accepted} accepted, ${s.waits.length} e-mailed; POST → office e-mail ` +
    `p50 ${seconds(percentile(s.waits, 50))}, p95 ${seconds(percentile(s.waits, 95))}, max ${seconds(Math.max(...s.waits))}`
  console.log(line('leads, no storm (baseline)', baseline))
  console.log(line('leads during the response ', storm))
  if (response?.finished_at) {
    const [from, to] = [Date.parse(response.started_at), Date.parse(response.finished_at)]
    const mails = officeMailTimes(smtp)
    const inPass = [...storm.sentAt].filter(([, at]) => at >= from && at <= to)
    const waits = inPass.flatMap(([id, at]) => (mails.has(id) ? [mails.get(id)! - at] : []))
    console.log(
      `  of them posted while the worker's pass ran: ${inPass.length}, max ${waits.length ? seconds(Math.max(...waits)) : '—'}`,
    )
  }
  console.log(
    `past leads delivered again: ${after.redelivered} office e-mails, ${after.touched} with notification or receipt rows, ` +
      `${after.pastLeadLines} worker log lines naming one`,
  )
  console.log(`error lines in the worker's log: ${after.errors.length}`)
  for (const l of after.errors.slice(0, 10)) console.log(`  ${l.slice(0, 400)}`)

  let pass = true
  const verdict = (ok: boolean, what: string) => {
    pass &&= ok
    console.log(`${ok ? 'PASS' : 'FAIL'}: ${what}`)
  }
  const last = Math.max(alerts.at(-1) ?? Infinity, briefing ?? Infinity) - t0
  verdict(
    alerts.length === SUBSCRIBED && briefing !== undefined && last <= TARGET_RESPONSE_MS,
    `all ${SUBSCRIBED} alerts and the briefing within ${TARGET_RESPONSE_MS / 1000} s of the radar landing (${Number.isFinite(last) ? seconds(last) : 'not all came'})`,
  )
  verdict(
    storm.missing === 0 && percentile(storm.waits, 95) < SPEED_TO_LEAD_P95_MS,
    `leads during the response: every one e-mailed and p95 < ${SPEED_TO_LEAD_P95_MS / 1000} s ` +
      `(${seconds(percentile(storm.waits, 95))}; ${seconds(percentile(baseline.waits, 95))} with no storm)`,
  )
  verdict(
    after.redelivered === 0 && after.touched === 0 && after.pastLeadLines === 0,
    'no past lead delivered again',
  )
  verdict(after.errors.length === 0, "no error line in the worker's log")
  return pass
}

async function main() {
  let store: Store | undefined
  await withBenchStack(
    {
      name: NAME,
      logLevel: 'info',
      place: BRIGHTON,
      geocoderDelayMs: GEOCODER_DELAY_MS,
      prepare(env, dir) {
        store = prepareStore(env.DATABASE_PATH!, dir)
      },
    },
    async ({ dir, smtp, env, web }) => {
      // A first lead end to end, so the worker is connected and warm before anything is timed.
      await stream(web.origin, smtp, 'warm-up', 1)
      const baseline = await stream(web.origin, smtp, 'baseline', STREAM_MIN)
      const response = await measureResponse(web.origin, env, smtp, store!)
      const after = readAftermath(env.DATABASE_PATH!, path.join(dir, 'worker.log'), store!, smtp)
      process.exitCode = report(response, baseline, after, smtp) ? 0 : 1
    },
  )
}

await main()
