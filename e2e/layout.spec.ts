import { test, expect, gotoHydrated } from './fixtures'
import { ROUTES, CITY_ROUTES } from '../shared/routes'

test.describe('the global layout', () => {
  test('the home page is rendered on the server with its hero, header and footer', async ({ request }) => {
    const res = await request.get('/')
    expect(res.status()).toBe(200)
    const html = await res.text()
    // Raw server HTML, before any JavaScript runs.
    expect(html).toMatch(/<h1[^>]*>[^<]*Hail Damage\?/)
    expect(html).toContain('class="site-header"')
    expect(html).toContain('class="site-footer"')
    for (const route of [ROUTES.hailReport, ROUTES.hailDamage, ROUTES.insuranceClaims, ROUTES.faqs]) {
      expect(html).toContain(`href="${route.path}"`)
    }
  })

  test('the header carries the fixed navigation labels, the phone link and the Free Inspection button', async ({
    page,
    problems,
  }) => {
    await gotoHydrated(page, '/')
    const header = page.locator('header.site-header')
    await expect(header.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+1\d{10}$/)
    await expect(header.getByRole('button', { name: 'Free Inspection' })).toBeVisible()
    await header.getByRole('button', { name: 'Resources menu' }).click()
    const menu = header.locator('.has-dropdown.is-open .dropdown')
    await expect(menu.getByRole('link', { name: 'Extreme Weather Report' })).toHaveAttribute(
      'href',
      '/hail-report',
    )
    await expect(menu.getByRole('link', { name: 'Hail Damage Guide' })).toHaveAttribute(
      'href',
      '/hail-damage',
    )
    await expect(menu.getByRole('link', { name: 'Insurance Claim Process' })).toHaveAttribute(
      'href',
      '/insurance-claims',
    )
    await expect(menu.getByRole('link', { name: 'Roof FAQs' })).toHaveAttribute('href', '/faqs')
    expect(problems.pageErrors).toEqual([])
  })

  test('a desktop dropdown opens on hover and closes shortly after the pointer leaves', async ({ page }) => {
    await page.goto('/')
    const item = page.locator('.desktop-nav .has-dropdown', { hasText: 'Service Areas' })
    const dropdown = item.locator('.dropdown')
    await expect(dropdown).toBeHidden()
    await item.getByRole('link', { name: 'Service Areas' }).hover()
    await expect(dropdown).toBeVisible()
    await expect(dropdown.getByRole('link', { name: 'Denver' })).toHaveAttribute(
      'href',
      '/service-areas/denver-co',
    )
    await page.mouse.move(5, 700)
    await expect(dropdown).toBeHidden()
  })

  test('a desktop dropdown works from the keyboard', async ({ page }) => {
    await gotoHydrated(page, '/')
    const toggle = page.getByRole('button', { name: 'Residential Roofing menu' })
    await toggle.focus()
    await page.keyboard.press('ArrowDown')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const menu = page.locator('.desktop-nav .has-dropdown.is-open .dropdown')
    await expect(menu.getByRole('link', { name: 'Residential Roofing' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(menu.getByRole('link', { name: 'Roof Inspection' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
  })

  test('the footer lists contact details, company links, 14 service areas, four social links and the legal links', async ({
    page,
  }) => {
    await page.goto('/')
    const footer = page.locator('footer.site-footer')
    await expect(footer.getByRole('button', { name: 'Free Inspection' })).toBeVisible()
    for (const city of CITY_ROUTES) {
      await expect(footer.getByRole('link', { name: city.label, exact: true })).toHaveAttribute(
        'href',
        city.path,
      )
    }
    await expect(footer.locator('.footer-area-columns > ul')).toHaveCount(3)
    await expect(footer.locator('.social-links a')).toHaveCount(4)
    await expect(footer.getByText(/© \d{4} .+ All rights reserved\./)).toBeVisible()
    for (const path of ['/sitemap', '/privacy', '/terms']) {
      await expect(footer.locator(`.legal-links a[href="${path}"]`)).toBeVisible()
    }
  })

  test('an unknown path answers 404 with its page and logs the bad path', async ({ page, request }) => {
    const res = await request.get('/this-page-does-not-exist')
    expect(res.status()).toBe(404)
    expect(await res.text()).toContain('Oops! Page not found')

    const logged: string[] = []
    page.on('console', (m) => logged.push(m.text()))
    await page.goto('/this-page-does-not-exist')
    await expect(page.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    await expect.poll(() => logged.join('\n')).toContain('/this-page-does-not-exist')
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the mobile menu opens, locks page scrolling, keeps one submenu open and closes on Escape', async ({
    page,
  }) => {
    await gotoHydrated(page, '/')
    const menuButton = page.getByRole('button', { name: 'Open menu' })
    await menuButton.click()
    const panel = page.getByRole('navigation', { name: 'Mobile' })
    await expect(panel).toBeVisible()
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')

    const roofing = panel.getByRole('button', { name: 'Residential Roofing' })
    const areas = panel.getByRole('button', { name: 'Service Areas' })
    await roofing.click()
    await expect(roofing).toHaveAttribute('aria-expanded', 'true')
    await areas.click()
    await expect(areas).toHaveAttribute('aria-expanded', 'true')
    await expect(roofing).toHaveAttribute('aria-expanded', 'false')

    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
  })

  test('a dialog opened over the mobile menu does not let the page scroll when it closes; closing the menu does', async ({
    page,
  }) => {
    await gotoHydrated(page, '/')
    const pageScrolls = async () =>
      (await page.evaluate(() => getComputedStyle(document.body).overflow)) !== 'hidden'
    await page.getByRole('button', { name: 'Open menu' }).click()
    const panel = page.getByRole('navigation', { name: 'Mobile' })
    await expect(panel).toBeVisible()
    await page.evaluate(() => window.exitIntent?.open({ force: true }))
    const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
    await expect(popup).toBeVisible()
    expect(await pageScrolls()).toBe(false)

    await popup.getByRole('button', { name: 'Close' }).click()
    await expect(popup).toBeHidden()
    await expect(panel).toBeVisible()
    expect(await pageScrolls()).toBe(false)

    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    expect(await pageScrolls()).toBe(true)
  })

  test('a link in the mobile menu navigates and closes the menu, and the new page starts at the top', async ({
    page,
  }) => {
    await gotoHydrated(page, '/')
    await page.evaluate(() => window.scrollTo(0, 600))
    await page.getByRole('button', { name: 'Open menu' }).click()
    const panel = page.getByRole('navigation', { name: 'Mobile' })
    await panel.getByRole('link', { name: 'About' }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(panel).toBeHidden()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('a click-to-call link is in the sticky header', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => window.scrollTo(0, 2000))
    await expect(page.locator('header.site-header').getByRole('link', { name: /^Call / })).toBeInViewport()
  })
})
