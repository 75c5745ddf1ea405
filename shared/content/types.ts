/** Static content records (spec section 3, "Static content records"). */

export interface Testimonial {
  name: string
  location: string
  neighborhood: string
  projectDate: string
  /** 1-5; the spec's testimonials are all 5. */
  rating: 1 | 2 | 3 | 4 | 5
  text: string
  image: string
}

export interface ProcessStep {
  step: number
  title: string
  description: string
}

export interface Material {
  name: string
  description: string
  features: string[]
}

export interface FaqItem {
  question: string
  answer: string
}

export interface BreadcrumbItem {
  name: string
  url: string
}

export interface StormCard {
  date: string
  hailSize: string
  severity: 'Severe' | 'Moderate'
  affectedAreas: string
}
