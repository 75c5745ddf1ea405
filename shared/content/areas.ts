/** Lists of the area pages: the home page's hail cities, the services each city page links to, the claim in brief. */
import { FACTS } from '../business'
import { ROUTES } from '../routes'
import { cityByName } from '../service-areas'
import type { LinkCard } from './types'

/** The home page's three hail impact cards, each linking to its city page. */
export const HOME_HAIL_CITIES = ['Denver', 'Broomfield', 'Thornton'].map(cityByName)

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
