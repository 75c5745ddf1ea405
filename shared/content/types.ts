/** Static content records and the blocks that show them (docs/content.md). */

/** The icons a content record may name; client/components/ui/icon-paths.tsx draws each. */
export type IconName =
  | 'phone'
  | 'mail'
  | 'map-pin'
  | 'clock'
  | 'chevron-down'
  | 'menu'
  | 'close'
  | 'check'
  | 'arrow-right'
  | 'shield'
  | 'star'
  | 'facebook'
  | 'instagram'
  | 'google'
  | 'youtube'
  | 'play'
  | 'search'
  | 'wrench'
  | 'home'
  | 'sun'
  | 'shield-check'
  | 'hail'
  | 'wind'
  | 'flashing'
  | 'clipboard'
  | 'handshake'
  | 'award'
  | 'message'
  | 'dollar'
  | 'broom'
  | 'calendar'
  | 'heart'
  | 'bolt'
  | 'warehouse'
  | 'file'
  | 'alert'

export interface Testimonial {
  name: string
  location: string
  neighborhood: string
  projectDate: string
  /** 1-5; every testimonial shown is a 5. */
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
  /** Marks the class we recommend, with this label. */
  badge?: string
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

/** A card of a grid: a title, a line of text, an icon and, when the card is a link, where it leads. */
export interface ContentCard {
  title: string
  text: string
  icon: IconName
  href?: string
}

/** A card with a title and a line of text only (numbered cards). */
export type TextCard = Pick<ContentCard, 'title' | 'text'>

/** A card that is a link. */
export type LinkCard = TextCard & { href: string }

/** One figure of a band of key facts: the value and what it measures. */
export interface KeyFact {
  value: string
  label: string
}

/** A photo of the work with its caption. */
export interface WorkPhoto {
  src: string
  alt: string
  caption: string
}

/** A section's heading: the eyebrow above the h2, the h2, and the sentence under it. */
export interface SectionCopy {
  eyebrow: string
  title: string
  intro?: string
}

/** A section of the content pages: its heading and the records it shows (cards, steps, questions). */
export type Block<T> = SectionCopy & { items: T[] }
