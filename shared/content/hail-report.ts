/** /hail-report's cards: what the free Extreme Weather Report holds, why it helps, and its promises. */
import { FACTS } from '../business'
import type { ContentCard, TextCard } from './types'

/** 'What's Inside Your Report'. */
export const REPORT_CONTENTS: ContentCard[] = [
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
]

/** 'Why Get Your Weather Report?': four numbered reasons. */
export const REPORT_REASONS: TextCard[] = [
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
]

/** The checked promises beside the request form. */
export const REPORT_PROMISES: string[] = [
  'Free, with no credit card required',
  `Delivered within ${FACTS.hailReportDeliveryHours} hours`,
  'Built from official NOAA storm data',
  `Storm history for the past ${FACTS.stormHistoryYears} years`,
  'Insurance-ready documentation',
]
