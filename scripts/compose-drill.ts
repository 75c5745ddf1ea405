/**
 * `npm run drills:compose`: the pages outlive the web process, proven on the compose stack
 * (docker-compose.yml: caddy → web, worker, redis) under a throwaway project name, on loopback.
 *
 *   1. build the image, start the stack, wait until it is ready through Caddy and web has written
 *      its fallback pages; note every route's page (and the 404 page) as web serves it;
 *   2. stop the web container; ask for every route through Caddy: each must answer 200 with the
 *      same HTML and the same headers as web's (apart from the TRANSPORT_HEADERS), an unknown
 *      path the 404 page with 404; a form posted as a browser without JavaScript gets the page
 *      that says nothing was saved (503, Retry-After); JSON to /api/enquiries gets 503 JSON with
 *      Retry-After;
 *   3. start web again;
 *   4. redeploy: rebuild the image with another SOURCE_REVISION (so its id changes) and re-create
 *      web and worker with it, while a loop asks for a page every 100 ms; counts the failed
 *      requests (the goal is 0) and how many Caddy answered from files.
 *
 * Prints every figure; exits 1 on any failed check or failed request, always removing the stack.
 * Needs a Docker API and a compose command (scripts/docker-detect.mjs). Takes 2–4 minutes.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { ALL_ROUTES } from '../shared/routes'
import { dockerApi, findCompose } from './docker-detect.mjs'
// The same checks as the compose smoke test's (scripts/compose-smoke.mjs).
import * as checks from './lib/fallback-checks.mjs'
import { composeStack } from './lib/compose-stack.mjs'

const image = process.env.DRILL_IMAGE ?? 'front-range-roofing:drill'
const PHONE = '(720) 555-0187'
const READY_TIMEOUT_MS = 180_000
const STOP_TIMEOUT_S = 15
const LOOP_INTERVAL_MS = 100
const UNKNOWN_PATH = '/no-such-page-drill'

const compose = findCompose()
const api = await dockerApi()
if (!compose || !api) {
  console.error('compose drill: needs a compose command and a Docker API (see scripts/docker-detect.mjs)')
  process.exit(1)
}
const stack = await composeStack({
  name: 'drill',
  image,
  // A number of its own, not the sample of .env.example: the clear page must name the one configured.
  env: [`BUSINESS_PHONE=${PHONE}`],
  compose,
  api,
})
const { project, podmanCompose, origin } = stack
const composeRun = async (args: string[], { quiet = true } = {}) => (await stack.run(args, { quiet })).out

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message)
}
async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = Date.now()
  console.log(`\n▶ ${name}`)
  const result = await fn()
  console.log(`✔ ${name} (${seconds(Date.now() - t0)})`)
  return result
}

/** The web container as the Docker API sees it: its id, its image's id, whether it runs. */
async function webContainer(): Promise<{ id: string; image: string; running: boolean } | undefined> {
  const list = await stack.containers()
  if (!list) throw new Error('the drill reads the containers through the Docker API on a unix socket')
  const web = list.find((c) => c.Labels?.['com.docker.compose.service'] === 'web')
  return web && { id: web.Id, image: web.ImageID, running: web.State === 'running' }
}

async function imageId(): Promise<string> {
  const info = (await api!.get!(`/images/${encodeURIComponent(image)}/json`)) as { Id: string }
  return info.Id
}

async function waitReady(label: string): Promise<void> {
  const t0 = Date.now()
  for (;;) {
    const body = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(3000) })
      .then(async (r) => (r.status === 200 ? ((await r.json()) as { status?: string }) : null))
      .catch(() => null)
    if (body?.status === 'ok') return
    if (Date.now() - t0 > READY_TIMEOUT_MS)
      throw new Error(`${label}: not ready after ${seconds(READY_TIMEOUT_MS)}`)
    await sleep(500)
  }
}

/** Waits until web has written a set of fallback pages newer than `after` (ISO time); returns its time. */
async function waitFallbackWritten(after = ''): Promise<string> {
  const t0 = Date.now()
  for (;;) {
    const out = await composeRun(['exec', '-T', 'web', 'cat', '/app/fallback/current/fallback.json']).catch(
      () => '',
    )
    const writtenAt = /"writtenAt": "([^"]+)"/.exec(out)?.[1]
    if (writtenAt && writtenAt > after) return writtenAt
    if (Date.now() - t0 > 60_000)
      throw new Error(`web wrote no fallback pages within 60 s: ${out.slice(0, 300)}`)
    await sleep(500)
  }
}

async function build(revision: string): Promise<void> {
  await stack.build(['--build-arg', `SOURCE_REVISION=${revision}`, 'web'])
}

let up = false
let ok = false
const figures: [string, string][] = []
const t0 = Date.now()
console.log(`Compose drill: ${compose.join(' ')}, project ${project}, image ${image}, site ${origin}`)
try {
  await step('build the image', () => build('drill-1'))
  await step('start the stack and wait until it is ready through Caddy', async () => {
    up = true
    await composeRun(['up', '-d', '--no-build'])
    await waitReady('the site')
  })
  const firstSet = await step('web writes its fallback pages', () => waitFallbackWritten())
  console.log(`    written at ${firstSet}`)

  const served = new Map<string, { headers: checks.Headers; html: string }>()
  await step(`note every page as web serves it (${ALL_ROUTES.length} routes and the 404 page)`, async () => {
    for (const route of ALL_ROUTES) {
      // With a query, so that web answers rather than Caddy from the page's file (the same page).
      const page = await checks.getPage(`${origin}${route.path}?from=web`)
      check(page.status === 200, `${route.path} answered ${page.status} with web up`)
      served.set(route.path, page)
    }
    const missing = await checks.getPage(origin + UNKNOWN_PATH)
    check(missing.status === 404, `${UNKNOWN_PATH} answered ${missing.status} with web up`)
    served.set(UNKNOWN_PATH, missing)
  })

  await step('stop the web container', async () => {
    await composeRun(['stop', '-t', String(STOP_TIMEOUT_S), 'web'])
    check(!(await webContainer())?.running, 'web still runs')
  })

  await step('every route through Caddy, web down: 200, the same HTML, the same headers', async () => {
    let same = 0
    const problems: string[] = []
    for (const [pathname, web] of served) {
      const expected = pathname === UNKNOWN_PATH ? 404 : 200
      const page = await checks.getPage(origin + pathname)
      const diffs = checks.headerDifferences(web.headers, page.headers)
      if (page.status !== expected) problems.push(`${pathname}: ${page.status}, expected ${expected}`)
      else if (page.html !== web.html)
        problems.push(`${pathname}: HTML differs from web's ("${checks.titleOf(page.html)}")`)
      else if (diffs.length) problems.push(`${pathname}: ${diffs.join('; ')}`)
      else same += 1
    }
    const home = served.get('/')!
    console.log(
      `    ${same}/${served.size} identical (status, HTML, headers); e.g. / "${checks.titleOf(home.html)}"`,
    )
    console.log(`    headers compared: ${Object.keys(home.headers).sort().join(', ')}`)
    figures.push(['pages served from files while web was down', `${same}/${served.size} identical to web's`])
    check(!problems.length, problems.join('\n'))
  })

  await step("the pages' scripts and styles through Caddy, web down (the asset archive)", async () => {
    const assets = new Set<string>()
    for (const { html } of served.values())
      for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(m[1]!)
    const missing: string[] = []
    for (const asset of assets) {
      const res = await fetch(origin + asset, { signal: AbortSignal.timeout(10_000) })
      await res.arrayBuffer()
      if (res.status !== 200) missing.push(`${asset}: ${res.status}`)
    }
    console.log(`    ${assets.size - missing.length}/${assets.size} files named by the pages answered 200`)
    figures.push([
      "the pages' /assets/ files while web was down",
      `${assets.size - missing.length}/${assets.size} answered 200`,
    ])
    check(assets.size > 0 && !missing.length, missing.join('\n') || 'the pages name no /assets/ file')
  })

  await step('a form posted without JavaScript gets the clear page', async () => {
    const answer = await checks.postPlainForm(origin)
    const problems = checks.unavailablePageProblems(answer, PHONE)
    console.log(`    ${answer.status}, Retry-After ${answer.retryAfter}, "${checks.titleOf(answer.html)}"`)
    figures.push(['plain form post while web was down', `${answer.status}, Retry-After ${answer.retryAfter}`])
    check(!problems.length, problems.join('; '))
  })

  await step('JSON to /api/enquiries gets 503 with Retry-After', async () => {
    const answer = await checks.postJsonEnquiry(origin)
    console.log(`    ${answer.status}, Retry-After ${answer.retryAfter}, ${answer.text}`)
    figures.push(['JSON enquiry while web was down', `${answer.status}, Retry-After ${answer.retryAfter}`])
    const problems = checks.apiUnavailableProblems(answer)
    check(!problems.length, problems.join('; '))
  })

  await step('start the web container again', async () => {
    await composeRun(['start', 'web'])
    await waitReady('web after its start')
  })

  await step('redeploy with a rebuilt image while a page is asked for every 100 ms', async () => {
    const before = await webContainer()
    await build('drill-2')
    const newImage = await imageId()
    check(before && newImage !== before.image, `the rebuilt image has the old id ${newImage}`)
    console.log(`    image ${before!.image.slice(0, 19)} → ${newImage.slice(0, 19)}`)

    let stop = false
    const results: { ok: boolean; fromFiles: boolean; ms: number; what: string }[] = []
    const loop = (async () => {
      for (let i = 0; !stop; i += 1) {
        const route = ALL_ROUTES[i % ALL_ROUTES.length]!
        const started = Date.now()
        try {
          const res = await fetch(origin + route.path, {
            headers: { 'Accept-Encoding': 'gzip' },
            signal: AbortSignal.timeout(10_000),
          })
          const html = await res.text()
          const good =
            res.status === 200 && checks.titleOf(html) === checks.titleOf(served.get(route.path)!.html)
          // Caddy's file server makes strong ETags; the web process weak ones (W/…).
          const fromFiles = !res.headers.get('etag')?.startsWith('W/')
          results.push({ ok: good, fromFiles, ms: Date.now() - started, what: `${route.path} ${res.status}` })
        } catch (err) {
          results.push({
            ok: false,
            fromFiles: false,
            ms: Date.now() - started,
            what: `${route.path} ${String(err)}`,
          })
        }
        await sleep(Math.max(0, LOOP_INTERVAL_MS - (Date.now() - started)))
      }
    })()
    const deployStarted = Date.now()
    // Docker Compose re-creates web and worker because their image changed. podman-compose 1.0
    // does not compare images, so it is told to re-create them; it also re-creates their
    // dependency, redis, ignores --no-deps, and stops with its default 10 s (its -t is refused).
    await composeRun(
      podmanCompose
        ? ['up', '-d', '--no-build', '--force-recreate', 'web', 'worker']
        : ['up', '-d', '--no-build', '--wait'],
      { quiet: false },
    )
    await waitReady('web after the redeploy')
    const after = await webContainer()
    check(
      after && after.id !== before!.id && after.image === newImage,
      `web was not re-created with the new image: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}, new image ${newImage}`,
    )
    const deploySeconds = (Date.now() - deployStarted) / 1000
    // A little longer, to see the new web process answer.
    await sleep(3000)
    stop = true
    await loop

    const failed = results.filter((r) => !r.ok)
    const fromFiles = results.filter((r) => r.ok && r.fromFiles).length
    const times = results.map((r) => r.ms).sort((a, b) => a - b)
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]
    console.log(
      `    ${results.length} page requests during ${deploySeconds.toFixed(1)} s of redeploy (+3 s): ${failed.length} failed, ${fromFiles} answered by Caddy from files, ${results.length - failed.length - fromFiles} by web; latency p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${times.at(-1)} ms`,
    )
    for (const f of failed.slice(0, 10)) console.log(`    failed: ${f.what} (${f.ms} ms)`)
    figures.push(
      ['redeploy (rebuilt image, web and worker re-created)', `${deploySeconds.toFixed(1)} s`],
      ['page requests during it, one every 100 ms', String(results.length)],
      ['failed page requests', String(failed.length)],
      ['answered by Caddy from files', String(fromFiles)],
      ['latency p50 / p99 / max', `${pct(50)} / ${pct(99)} / ${times.at(-1)} ms`],
    )
    check(failed.length === 0, `${failed.length} page requests failed during the redeploy`)
  })
  ok = true
} catch (err) {
  console.error(`\n✘ ${err instanceof Error ? err.message : String(err)}`)
  if (up) await composeRun(['logs', '--tail', '30'], { quiet: false }).catch(() => {})
} finally {
  if (up) console.log('\nRemoving the stack and its volumes')
  await stack.remove({ started: up })
}

console.log('\nFigures:')
for (const [name, value] of figures) console.log(`  ${name.padEnd(52)} ${value}`)
console.log(`  ${'total'.padEnd(52)} ${seconds(Date.now() - t0)}`)
console.log(ok ? '\nCompose drill passed.' : '\nCompose drill FAILED.')
process.exit(ok ? 0 : 1)
