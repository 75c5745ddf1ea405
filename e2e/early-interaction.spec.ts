/**
 * A homeowner on a slow phone taps before the page's JavaScript has run (the scripts start
 * after the first paint; docs/decisions/005-performance-budgets.md). client/public/boot.js
 * holds such taps and form submissions and replays them once the page is interactive; CSS
 * opens a desktop menu under the pointer meanwhile. Each test delays Vike's client entry so
 * that the early interaction really happens before hydration.
 */
import type { Page } from '@playwright/test'
import { test, expect, APP_ENTRY_SCRIPT, waitForHydration } from './fixtures'
import { fillLead, homeowner, rowsFor } from './leads'

const ENTRY_DELAY_MS = 1500

async function delayTheApp(page: Page) {
  await page.route(APP_ENTRY_SCRIPT, async (route) => {
    await new Promise((r) => setTimeout(r, ENTRY_DELAY_MS))
    await route.continue()
  })
}

async function expectNotYetInteractive(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
}

test('the page paints first and loads its scripts through the boot script', async ({ request }) => {
  const html = await (await request.get('/')).text()
  expect(html).toMatch(/<script src="\/boot\.js\?v=[0-9a-f]{10}" type="module" async/)
  expect(html).toMatch(/data-entry="\/assets\/entries\/entry-client-routing\.[^"]+\.js"/)
  // The page's modules are fetched by the boot script after the first paint.
  expect(html).not.toContain('rel="modulepreload"')
})

test('a tap on Free Inspection before the page is interactive opens the dialog once it is', async ({
  page,
  problems,
}) => {
  await delayTheApp(page)
  await page.goto('/')
  await expectNotYetInteractive(page)
  await page.locator('header.site-header').getByRole('button', { name: 'Free Inspection' }).click()
  await expect(page.getByRole('dialog', { name: 'Free Roof Inspection' })).toBeVisible({ timeout: 10_000 })
  expect(problems.pageErrors).toEqual([])
})

test('a form sent before the page is interactive is checked and sent by the form itself', async ({
  page,
  problems,
}) => {
  const who = homeowner()
  await delayTheApp(page)
  await page.goto('/contact')
  await expectNotYetInteractive(page)
  const form = page.locator('form[data-form-type="contact"]')
  await fillLead(form, who)
  await form.getByRole('button', { name: 'Request My Free Inspection' }).click()
  // No raw browser POST: the page stays until the form's own handler has sent the lead.
  await expect(page).toHaveURL(/\/schedule-inspection$/, { timeout: 10_000 })
  const rows = rowsFor(who.email)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({ form_type: 'contact', first_name: who.firstName })
  expect(problems.pageErrors).toEqual([])
})

test('an empty form sent before the page is interactive shows the field messages', async ({ page }) => {
  await delayTheApp(page)
  await page.goto('/contact')
  await expectNotYetInteractive(page)
  const form = page.locator('form[data-form-type="contact"]')
  await form.getByRole('button', { name: 'Request My Free Inspection' }).click()
  await expect(form.getByText('First name is required')).toBeVisible({ timeout: 10_000 })
  await expect(page).toHaveURL(/\/contact$/)
})

test('a desktop menu under the pointer opens before the page is interactive and stays open after', async ({
  page,
}) => {
  await delayTheApp(page)
  await page.goto('/')
  await expectNotYetInteractive(page)
  const item = page.locator('.desktop-nav .has-dropdown', { hasText: 'Service Areas' })
  await item.getByRole('link', { name: 'Service Areas' }).hover()
  await expect(item.locator('.dropdown')).toBeVisible()
  await waitForHydration(page, 10_000)
  await expect(item).toHaveClass(/is-open/)
  await page.mouse.move(5, 700)
  await expect(item.locator('.dropdown')).toBeHidden()
})

test('a pointer that heads for the tabs before the page is interactive still gets the hail report pitch', async ({
  page,
}) => {
  await delayTheApp(page)
  await page.goto('/')
  await expectNotYetInteractive(page)
  await page.mouse.move(640, 400)
  await page.mouse.move(640, 5)
  await waitForHydration(page, 10_000)
  await expect(page.getByRole('dialog', { name: 'Free Hail Weather Report' })).toBeVisible()
  // Noted once, acted on once.
  expect(await page.evaluate(() => document.documentElement.dataset.earlyExitIntent)).toBeUndefined()
})
