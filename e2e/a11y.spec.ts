/**
 * axe-core reports zero WCAG 2.0/2.1/2.2 A and AA violations on every route and
 * in every open state (mobile menu, contact modal, exit-intent popup on both steps, forms
 * showing their errors, a toast); every tap target is at least 24 × 24 px; focus is always
 * visible and never hidden under the sticky header or the phone bottom bar.
 */
import { test, expect, gotoHydrated, axeViolations as violations } from './fixtures'
import { ALL_ROUTES } from '../shared/routes'
import { officePages } from './office-pages'

test.describe('axe on every route at 1280 px', () => {
  for (const route of ALL_ROUTES) {
    test(`${route.path} has no WCAG A/AA violations`, async ({ page }) => {
      await gotoHydrated(page, route.path)
      expect(await violations(page)).toEqual([])
    })
  }

  test("the office links' confirmation pages have no WCAG A/AA violations, at 1280 and 390 px", async ({
    page,
  }) => {
    test.setTimeout(120_000)
    for (const office of await officePages()) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 })
        const res = await page.goto(office.path)
        if (office.post) {
          // The page after the button, pressed as the office presses it (at 390 px it says "already").
          const button = page.getByRole('button', { name: 'This is spam' })
          if (await button.count()) await button.click()
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(/marked as spam/i)
        } else expect(res?.status(), office.name).toBe(office.status)
        expect(await violations(page), `${office.name} at ${width} px`).toEqual([])
      }
    }
  })

  test('the 404 page has no WCAG A/AA violations', async ({ page }) => {
    const res = await page.goto('/no-such-page')
    expect(res?.status()).toBe(404)
    expect(await violations(page)).toEqual([])
  })
})

test.describe('axe in every open state', () => {
  test('the mobile menu, open with a submenu expanded, at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await gotoHydrated(page, '/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const panel = page.getByRole('navigation', { name: 'Mobile' })
    await expect(panel).toBeVisible()
    await panel.getByRole('button', { name: 'Service Areas' }).click()
    expect(await violations(page)).toEqual([])
  })

  test('the contact modal, open and showing its errors', async ({ page }) => {
    await gotoHydrated(page, '/faqs')
    await page.getByRole('button', { name: 'Free Inspection' }).first().click()
    const modal = page.getByRole('dialog', { name: 'Free Roof Inspection' })
    await expect(modal).toBeVisible()
    expect(await violations(page)).toEqual([])
    await modal.getByRole('button', { name: 'Request My Free Inspection' }).click()
    await expect(modal.getByText('First name is required')).toBeVisible()
    expect(await violations(page)).toEqual([])
  })

  // One test per width: four checks in one took close to the 30-second limit on a busy CI host.
  for (const width of [1280, 390]) {
    test(`the exit-intent popup on step 1 and step 2, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 })
      await gotoHydrated(page, '/about')
      await page.evaluate(() => window.exitIntent?.open({ force: true }))
      const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
      await expect(popup).toBeVisible()
      expect(await violations(page)).toEqual([])
      await popup.getByRole('button', { name: 'Find Out Instantly For Free' }).click()
      await expect(popup.getByRole('button', { name: 'Get My Free Report' })).toBeVisible()
      expect(await violations(page)).toEqual([])
    })
  }

  test("the exit-intent popup's step 2 showing its errors", async ({ page }) => {
    await gotoHydrated(page, '/about')
    await page.evaluate(() => window.exitIntent?.open({ force: true }))
    const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
    await popup.getByRole('button', { name: 'Find Out Instantly For Free' }).click()
    await popup.getByRole('button', { name: 'Get My Free Report' }).click()
    await expect(popup.getByText('Please enter a valid phone number')).toBeVisible()
    expect(await violations(page)).toEqual([])
  })

  test('the contact page form showing its errors', async ({ page }) => {
    await gotoHydrated(page, '/contact')
    await page.getByRole('button', { name: 'Request My Free Inspection' }).click()
    await expect(page.getByText('First name is required')).toBeVisible()
    expect(await violations(page)).toEqual([])
  })

  test('a toast after the server refuses a valid enquiry', async ({ page }) => {
    await page.route('**/api/enquiries', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Something went wrong. Please try again.' }),
      }),
    )
    await gotoHydrated(page, '/contact')
    const form = page.locator('[data-form="contact"]')
    await form.getByLabel('First Name').fill('Ada')
    await form.getByLabel('Last Name').fill('Lovelace')
    await form.getByLabel('Property Address').fill('1 Main St, Denver, CO')
    await form.getByLabel('Email Address').fill('ada@example.com')
    await form.getByLabel('Phone Number').fill('3035550100')
    await form.getByRole('button', { name: 'Request My Free Inspection' }).click()
    await expect(page.getByText('Failed to submit form. Please try again.')).toBeVisible()
    expect(await violations(page)).toEqual([])
  })
})

test.describe('tap targets and focus', () => {
  // WCAG 2.5.8 (Target Size, Minimum) exempts targets inside a sentence or block of text.
  // Rule here: every visible a/button/input/select/textarea/summary is at least 24 × 24 px,
  // except an <a> whose parent block (p, li, dd, td, figcaption, small) holds other text.
  test('every tap target is at least 24 × 24 px on every route at 390 px', async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 390, height: 844 })
    const small: string[] = []
    for (const route of ALL_ROUTES) {
      await page.goto(route.path)
      const found = await page.evaluate(() => {
        const out: string[] = []
        const INLINE_PARENTS = new Set(['P', 'LI', 'DD', 'TD', 'FIGCAPTION', 'SMALL', 'SPAN'])
        const nodes = document.querySelectorAll<HTMLElement>('a, button, input, select, textarea, summary')
        for (const el of nodes) {
          const style = getComputedStyle(el)
          if (style.visibility === 'hidden' || style.display === 'none') continue
          if (el instanceof HTMLInputElement && el.type === 'hidden') continue
          const box = el.getBoundingClientRect()
          if (box.width === 0 && box.height === 0) continue
          // The visually-hidden skip link and honeypot field are off-screen until focused / never for people.
          if (box.right <= 0 || box.bottom <= 0 || box.left < -1000) continue
          if (el.closest('[aria-hidden="true"], [hidden], .sr-only, .visually-hidden')) continue
          if (el.tagName === 'A') {
            const parent = el.parentElement
            const ownText = el.textContent?.trim() ?? ''
            const parentText = parent?.textContent?.trim() ?? ''
            if (parent && INLINE_PARENTS.has(parent.tagName) && parentText.length > ownText.length) continue
          }
          if (box.width < 24 || box.height < 24) {
            const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40)
            out.push(`${el.tagName.toLowerCase()} "${name}" ${box.width.toFixed(0)}×${box.height.toFixed(0)}`)
          }
        }
        return out
      })
      small.push(...found.map((f) => `${route.path}: ${f}`))
    }
    expect(small).toEqual([])
  })

  for (const width of [1280, 390]) {
    test(`tabbing through a long page at ${width} px keeps every focused element visible and outlined`, async ({
      page,
    }) => {
      // Smooth scrolling would leave each measurement mid-scroll.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.setViewportSize({ width, height: 800 })
      await gotoHydrated(page, '/service-areas/denver-co')
      const problems: string[] = []
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab')
        const info = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null
          // The skip link is drawn above the header (z-index) when focused: not hidden by it.
          if (!el || el === document.body || el.classList.contains('skip-link')) return null
          const box = el.getBoundingClientRect()
          const header = document.querySelector('.site-header')?.getBoundingClientRect()
          // The phone bottom bar (fixed) is only shown below 1180 px.
          const bar = [...document.querySelectorAll<HTMLElement>('body *')].find(
            (n) =>
              getComputedStyle(n).position === 'fixed' &&
              n.getBoundingClientRect().bottom >= window.innerHeight - 1 &&
              n.getBoundingClientRect().top > window.innerHeight / 2 &&
              !n.contains(el),
          )
          const style = getComputedStyle(el)
          const outlined =
            (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
            style.boxShadow !== 'none'
          const inHeader = !!el.closest('.site-header')
          const inBar = bar ? bar.contains(el) : false
          return {
            name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`,
            top: box.top,
            bottom: box.bottom,
            headerBottom: inHeader || inBar || !header ? -Infinity : header.bottom,
            barTop: inHeader || inBar || !bar ? Infinity : bar.getBoundingClientRect().top,
            outlined,
          }
        })
        if (!info) continue
        if (info.top < info.headerBottom - 1) problems.push(`${info.name} under the header`)
        if (info.bottom > info.barTop + 1) problems.push(`${info.name} under the bottom bar`)
        if (!info.outlined) problems.push(`${info.name} has no visible focus outline`)
      }
      expect(problems).toEqual([])
    })
  }
})
