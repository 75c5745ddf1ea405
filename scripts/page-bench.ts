/**
 * `npm run bench:pages`: what a cached page costs the web process, and Caddy answering it from
 * the file the web process wrote, against nginx serving the same bytes from a file on the same
 * host (docs/performance.md, "Cached pages").
 *
 * Needs the production build (`npm run build` first: this script builds nothing), wrk
 * (`apt-get install wrk`), nginx and Caddy. Starts the built web process (dist/node/server.mjs,
 * production, its log to a file as in a deployment, writing its pages' files to a temporary
 * FALLBACK_DIR), Caddy with the repository's Caddyfile in front of it, and nginx with a
 * temporary configuration, each on a free loopback port, and measures in one run, each with
 * `wrk -t2 -c32 -d10s` and Accept-Encoding: gzip, in rounds:
 *
 * 1. the web process: GET /faqs, cached (the fast path);
 * 1c. Caddy: GET /faqs, answered from the page's file (the same gzipped bytes);
 * 1n. nginx serving /faqs's gzipped bytes from a file, with the same Content-Encoding: the limit;
 * 1w. Caddy passing /faqs on to the web process, as every page went before (a cookie the web
 *    process reads sends it there);
 * 2. the web process through a wrk script that makes as much random text per request as 3 and 4
 *    do (wrk runs on the same two cores: its Lua work must be the same in the cases compared);
 * 3. the same page with a random campaign on every request (utm_* and a gclid; a wrk script);
 * 4. random unknown paths (the one 404 page);
 * 4b. random paths naming a file, as scanners ask all day (`/x1y2/wp3.php`, `.env`, `.json`…):
 *    the same 404 page.
 *
 * Prints requests/s and p50/p99 latency for each, then each round's ratios, their median and
 * its goal: Caddy from the file (1c) at least 0.5 of nginx (1n), the web process (1) at least
 * 0.1 of nginx; random queries (3), unknown paths (4) and scanners' paths (4b) at least 0.9 of
 * the plain page through the script (2). Exits 1 when a goal is missed. BENCH_DURATION (default
 * 10s), BENCH_CONNECTIONS (default 32), BENCH_ROUNDS (default 3), BENCH_LOG_LEVEL, NGINX_BIN and
 * CADDY_BIN change the run.
 */
import { spawn, spawnSync } from 'node:child_process'
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  mkdtempSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { request, type IncomingMessage } from 'node:http'
import { buffer } from 'node:stream/consumers'
import { cpus, hostname, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { hourKeyOf } from '../server/http/fallback-pages'
import { sleep, startWebLoggingToFile, until } from './lib/harness'
import { freePort } from './lib/free-port.mjs'
import { CADDY_BIN, startCaddy } from './lib/caddy-process'

const DURATION = process.env.BENCH_DURATION ?? '10s'
/**
 * The three same-page cases run this many times, one after the other in turn: on a shared
 * two-core machine one 10-second run of a case can differ from the next by a tenth or more, so
 * each ratio is taken within a round and the median of the rounds is the figure.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '3')
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? '32'
const PAGE = '/faqs'
const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
const SAME_PAGE_GOAL = 0.9
const NGINX_GOAL = 0.1
const CADDY_GOAL = 0.5

interface WrkResult {
  name: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  /** Answers that were not the expected status (wrk counts non-2xx/3xx; socket errors too). */
  unexpected: number
  errors: string
}

function which(bin: string): string | undefined {
  if (bin.includes('/')) return existsSync(bin) ? bin : undefined
  const found = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' })
  return found.status === 0 ? found.stdout.trim() : undefined
}

/** A GET on loopback, the body as it came (no decompression). */
async function fetchRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    request(url, { headers }, resolve).on('error', reject).end(),
  )
  return { status: res.statusCode!, headers: res.headers, body: await buffer(res) }
}

/** wrk's latency figure ('812.00us', '1.23ms', '2.01s') in milliseconds. */
function toMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim())
  if (!m) return NaN
  const value = Number(m[1])
  return m[2] === 'us' ? value / 1000 : m[2] === 'ms' ? value : m[2] === 's' ? value * 1000 : value * 60_000
}

function runWrk(
  name: string,
  url: string,
  script: string | undefined,
  expect404 = false,
  headers: string[] = [],
): WrkResult {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${DURATION}`, '--latency', '-H', 'Accept-Encoding: gzip']
  for (const header of headers) args.push('-H', header)
  if (script) args.push('-s', script)
  args.push(url)
  const out = spawnSync('wrk', args, { encoding: 'utf8' })
  if (out.status !== 0) throw new Error(`wrk failed for ${name}: ${out.stderr || out.stdout}`)
  const text = out.stdout
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1])
  const p50 = toMs(/^\s+50%\s+(\S+)/m.exec(text)?.[1] ?? '')
  const p99 = toMs(/^\s+99%\s+(\S+)/m.exec(text)?.[1] ?? '')
  const requests = Number(/(\d+) requests in/.exec(text)?.[1])
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0)
  const socketErrors = /Socket errors:.*/.exec(text)?.[0] ?? ''
  // Every answer to an unknown path must be the 404 page: counted by wrk as non-2xx.
  const unexpected = expect404 ? requests - non2xx : non2xx
  return { name, requestsPerSecond: rps, p50Ms: p50, p99Ms: p99, requests, unexpected, errors: socketErrors }
}

/** The wrk script that asks for `pathExpr` (Lua) on every request, with random parts. */
function wrkScript(dir: string, name: string, pathExpr: string): string {
  const file = path.join(dir, `${name}.lua`)
  writeFileSync(
    file,
    `-- A new random ${name} on every request.
local chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
local function rnd(n)
  local t = {}
  for i = 1, n do
    local k = math.random(1, #chars)
    t[i] = chars:sub(k, k)
  end
  return table.concat(t)
end
setup = function(thread)
  thread:set("seed", math.random(1, 1000000))
end
init = function()
  math.randomseed(os.time() + (seed or 0))
end
request = function()
  return wrk.format("GET", ${pathExpr})
end
`,
  )
  return file
}

/** The built web process (its log to a file), once it has written and linked its pages' files for this hour. */
async function startWeb(dir: string, port: number) {
  const web = await startWebLoggingToFile(dir, port, { logLevel: process.env.BENCH_LOG_LEVEL ?? 'info' })
  // Caddy serves the pages from these files from then on.
  const written = await until(
    () => existsSync(path.join(web.fallbackDir, 'hours', hourKeyOf(new Date()))),
    60_000,
  )
  if (!written) throw new Error(`the web process wrote no page files (see ${web.logFile})`)
  return web
}

/** nginx serving `gzipped` as PAGE with Content-Encoding: gzip, on a free port; its stop function. */
async function startNginx(
  dir: string,
  gzipped: Buffer,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const root = path.join(dir, 'nginx')
  mkdirSync(path.join(root, 'www'), { recursive: true })
  mkdirSync(path.join(root, 'tmp'), { recursive: true })
  writeFileSync(path.join(root, 'www', 'faqs.html.gz'), gzipped)
  // nginx started by root serves as an unprivileged user, which must reach the file.
  for (const d of [dir, root, path.join(root, 'www')]) chmodSync(d, 0o755)
  chmodSync(path.join(root, 'www', 'faqs.html.gz'), 0o644)
  const conf = path.join(root, 'nginx.conf')
  writeFileSync(
    conf,
    `daemon off;
worker_processes auto;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${root}/tmp/body;
  proxy_temp_path ${root}/tmp/proxy;
  fastcgi_temp_path ${root}/tmp/fastcgi;
  uwsgi_temp_path ${root}/tmp/uwsgi;
  scgi_temp_path ${root}/tmp/scgi;
  server {
    listen 127.0.0.1:${port};
    location = ${PAGE} {
      default_type "text/html; charset=utf-8";
      add_header Content-Encoding gzip;
      add_header Vary Accept-Encoding;
      add_header Cache-Control no-cache;
      alias ${root}/www/faqs.html.gz;
    }
  }
}
`,
  )
  const child = spawn(NGINX_BIN, ['-p', root, '-c', conf, '-e', path.join(root, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (c: Buffer) => (stderr += String(c)))
  const origin = `http://127.0.0.1:${port}`
  const ok = await until(async () => {
    if (child.exitCode !== null) return false
    try {
      return (await fetchRaw(`${origin}${PAGE}`, {})).status === 200
    } catch {
      return false
    }
  }, 10_000)
  if (!ok) {
    const log = existsSync(path.join(root, 'error.log'))
      ? readFileSync(path.join(root, 'error.log'), 'utf8')
      : ''
    throw new Error(`nginx did not start (exit ${child.exitCode}): ${stderr}${log}`)
  }
  return {
    origin,
    stop: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGQUIT')
      await Promise.race([exited, sleep(5000)])
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

function requireTools(): void {
  if (!['dist/server/entry.mjs', 'dist/client', 'dist/node/server.mjs'].every((p) => existsSync(p))) {
    console.error('No production build: run `npm run build` first (this benchmark builds nothing).')
    process.exit(1)
  }
  if (!which('wrk')) {
    console.error(
      'wrk is not installed. Install it (Debian/Ubuntu: `apt-get install wrk`; macOS: `brew install wrk`) and run again.',
    )
    process.exit(1)
  }
  if (!which(NGINX_BIN)) {
    console.error(`nginx is not installed at ${NGINX_BIN} (set NGINX_BIN, or \`apt-get install nginx\`).`)
    process.exit(1)
  }
  if (!which(CADDY_BIN)) {
    console.error(`Caddy is not installed at ${CADDY_BIN} (set CADDY_BIN, or \`apt-get install caddy\`).`)
    process.exit(1)
  }
}

/**
 * Sends the first answers through the whole stack (they are recorded), and checks what is
 * measured is what it should be: the page gzipped, the same bytes with a campaign, the 404 page.
 * Returns the page's gzipped bytes.
 */
async function primeAndCheck(origin: string): Promise<Buffer> {
  const gz = { 'Accept-Encoding': 'gzip' }
  for (let i = 0; i < 3; i++) {
    await fetchRaw(`${origin}${PAGE}`, gz)
    await fetchRaw(`${origin}/no-such-page-${i}`, gz)
  }
  const page = await fetchRaw(`${origin}${PAGE}`, gz)
  if (page.status !== 200 || page.headers['content-encoding'] !== 'gzip')
    throw new Error(`${PAGE} did not answer 200 gzipped (${page.status})`)
  const withCampaign = await fetchRaw(`${origin}${PAGE}?utm_source=bench&gclid=abc123`, gz)
  if (!withCampaign.body.equals(page.body)) throw new Error('a campaign query changed the page’s bytes')
  const unknown = await fetchRaw(`${origin}/bench/unknown-path`, gz)
  if (unknown.status !== 404 || !gunzipSync(unknown.body).toString().includes('</html>'))
    throw new Error(`an unknown path did not answer the 404 page (${unknown.status})`)
  for (const scanned of ['/wp-login.php', '/.env', '/xmlrpc.php', '/config.json']) {
    const answer = await fetchRaw(`${origin}${scanned}`, gz)
    if (answer.status !== 404 || !answer.body.equals(unknown.body))
      throw new Error(`${scanned} did not answer the 404 page (${answer.status})`)
  }
  return page.body
}

/** A round of the cases, run one after the other: the same page from the three servers, then the same-page cases. */
interface Round {
  /** The web process, Caddy from the file, nginx: side by side; and Caddy passing the page on to the web process. */
  web: WrkResult
  caddy: WrkResult
  nginx: WrkResult
  caddyToWeb: WrkResult
  scripted: WrkResult
  query: WrkResult
  notFound: WrkResult
  scanners: WrkResult
}

/** The lines of a file too large to read into one string (the web process's log after a run). */
function countLines(file: string): number {
  const fd = openSync(file, 'r')
  const buffer = Buffer.alloc(1 << 20)
  let lines = 0
  try {
    for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0;)
      for (let i = buffer.indexOf(10); i !== -1 && i < read; i = buffer.indexOf(10, i + 1)) lines++
  } finally {
    closeSync(fd)
  }
  return lines
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function printRow(r: WrkResult): void {
  console.log(
    `${r.name.padEnd(34)} ${fmt(r.requestsPerSecond).padStart(11)} ${`${fmt(r.p50Ms, 2)} ms`.padStart(9)} ${`${fmt(r.p99Ms, 2)} ms`.padStart(9)}  ${r.unexpected}${r.errors ? ` (${r.errors})` : ''}`,
  )
}

/**
 * Prints the table and the ratios; returns whether every goal was met and nothing unexpected
 * came. The ratios are each round's, and the goal is judged on their median.
 */
function report(rounds: Round[]): boolean {
  console.log('')
  console.log(
    `${'what'.padEnd(34)} ${'requests/s'.padStart(11)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}  unexpected`,
  )
  const all = (round: Round) => [
    round.web,
    round.caddy,
    round.nginx,
    round.caddyToWeb,
    round.scripted,
    round.query,
    round.notFound,
    round.scanners,
  ]
  rounds.forEach((round, i) => {
    console.log(`round ${i + 1} of ${rounds.length}`)
    for (const r of all(round)) printRow(r)
  })
  /** One goal: how many requests a second `of` serves per one of `to`'s, in each round. */
  const goal = (name: string, of: keyof Round, to: keyof Round, aim: number | undefined) => ({
    name,
    ratios: rounds.map((round) => round[of].requestsPerSecond / round[to].requestsPerSecond),
    goal: aim,
  })
  const goals = [
    goal('Caddy from the file / nginx', 'caddy', 'nginx', CADDY_GOAL),
    goal('web process / nginx', 'web', 'nginx', NGINX_GOAL),
    goal('Caddy from the file / via web', 'caddy', 'caddyToWeb', undefined),
    goal('random queries / plain page', 'query', 'scripted', SAME_PAGE_GOAL),
    goal('unknown paths / plain page', 'notFound', 'scripted', SAME_PAGE_GOAL),
    goal('scanners’ paths / plain page', 'scanners', 'scripted', SAME_PAGE_GOAL),
  ]
  console.log('')
  let ok = rounds.flatMap(all).every((r) => r.unexpected === 0)
  for (const g of goals) {
    const ratio = median(g.ratios)
    const pass = g.goal === undefined || ratio >= g.goal
    ok &&= pass
    const verdict =
      g.goal === undefined ? '(no goal)        ' : `(goal ≥ ${g.goal})  ${pass ? 'PASS' : 'FAIL'}`
    console.log(
      `${g.name.padEnd(30)} ${ratio.toFixed(2).padStart(6)}  ${verdict}  rounds: ${g.ratios.map((x) => x.toFixed(2)).join(', ')}`,
    )
  }
  return ok
}

/**
 * Caddy's answer for the page must be the page's file: the very bytes the web process and
 * nginx send, with the file server's own validator (the web process's is weak, `W/…`); a query
 * must still go to the web process.
 */
async function checkCaddy(caddyOrigin: string, gzipped: Buffer): Promise<void> {
  const gz = { 'Accept-Encoding': 'gzip' }
  const fromFile = await fetchRaw(`${caddyOrigin}${PAGE}`, gz)
  const etag = String(fromFile.headers.etag ?? '')
  if (fromFile.status !== 200 || !fromFile.body.equals(gzipped) || etag.startsWith('W/'))
    throw new Error(`Caddy did not answer ${PAGE} from its file (${fromFile.status}, ETag ${etag})`)
  const fromWeb = await fetchRaw(`${caddyOrigin}${PAGE}?utm_source=bench`, gz)
  if (!String(fromWeb.headers.etag ?? '').startsWith('W/') || !fromWeb.body.equals(gzipped))
    throw new Error('Caddy did not send a campaign landing to the web process')
}

async function main(): Promise<void> {
  requireTools()
  const dir = mkdtempSync(path.join(tmpdir(), 'roofing-page-bench-'))
  const web = await startWeb(dir, await freePort())
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined
  let caddy: Awaited<ReturnType<typeof startCaddy>> | undefined
  try {
    const gzipped = await primeAndCheck(web.origin)
    nginx = await startNginx(dir, gzipped)
    const fromNginx = await fetchRaw(`${nginx.origin}${PAGE}`, { 'Accept-Encoding': 'gzip' })
    if (!fromNginx.body.equals(gzipped) || fromNginx.headers['content-encoding'] !== 'gzip')
      throw new Error('nginx does not serve the same bytes')
    caddy = await startCaddy(dir, web.origin, web.fallbackDir)
    await checkCaddy(caddy.origin, gzipped)

    console.log(
      `Page bench on ${hostname()} (${cpus().length} cores), ${new Date().toISOString()}: wrk -t2 -c${CONNECTIONS} -d${DURATION}, Accept-Encoding: gzip, ${PAGE} is ${fmt(gzipped.length)} bytes gzipped`,
    )
    console.log(`load average before: ${loadavg()[0]!.toFixed(2)}`)
    const queryScript = wrkScript(
      dir,
      'campaign',
      `"${PAGE}?utm_source=" .. rnd(6) .. "&utm_medium=cpc&utm_campaign=" .. rnd(12) .. "&gclid=" .. rnd(48)`,
    )
    const unknownScript = wrkScript(dir, 'unknown path', `"/" .. rnd(10) .. "/" .. rnd(14)`)
    const scannerScript = wrkScript(
      dir,
      'scanner path',
      `(function() local e = { ".php", ".env", ".json", ".xml", ".asp" } return "/" .. rnd(10) .. "/" .. rnd(10) .. e[math.random(1, #e)] end)()`,
    )
    // The plain page through a script that makes the same random text and throws it away: wrk
    // shares the two cores with the server, and its Lua work per request is then the same in the
    // three cases compared.
    const plainScript = wrkScript(
      dir,
      'plain page',
      `(function() local _ = rnd(6) .. rnd(12) .. rnd(48) return "${PAGE}" end)()`,
    )
    // A short run first, unreported: the servers' code is compiled by then (JIT) for every case.
    const warmUps: [string, string | undefined][] = [
      [`${web.origin}${PAGE}`, undefined],
      [`${caddy.origin}${PAGE}`, undefined],
      [`${nginx.origin}${PAGE}`, undefined],
      ...[plainScript, queryScript, unknownScript, scannerScript].map((script): [string, string] => [
        web.origin,
        script,
      ]),
    ]
    for (const [url, script] of warmUps)
      spawnSync('wrk', [
        '-t2',
        `-c${CONNECTIONS}`,
        '-d2s',
        '-H',
        'Accept-Encoding: gzip',
        ...(script ? ['-s', script] : []),
        url,
      ])
    const rounds: Round[] = []
    for (let i = 0; i < ROUNDS; i++)
      rounds.push({
        web: runWrk('web process, cached (GET /faqs)', `${web.origin}${PAGE}`, undefined),
        caddy: runWrk('Caddy, the page from its file', `${caddy.origin}${PAGE}`, undefined),
        nginx: runWrk('nginx, same bytes from a file', `${nginx.origin}${PAGE}`, undefined),
        // As every page went before: Caddy passing it on to the web process (a cookie web reads).
        caddyToWeb: runWrk('Caddy → web process (a cookie)', `${caddy.origin}${PAGE}`, undefined, false, [
          'Cookie: first_touch=bench',
        ]),
        scripted: runWrk('web, the same through wrk script', web.origin, plainScript),
        query: runWrk('same page, random utm_*/gclid', web.origin, queryScript),
        notFound: runWrk('random unknown paths (404)', web.origin, unknownScript, true),
        scanners: runWrk('random .php/.env/… paths (404)', web.origin, scannerScript, true),
      })
    const ok = report(rounds)
    console.log(`load average after: ${loadavg()[0]!.toFixed(2)}`)
    const logLines = countLines(web.logFile)
    console.log(`web process log: ${fmt(logLines)} lines`)
    if (!ok) process.exitCode = 1
  } finally {
    await caddy?.stop()
    await nginx?.stop()
    await web.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
