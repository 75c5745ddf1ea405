/**
 * The one route table: paths, navigation labels, sitemap groups and page titles.
 * Header, footer, /sitemap, /sitemap.xml and each page's +route.ts all read from here
 * (docs/routes.md). Add a page here first.
 */
import { CITY_PAGES } from './service-areas'
import { FACTS, HOURS_DISPLAY } from './business'

export type SitemapGroup = 'Main Pages' | 'Roofing Services' | 'Resources' | 'Service Areas' | 'Legal'

export interface RouteEntry {
  path: string
  /** Navigation label (several are fixed wording: docs/routes.md). */
  label: string
  /** <title>; the site name is appended by the layout. */
  title: string
  description: string
  /** Listed on /sitemap and /sitemap.xml. */
  sitemapGroup: SitemapGroup | null
  /** False for pages search engines must not index (/schedule-inspection). */
  indexable: boolean
}

const page = (
  path: string,
  label: string,
  title: string,
  description: string,
  sitemapGroup: SitemapGroup | null,
  indexable = true,
): RouteEntry => ({ path, label, title, description, sitemapGroup, indexable })

export const ROUTES = {
  home: page(
    '/',
    'Home',
    'Denver Hail Damage Roof Repair & Free Roof Inspections',
    `Hail or storm damage? Get a free roof inspection within ${FACTS.inspectionWindow}, help with your insurance claim, and a roof replaced for just your deductible across the Denver metro area.`,
    'Main Pages',
  ),
  about: page(
    '/about',
    'About',
    'About Us – A Different Kind of Roofer',
    'Meet the owner: an insurance-focused Denver roofer with no high-pressure sales, quality-first workmanship and clear communication from inspection to final walkthrough.',
    'Main Pages',
  ),
  contact: page(
    '/contact',
    'Contact',
    'Contact Us – Schedule a Free Roof Inspection',
    `Request a free roof inspection in the Denver metro area. We inspect within ${FACTS.inspectionWindow}, often the same day. Open ${HOURS_DISPLAY}.`,
    'Main Pages',
  ),
  residentialRoofing: page(
    '/residential-roofing',
    'Residential Roofing',
    'Residential Roofing Services in Denver',
    'Roof inspection, repair, replacement and solar detach & reset for Denver-area homes, with insurance claims handled so you pay just your deductible.',
    'Roofing Services',
  ),
  roofInspection: page(
    '/roof-inspection',
    'Roof Inspection',
    'Free Roof Inspection in Denver',
    `Free insurance claim, pre-purchase and annual maintenance roof inspections across the Denver metro area, scheduled within ${FACTS.inspectionWindow}.`,
    'Roofing Services',
  ),
  roofRepair: page(
    '/roof-repair',
    'Roof Repair',
    'Roof Repair – Hail, Wind & Flashing Damage',
    'Hail, wind and flashing repairs for Denver-area roofs, with a clear six-step process and honest advice on repair versus replacement.',
    'Roofing Services',
  ),
  roofReplacement: page(
    '/roof-replacement',
    'Roof Replacement',
    'Roof Replacement with Class 4 Impact-Resistant Shingles',
    `Full roof replacement in the Denver metro area, typically completed in ${FACTS.installDaysServices}, with impact-resistant shingles that can cut premiums by up to ${FACTS.premiumReductionPercent}%.`,
    'Roofing Services',
  ),
  solarDetachReset: page(
    '/solar-detach-reset',
    'Solar Detach & Reset',
    'Solar Panel Detach & Reset for Roof Work',
    'Safe removal, storage and reinstallation of solar panels during roof repair or replacement in the Denver metro area.',
    'Roofing Services',
  ),
  insuranceClaims: page(
    '/insurance-claims',
    'Insurance Claim Process',
    'Roof Insurance Claim Process – Step by Step',
    'How a hail or storm roof insurance claim works, from free inspection to final walkthrough, and why time limits on filing matter.',
    'Resources',
  ),
  resources: page(
    '/resources',
    'Resources',
    'Homeowner Roofing Resources',
    'Guides for Denver homeowners: hail damage, the insurance claim process, roofing FAQs and a free severe weather report for your address.',
    'Resources',
  ),
  hailDamage: page(
    '/hail-damage',
    'Hail Damage Guide',
    'Hail Damage Guide – Signs Your Roof Was Hit',
    `Learn the four signs of hail damage on a roof and why acting within ${FACTS.stormPriorityHours} hours of a storm gets you priority inspection.`,
    'Resources',
  ),
  hailReport: page(
    '/hail-report',
    'Extreme Weather Report',
    'Free Extreme Weather Report for Your Address',
    `Get a free hail and storm history report for your property: exact storm dates, hail sizes and insurance-ready documentation, delivered within ${FACTS.hailReportDeliveryHours} hours.`,
    'Resources',
  ),
  faqs: page(
    '/faqs',
    'Roof FAQs',
    'Roofing FAQs – Hail, Insurance & Replacement',
    'Answers to the 12 questions Denver homeowners ask most about roof replacement, insurance coverage, Class 4 shingles, cost, warranties and more.',
    'Resources',
  ),
  serviceAreas: page(
    '/service-areas',
    'Service Areas',
    'Roofing Service Areas Across the Denver Metro',
    'We serve homeowners across the Denver metro area, from Denver and Aurora to Castle Rock, Parker, Broomfield and Thornton.',
    'Service Areas',
  ),
  sitemap: page(
    '/sitemap',
    'Sitemap',
    'Sitemap',
    'Every page of our website in one place: services, resources, service areas and legal pages.',
    'Legal',
  ),
  privacy: page(
    '/privacy',
    'Privacy Policy',
    'Privacy Policy',
    'How we collect, use and protect the information you share when you request a roof inspection or weather report.',
    'Legal',
  ),
  terms: page(
    '/terms',
    'Terms of Service',
    'Terms of Service',
    'The terms that apply to our roofing estimates, work, payment, warranties, cancellations and disputes.',
    'Legal',
  ),
  scheduleInspection: page(
    '/schedule-inspection',
    'Schedule Inspection',
    'Thank You – Schedule Your Inspection',
    'Your request has been submitted. Pick a time for your free roof inspection.',
    null,
    false,
  ),
} as const satisfies Record<string, RouteEntry>

export function cityPath(slug: string): string {
  return `/service-areas/${slug}`
}

/** Route entries for the 14 city pages, generated from the service-area records. */
export const CITY_ROUTES: RouteEntry[] = CITY_PAGES.map((city) =>
  page(
    cityPath(city.slug),
    city.name,
    `Roof Repair ${city.name}, CO – Hail Damage & Insurance Claims`,
    `Hail damage roof repair and replacement in ${city.name}, Colorado. Free inspection within ${FACTS.inspectionWindow} and help with your insurance claim.`,
    'Service Areas',
  ),
)

/** Every page of the site, static pages first. */
export const ALL_ROUTES: RouteEntry[] = [...Object.values(ROUTES), ...CITY_ROUTES]

export const INDEXABLE_ROUTES: RouteEntry[] = ALL_ROUTES.filter((r) => r.indexable)

export function findRoute(path: string): RouteEntry | undefined {
  return ALL_ROUTES.find((r) => r.path === path)
}

export interface NavItem {
  href: string
  label: string
  children?: NavItem[]
}

const link = (r: RouteEntry): NavItem => ({ href: r.path, label: r.label })

/** Header navigation: three dropdowns (docs/routes.md). */
export const MAIN_NAV: NavItem[] = [
  link(ROUTES.home),
  {
    ...link(ROUTES.residentialRoofing),
    children: [
      ROUTES.residentialRoofing,
      ROUTES.roofInspection,
      ROUTES.roofRepair,
      ROUTES.roofReplacement,
      ROUTES.solarDetachReset,
    ].map(link),
  },
  {
    ...link(ROUTES.serviceAreas),
    children: [{ href: ROUTES.serviceAreas.path, label: 'All Service Areas' }, ...CITY_ROUTES.map(link)],
  },
  {
    ...link(ROUTES.resources),
    children: [
      ROUTES.resources,
      ROUTES.hailReport,
      ROUTES.hailDamage,
      ROUTES.insuranceClaims,
      ROUTES.faqs,
    ].map(link),
  },
  link(ROUTES.about),
  link(ROUTES.contact),
]

export const SITEMAP_GROUPS: SitemapGroup[] = [
  'Main Pages',
  'Roofing Services',
  'Resources',
  'Service Areas',
  'Legal',
]
