/**
 * Shared Playwright fixtures: every page is watched for Content-Security-Policy
 * violations and uncaught errors; third-party hosts (booking widget, video) are stubbed
 * so tests run offline.
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test'

export interface PageProblems {
  cspViolations: string[]
  pageErrors: string[]
}

async function watchForProblems(page: Page): Promise<PageProblems> {
  const problems: PageProblems = { cspViolations: [], pageErrors: [] }
  await page.exposeFunction('__reportCsp', (text: string) => problems.cspViolations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ;(window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      )
    })
  })
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) {
      problems.cspViolations.push(msg.text())
    }
  })
  page.on('pageerror', (err) => problems.pageErrors.push(err.message))
  return problems
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

export const test = base.extend<{ problems: PageProblems }>({
  problems: async ({ page }, use) => {
    await stubThirdParties(page)
    const problems = await watchForProblems(page)
    await use(problems)
  },
})

/**
 * Waits until the whole page is interactive: the layout sets `html[data-hydrated]` once the
 * deferred body has hydrated, after the header and the exit-intent hook.
 */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout })
}

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
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

/** The app's client entry (Vike's), which every page's boot script loads. */
export const APP_ENTRY_SCRIPT = /\/assets\/entries\/entry-client-routing\.[^/]+\.js$/

export { expect }
