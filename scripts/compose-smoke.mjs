// `npm run test:compose`: the compose smoke test (issue 8). Builds the image from the Dockerfile,
// starts docker-compose.yml under a throwaway project name on a free host port, and proves the
// production stack end to end: web becomes ready, an enquiry sent through the published port is
// recorded by the worker, enquiries sent while the worker and then Redis restart are all recorded
// afterwards, the stack stops gracefully (exit code 0) and is removed with its volumes.
// Prints every step with its duration; exits non-zero on the first failure, always cleaning up.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { dockerApi, findCompose } from './docker-detect.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const project = `roofing-smoke-${process.pid}`
const image = process.env.SMOKE_IMAGE ?? 'front-range-roofing:smoke'
const READY_TIMEOUT_MS = Number(process.env.SMOKE_READY_TIMEOUT_MS ?? 180_000)
const RECORD_TIMEOUT_MS = 120_000
const STOP_TIMEOUT_S = 30

const compose = findCompose()
if (!compose) fail('No compose command: install the Docker Compose plugin or podman-compose.')
const api = await dockerApi()
if (!api) fail('No Docker API answers (DOCKER_HOST, /var/run/docker.sock or /run/podman/podman.sock).')
if (api.env.DOCKER_HOST) process.env.DOCKER_HOST = api.env.DOCKER_HOST

function fail(message) {
  console.error(`compose smoke test: ${message}`)
  process.exit(1)
}

const started = Date.now()
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const timings = []
async function step(name, fn) {
  const t0 = Date.now()
  console.log(`\n▶ ${name}`)
  const result = await fn()
  const took = Date.now() - t0
  timings.push([name, took])
  console.log(`✔ ${name} (${seconds(took)})`)
  return result
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '0.0.0.0', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

const port = await freePort()
const origin = `http://localhost:${port}`
const base = `http://127.0.0.1:${port}`
const envDir = mkdtempSync(path.join(tmpdir(), 'roofing-smoke-'))
const envFile = path.join(envDir, 'app.env')
writeFileSync(
  envFile,
  [
    `SITE_URL=${origin}`,
    'LOG_LEVEL=info',
    // Every enquiry below comes from one address; the production default (10/min) would refuse some.
    'LEAD_RATE_LIMIT_PER_MINUTE=1000',
    '',
  ].join('\n'),
)
// podman-compose 1.0 lets a .env beside the compose file override the variables given here
// (Docker Compose does the opposite). With a .env in the repository it reads a copy of
// docker-compose.yml from the temporary folder instead, identical but for the build context.
let composeFile = path.join(root, 'docker-compose.yml')
if (compose[0] === 'podman-compose' && existsSync(path.join(root, '.env'))) {
  const text = readFileSync(composeFile, 'utf8')
  if (!/^ {4}context: \.$/m.test(text)) fail('docker-compose.yml: expected `context: .` under build:')
  composeFile = path.join(envDir, 'docker-compose.yml')
  writeFileSync(composeFile, text.replace(/^ {4}context: \.$/m, `    context: ${JSON.stringify(root)}`))
}
const composeEnv = {
  ...process.env,
  ...api.env,
  APP_IMAGE: image,
  APP_ENV_FILE: envFile,
  WEB_PORT: String(port),
  WEB_BIND: '127.0.0.1',
}

/** Runs the compose CLI; resolves with its output, rejects on a non-zero exit. */
function run(args, { quiet = false, check = true } = {}) {
  const [cmd, ...pre] = compose
  const full = [...pre, '-p', project, '-f', composeFile, ...args]
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, full, { cwd: root, env: composeEnv, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    const take = (stream, sink) =>
      stream.on('data', (d) => {
        out += d
        if (!quiet) sink.write(String(d).replace(/^(?=.)/gm, '    '))
      })
    take(child.stdout, process.stdout)
    take(child.stderr, process.stderr)
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0 || !check) resolve(out)
      else reject(new Error(`\`${cmd} ${full.join(' ')}\` exited with ${code}${quiet ? `:\n${out}` : ''}`))
    })
  })
}

async function readyz() {
  try {
    const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(3000) })
    return { code: res.status, body: await res.json().catch(() => null) }
  } catch (err) {
    return { code: 0, body: { error: err.cause?.code ?? err.message } }
  }
}

/** Waits until /readyz answers 200 with status ok (database and queue both up). */
async function waitReady(label) {
  const t0 = Date.now()
  let last = 0
  for (;;) {
    const r = await readyz()
    if (r.code === 200 && r.body?.status === 'ok') return r.body
    if (Date.now() - t0 > READY_TIMEOUT_MS)
      throw new Error(`${label}: not ready after ${seconds(READY_TIMEOUT_MS)}: ${JSON.stringify(r)}`)
    if (Date.now() - last > 5000) {
      last = Date.now()
      console.log(
        `    waiting for ${label} (${seconds(Date.now() - t0)}): ${r.code || 'no answer'} ${JSON.stringify(r.body)}`,
      )
    }
    await sleep(500)
  }
}

let counter = 0
const sent = []
async function sendEnquiry(note) {
  counter += 1
  const res = await fetch(`${base}/api/enquiries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      firstName: 'Smoke',
      lastName: `Test ${counter}`,
      email: `smoke-${process.pid}-${counter}@example.com`,
      phone: '(303) 555-0142',
      address: '123 Main St, Denver, CO 80202',
      message: `Compose smoke test: ${note}`,
      formType: 'contact',
      sourcePath: '/contact',
    }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = await res.json().catch(() => null)
  if (res.status !== 201 || !body?.success || !body.id)
    throw new Error(`enquiry (${note}) answered ${res.status} ${JSON.stringify(body)}`)
  sent.push({ id: body.id, note })
  console.log(`    enquiry ${body.id} stored (${note})`)
  return body.id
}

// Reads the worker's records inside the web container, read-only, with the image's better-sqlite3.
const QUERY = `
const Database = require('better-sqlite3');
const ids = JSON.parse(process.argv[1]);
let found = [];
try {
  const db = new Database(process.env.DATABASE_PATH, { readonly: true, fileMustExist: true });
  const stmt = db.prepare('SELECT submission_id FROM lead_deliveries WHERE submission_id = ?');
  found = ids.filter((id) => stmt.get(id));
  db.close();
} catch (err) { console.error(String(err.message)); }
console.log('RECORDED ' + JSON.stringify(found));`

async function recorded(ids) {
  const out = await run(['exec', '-T', 'web', 'node', '-e', QUERY, JSON.stringify(ids)], { quiet: true })
  const line = out.split('\n').find((l) => l.startsWith('RECORDED '))
  if (!line) throw new Error(`could not read lead_deliveries: ${out}`)
  return JSON.parse(line.slice('RECORDED '.length))
}

async function waitRecorded(ids) {
  const t0 = Date.now()
  let last = 0
  for (;;) {
    const found = await recorded(ids)
    if (found.length === ids.length) return found
    if (Date.now() - t0 > RECORD_TIMEOUT_MS) {
      const missing = ids.filter((id) => !found.includes(id))
      throw new Error(
        `${missing.length} of ${ids.length} enquiries not recorded by the worker: ${missing.join(', ')}`,
      )
    }
    if (Date.now() - last > 5000) {
      last = Date.now()
      console.log(`    ${found.length}/${ids.length} recorded (${seconds(Date.now() - t0)})`)
    }
    await sleep(1000)
  }
}

const startedAt = async (service) => (await containers())?.find((c) => c.service === service)?.startedAt

/** Restarts a service while enquiries keep arriving, then waits for the site to be ready again. */
async function restartWhileSending(service) {
  const before = await startedAt(service)
  const restarting = run(['restart', '-t', String(STOP_TIMEOUT_S), service], { quiet: true })
  let done = false
  restarting.then(
    () => (done = true),
    () => (done = true),
  )
  let n = 0
  while (!done || n === 0) {
    n += 1
    await sendEnquiry(`during ${service} restart #${n}`)
    await sleep(700)
  }
  await restarting
  const after = await startedAt(service)
  if (before && before === after) throw new Error(`${service} was not restarted (started at ${before})`)
  if (before) console.log(`    ${service} restarted: started ${before} → ${after}`)
  await sendEnquiry(`right after ${service} restart`)
  await waitReady(`web after ${service} restart`)
  await sendEnquiry(`after ${service} is back`)
}

/** The project's containers as the Docker API sees them (name, state, exit code). */
async function containers() {
  if (!api.get) return null
  const list = await api.get(
    `/containers/json?all=1&filters=${encodeURIComponent(JSON.stringify({ label: [`com.docker.compose.project=${project}`] }))}`,
  )
  const byLabel = list.length
    ? list
    : await api.get(
        `/containers/json?all=1&filters=${encodeURIComponent(JSON.stringify({ label: [`io.podman.compose.project=${project}`] }))}`,
      )
  return Promise.all(
    byLabel.map(async (c) => {
      const info = await api.get(`/containers/${c.Id}/json`)
      return {
        name: info.Name.replace(/^\//, ''),
        service: info.Config.Labels?.['com.docker.compose.service'],
        state: info.State.Status,
        exitCode: info.State.ExitCode,
        startedAt: info.State.StartedAt,
        healthcheck: info.Config.Healthcheck?.Test,
      }
    }),
  )
}

/** podman-compose 1.0's `down` leaves the project's network behind; Docker Compose removes it. */
async function removeNetworks() {
  if (!api.get) return
  const filter = encodeURIComponent(JSON.stringify({ label: [`com.docker.compose.project=${project}`] }))
  for (const net of await api.get(`/networks?filters=${filter}`)) {
    await api.delete(`/networks/${net.Id}`)
    console.log(`    removed network ${net.Name}`)
  }
}

let up = false
let removed = false
let ok = false
console.log(
  `Compose smoke test: ${compose.join(' ')}, project ${project}, image ${image}, web on ${origin}, Docker API ${api.where}`,
)
try {
  await step('build the image from the Dockerfile', () => {
    // podman-compose 1.0 ignores build.network; its builds get the host's network explicitly.
    const args = compose[0] === 'podman-compose' ? ['--podman-build-args=--network=host'] : []
    const [cmd, ...pre] = compose
    return new Promise((resolve, reject) => {
      const child = spawn(cmd, [...pre, ...args, '-p', project, '-f', composeFile, 'build', 'web'], {
        cwd: root,
        env: composeEnv,
        stdio: ['ignore', 'inherit', 'inherit'],
      })
      child.on('error', reject)
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`image build exited with ${code}`)),
      )
    })
  })
  await step('start web, worker and redis', async () => {
    up = true
    await run(['up', '-d', '--no-build'], { quiet: true })
  })
  await step('wait until web reports ready', () => waitReady('web'))
  await step('send an enquiry through the published port', () => sendEnquiry('first'))
  await step("see the worker's record of it", () => waitRecorded(sent.map((s) => s.id)))
  await step('restart the worker while enquiries arrive', () => restartWhileSending('worker'))
  await step('restart redis while enquiries arrive', () => restartWhileSending('redis'))
  await step(`see every enquiry recorded (${sent.length} so far)`, async () => {
    const found = await waitRecorded(sent.map((s) => s.id))
    console.log(`    ${found.length}/${sent.length} enquiries recorded`)
  })
  await step('run the healthchecks of web and redis as configured', async () => {
    // Engines run healthchecks on a timer (podman needs systemd for that); running the
    // configured command in the container proves the command itself, on any engine.
    const list = await containers()
    if (!list) return console.log('    (skipped: the Docker API is not on a unix socket)')
    for (const service of ['web', 'redis']) {
      const test = list.find((c) => c.service === service)?.healthcheck
      if (!test?.length) throw new Error(`${service} has no healthcheck`)
      const [kind, ...rest] = test
      const argv =
        kind === 'CMD-SHELL'
          ? ['sh', '-c', rest.join(' ')]
          : kind === 'CMD'
            ? rest
            : ['sh', '-c', test.join(' ')]
      await run(['exec', '-T', service, ...argv], { quiet: true })
      console.log(`    ${service}: healthy (${rest.join(' ').slice(0, 120)})`)
    }
  })
  await step('stop the stack gracefully', async () => {
    // Dependents first, as `docker compose stop` orders them (podman-compose 1.0 does not).
    await run(['stop', '-t', String(STOP_TIMEOUT_S), 'web', 'worker'], { quiet: true })
    await run(['stop', '-t', String(STOP_TIMEOUT_S), 'redis'], { quiet: true })
    const list = await containers()
    if (!list) return console.log('    (exit codes not checked: the Docker API is not on a unix socket)')
    for (const c of list) console.log(`    ${c.name}: ${c.state}, exit code ${c.exitCode}`)
    const unclean = list.filter((c) => c.state !== 'exited' || c.exitCode !== 0)
    if (!list.length) throw new Error('no containers found for the project')
    if (unclean.length) throw new Error(`not stopped cleanly: ${unclean.map((c) => c.name).join(', ')}`)
  })
  await step('remove the stack and its volumes', async () => {
    await run(['down', '-v', '-t', String(STOP_TIMEOUT_S)], { quiet: true })
    removed = true
    await removeNetworks()
  })
  ok = true
} catch (err) {
  console.error(`\n✘ ${err instanceof Error ? err.message : String(err)}`)
  if (up && !removed) {
    console.error('\nLast log lines of the stack:')
    await run(['logs', '--tail', '40'], { check: false }).catch(() => {})
  }
} finally {
  if (up && !removed) {
    console.log('\nCleaning up: removing the stack and its volumes')
    await run(['down', '-v', '-t', '5'], { quiet: true, check: false }).catch((e) => console.error(e.message))
  }
  if (up && !removed) await removeNetworks().catch((e) => console.error(e.message))
  rmSync(envDir, { recursive: true, force: true })
  if (up) {
    const left = (await containers().catch(() => null)) ?? []
    if (left.length) console.error(`Containers left behind: ${left.map((c) => c.name).join(', ')}`)
  }
}

console.log('\nSteps:')
for (const [name, took] of timings) console.log(`  ${seconds(took).padStart(8)}  ${name}`)
console.log(`  ${seconds(Date.now() - started).padStart(8)}  total`)
console.log(ok ? '\nCompose smoke test passed.' : '\nCompose smoke test FAILED.')
process.exit(ok ? 0 : 1)
