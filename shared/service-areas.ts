/**
 * Service areas (/service-areas and /service-areas/{city}-co, docs/routes.md) and the
 * 2025 hail impact data. One record per city drives its page, its
 * navigation link, its sitemap entry, its hail card and its structured data.
 */

interface HailImpact {
  /** Storm date as shown on the cards. */
  storm: string
  /** ISO date of the storm, for structured data and sorting. */
  stormDate: string
  /** Hail size in inches, as text ('1.75'), as the cards show it. */
  hailSize: string
  description: string
}

export interface CityPage {
  name: string
  /** Lowercase city name, spaces to hyphens, plus '-co' (docs/routes.md). */
  slug: string
  county: string
  zipcodes: string
  description: string
  image: string
  hail: HailImpact
  /** Neighbourhoods named on the page and in its structured data (five cities list them). */
  neighborhoods?: string[]
}

function toCitySlug(name: string): string {
  return `${name.toLowerCase().replace(/\s+/g, '-')}-co`
}

const city = (
  name: string,
  county: string,
  zipcodes: string,
  description: string,
  hail: Omit<HailImpact, 'description'> & { description?: string },
  neighborhoods?: string[],
): CityPage => ({
  name,
  slug: toCitySlug(name),
  county,
  zipcodes,
  description,
  image: `/uploads/areas/${toCitySlug(name)}.svg`,
  hail: {
    ...hail,
    description:
      hail.description ??
      `${hail.hailSize}-inch hail struck ${name} neighborhoods, cracking shingles, stripping granules and denting gutters.`,
  },
  ...(neighborhoods ? { neighborhoods } : {}),
})

/** The 14 communities with their own page, alphabetical as on /service-areas. */
export const CITY_PAGES: CityPage[] = [
  city(
    'Aurora',
    'Arapahoe County',
    '80010, 80011, 80012, 80013, 80014, 80015, 80016, 80017',
    "Colorado's third-largest city sits in the heart of hail alley; many Aurora roofs have taken more than one storm since 2024.",
    {
      storm: '15 Jun 2025',
      stormDate: '2025-06-15',
      hailSize: '2.0',
      description:
        'Golf-ball-size hail swept across south and east Aurora, bruising shingles and shredding window screens.',
    },
  ),
  city(
    'Brighton',
    'Adams County',
    '80601, 80602, 80603',
    'Open plains leave Brighton homes exposed to wind-driven hail that tears shingles and damages siding.',
    {
      storm: '8 Jul 2025',
      stormDate: '2025-07-08',
      hailSize: '1.75',
      description:
        'Wind-driven hail hit Brighton from the northwest, stripping granules and denting siding and gutters.',
    },
  ),
  city(
    'Broomfield',
    'Broomfield County',
    '80020, 80021, 80023',
    'Broomfield saw some of the largest hail of the 2025 season, with stones over two inches across.',
    {
      storm: '22 May 2025',
      stormDate: '2025-05-22',
      hailSize: '2.25',
      description:
        'Stones over two inches fell across Broomfield, cracking shingles and puncturing skylights.',
    },
  ),
  city(
    'Castle Rock',
    'Douglas County',
    '80104, 80108, 80109',
    'Castle Rock storms bring frequent smaller hail that wears roofs down over several seasons.',
    {
      storm: '20 Jun 2025',
      stormDate: '2025-06-20',
      hailSize: '1.0',
      description:
        'Pea-to-quarter-size hail wore down older Castle Rock roofs already aged by years of summer storms.',
    },
  ),
  city(
    'Central Park',
    'Denver County',
    '80238',
    "Denver's Central Park neighborhood took the largest hail of 2025 in our service area.",
    {
      storm: '15 Jul 2025',
      stormDate: '2025-07-15',
      hailSize: '2.5',
      description:
        'The largest hail of the season: 2.5-inch stones cracked shingles and tiles across every Central Park neighborhood.',
    },
  ),
  city(
    'Commerce City',
    'Adams County',
    '80022, 80640',
    'Commerce City homes sit on the path of storms that build over the northeast plains.',
    {
      storm: '10 Jun 2025',
      stormDate: '2025-06-10',
      hailSize: '1.5',
      description: 'Quarter-to-ping-pong-size hail dented vents, gutters and shingles across Commerce City.',
    },
  ),
  city(
    'Denver',
    'Denver County',
    '80202, 80205, 80206, 80207, 80209, 80210, 80211, 80212, 80218, 80219, 80220, 80222, 80223, 80224, 80230, 80231, 80237, 80238, 80239',
    'From older bungalows to new builds, Denver roofs take the brunt of hail season every summer.',
    {
      storm: '15 Jun 2025',
      stormDate: '2025-06-15',
      hailSize: '2.0',
      description:
        'A fast-moving cell dropped two-inch hail from Stapleton to Washington Park, cracking shingles and denting vents.',
    },
  ),
  city(
    'Erie',
    'Weld and Boulder Counties',
    '80516, 80026',
    'Erie’s fast-growing neighborhoods saw widespread shingle bruising in the July 2025 storm.',
    {
      storm: '12 Jul 2025',
      stormDate: '2025-07-12',
      hailSize: '1.25',
      description: "Hail up to 1.25 inches bruised shingles across Erie's newer subdivisions.",
    },
  ),
  city(
    'Lafayette',
    'Boulder County',
    '80026',
    'Lafayette homes near the foothills face sudden storms that drop hail with little warning.',
    {
      storm: '28 Jun 2025',
      stormDate: '2025-06-28',
      hailSize: '1.75',
      description: 'Lafayette took 1.75-inch hail that split shingles and knocked out gutter sections.',
    },
    ['Old Town', 'Indian Peaks', 'Baseline', 'Waneka Lake'],
  ),
  city(
    'Louisville',
    'Boulder County',
    '80027',
    'Louisville roofs took hail and high wind together in early July 2025.',
    {
      storm: '5 Jul 2025',
      stormDate: '2025-07-05',
      hailSize: '1.5',
      description: 'Hail and high wind together lifted shingles and dented flashing across Louisville.',
    },
    ['Old Town', 'Coal Creek', 'Centennial Valley', 'Harper Lake'],
  ),
  city(
    'Northglenn',
    'Adams County',
    '80233, 80234, 80260',
    'Two-inch hail hit Northglenn in June 2025, denting vents, gutters and shingles across town.',
    {
      storm: '25 Jun 2025',
      stormDate: '2025-06-25',
      hailSize: '2.0',
      description:
        'Two-inch hail left Northglenn roofs with cracked shingles, dented vents and damaged gutters.',
    },
    ['Northgate', 'Brookshire', 'Coronado', 'Eastlake'],
  ),
  city(
    'Parker',
    'Douglas County',
    '80134, 80138',
    'Parker’s higher elevation means intense summer storms and hail that cracks older shingles.',
    {
      storm: '3 Jul 2025',
      stormDate: '2025-07-03',
      hailSize: '1.75',
      description: "Parker's storm dropped 1.75-inch hail that cracked older shingles and damaged skylights.",
    },
    ['The Pinery', 'Stonegate', 'Meridian', 'Cottonwood', 'Newlin Gulch'],
  ),
  city(
    'Superior',
    'Boulder County',
    '80027',
    'Superior homeowners rebuilding and maintaining roofs need work that stands up to Front Range weather.',
    {
      storm: '20 Jul 2025',
      stormDate: '2025-07-20',
      hailSize: '1.25',
      description:
        'Superior saw 1.25-inch hail that stripped granules from shingles across Rock Creek and Wildgrass.',
    },
    ['Rock Creek', 'Superior Meadows', 'Wildgrass', 'Coal Creek'],
  ),
  city(
    'Thornton',
    'Adams County',
    '80229, 80233, 80241, 80602, 80603',
    'Thornton was hit by 2.25-inch hail in June 2025, one of the season’s most damaging storms.',
    {
      storm: '18 Jun 2025',
      stormDate: '2025-06-18',
      hailSize: '2.25',
      description:
        "Thornton took 2.25-inch hail, among the season's most damaging, cracking shingles across town.",
    },
  ),
]

/** Communities served without their own page: the 'Also Serving' cards. */
export const ALSO_SERVING: string[] = [
  'Arvada',
  'Boulder',
  'Centennial',
  'Englewood',
  'Golden',
  'Greenwood Village',
  'Ken Caryl',
  'Lakewood',
  'Littleton',
  'Longmont',
  'Westminster',
]

export function findCity(slug: string): CityPage | undefined {
  return CITY_PAGES.find((c) => c.slug === slug)
}

export function cityByName(name: string): CityPage {
  const found = CITY_PAGES.find((c) => c.name === name)
  if (!found) throw new Error(`Unknown city: ${name}`)
  return found
}

/** The 2025 hail impact cards of /hail-report, in the order the product lists them (not alphabetical). */
export const HAIL_IMPACT_2025: CityPage[] = [
  'Brighton',
  'Broomfield',
  'Central Park',
  'Denver',
  'Aurora',
  'Castle Rock',
  'Commerce City',
  'Erie',
  'Lafayette',
  'Louisville',
  'Northglenn',
  'Parker',
  'Superior',
  'Thornton',
].map(cityByName)

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** The smallest and largest hail and the first and last storm month of a set of cards, for copy that sums them up. */
function summariseHail(cities: CityPage[]) {
  const sizes = cities.map((c) => Number(c.hail.hailSize))
  const dates = cities.map((c) => c.hail.stormDate).sort()
  const month = (iso: string) => MONTHS[Number(iso.slice(5, 7)) - 1]
  const first = dates[0] ?? ''
  const last = dates[dates.length - 1] ?? ''
  return {
    /** Inches with one decimal, e.g. '1.0'. */
    smallestHail: Math.min(...sizes).toFixed(1),
    largestHail: Math.max(...sizes).toFixed(1),
    firstMonth: month(first),
    lastMonth: month(last),
    year: last.slice(0, 4),
  }
}

export const HAIL_2025_SUMMARY = summariseHail(HAIL_IMPACT_2025)
