/**
 * The content pages: each is rendered on the server with its heading, carries the sections it
 * is meant to have, and links only to pages that exist.
 */
import { test, expect } from './fixtures'
import { DEFAULT_BUSINESS, HOURS_DISPLAY, INSURANCE_CARRIERS } from '../shared/business'
import { CONTACT_QUESTIONS, FAQS } from '../shared/content/faqs'
import { ROUTES } from '../shared/routes'

const OWNER_NAME = process.env.OWNER_NAME ?? DEFAULT_BUSINESS.ownerName

/** Each route of this area and its main heading, as a visitor reads it. */
const PAGES: { path: string; h1: string }[] = [
  { path: ROUTES.home.path, h1: 'Hail Damage? Get Your Roof Replaced for Just Your Deductible' },
  { path: ROUTES.about.path, h1: `Meet ${OWNER_NAME} – A Different Kind of Roofer` },
  { path: ROUTES.contact.path, h1: 'Contact Us' },
  { path: ROUTES.roofInspection.path, h1: 'Free Roof Inspection in Denver' },
  { path: ROUTES.roofRepair.path, h1: 'Roof Repair Done Right' },
  { path: ROUTES.roofReplacement.path, h1: 'Roof Replacement Built for Colorado Storms' },
  { path: ROUTES.solarDetachReset.path, h1: 'Solar Detach & Reset for Roof Work' },
  { path: ROUTES.insuranceClaims.path, h1: 'Your Roof Insurance Claim, Step by Step' },
  { path: ROUTES.residentialRoofing.path, h1: 'Residential Roofing for Denver Homeowners' },
  { path: ROUTES.resources.path, h1: 'Roofing Resources for Denver Homeowners' },
  { path: ROUTES.hailDamage.path, h1: 'Hail Damage Roof Guide' },
  { path: ROUTES.faqs.path, h1: 'Roofing Questions, Answered' },
]

function textOf(html: string): string {
  return html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
}

test.describe('content pages', () => {
  for (const { path, h1 } of PAGES) {
    test(`${path} is rendered on the server with its main heading`, async ({ request }) => {
      const res = await request.get(path)
      expect(res.status()).toBe(200)
      const html = await res.text()
      const headings = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1] ?? ''))
      expect(headings).toEqual([h1])
    })
  }
})

test.describe('the home page', () => {
  test('the home page shows testimonials, services, hail cards, the process and FAQs', async ({
    page,
    problems,
  }) => {
    await page.goto('/')
    const testimonials = page.getByRole('region', { name: 'What Denver Homeowners Say' })
    await expect(testimonials.getByRole('listitem')).toHaveCount(3)
    await expect(testimonials.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3)

    const services = page.getByRole('region', { name: 'Our Roofing Services' }).getByRole('link')
    await expect(services).toHaveCount(4)
    for (const route of [
      ROUTES.roofInspection,
      ROUTES.roofRepair,
      ROUTES.roofReplacement,
      ROUTES.solarDetachReset,
    ]) {
      await expect(
        page.getByRole('region', { name: 'Our Roofing Services' }).locator(`a[href="${route.path}"]`),
      ).toHaveCount(1)
    }

    const hail = page.getByRole('region', { name: 'Recent Hail Impact Near You' })
    const hailCards = hail.getByRole('listitem')
    await expect(hailCards).toHaveCount(3)
    for (const [city, slug] of [
      ['Denver', 'denver-co'],
      ['Broomfield', 'broomfield-co'],
      ['Thornton', 'thornton-co'],
    ]) {
      await expect(hail.getByRole('link', { name: new RegExp(`^${city}`) })).toHaveAttribute(
        'href',
        `/service-areas/${slug}`,
      )
    }

    await expect(
      page.getByRole('region', { name: 'Our 5-Step Insurance Process' }).getByRole('listitem'),
    ).toHaveCount(5)
    await expect(
      page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('group'),
    ).toHaveCount(3)
    await expect(page.getByRole('button', { name: 'Get Your Free Roof Inspection' }).first()).toBeVisible()
    expect(problems.pageErrors).toEqual([])
    expect(problems.cspViolations).toEqual([])
  })

  test('the explainer video loads its frame only after the play button is clicked', async ({
    page,
    problems,
  }) => {
    await page.goto('/')
    const meet = page.getByRole('region', { name: /^Meet / })
    await expect(meet.getByRole('heading', { level: 2 })).toHaveText(`Meet ${OWNER_NAME.split(' ')[0]}`)
    await expect(page.locator('iframe')).toHaveCount(0)
    await meet.getByRole('button', { name: /^Play video/ }).click()
    await expect(meet.locator('iframe')).toHaveCount(1)
    await expect(meet.locator('iframe')).toHaveAttribute(
      'src',
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    )
    expect(problems.cspViolations).toEqual([])
  })
})

test.describe('the other content pages', () => {
  test('/faqs answers exactly twelve questions', async ({ page }) => {
    await page.goto(ROUTES.faqs.path)
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' })
    const questions = faq.getByRole('heading', { level: 3 })
    await expect(questions).toHaveCount(12)
    await expect(questions).toHaveText(FAQS.map((f) => f.question))
    await expect(page.getByRole('region', { name: 'Quick Roofing Tips' }).getByRole('listitem')).toHaveCount(
      3,
    )
  })

  test('/about introduces the owner by name', async ({ page }) => {
    await page.goto(ROUTES.about.path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Meet ${OWNER_NAME} – A Different Kind of Roofer`,
    )
    for (const value of ['Honesty', 'Communication', "Doing What's Right"]) {
      await expect(page.getByRole('heading', { level: 3, name: value, exact: true })).toBeVisible()
    }
    const photos = page.getByRole('region', { name: 'See My Work' }).getByRole('img')
    await expect(photos).toHaveCount(3)
  })

  test('/contact shows the hours, the ways to reach us and four common questions', async ({ page }) => {
    await page.goto(ROUTES.contact.path)
    const info = page.getByRole('complementary', { name: 'Contact Information' })
    await expect(info.getByText(HOURS_DISPLAY)).toBeVisible()
    await expect(info.getByText('Denver Metro Area, including all surrounding cities')).toBeVisible()
    await expect(info.locator('a[href^="tel:+1"]')).toHaveCount(1)
    await expect(info.locator('a[href^="mailto:"]')).toHaveCount(1)
    const common = page.getByRole('region', { name: 'Common Questions' })
    await expect(common.getByRole('heading', { level: 3 })).toHaveText(
      CONTACT_QUESTIONS.items.map((q) => q.question),
    )
    await expect(common.getByText('within 24-48 hours, often the same day')).toBeVisible()
    await expect(common.getByText('completely free')).toBeVisible()
    await expect(common.getByText('depends on your policy')).toBeVisible()
    await expect(common.getByText('whole Denver metro area')).toBeVisible()
  })

  test('/insurance-claims names the eight national carriers it has worked with', async ({ page }) => {
    await page.goto(ROUTES.insuranceClaims.path)
    const benefits = page.getByRole('region', {
      name: 'Benefits of Working With an Insurance-Focused Roofer',
    })
    await expect(benefits.getByText('eight national insurance carriers')).toBeVisible()
    await expect(benefits.locator('.carrier-list li')).toHaveText([...INSURANCE_CARRIERS])
  })
})

test.describe('links', () => {
  test('no internal link on these pages leads to a missing page', async ({ page, request }) => {
    test.setTimeout(90_000)
    const hrefs = new Set<string>()
    for (const { path } of PAGES) {
      await page.goto(path)
      const found = await page
        .locator('a[href^="/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
      for (const href of found) hrefs.add(href.split('#')[0]?.split('?')[0] || '/')
    }
    const broken: string[] = []
    for (const href of hrefs) {
      const res = await request.get(href)
      if (res.status() === 200) continue
      broken.push(`${href} → ${res.status()}`)
    }
    expect(broken).toEqual([])
  })
})
