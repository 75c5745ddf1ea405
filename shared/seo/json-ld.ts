/**
 * Structured data (JSON-LD) builders: pure functions of the business facts, the site URL
 * and the content records, so they are unit-tested without rendering: the business on every
 * page, and each city page's service and breadcrumbs.
 */
import { ADDRESS, GEO, HOURS_STRUCTURED, PRICE_RANGE, RATING, type BusinessConfig } from '../business'
import { ROUTES, cityPath } from '../routes'
import { ALSO_SERVING, CITY_PAGES, type CityPage } from '../service-areas'
import type { BreadcrumbItem, FaqItem } from '../content/types'

type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[]
export interface JsonLdObject {
  [key: string]: JsonLdValue
}

const CONTEXT = 'https://schema.org'

/** The 1200×630 share image; social sites do not render SVG. */
export const OG_IMAGE = { path: '/uploads/og/front-range-roofing-og.png', width: 1200, height: 630 } as const

export function ogImageUrl(siteUrl: string): string {
  return `${siteUrl}${OG_IMAGE.path}`
}

/** The one identifier every other block uses to point at the business. */
export function businessId(siteUrl: string): string {
  return `${siteUrl}/#business`
}

/** Absolute URL of a site path; the home page keeps its trailing slash. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path}`
}

/** Services the business offers site-wide. */
const SERVICES = [
  { name: 'Roof Inspection', path: ROUTES.roofInspection.path },
  { name: 'Roof Repair', path: ROUTES.roofRepair.path },
  { name: 'Roof Replacement', path: ROUTES.roofReplacement.path },
  { name: 'Hail Damage Repair', path: ROUTES.hailDamage.path },
  { name: 'Insurance Claims Assistance', path: ROUTES.insuranceClaims.path },
  { name: 'Solar Panel Detach & Reset', path: ROUTES.solarDetachReset.path },
] as const

/** The four services listed for a city with neighbourhoods, named with the city. */
function cityServiceNames(cityName: string): string[] {
  return [
    `Roof Repair in ${cityName}`,
    `Roof Replacement in ${cityName}`,
    `Hail Damage Repair in ${cityName}`,
    `Insurance Claims Assistance in ${cityName}`,
  ]
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

const colorado: JsonLdObject = { '@type': 'State', name: 'Colorado' }

function cityPlace(name: string, url?: string): JsonLdObject {
  return { '@type': 'City', name, ...(url ? { url } : {}), containedInPlace: colorado }
}

/** The business as a RoofingContractor; on every page. */
export function buildBusiness(business: BusinessConfig, siteUrl: string): JsonLdObject {
  return {
    '@context': CONTEXT,
    '@type': 'RoofingContractor',
    '@id': businessId(siteUrl),
    name: business.name,
    url: absoluteUrl(siteUrl, '/'),
    telephone: business.phone,
    email: business.email,
    image: ogImageUrl(siteUrl),
    logo: absoluteUrl(siteUrl, '/favicon.svg'),
    founder: { '@type': 'Person', name: business.ownerName },
    address: {
      '@type': 'PostalAddress',
      streetAddress: ADDRESS.street,
      addressLocality: ADDRESS.city,
      addressRegion: ADDRESS.region,
      postalCode: ADDRESS.postalCode,
      addressCountry: ADDRESS.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: GEO.latitude, longitude: GEO.longitude },
    openingHours: `${HOURS_STRUCTURED.days} ${HOURS_STRUCTURED.opens}-${HOURS_STRUCTURED.closes}`,
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: DAYS,
      opens: HOURS_STRUCTURED.opens,
      closes: HOURS_STRUCTURED.closes,
    },
    priceRange: PRICE_RANGE,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: RATING.value,
      reviewCount: RATING.count,
      bestRating: 5,
      worstRating: 1,
    },
    areaServed: [
      ...CITY_PAGES.map((c) => cityPlace(c.name, absoluteUrl(siteUrl, cityPath(c.slug)))),
      ...ALSO_SERVING.map((name) => cityPlace(name)),
    ],
    knowsAbout: SERVICES.map((s) => s.name),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Roofing Services',
      itemListElement: SERVICES.map((s) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: s.name, url: absoluteUrl(siteUrl, s.path) },
      })),
    },
  }
}

/** The Service a city page describes, provided by the business. */
export function buildCityService(city: CityPage, siteUrl: string): JsonLdObject {
  const pageUrl = absoluteUrl(siteUrl, cityPath(city.slug))
  const area: JsonLdObject = {
    '@type': 'City',
    name: city.name,
    containedInPlace: { '@type': 'AdministrativeArea', name: `${city.county}, Colorado` },
  }
  const service: JsonLdObject = {
    '@context': CONTEXT,
    '@type': 'Service',
    '@id': `${pageUrl}#service`,
    name: `Roof Repair ${city.name}`,
    serviceType: 'Roof Repair',
    description: city.description,
    url: pageUrl,
    provider: { '@id': businessId(siteUrl) },
    areaServed: area,
  }
  if (city.neighborhoods?.length) {
    area.containsPlace = city.neighborhoods.map((n) => ({ '@type': 'Place', name: n }))
    service.hasOfferCatalog = {
      '@type': 'OfferCatalog',
      name: `Roofing Services in ${city.name}`,
      itemListElement: cityServiceNames(city.name).map((name) => ({
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Service',
          name,
          provider: { '@id': businessId(siteUrl) },
          areaServed: { '@type': 'City', name: city.name },
        },
      })),
    }
  }
  return service
}

/** BreadcrumbList with positions from 1; item URLs must already be absolute. */
export function buildBreadcrumbs(items: BreadcrumbItem[]): JsonLdObject {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  }
}

/**
 * Home > Service Areas > City. Central Park's crumbs use its real path under
 * /service-areas (the earlier site's /locations/central-park was an error).
 */
export function cityBreadcrumbItems(city: CityPage, siteUrl: string): BreadcrumbItem[] {
  return [
    { name: ROUTES.home.label, url: absoluteUrl(siteUrl, ROUTES.home.path) },
    { name: ROUTES.serviceAreas.label, url: absoluteUrl(siteUrl, ROUTES.serviceAreas.path) },
    { name: city.name, url: absoluteUrl(siteUrl, cityPath(city.slug)) },
  ]
}

export function buildFaqPage(faqs: FaqItem[], pageUrl?: string): JsonLdObject {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    ...(pageUrl ? { url: pageUrl } : {}),
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  }
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

/**
 * JSON for an inline <script type="application/ld+json">: the characters that could end
 * the script element or open an HTML comment are written as JSON escapes, so a value such
 * as '</script>' stays data. JSON.parse gives back the original text.
 */
export function serializeJsonLd(data: JsonLdObject): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (ch) => UNSAFE_IN_SCRIPT[ch] ?? ch)
}
