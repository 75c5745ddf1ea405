/**
 * Found by search engines: what a crawler reads in the server-rendered HTML of
 * every route — title, description, canonical, Open Graph, robots and JSON-LD — and
 * /sitemap.xml and /robots.txt. Raw HTML only (request.get): no JavaScript runs.
 */
import { test, expect } from './fixtures'
import type { APIRequestContext } from '@playwright/test'
import { BASE_URL } from '../playwright.config'
import { ALL_ROUTES, CITY_ROUTES, INDEXABLE_ROUTES, ROUTES, cityPath } from '../shared/routes'
import { CITY_PAGES } from '../shared/service-areas'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

interface Tag {
  name: string
  attrs: Record<string, string>
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

function headOf(html: string): string {
  const start = html.indexOf('<head>')
  const end = html.indexOf('</head>')
  expect(start, 'a <head>').toBeGreaterThanOrEqual(0)
  return html.slice(start, end)
}

/** <meta> and <link> tags with their attributes. */
function tags(head: string, name: 'meta' | 'link'): Tag[] {
  return [...head.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((m) => ({
    name,
    attrs: Object.fromEntries(
      [...(m[1] ?? '').matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), decode(a[2]!)]),
    ),
  }))
}

const metaContent = (head: string, key: 'name' | 'property', value: string) =>
  tags(head, 'meta')
    .filter((t) => t.attrs[key] === value)
    .map((t) => t.attrs.content ?? '')

function jsonLdBlocks(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Json,
  )
}

const ofType = (blocks: Json[], type: string) => blocks.filter((b) => b['@type'] === type)

async function fetchPage(request: APIRequestContext, path: string) {
  const res = await request.get(path)
  return { status: res.status(), headers: res.headers(), html: await res.text() }
}

const isAbsolute = (url: string) => /^https?:\/\/[^/]+\//.test(url) || /^https?:\/\/[^/]+$/.test(url)
const BUSINESS_ID = `${BASE_URL}/#business`

test.describe('Every page as a search engine reads it', () => {
  for (const route of ALL_ROUTES) {
    test(`${route.path} has its own title, description, canonical, Open Graph and business data`, async ({
      request,
    }) => {
      const { status, html } = await fetchPage(request, route.path)
      expect(status).toBe(200)
      const head = headOf(html)

      const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!))
      expect(titles).toHaveLength(1)
      expect(titles[0]).toMatch(new RegExp(`^${route.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| .+`))

      const descriptions = metaContent(head, 'name', 'description')
      expect(descriptions).toEqual([route.description])

      const canonicals = tags(head, 'link').filter((t) => t.attrs.rel === 'canonical')
      expect(canonicals).toHaveLength(1)
      expect(canonicals[0]!.attrs.href).toBe(`${BASE_URL}${route.path}`)

      expect(metaContent(head, 'property', 'og:title')).toEqual([titles[0]])
      expect(metaContent(head, 'property', 'og:description')).toEqual([route.description])
      expect(metaContent(head, 'property', 'og:url')).toEqual([`${BASE_URL}${route.path}`])
      expect(metaContent(head, 'property', 'og:type')).toHaveLength(1)
      expect(metaContent(head, 'property', 'og:site_name')).toHaveLength(1)
      const [image] = metaContent(head, 'property', 'og:image')
      expect(image && isAbsolute(image)).toBe(true)
      expect(image).toMatch(/\.png$/)
      expect(metaContent(head, 'name', 'twitter:card')).toEqual(['summary_large_image'])

      const robots = metaContent(head, 'name', 'robots').join(' ')
      if (route.indexable) expect(robots).not.toContain('noindex')
      else expect(robots).toContain('noindex')

      const blocks = jsonLdBlocks(html)
      const businesses = ofType(blocks, 'RoofingContractor')
      expect(businesses).toHaveLength(1)
      const b = businesses[0]!
      expect(b['@context']).toBe('https://schema.org')
      expect(b['@id']).toBe(BUSINESS_ID)
      expect(b.name).toEqual(expect.any(String))
      expect(b.telephone).toEqual(expect.any(String))
      expect(b.email).toContain('@')
      expect(b.address['@type']).toBe('PostalAddress')
      expect(b.address.addressLocality).toBe('Denver')
      expect(b.geo['@type']).toBe('GeoCoordinates')
      for (const n of [b.geo.latitude, b.geo.longitude]) {
        expect(typeof n).toBe('number')
        expect(String(n).split('.')[1]).toHaveLength(5)
      }
      expect(b.openingHours).toBe('Mo-Su 06:00-20:00')
      expect(b.priceRange).toEqual(expect.any(String))
      expect(b.aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 127 })
      const served = b.areaServed.map((a: Json) => a.name)
      for (const c of CITY_PAGES) expect(served).toContain(c.name)
      expect(served).toHaveLength(25)
      expect(b.hasOfferCatalog.itemListElement.length).toBeGreaterThanOrEqual(4)
    })
  }

  test('the image the Open Graph tags name is a PNG that answers 200', async ({ request }) => {
    const head = headOf((await fetchPage(request, '/')).html)
    const [image] = metaContent(head, 'property', 'og:image')
    const res = await request.get(image!.replace(BASE_URL, ''))
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('image/png')
  })

  test('an unknown path gets a title, noindex and no canonical', async ({ request }) => {
    const { status, html } = await fetchPage(request, '/no-such-page')
    expect(status).toBe(404)
    const head = headOf(html)
    expect([...html.matchAll(/<title>/g)]).toHaveLength(1)
    expect(head).toMatch(/<title>Page not found \| /)
    expect(metaContent(head, 'name', 'robots').join(' ')).toContain('noindex')
    expect(tags(head, 'link').filter((t) => t.attrs.rel === 'canonical')).toHaveLength(0)
  })
})

test.describe('City pages', () => {
  const neighbourhoods: Record<string, string[]> = {
    Lafayette: ['Old Town', 'Indian Peaks', 'Baseline', 'Waneka Lake'],
    Louisville: ['Old Town', 'Coal Creek', 'Centennial Valley', 'Harper Lake'],
    Northglenn: ['Northgate', 'Brookshire', 'Coronado', 'Eastlake'],
    Parker: ['The Pinery', 'Stonegate', 'Meridian', 'Cottonwood', 'Newlin Gulch'],
    Superior: ['Rock Creek', 'Superior Meadows', 'Wildgrass', 'Coal Creek'],
  }

  test('all 14 city pages are in the route table', () => {
    expect(CITY_ROUTES).toHaveLength(14)
  })

  for (const city of CITY_PAGES) {
    test(`${city.name} carries a Service by the business and Home > Service Areas > ${city.name} breadcrumbs`, async ({
      request,
    }) => {
      const blocks = jsonLdBlocks((await fetchPage(request, cityPath(city.slug))).html)

      const services = ofType(blocks, 'Service')
      expect(services).toHaveLength(1)
      const service = services[0]!
      expect(service.provider).toEqual({ '@id': BUSINESS_ID })
      expect(service.areaServed.name).toBe(city.name)

      const crumbs = ofType(blocks, 'BreadcrumbList')
      expect(crumbs).toHaveLength(1)
      const items = crumbs[0]!.itemListElement as Json[]
      expect(items.map((i) => i.position)).toEqual([1, 2, 3])
      expect(items.map((i) => i.name)).toEqual(['Home', 'Service Areas', city.name])
      expect(items.map((i) => i.item)).toEqual([
        `${BASE_URL}/`,
        `${BASE_URL}${ROUTES.serviceAreas.path}`,
        `${BASE_URL}/service-areas/${city.slug}`,
      ])
      for (const i of items) expect(isAbsolute(i.item)).toBe(true)

      const expected = neighbourhoods[city.name]
      if (expected) {
        expect(service.areaServed.containsPlace.map((p: Json) => p.name)).toEqual(expected)
        const offered = service.hasOfferCatalog.itemListElement.map((o: Json) => o.itemOffered.name)
        expect(offered).toEqual([
          `Roof Repair in ${city.name}`,
          `Roof Replacement in ${city.name}`,
          `Hail Damage Repair in ${city.name}`,
          `Insurance Claims Assistance in ${city.name}`,
        ])
      } else {
        expect(service.areaServed.containsPlace).toBeUndefined()
      }
    })
  }

  test('Central Park breadcrumbs point at its real page, not /locations', async ({ request }) => {
    const html = (await fetchPage(request, '/service-areas/central-park-co')).html
    const crumbs = ofType(jsonLdBlocks(html), 'BreadcrumbList')[0]!
    expect(crumbs.itemListElement[2].item).toBe(`${BASE_URL}/service-areas/central-park-co`)
    expect(html).not.toContain('/locations/central-park')
  })
})

test('/faqs carries an FAQPage with its 12 questions', async ({ request }) => {
  const blocks = jsonLdBlocks((await fetchPage(request, ROUTES.faqs.path)).html)
  const faq = ofType(blocks, 'FAQPage')
  expect(faq).toHaveLength(1)
  const questions = faq[0]!.mainEntity as Json[]
  expect(questions).toHaveLength(12)
  for (const q of questions) {
    expect(q['@type']).toBe('Question')
    expect(q.name).toMatch(/\?$/)
    expect(q.acceptedAnswer['@type']).toBe('Answer')
    expect(q.acceptedAnswer.text.length).toBeGreaterThan(20)
  }
})

test('/schedule-inspection is kept out of search results by meta tag and header', async ({ request }) => {
  const { status, headers, html } = await fetchPage(request, ROUTES.scheduleInspection.path)
  expect(status).toBe(200)
  expect(headers['x-robots-tag']).toContain('noindex')
  expect(metaContent(headOf(html), 'name', 'robots').join(' ')).toContain('noindex')
})

test('indexable pages send no X-Robots-Tag noindex', async ({ request }) => {
  const { headers } = await fetchPage(request, ROUTES.home.path)
  expect(headers['x-robots-tag'] ?? '').not.toContain('noindex')
})

test.describe('sitemap.xml and robots.txt', () => {
  test('/sitemap.xml lists exactly the indexable pages, and each answers 200', async ({ request }) => {
    const res = await request.get('/sitemap.xml')
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^application\/xml/)
    const locs = [...(await res.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!))
    expect(new Set(locs).size).toBe(locs.length)
    expect(new Set(locs)).toEqual(new Set(INDEXABLE_ROUTES.map((r) => `${BASE_URL}${r.path}`)))
    expect(locs).not.toContain(`${BASE_URL}${ROUTES.scheduleInspection.path}`)
    for (const loc of locs) {
      expect(loc.startsWith(`${BASE_URL}/`)).toBe(true)
      const page = await request.get(loc.slice(BASE_URL.length))
      expect(page.status(), loc).toBe(200)
    }
  })

  test('/robots.txt points to the sitemap and does not block /schedule-inspection', async ({ request }) => {
    const res = await request.get('/robots.txt')
    expect(res.status()).toBe(200)
    const lines = (await res.text()).split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`)
    const disallowed = lines.filter((l) => l.startsWith('Disallow:')).map((l) => l.slice(9).trim())
    for (const rule of disallowed) {
      expect(rule).not.toBe('/')
      expect(ROUTES.scheduleInspection.path.startsWith(rule)).toBe(false)
    }
  })
})

test('the document title follows a navigation by link', async ({ page, problems }) => {
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await page.getByRole('contentinfo').getByRole('link', { name: ROUTES.faqs.label }).click()
  await expect(page).toHaveURL(`${BASE_URL}${ROUTES.faqs.path}`)
  await expect(page).toHaveTitle(
    new RegExp(`^${ROUTES.faqs.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `),
  )
  expect(problems.cspViolations).toEqual([])
  expect(problems.pageErrors).toEqual([])
})

test('pages with JSON-LD load with zero CSP violations', async ({ page, problems }) => {
  for (const path of ['/', ROUTES.faqs.path, '/service-areas/lafayette-co']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  expect(problems.cspViolations).toEqual([])
  expect(problems.pageErrors).toEqual([])
})
