/**
 * Shared Playwright fixtures: every page is watched for Content-Security-Policy
 * violations, uncaught errors and island hydration mismatches (a mismatch fails the test on
 * its own); third-party hosts (booking widget, video) are stubbed so tests run offline.
 */
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page } from '@playwright/test'

export interface PageProblems {
  cspViolations: string[]
  pageErrors: string[]
  /** React's onRecoverableError in an island (client/islands/mount.tsx): server and browser renders differ. */
  hydrationMismatches: string[]
}

async function watchForProblems(page: Page, problems: PageProblems): Promise<void> {
  await page.exposeFunction('__reportCsp', (text: string) => problems.cspViolations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ;(window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      )
    })
  })
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    if (/Content Security Policy|Refused to/i.test(msg.text())) problems.cspViolations.push(msg.text())
    if (msg.text().startsWith(HYDRATION_MISMATCH_LOG)) problems.hydrationMismatches.push(msg.text())
  })
  page.on('pageerror', (err) => problems.pageErrors.push(err.message))
}

async function stubThirdParties(page: Page): Promise<void> {
  await page.route(/^https:\/\/(www\.youtube-nocookie\.com|booking\.test)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>stub</title><p>stub</p>',
    }),
  )
}

/** How client/islands/mount.tsx reports a hydration mismatch. */
export const HYDRATION_MISMATCH_LOG = 'Hydration mismatch in island'

export const test = base.extend<{ problems: PageProblems }>({
  // What the test's page ran into, checked after the test. A test that only sends requests
  // (the `request` fixture) gets no browser page: opening one costs about a second.
  // Playwright reads a fixture's dependencies from its first parameter's pattern: `{}` is none.
  // eslint-disable-next-line no-empty-pattern
  problems: async ({}, use) => {
    const problems: PageProblems = { cspViolations: [], pageErrors: [], hydrationMismatches: [] }
    await use(problems)
    // An island whose server HTML React had to discard: what was typed in it was lost.
    expect(problems.hydrationMismatches, 'island hydration mismatches').toEqual([])
  },
  page: async ({ page, problems }, use) => {
    await stubThirdParties(page)
    await watchForProblems(page, problems)
    await use(page)
  },
})

/**
 * Waits until the page is interactive: the script layer (client/script-layer/start.ts) sets
 * `html[data-hydrated]` once its handlers are attached. The form islands load later, on intent.
 */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout })
}

/** Opens a page and waits until its script layer runs, so clicks reach their handlers. */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await waitForHydration(page)
}

/** Presses Tab until `target` has focus (at most `max` times), as a keyboard user gets there. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error('Tab never reached the target')
}

/** Tabs to `opener`, presses Enter and returns the dialog named `name` once it shows. */
export async function openDialogWithKeyboard(page: Page, opener: Locator, name: string): Promise<Locator> {
  await tabTo(page, opener)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  return dialog
}

/** The script layer, every page's only script before any interaction (client/pages/+client.ts). */
export const SCRIPT_LAYER_ENTRY = /\/assets\/entries\/client_pages_client\.[^/]+\.js$/

/** Opens `url` with the script layer failing to load, as on a connection that dropped it: the page as without JavaScript. */
export async function gotoWithoutScriptLayer(page: Page, url: string): Promise<void> {
  await page.route(SCRIPT_LAYER_ENTRY, (route) => route.abort('failed'))
  await page.goto(url)
}
/** Code loaded later than the page (the islands, React, the toasts): every chunk. */
export const LATER_CODE = /\/assets\/chunks\/[^/]+\.js$/

/** Waits until `island` (an island's container) has hydrated or rendered, its handlers attached. */
export async function waitForIsland(island: Locator, timeout?: number): Promise<void> {
  await expect(island).toHaveAttribute('data-island-state', 'ready', { timeout })
}

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules of axe-core. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * axe-core's WCAG A/AA violations on the page as it is now (within `include` when given), short
 * and readable: rule, impact and the offending elements. axe runs in the page itself
 * (`axe.run`, @axe-core/playwright's legacy mode): the same rules and results, without the blank
 * page the default mode opens per check, which cost a fifth to a third of each check here. A
 * cross-origin frame (the booking widget's) is then not checked; it is not the site's page.
 */
export async function axeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true)
  if (include) builder.include(include)
  const result = await builder.analyze()
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }))
}

export { expect }
