/**
 * The service-area pages, the Extreme Weather Report page, the sitemap page and the legal
 * pages, checked in the raw server HTML and in a real browser.
 */
import { test, expect } from './fixtures'
import { ALL_ROUTES, ROUTES, SITEMAP_GROUPS, cityPath } from '../shared/routes'
import { ALSO_SERVING, CITY_PAGES } from '../shared/service-areas'
import { formatCalendarDate, localParts } from '../shared/business-time'

/** The 2025 hail impact data as the product defines it, typed out here rather than read from the
 * code under test, in the order the cards show it. */
const HAIL_2025: [area: string, storm: string, hailSize: string][] = [
  ['Brighton', '8 Jul 2025', '1.75'],
  ['Broomfield', '22 May 2025', '2.25'],
  ['Central Park', '15 Jul 2025', '2.5'],
  ['Denver', '15 Jun 2025', '2.0'],
  ['Aurora', '15 Jun 2025', '2.0'],
  ['Castle Rock', '20 Jun 2025', '1.0'],
  ['Commerce City', '10 Jun 2025', '1.5'],
  ['Erie', '12 Jul 2025', '1.25'],
  ['Lafayette', '28 Jun 2025', '1.75'],
  ['Louisville', '5 Jul 2025', '1.5'],
  ['Northglenn', '25 Jun 2025', '2.0'],
  ['Parker', '3 Jul 2025', '1.75'],
  ['Superior', '20 Jul 2025', '1.25'],
  ['Thornton', '18 Jun 2025', '2.25'],
]

/** The 14 areas with a page of their own, in alphabetical order. */
const LINKED_AREAS = HAIL_2025.map(([area]) => area).sort()

/** Today as the legal pages' "Last updated" writes it: the calendar day in Denver. */
function todayAsPagesWriteIt(): string {
  return formatCalendarDate(localParts(new Date()))
}

const slugOf = (name: string) => `${name.toLowerCase().replace(/ /g, '-')}-co`

test.describe('the city pages', () => {
  test('all 14 city pages are rendered on the server with their heading, storm section and inspection button', async ({
    request,
  }) => {
    expect(CITY_PAGES.map((c) => c.name)).toEqual(LINKED_AREAS)
    for (const name of LINKED_AREAS) {
      const res = await request.get(`/service-areas/${slugOf(name)}`)
      expect(res.status(), name).toBe(200)
      const html = await res.text()
      expect(html).toMatch(new RegExp(`<h1[^>]*>Roof Repair ${name}</h1>`))
      expect(html).toMatch(new RegExp(`<h2[^>]*>Recent Storm Impact in ${name}</h2>`))
      expect(html).toContain(`${name} experienced significant hail in 2024-2025`)
      expect(html).toContain('may qualify for an insurance-covered replacement')
      expect(html).toMatch(/<button[^>]*>Get Your Free Roof Inspection<\/button>/)
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1)
    }
  })

  test('an unknown city answers 404 with the not-found page', async ({ request }) => {
    const res = await request.get('/service-areas/atlantis-co')
    expect(res.status()).toBe(404)
    expect(await res.text()).toContain('Oops! Page not found')
  })

  test('a city page shows its 2025 storm facts and opens the inspection modal from its button', async ({
    page,
    problems,
  }) => {
    await page.goto('/service-areas/thornton-co')
    const storm = page.getByRole('region', { name: 'Recent Storm Impact in Thornton' })
    await expect(storm.getByText('18 Jun 2025')).toBeVisible()
    await expect(storm.getByText('2.25 inches')).toBeVisible()
    await page.getByRole('button', { name: 'Get Your Free Roof Inspection' }).click()
    await expect(page.getByRole('dialog', { name: 'Free Roof Inspection' })).toBeVisible()
    expect(problems.pageErrors).toEqual([])
    expect(problems.cspViolations).toEqual([])
  })

  test('a city page names its neighbourhoods and links to the four services', async ({ page }) => {
    await page.goto('/service-areas/parker-co')
    for (const n of ['The Pinery', 'Stonegate', 'Meridian', 'Cottonwood', 'Newlin Gulch']) {
      await expect(page.getByText(n, { exact: true })).toBeVisible()
    }
    const services = page.getByRole('region', { name: 'Roofing Services in Parker' })
    for (const path of [
      ROUTES.roofRepair.path,
      ROUTES.roofReplacement.path,
      ROUTES.hailDamage.path,
      ROUTES.insuranceClaims.path,
    ]) {
      await expect(services.locator(`a[href="${path}"]`)).toBeVisible()
    }
  })

  test('the explainer video frame loads only after the visitor presses play', async ({ page, problems }) => {
    await page.goto('/service-areas/denver-co')
    await expect(page.locator('iframe')).toHaveCount(0)
    await page.getByRole('button', { name: /^Play video:/ }).click()
    const frame = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')
    await expect(frame).toBeVisible()
    expect(problems.cspViolations).toEqual([])
  })

  test('Central Park shows the map placeholder and two storm cards', async ({ page, problems }) => {
    await page.goto('/service-areas/central-park-co')
    await expect(page.getByText('Interactive Map Coming Soon')).toBeVisible()
    const history = page.getByRole('region', { name: 'Central Park Storm History' })
    const cards = history.getByRole('article')
    await expect(cards).toHaveCount(2)
    await expect(cards.nth(0)).toContainText('Severe')
    await expect(cards.nth(1)).toContainText('Moderate')
    for (const card of await cards.all()) {
      await expect(card).toContainText('80238')
      await expect(card).toContainText(/Hail size/i)
    }
    expect(problems.pageErrors).toEqual([])
  })
})

test.describe('the service areas overview', () => {
  test('lists the 14 communities with pages, alphabetically, and 11 more under Also Serving', async ({
    page,
  }) => {
    await page.goto('/service-areas')
    await expect(page.getByText('24 communities').first()).toBeVisible()
    const linked = page.getByRole('region', { name: 'Roof Repair Near You' }).getByRole('link')
    await expect(linked).toHaveCount(14)
    const hrefs = await linked.evaluateAll((els) => els.map((e) => e.getAttribute('href')))
    expect(hrefs).toEqual(LINKED_AREAS.map((n) => cityPath(slugOf(n))))
    await expect(linked.first()).toContainText('80010')

    const also = page.getByRole('region', { name: 'Also Serving' })
    const cards = also.getByRole('listitem')
    await expect(cards).toHaveCount(11)
    expect(await cards.allTextContents()).toEqual(ALSO_SERVING)
    await expect(also.getByRole('list').getByRole('link')).toHaveCount(0)
  })
})

test.describe('moving between pages in the browser', () => {
  test('a service-area card and a sitemap link lead to working pages without a full reload', async ({
    page,
    problems,
  }) => {
    await page.goto('/service-areas', { waitUntil: 'networkidle' })
    await page
      .getByRole('region', { name: 'Roof Repair Near You' })
      .locator('a[href="/service-areas/castle-rock-co"]')
      .click()
    await expect(page).toHaveURL(/\/service-areas\/castle-rock-co$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roof Repair Castle Rock')
    await expect(page.getByRole('heading', { name: 'Recent Storm Impact in Castle Rock' })).toBeVisible()

    await page.goto('/sitemap', { waitUntil: 'networkidle' })
    await page.locator('main').getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page).toHaveURL(/\/privacy$/)
    await expect(page.getByText(`Last updated: ${todayAsPagesWriteIt()}`)).toBeVisible()
    expect(problems.pageErrors).toEqual([])
  })
})

test.describe('the Extreme Weather Report page', () => {
  test('shows 14 hail impact cards with the given dates and hail sizes', async ({ page }) => {
    await page.goto('/hail-report')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Extreme Weather Report')
    await expect(page.getByRole('heading', { name: "What's Inside Your Report" })).toBeVisible()
    await expect(page.getByText(/over 100 hail storms a year/i).first()).toBeVisible()
    const cards = page
      .getByRole('region', { name: '2025 Hail Impact Across the Denver Metro' })
      .getByRole('article')
    await expect(cards).toHaveCount(14)
    // In the order of the table above.
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(HAIL_2025.map(([area]) => area))
    for (const [area, storm, size] of HAIL_2025) {
      const card = cards.filter({ has: page.getByRole('heading', { name: area, exact: true }) })
      await expect(card).toHaveCount(1)
      await expect(card).toContainText(storm)
      await expect(card).toContainText(`${size}"`)
    }
  })

  test('states the report facts: free, within 24 hours, no credit card, NOAA data, past 5 years', async ({
    page,
  }) => {
    await page.goto('/hail-report')
    const main = page.locator('main')
    for (const fact of [/free/i, /within 24 hours/i, /no credit card/i, /NOAA/, /past 5 years/i]) {
      await expect(main.getByText(fact).first()).toBeVisible()
    }
  })

  test('the hero button scrolls the request form into view', async ({ page }) => {
    await page.goto('/hail-report', { waitUntil: 'networkidle' })
    const form = page.locator('#hail-report-form')
    const inView = () =>
      form.evaluate((el) => {
        const box = el.getBoundingClientRect()
        return box.top >= 0 && box.top < window.innerHeight
      })
    expect(await inView()).toBe(false)
    await page.getByRole('button', { name: 'Get My Free Report' }).click()
    await expect.poll(inView).toBe(true)
    // Focus went along, so the next Tab lands in the form.
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('First Name', { exact: true })).toBeFocused()
    await expect(page.getByRole('heading', { name: 'Get Your Free Extreme Weather Report' })).toBeInViewport()
  })
})

test.describe('the sitemap page', () => {
  test('lists every indexable route under the five group headings and leaves out /schedule-inspection', async ({
    page,
  }) => {
    await page.goto('/sitemap')
    const headings = page.locator('main').getByRole('heading', { level: 2 })
    await expect(headings).toHaveText(SITEMAP_GROUPS)
    expect(SITEMAP_GROUPS).toEqual(['Main Pages', 'Roofing Services', 'Resources', 'Service Areas', 'Legal'])
    const main = page.locator('main')
    const indexable = ALL_ROUTES.filter((r) => r.indexable)
    for (const route of indexable) {
      await expect(main.locator(`a[href="${route.path}"]`), route.path).toHaveCount(1)
    }
    await expect(main.locator('a[href="/schedule-inspection"]')).toHaveCount(0)
    for (const group of SITEMAP_GROUPS) {
      const section = page.getByRole('region', { name: group })
      const expected = indexable.filter((r) => r.sitemapGroup === group).map((r) => r.path)
      const hrefs = await section
        .getByRole('link')
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')))
      expect(hrefs, group).toEqual(expected)
    }
  })
})

test.describe('the legal pages', () => {
  for (const route of [ROUTES.privacy, ROUTES.terms]) {
    test(`${route.path} shows 'Last updated' with today's date, on the server and after hydration`, async ({
      page,
      request,
      problems,
    }) => {
      const today = `Last updated: ${todayAsPagesWriteIt()}`
      const html = await (await request.get(route.path)).text()
      expect(html).toContain(today)

      const consoleErrors: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text())
      })
      await page.goto(route.path, { waitUntil: 'networkidle' })
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.title)
      await expect(page.getByText(today)).toBeVisible()
      expect(problems.pageErrors).toEqual([])
      expect(consoleErrors.filter((t) => /hydrat/i.test(t))).toEqual([])
    })
  }

  test('the terms cover estimates, payment, warranties, cancellation, weather, responsibilities and arbitration', async ({
    page,
  }) => {
    await page.goto('/terms')
    for (const heading of [
      'Estimates',
      'Payment',
      'Warranties',
      'Cancellations',
      'Weather Delays',
      'Customer Responsibilities',
      'Disputes and Arbitration',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
    }
    await expect(page.getByText(/due on completion of the work unless we agree otherwise/)).toBeVisible()
    await expect(page.getByText(/without a fee up to 24 hours before/)).toBeVisible()
    await expect(page.getByText(/binding arbitration in Colorado/)).toBeVisible()
  })

  test('the privacy policy says what the forms collect and that it is never sold', async ({ page }) => {
    await page.goto('/privacy')
    for (const item of ['name', 'e-mail address', 'phone number', 'property address', 'message']) {
      await expect(page.locator('main li', { hasText: item }).first()).toBeVisible()
    }
    await expect(page.getByText(/never sell/)).toBeVisible()
  })

  test('the privacy policy says what is recorded about how a visitor found the site, and about spam checks', async ({
    page,
  }) => {
    await page.goto('/privacy')
    await expect(page.getByRole('heading', { level: 3, name: 'How You Found Us' })).toBeVisible()
    await expect(
      page.locator('main li', { hasText: 'the website that sent you here, by its address only' }),
    ).toBeVisible()
    await expect(page.getByText(/They are never sent to anyone else/)).toBeVisible()
    // The attribution cookies of a visit without scripts: what they hold and how long.
    const cookies = page.getByText(/our server also sets two cookies of its own/)
    await expect(cookies).toBeVisible()
    await expect(cookies).toContainText(
      '“visit_touch” for this visit (it is deleted when you close your browser)',
    )
    await expect(cookies).toContainText('“first_touch”, with the date and time')
    await expect(cookies).toContainText('(it is deleted after 30 days)')
    await expect(page.getByRole('heading', { level: 3, name: 'Keeping Out Spam' })).toBeVisible()
    await expect(page.getByText(/deleted after 30 days unless we find it was a real request/)).toBeVisible()
  })
})
