// Speed and accessibility budgets on the production build (docs/decisions/005-performance-budgets.md).
//
//   node scripts/budgets.mjs            # starts the built server itself on a free port
//   BASE_URL=http://localhost:3000 node scripts/budgets.mjs
//
// Runs Lighthouse (mobile settings: simulated slow 4G and 4x CPU slowdown) in Debian's
// Chromium on a set of pages, prints the four category scores and the compressed JavaScript
// each page loads, and exits non-zero when a page is under budget.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { JS_BUDGET_KB, METRIC_BUDGET, SCORE_BUDGET, jsBudgetKbOf } from './lib/budgets.mjs'
import { startSiteServer } from './lib/site-server.mjs'

const ALL_PAGES = [
  '/',
  '/contact',
  '/hail-report',
  '/faqs',
  '/service-areas/denver-co',
  '/service-areas/parker-co',
]
export const PAGES = process.env.BUDGET_PAGES ? process.env.BUDGET_PAGES.split(',') : ALL_PAGES
/**
 * Lighthouse's own advice for a score that decides anything: run it several times (its
 * variability guide says five) and take the median. Each category is judged on the median of
 * its run scores, as Lighthouse CI's `median` aggregation does. Only performance varies from run
 * to run: accessibility, best practices and SEO read the same page the same way each time, so
 * the first run measures all four and the others performance alone (half the time a run).
 */
export const RUNS_PER_PAGE = Number(process.env.LIGHTHOUSE_RUNS ?? 5)

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2)
}

/**
 * The scripts a run loaded and the compressed bytes of their bodies as Chromium received them
 * (scripts/lib/budgets.mjs): from the run's DevTools log, each script's bytes at its end
 * (`Network.loadingFinished`) less its response headers' (`Network.responseReceived`).
 * Lighthouse's own "transfer size" counts the headers too, about 1 KB a script.
 */
function scriptSizes(devtoolsLog) {
  const scripts = new Map()
  for (const { method, params } of devtoolsLog) {
    if (method === 'Network.responseReceived' && params.type === 'Script')
      scripts.set(params.requestId, { url: params.response.url, headers: params.response.encodedDataLength })
    else if (method === 'Network.loadingFinished' && scripts.has(params.requestId))
      scripts.get(params.requestId).bytes = params.encodedDataLength - scripts.get(params.requestId).headers
  }
  const loaded = [...scripts.values()].filter((s) => s.bytes !== undefined)
  const total = loaded.reduce((sum, s) => sum + s.bytes, 0)
  const largest = [...loaded]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 3)
    .map((s) => `${new URL(s.url).pathname.split('/').pop()} ${(s.bytes / 1024).toFixed(1)} KB`)
  return { totalKb: total / 1024, count: loaded.length, largest }
}

const server = process.env.BASE_URL
  ? { baseUrl: process.env.BASE_URL, stop: () => {} }
  : await startSiteServer('budgets')
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
})
const failures = []
try {
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile settings, ${server.baseUrl}`,
  )
  console.log('page                          perf  a11y  best   seo   script (files)  largest scripts')
  for (const page of PAGES) {
    const started = Date.now()
    // A Lighthouse run can fail on its own (runtimeError, no score): that says nothing about
    // the page, so it is run again, up to three times per wanted run, and the failure is printed.
    const runs = []
    const logs = new Map()
    for (let attempt = 1; runs.length < RUNS_PER_PAGE && attempt <= RUNS_PER_PAGE * 3; attempt++) {
      const categories = runs.length ? ['performance'] : Object.keys(SCORE_BUDGET)
      const { lhr, artifacts } = await lighthouse(`${server.baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        // The full-page screenshot is for Lighthouse's HTML viewer, which this script does not write.
        disableFullPageScreenshot: true,
      })
      const incomplete = categories.some((k) => typeof lhr.categories[k]?.score !== 'number')
      if (!lhr.runtimeError && !incomplete) {
        runs.push(lhr)
        logs.set(lhr, artifacts.DevtoolsLog)
      } else
        console.log(
          `  (Lighthouse run ${attempt} on ${page} failed: ${lhr.runtimeError?.code ?? 'missing scores'})`,
        )
    }
    if (!runs.length) {
      failures.push(`${page}: Lighthouse could not measure it`)
      continue
    }
    // Scores: the median of the runs per category (Lighthouse CI's `median` aggregation).
    // Metrics, scripts and failing audits: the run nearest the median first paint and time to
    // interactive (Lighthouse's own computeMedianRun).
    const lhr = computeMedianRun(runs)
    const runScores = runs.map((r) => Math.round(r.categories.performance.score * 100))
    const scores = Object.fromEntries(
      Object.keys(SCORE_BUDGET).map((k) => [
        k,
        median(runs.filter((r) => r.categories[k]).map((r) => Math.round(r.categories[k].score * 100))),
      ]),
    )
    const js = scriptSizes(logs.get(lhr))
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]
      .map(
        (id) =>
          `${id
            .split('-')
            .map((w) => w[0])
            .join('')
            .toUpperCase()} ${lhr.audits[id]?.displayValue ?? '?'}`,
      )
      .join(', ')
    console.log(
      `${page.padEnd(29)} ${String(scores.performance).padStart(4)}  ${String(scores.accessibility).padStart(4)}  ${String(scores['best-practices']).padStart(4)}  ${String(scores.seo).padStart(4)}  ${js.totalKb.toFixed(1).padStart(7)} KB (${js.count})  ${js.largest.join(', ')}  [${((Date.now() - started) / 1000).toFixed(0)} s]`,
    )
    console.log(
      `${''.padEnd(29)} ${metrics} (median run); performance of the ${runs.length} runs: ${runScores.join(', ')}`,
    )
    for (const [k, min] of Object.entries(SCORE_BUDGET)) {
      if (scores[k] < min) {
        // Performance from the median run; the other categories from the run that measured them.
        const run = k === 'performance' ? lhr : runs.find((r) => r.categories[k])
        const failed = Object.values(run.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              run.categories[k].auditRefs.some((r) => r.id === a.id && r.weight > 0),
          )
          .map((a) => a.id)
        failures.push(`${page}: ${k} ${scores[k]} < ${min} (${failed.join(', ')})`)
      }
    }
    for (const [id, max] of Object.entries(METRIC_BUDGET)) {
      const value = lhr.audits[id]?.numericValue
      if (typeof value !== 'number' || value > max)
        failures.push(`${page}: ${id} ${lhr.audits[id]?.displayValue ?? 'not measured'} (at most ${max})`)
    }
    const jsBudget = jsBudgetKbOf(page)
    if (js.totalKb > jsBudget)
      failures.push(`${page}: ${js.totalKb.toFixed(1)} KB of compressed JS > ${jsBudget} KB`)
  }
} finally {
  await chrome.kill()
  server.stop()
}
if (failures.length) {
  console.error(`\nUnder budget:\n${failures.map((f) => `  - ${f}`).join('\n')}`)
  process.exit(1)
}
console.log(
  `\nAll ${PAGES.length} pages within budget (scores ≥ ${Object.values(SCORE_BUDGET).join('/')}, JS ≤ ${JS_BUDGET_KB} KB compressed, ${jsBudgetKbOf('/contact')} KB on the pages with a form, LCP ≤ ${METRIC_BUDGET['largest-contentful-paint']} ms, CLS ≤ ${METRIC_BUDGET['cumulative-layout-shift']}).`,
)
