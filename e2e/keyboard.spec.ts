/**
 * Keyboard-only use of the header dropdowns, the mobile menu and both lead
 * dialogs: focus moves in, stays in, Escape closes, and focus returns to what opened it.
 */
import type { Locator, Page } from '@playwright/test'
import { test, expect, gotoHydrated, openDialogWithKeyboard, tabTo } from './fixtures'

/**
 * A native modal <dialog> makes the page behind inert: Tab cycles through the dialog and,
 * past its last control, through the browser's own UI (document.activeElement is <body>),
 * never to the page behind.
 */
async function expectFocusStaysIn(page: Page, container: Locator, presses = 12) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab')
    const where = await container.evaluate((el) =>
      el.contains(document.activeElement)
        ? 'inside'
        : document.activeElement === document.body
          ? 'browser'
          : document.activeElement?.outerHTML.slice(0, 80),
    )
    expect(['inside', 'browser']).toContain(where)
  }
}

test('a header dropdown: Tab to its toggle, Enter opens, arrows move, Escape closes and returns focus', async ({
  page,
}) => {
  await gotoHydrated(page, '/')
  const toggle = page.getByRole('button', { name: 'Resources menu' })
  await tabTo(page, toggle)
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const menu = page.locator('.desktop-nav .has-dropdown.is-open .dropdown')
  await expect(menu).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('link').first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('link').nth(1)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(menu.getByRole('link').first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(toggle).toBeFocused()
})

test('the mobile menu: Tab to the button, Enter opens, Tab reaches its items, Escape closes and returns focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, '/')
  const button = page.getByRole('button', { name: 'Open menu' })
  await tabTo(page, button)
  await page.keyboard.press('Enter')
  const panel = page.getByRole('navigation', { name: 'Mobile' })
  await expect(panel).toBeVisible()
  await tabTo(page, panel.getByRole('link', { name: 'About' }), 10)
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
})

test('the contact modal: focus moves in and stays in, Escape closes, focus returns to the opener', async ({
  page,
}) => {
  await gotoHydrated(page, '/faqs')
  const opener = page.locator('header').getByRole('button', { name: 'Free Inspection' })
  const modal = await openDialogWithKeyboard(page, opener, 'Free Roof Inspection')
  expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await expectFocusStaysIn(page, modal)
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await expect(opener).toBeFocused()
})

test('the exit-intent popup: focus moves in and stays in on both steps, Escape closes, focus returns', async ({
  page,
}) => {
  await gotoHydrated(page, '/about')
  const link = page.getByRole('link', { name: 'Skip to main content' })
  await tabTo(page, link)
  await page.evaluate(() => window.exitIntent?.open({ force: true }))
  const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
  await expect(popup).toBeVisible()
  const start = popup.getByRole('button', { name: 'Find Out Instantly For Free' })
  await expect(start).toBeFocused()
  await expectFocusStaysIn(page, popup, 6)
  await start.focus()
  await page.keyboard.press('Enter')
  await expect(popup.getByRole('button', { name: 'Get My Free Report' })).toBeVisible()
  expect(await popup.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await expectFocusStaysIn(page, popup)
  await page.keyboard.press('Escape')
  await expect(popup).toBeHidden()
  await expect(link).toBeFocused()
})
