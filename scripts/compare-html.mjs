// Renders every page of two revisions from their production builds and compares the HTML byte for
// byte, to prove that a refactoring changed no page (docs/refactoring.md).
//
//   node scripts/compare-html.mjs [base] [head]
//
// base defaults to `main`; head defaults to the working tree as it is (uncommitted changes
// included). A revision is checked out in a temporary git worktree, built with `npm run build`
// and served by its own `dist/node/server.mjs` on a free loopback port. The pages are the ones
// in each revision's route table (shared/routes.ts ALL_ROUTES) plus one unknown path for the
// 404 page. Before comparing, hashed asset names and today's date are replaced by placeholders.
// Exits 0 when every page is identical, 1 when any differs, 2 when a side could not be built
// or served.
//
// --allow-added REGEX: a change that deliberately adds markup (say a hidden input to every
// form) is proved by removing what REGEX matches from the head's pages first; a page then equal
// to the base's is reported identical with the count of what was added, and any other
// difference still shows.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from './lib/free-port.mjs'

const NOT_FOUND_PATH = '/compare-html-no-such-page'
const SERVER_START_TIMEOUT_MS = 60_000
const SITE_URL = 'http://localhost:3000'
/** Lines of context around a difference, and the longest a shown line may be. */
const DIFF_CONTEXT_LINES = 2
const DIFF_LINE_MAX_CHARS = 240

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
  console.log(
    'usage: node scripts/compare-html.mjs [--allow-added REGEX] [base-rev (default main)] [head-rev (default: working tree)]',
  )
  process.exit(0)
}
const allowIndex = args.indexOf('--allow-added')
const allowedAddition = allowIndex >= 0 ? new RegExp(args[allowIndex + 1] ?? '', 'g') : undefined
const [baseRev = 'main', headRev] = args.filter(
  (a, i) => !a.startsWith('-') && (allowIndex < 0 || i !== allowIndex + 1),
)
const repoRoot = git(process.cwd(), ['rev-parse', '--show-toplevel']).trim()
const tempDirs = []

try {
  const base = await prepare(baseRev)
  const head = headRev ? await prepare(headRev) : await prepare(null)
  const paths = unionOf(base.routes, head.routes)
  paths.push(NOT_FOUND_PATH)
  const basePages = await renderAll(base, paths)
  const headPages = await renderAll(head, paths)

  console.log(`\n${base.label}  vs  ${head.label}: ${paths.length} pages\n`)
  let different = 0
  for (const p of paths) {
    const a = basePages.get(p)
    const b = withoutAllowed(headPages.get(p))
    const status = `${a.status}${a.status === b.status ? '' : `→${b.status}`}`
    const added = b.added ? `  (${b.added} added, as allowed: ${allowedAddition})` : ''
    if (a.status === b.status && a.body === b.body) {
      console.log(`identical  ${status}  ${p}${added}`)
    } else if (a.status === b.status && withoutChunks(a.body) === withoutChunks(b.body)) {
      // Moving code between modules can make the bundler split the shared JavaScript into more
      // or fewer chunks; a chunk's name is nothing but a hash, so that is no change to the page.
      console.log(
        `identical  ${status}  ${p}  (JavaScript chunks: ${chunkCount(a.body)} → ${chunkCount(b.body)})${added}`,
      )
    } else {
      different++
      console.log(`DIFFERENT  ${status}  ${p}`)
      console.log(shortDiff(a.body, b.body))
    }
  }
  console.log(`\n${paths.length - different} identical, ${different} different`)
  process.exitCode = different ? 1 : 0
} catch (err) {
  console.error(`compare-html: ${err instanceof Error ? err.message : err}`)
  process.exitCode = 2
} finally {
  for (const dir of tempDirs) removeWorktree(dir)
}

/** Checks out (rev) or takes the working tree (null), installs if needed, builds, reads its routes. */
async function prepare(rev) {
  let dir = repoRoot
  let label = 'working tree'
  if (rev) {
    const sha = git(repoRoot, ['rev-parse', '--verify', `${rev}^{commit}`]).trim()
    label = `${rev} (${sha.slice(0, 7)})`
    dir = mkdtempSync(path.join(tmpdir(), 'compare-html-'))
    rmSync(dir, { recursive: true })
    git(repoRoot, ['worktree', 'add', '--detach', '--quiet', dir, sha])
    tempDirs.push(dir)
    installDependencies(dir)
  }
  console.log(`building ${label} in ${dir}`)
  run('npm', ['run', 'build'], dir)
  const routes = JSON.parse(
    run(
      'node',
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "const m = await import(process.cwd() + '/shared/routes.ts'); console.log(JSON.stringify(m.ALL_ROUTES.map((r) => r.path)))",
      ],
      dir,
    ).trim(),
  )
  console.log(`${label}: ${routes.length} routes in the route table`)
  return { dir, label, routes }
}

/** node_modules of this checkout when the lock file is the same (no install); npm ci otherwise. */
function installDependencies(dir) {
  const lock = (d) => readFileSync(path.join(d, 'package-lock.json'), 'utf8')
  if (existsSync(path.join(repoRoot, 'node_modules')) && lock(dir) === lock(repoRoot)) {
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  } else {
    console.log(`installing dependencies in ${dir} (package-lock.json differs)`)
    run('npm', ['ci', '--no-audit', '--no-fund'], dir)
  }
}

async function renderAll(side, paths) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'compare-html-data-'))
  tempDirs.push(dataDir)
  const env = { ...process.env }
  // The same configuration for both sides, whatever this shell exports; no Redis, so nothing
  // is written to a shared server.
  for (const key of Object.keys(env)) {
    if (/^(BUSINESS_|BOOKING_|REDIS_|QUEUE_|SITE_|TRUST_|LEAD_|SMTP_|WEBHOOK_)/.test(key)) delete env[key]
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL,
    DATABASE_PATH: path.join(dataDir, 'compare.db'),
    LOG_LEVEL: 'warn',
  })
  const server = spawn('node', ['dist/node/server.mjs'], {
    cwd: side.dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  server.stdout.on('data', (d) => (output += d))
  server.stderr.on('data', (d) => (output += d))
  const exited = new Promise((resolve) => server.on('exit', resolve))
  try {
    await waitForHealth(origin, server, () => output)
    const pages = new Map()
    for (const p of paths) {
      const res = await fetch(origin + p, { headers: { 'accept-encoding': 'identity' } })
      pages.set(p, { status: res.status, body: normalise(await res.text()) })
    }
    return pages
  } finally {
    server.kill('SIGTERM')
    await exited
  }
}

async function waitForHealth(origin, server, output) {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output()}`)
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(
    `the server did not answer /healthz within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output()}`,
  )
}

/**
 * Placeholders for what changes without the pages changing: Vite's content hashes in asset
 * names (`/assets/entries/client_pages_about.BGLb9S61.js`, `chunk-ChMu7cmi.js`,
 * `client_styles_index-9fefc0cc.CspoLPAu.css`), the boot script's version, and the date the
 * page was rendered (legal pages' "Last updated", the footer's year).
 */
function normalise(html) {
  let out = html
    .replace(/(\/assets\/[^"'\s]*?)\.[A-Za-z0-9_-]{8}\.(js|css)\b/g, '$1.[hash].$2')
    .replace(/(\/assets\/chunks\/chunk)-[A-Za-z0-9_-]{8}\./g, '$1-[hash].')
    .replace(/(\/assets\/static\/[^"'\s]*?)-[0-9a-f]{8}\.\[hash\]/g, '$1-[hash].[hash]')
    .replace(/\/boot\.js\?v=[0-9a-f]+/g, '/boot.js?v=[hash]')
    .replace(/(©\s*(?:<!-- -->)?)\d{4}/g, '$1[year]')
  const day = 24 * 60 * 60 * 1000
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
  for (const when of [new Date(), new Date(Date.now() - day)]) {
    // The date style of today's pages ("27 Nov 2026", shared/business-time.ts) and of earlier
    // revisions ("November 27, 2026"), so a revision from before the change compares too.
    for (const written of [
      `${when.getDate()} ${months[when.getMonth()]} ${when.getFullYear()}`,
      when.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    ])
      out = out.replaceAll(written, '[today]')
  }
  return out
}

/** How many hash-named JavaScript chunks the page lists. */
function chunkCount(html) {
  return html.match(/\/assets\/chunks\/chunk-\[hash\]\.js/g)?.length ?? 0
}

/**
 * The page with its list of hash-named JavaScript chunks folded into one placeholder, and the
 * blank lines left where Vike's preload links were taken out (one per chunk) dropped.
 */
function withoutChunks(html) {
  return html
    .replace(/\/assets\/chunks\/chunk-\[hash\]\.js(?: \/assets\/chunks\/chunk-\[hash\]\.js)*/g, '[chunks]')
    .replace(/\n[ \t]*(?=\n)/g, '')
}

/** The head's page with every allowed addition taken out, and how many there were. */
function withoutAllowed(page) {
  if (!allowedAddition) return page
  let added = 0
  const body = page.body.replace(allowedAddition, () => {
    added++
    return ''
  })
  return { ...page, body, added }
}

/** The differing lines (tags on lines of their own), with a little context around them. */
function shortDiff(a, b) {
  const split = (s) => s.replace(/></g, '>\n<').split('\n')
  const la = split(a)
  const lb = split(b)
  let start = 0
  while (start < la.length && start < lb.length && la[start] === lb[start]) start++
  let endA = la.length - 1
  let endB = lb.length - 1
  while (endA >= start && endB >= start && la[endA] === lb[endB]) {
    endA--
    endB--
  }
  // A long line is shown from a little before the first character where the two sides differ.
  let at = 0
  const first = la[start] ?? ''
  const second = lb[start] ?? ''
  while (at < first.length && first[at] === second[at]) at++
  const from0 = Math.max(0, at - DIFF_LINE_MAX_CHARS / 4)
  const clip = (s) => {
    if (s.length <= DIFF_LINE_MAX_CHARS) return s
    const begin = s.length > from0 ? from0 : 0
    return `${begin ? '…' : ''}${s.slice(begin, begin + DIFF_LINE_MAX_CHARS)}…`
  }
  const from = Math.max(0, start - DIFF_CONTEXT_LINES)
  const lines = []
  for (let i = from; i < start; i++) lines.push(`      ${clip(la[i])}`)
  for (let i = start; i <= endA; i++) lines.push(`    - ${clip(la[i])}`)
  for (let i = start; i <= endB; i++) lines.push(`    + ${clip(lb[i])}`)
  for (let i = endA + 1; i <= Math.min(la.length - 1, endA + DIFF_CONTEXT_LINES); i++)
    lines.push(`      ${clip(la[i])}`)
  const shown = 40
  return lines.length > shown
    ? [...lines.slice(0, shown), `    … ${lines.length - shown} more lines`].join('\n')
    : lines.join('\n')
}

function unionOf(a, b) {
  return [...a, ...b.filter((p) => !a.includes(p))]
}

function git(cwd, gitArgs) {
  return run('git', gitArgs, cwd)
}

function run(cmd, cmdArgs, cwd) {
  const result = spawnSync(cmd, cmdArgs, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n')
    throw new Error(`\`${cmd} ${cmdArgs.join(' ')}\` failed in ${cwd} (exit ${result.status}):\n${output}`)
  }
  return result.stdout
}

function removeWorktree(dir) {
  if (!existsSync(dir)) return
  // Unlink the borrowed node_modules first, so removing the checkout cannot reach into it.
  const modules = path.join(dir, 'node_modules')
  if (lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(modules)
  const registered = spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: repoRoot })
  if (registered.status !== 0) rmSync(dir, { recursive: true, force: true })
}
