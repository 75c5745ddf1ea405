/** /hail-report's cards: what the free Extreme Weather Report holds, why it helps, and its promises. */
import { FACTS } from '../business'
import { HAIL_2025_SUMMARY as HAIL, HAIL_IMPACT_2025, type CityPage } from '../service-areas'
import type { Block, ContentCard, TextCard } from './types'

/** 'What's Inside Your Report'. */
export const REPORT_CONTENTS: Block<ContentCard> = {
  eyebrow: 'Your free report',
  title: "What's Inside Your Report",
  intro: 'A clear, documented history of the storms that reached your roof.',
  items: [
    {
      icon: 'clock',
      title: 'Storm Timeline',
      text: `Every hail and severe storm that reached your address over the past ${FACTS.stormHistoryYears} years, in date order.`,
    },
    {
      icon: 'map-pin',
      title: 'Detailed Metrics',
      text: 'Hail size, wind speed and distance from your home for each storm, from NOAA data.',
    },
    {
      icon: 'shield',
      title: 'Insurance-Ready',
      text: 'Documentation laid out the way adjusters expect, ready to attach to your claim.',
    },
  ],
}

/** 'Why Get Your Weather Report?': four numbered reasons. */
export const REPORT_REASONS: Block<TextCard> = {
  eyebrow: 'Why it matters',
  title: 'Why Get Your Weather Report?',
  items: [
    {
      title: 'Exact Storm Dates',
      text: 'Insurers ask for the date of loss. Know exactly when hail hit your property.',
    },
    {
      title: 'Hail Size Data',
      text: 'Hail of one inch and larger can damage shingles. See the size that fell on your street.',
    },
    {
      title: 'Insurance Documentation',
      text: 'Independent weather records that support your claim and speed up the process.',
    },
    {
      title: 'Risk Assessment',
      text: 'Understand how often storms hit your area and whether your roof needs an inspection now.',
    },
  ],
}

/** The 14 hail impact cards of 2025, summed up in the intro. */
export const REPORT_HAIL_IMPACT: Block<CityPage> = {
  eyebrow: 'Storm data 2025',
  title: '2025 Hail Impact Across the Denver Metro',
  intro: `Hail from ${HAIL.smallestHail} to ${HAIL.largestHail} inches fell across our service area between ${HAIL.firstMonth} and ${HAIL.lastMonth} ${HAIL.year}.`,
  items: HAIL_IMPACT_2025,
}

/** The checked promises beside the request form. */
export const REPORT_PROMISES: string[] = [
  'Free, with no credit card required',
  `Delivered within ${FACTS.hailReportDeliveryHours} hours`,
  'Built from official NOAA storm data',
  `Storm history for the past ${FACTS.stormHistoryYears} years`,
  'Insurance-ready documentation',
]
