/** Shingle classes shown on /roof-replacement: name, description, features. */
import type { Block, Material } from './types'
import { FACTS } from '../business'

export const SHINGLE_CLASSES: Block<Material> = {
  eyebrow: 'Materials',
  title: 'Choose Your Shingles',
  intro: `Every option comes with manufacturer warranties of ${FACTS.shingleWarrantyServices}.`,
  items: [
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
      badge: 'Best for hail',
      features: [
        'Withstands severe hail',
        `Premium reductions of up to ${FACTS.premiumReductionPercent}%`,
        'Longest-lasting protection',
      ],
    },
  ],
}
