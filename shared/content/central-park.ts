/**
 * Central Park's storm tracker: storm cards (date, hail size, severity Severe or Moderate,
 * affected areas; every Central Park neighbourhood shares the zip code 80238) and the map. The
 * second card is a placeholder to confirm before launch (docs/content.md).
 */
import type { Block, StormCard } from './types'

export const CENTRAL_PARK_STORMS: Block<StormCard> = {
  eyebrow: 'Storm tracker',
  title: 'Central Park Storm History',
  intro:
    'Every Central Park neighborhood shares the 80238 zip code. These are the storms that hit it hardest.',
  items: [
    {
      date: '15 Jul 2025',
      hailSize: '2.5',
      severity: 'Severe',
      affectedAreas: 'All Central Park neighborhoods (80238)',
    },
    {
      date: '31 May 2024',
      hailSize: '1.5',
      severity: 'Moderate',
      affectedAreas: 'All Central Park neighborhoods (80238)',
    },
  ],
}

export const CENTRAL_PARK_MAP_IMAGE = '/uploads/areas/central-park-map.svg'
