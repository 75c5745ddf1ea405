/** The service-area lists: hail cities on the home page, the communities, each city page's services and the claim in brief. */
import { FACTS } from '../business'
import { ROUTES } from '../routes'
import { ALSO_SERVING, CITY_PAGES, cityByName, type CityPage } from '../service-areas'
import type { Block, LinkCard } from './types'

/** The home page's three hail impact cards, each linking to its city page. */
export const HOME_HAIL_CITIES: Block<CityPage> = {
  eyebrow: '2025 storm season',
  title: 'Recent Hail Impact Near You',
  intro:
    'Large hail hit neighborhoods across the metro this year. If your area is listed, your roof may qualify for an insurance-covered replacement.',
  items: ['Denver', 'Broomfield', 'Thornton'].map(cityByName),
}

/** /service-areas: the communities with a page of their own, alphabetical. */
export const AREA_PAGES: Block<CityPage> = {
  eyebrow: `${FACTS.communitiesServed} communities served`,
  title: 'Roof Repair Near You',
  intro:
    'Pick your city for its 2025 hail history, the zip codes we cover and how we help with your insurance claim.',
  items: CITY_PAGES,
}

/** /service-areas: the communities served without a page of their own. */
export const ALSO_SERVING_AREAS: Block<string> = {
  eyebrow: 'Across the Front Range',
  title: 'Also Serving',
  intro: 'The same free inspection and insurance claim help, wherever you live in the metro area.',
  items: ALSO_SERVING,
}

/** 'Roofing Services in {City}': each card's title gets ' in {City}'. */
export const CITY_SERVICES: LinkCard[] = [
  {
    href: ROUTES.roofRepair.path,
    title: 'Roof Repair',
    text: 'Hail, wind and flashing repairs that stop leaks before they spread.',
  },
  {
    href: ROUTES.roofReplacement.path,
    title: 'Roof Replacement',
    text: `Full replacements with Class 4 impact-resistant shingles, typically in ${FACTS.installDaysServices}.`,
  },
  {
    href: ROUTES.hailDamage.path,
    title: 'Hail Damage Repair',
    text: `Learn the signs of hail damage and why acting within ${FACTS.stormPriorityHours} hours of a storm matters.`,
  },
  {
    href: ROUTES.insuranceClaims.path,
    title: 'Insurance Claims',
    text: 'We document the damage and meet your adjuster, so you pay just your deductible.',
  },
]

/** Beside the explainer video: a claim from inspection to walkthrough, in four lines. */
export const CLAIM_IN_BRIEF: string[] = [
  'A free, no-pressure inspection with photos of every sign of damage',
  'We meet your adjuster and make sure nothing is missed',
  `Your new roof is installed, typically in ${FACTS.installDaysServices}`,
  'You pay just your deductible; insurance covers the rest',
]
