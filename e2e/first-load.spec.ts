/**
 * Every route as a visitor first loads it, before any interaction, one page load each:
 * - no Content-Security-Policy violation and no uncaught error (the fixtures watch the page);
 * - the JavaScript budget on every page, not only the six Lighthouse measures
 *   (scripts/budgets.mjs): a content page loads at most 10 KB of compressed script and a page with
 *   its own lead form at most 25 KB (scripts/lib/budgets.mjs), none of it React. Each script's
 *   body as the browser received it on a cold load (a new browser context, nothing cached),
 *   compressed as the server sent it; response headers are not counted.
 * The header's policy itself is checked in csp.spec.ts.
 */
import type { Page, Request } from '@playwright/test'
import { test, expect } from './fixtures'
import { ALL_ROUTES } from '../shared/routes'
import { jsBudgetKbOf } from '../scripts/lib/budgets.mjs'
import { officePages } from './office-pages'

async function scriptKbOf(page: Page, path: string): Promise<{ kb: number; files: string[] }> {
  // A page the same tab showed before is left first, before counting: leaving it (its
  // beforeunload opens the exit-intent popup, whose island then loads) is not this page's load.
  if (page.url() !== 'about:blank') await page.goto('about:blank')
  const sizes: Promise<{ file: string; bytes: number }>[] = []
  const onFinished = (request: Request) => {
    if (request.resourceType() !== 'script') return
    sizes.push(
      request.sizes().then((s) => ({
        file: new URL(request.url()).pathname,
        bytes: s.responseBodySize,
      })),
    )
  }
  page.on('requestfinished', onFinished)
  try {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  } finally {
    page.off('requestfinished', onFinished)
  }
  const all = await Promise.all(sizes)
  return { kb: all.reduce((sum, s) => sum + s.bytes, 0) / 1024, files: all.map((s) => s.file) }
}

for (const path of [...ALL_ROUTES.map((r) => r.path), '/no-such-page']) {
  test(`${path} loads with zero CSP violations and at most ${jsBudgetKbOf(path)} KB of compressed script before any interaction`, async ({
    page,
    problems,
  }) => {
    const { kb, files } = await scriptKbOf(page, path)
    expect(problems.cspViolations).toEqual([])
    expect(problems.pageErrors).toEqual([])
    console.log(`${path}: ${kb.toFixed(1)} KB in ${files.length} files`)
    expect(files.length).toBeGreaterThan(0)
    expect(kb).toBeLessThanOrEqual(jsBudgetKbOf(path))
  })
}

// The office links' confirmation pages: the content page's budget, and no script of their own.
test("the office links' confirmation pages load with zero CSP violations and a content page's script budget", async ({
  page,
  problems,
}) => {
  for (const office of await officePages()) {
    if (office.post) continue
    const { kb, files } = await scriptKbOf(page, office.path)
    console.log(`${office.name}: ${kb.toFixed(1)} KB in ${files.length} files`)
    expect(kb, office.name).toBeLessThanOrEqual(jsBudgetKbOf(office.path))
  }
  expect(problems.cspViolations).toEqual([])
  expect(problems.pageErrors).toEqual([])
})
