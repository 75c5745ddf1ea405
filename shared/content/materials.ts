/** Shingle classes shown on /roof-replacement (spec section 3, "Material"). */
import type { Material } from './types'
import { FACTS } from '../business'

export const SHINGLE_CLASSES: Material[] = [
  {
    name: '3-Tab Shingles',
    description: 'A flat, traditional look at the most economical price.',
    features: ['Budget-friendly', 'Uniform, classic appearance', 'Lighter weight'],
  },
  {
    name: 'Architectural Shingles',
    description: 'Thicker, layered shingles with a dimensional look and better wind resistance.',
    features: [
      'Dimensional, high-end look',
      'Higher wind ratings',
      `${FACTS.shingleWarrantyYears} year warranties`,
    ],
  },
  {
    name: 'Class 4 Impact-Resistant Shingles',
    description: "The highest impact rating available, built for Colorado's hail.",
    features: [
      'Withstands severe hail',
      `Premium reductions of up to ${FACTS.premiumReductionPercent}%`,
      'Longest-lasting protection',
    ],
  },
]
