import { describe, expect, it } from 'vitest'
import { DEFAULT_BUSINESS } from '../../shared/business'
import { ALSO_SERVING, CITY_PAGES, cityByName } from '../../shared/service-areas'
import {
  buildBreadcrumbs,
  buildBusiness,
  buildCityService,
  buildFaqPage,
  businessId,
  cityBreadcrumbItems,
  serializeJsonLd,
  type JsonLdObject,
} from '../../shared/seo/json-ld'

const SITE = 'https://www.example.com'
const decimals = (n: number) => (String(n).split('.')[1] ?? '').length

/** What a crawler sees: the serialized block parsed back. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions walk arbitrary JSON
const roundTrip = (data: JsonLdObject) => JSON.parse(serializeJsonLd(data)) as Record<string, any>

describe('buildBusiness', () => {
  const b = roundTrip(buildBusiness(DEFAULT_BUSINESS, SITE))

  it('describes a RoofingContractor with one @id under the site URL', () => {
    expect(b['@context']).toBe('https://schema.org')
    expect(b['@type']).toBe('RoofingContractor')
    expect(b['@id']).toBe(`${SITE}/#business`)
    expect(b['@id']).toBe(businessId(SITE))
    expect(b.url).toBe(`${SITE}/`)
  })

  it('carries name, phone, e-mail and a postal address', () => {
    expect(b.name).toBe(DEFAULT_BUSINESS.name)
    expect(b.telephone).toBe(DEFAULT_BUSINESS.phone)
    expect(b.email).toBe(DEFAULT_BUSINESS.email)
    expect(b.address).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: 'Denver',
      addressRegion: 'CO',
      addressCountry: 'US',
    })
    expect(b.address.streetAddress).toEqual(expect.any(String))
    expect(b.address.postalCode).toMatch(/^\d{5}$/)
  })

  it('has a fixed geo point with exactly 5 decimals', () => {
    expect(b.geo['@type']).toBe('GeoCoordinates')
    expect(typeof b.geo.latitude).toBe('number')
    expect(typeof b.geo.longitude).toBe('number')
    expect(decimals(b.geo.latitude)).toBe(5)
    expect(decimals(b.geo.longitude)).toBe(5)
  })

  it('is open Mo-Su 06:00-20:00', () => {
    expect(b.openingHours).toBe('Mo-Su 06:00-20:00')
    expect(b.openingHoursSpecification).toMatchObject({ opens: '06:00', closes: '20:00' })
    expect(b.openingHoursSpecification.dayOfWeek).toHaveLength(7)
  })

  it('has a price range and an aggregate rating of 4.9 from 127 reviews', () => {
    expect(b.priceRange).toEqual(expect.any(String))
    expect(b.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: 4.9,
      reviewCount: 127,
    })
  })

  it('serves the 14 page cities and the 11 also-serving communities', () => {
    const names = b.areaServed.map((a: { name: string }) => a.name)
    expect(names).toHaveLength(25)
    for (const c of CITY_PAGES) expect(names).toContain(c.name)
    for (const n of ALSO_SERVING) expect(names).toContain(n)
    expect(b.areaServed.every((a: { '@type': string }) => a['@type'] === 'City')).toBe(true)
  })

  it('lists its services', () => {
    const services = b.hasOfferCatalog.itemListElement.map(
      (o: { itemOffered: { name: string } }) => o.itemOffered.name,
    )
    expect(services).toEqual(
      expect.arrayContaining([
        'Roof Inspection',
        'Roof Repair',
        'Roof Replacement',
        'Hail Damage Repair',
        'Insurance Claims Assistance',
      ]),
    )
  })
})

describe('buildCityService', () => {
  it('is a Service provided by the business, in the city', () => {
    const s = roundTrip(buildCityService(cityByName('Denver'), SITE))
    expect(s['@type']).toBe('Service')
    expect(s.provider).toEqual({ '@id': `${SITE}/#business` })
    expect(s.areaServed).toMatchObject({ '@type': 'City', name: 'Denver' })
    expect(s.url).toBe(`${SITE}/service-areas/denver-co`)
    // A city with no neighborhoods in shared/service-areas.ts gets no invented ones.
    expect(s.areaServed.containsPlace).toBeUndefined()
    expect(s.hasOfferCatalog).toBeUndefined()
  })

  const expected: Record<string, string[]> = {
    Lafayette: ['Old Town', 'Indian Peaks', 'Baseline', 'Waneka Lake'],
    Louisville: ['Old Town', 'Coal Creek', 'Centennial Valley', 'Harper Lake'],
    Northglenn: ['Northgate', 'Brookshire', 'Coronado', 'Eastlake'],
    Parker: ['The Pinery', 'Stonegate', 'Meridian', 'Cottonwood', 'Newlin Gulch'],
    Superior: ['Rock Creek', 'Superior Meadows', 'Wildgrass', 'Coal Creek'],
  }
  for (const [name, neighborhoods] of Object.entries(expected)) {
    it(`${name} lists its neighbourhoods and four services named with the city`, () => {
      const s = roundTrip(buildCityService(cityByName(name), SITE))
      expect(s.areaServed.containsPlace.map((p: { name: string }) => p.name)).toEqual(neighborhoods)
      const offered = s.hasOfferCatalog.itemListElement.map(
        (o: { itemOffered: { name: string; provider: unknown } }) => o.itemOffered,
      )
      expect(offered.map((o: { name: string }) => o.name)).toEqual([
        `Roof Repair in ${name}`,
        `Roof Replacement in ${name}`,
        `Hail Damage Repair in ${name}`,
        `Insurance Claims Assistance in ${name}`,
      ])
      for (const o of offered) expect(o.provider).toEqual({ '@id': `${SITE}/#business` })
    })
  }

  it('only those five cities carry neighbourhoods', () => {
    const withHoods = CITY_PAGES.filter((c) => c.neighborhoods).map((c) => c.name)
    expect(withHoods.sort()).toEqual(Object.keys(expected).sort())
  })
})

describe('buildBreadcrumbs', () => {
  it('runs positions 1, 2, 3 with absolute URLs: Home > Service Areas > City', () => {
    const b = roundTrip(buildBreadcrumbs(cityBreadcrumbItems(cityByName('Castle Rock'), SITE)))
    expect(b['@type']).toBe('BreadcrumbList')
    expect(b.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Service Areas', item: `${SITE}/service-areas` },
      { '@type': 'ListItem', position: 3, name: 'Castle Rock', item: `${SITE}/service-areas/castle-rock-co` },
    ])
  })

  it('puts Central Park under /service-areas, not the old /locations path', () => {
    const b = roundTrip(buildBreadcrumbs(cityBreadcrumbItems(cityByName('Central Park'), SITE)))
    expect(b.itemListElement[2].item).toBe(`${SITE}/service-areas/central-park-co`)
    expect(JSON.stringify(b)).not.toContain('/locations/')
  })
})

describe('buildFaqPage', () => {
  it('turns question/answer records into Question entities', () => {
    const f = roundTrip(
      buildFaqPage([
        { question: 'Are inspections free?', answer: 'Yes.' },
        { question: 'Do you offer financing?', answer: 'Yes, ask us.' },
      ]),
    )
    expect(f['@type']).toBe('FAQPage')
    expect(f.mainEntity).toEqual([
      {
        '@type': 'Question',
        name: 'Are inspections free?',
        acceptedAnswer: { '@type': 'Answer', text: 'Yes.' },
      },
      {
        '@type': 'Question',
        name: 'Do you offer financing?',
        acceptedAnswer: { '@type': 'Answer', text: 'Yes, ask us.' },
      },
    ])
  })
})

describe('serializeJsonLd', () => {
  const hostile = {
    name: '</script><script>alert(1)</script>',
    note: '<!-- & --> \u2028 \u2029',
  }

  it('never lets a value close the script element or open a comment', () => {
    const out = serializeJsonLd(hostile)
    expect(out).not.toMatch(/[<>&\u2028\u2029]/)
    expect(out).not.toMatch(/<\/script/i)
    expect(out).toContain('\\u003c/script\\u003e')
    expect(out).toContain('\\u0026')
    expect(out).toContain('\\u2028')
    expect(out).toContain('\\u2029')
  })

  it('parses back to the original values', () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile)
  })

  it('escapes a business name from configuration', () => {
    const out = serializeJsonLd(buildBusiness({ ...DEFAULT_BUSINESS, name: 'A & B </script>' }, SITE))
    expect(out).not.toContain('</script>')
    expect(JSON.parse(out).name).toBe('A & B </script>')
  })
})
