/**
 * Business facts: one home for every fact about the company that the site shows.
 * Name, owner, phone, e-mail and booking page are configuration (core/platform/config/, with
 * placeholder defaults) and reach pages through pageContext; the rest are constants here.
 * docs/content.md says where every fact lives.
 */

/** What the operator configures (see .env.example). */
export interface BusinessConfig {
  name: string
  ownerName: string
  /** Display form, e.g. (303) 555-0142. */
  phone: string
  email: string
  /** The scheduling page of the inline booking widget on /schedule-inspection. */
  bookingUrl: string
}

export const DEFAULT_BUSINESS: BusinessConfig = {
  name: 'Front Range Roofing Co.',
  ownerName: 'Jake Miller',
  phone: '(303) 555-0142',
  email: 'info@frontrangeroofing.example',
  bookingUrl: 'https://calendly.com/frontrangeroofing/free-roof-inspection',
}

/** tel: link for a display phone number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  return `tel:${digits.startsWith('+') ? digits : `+1${digits}`}`
}

export function ownerFirstName(business: BusinessConfig): string {
  return business.ownerName.split(/\s+/)[0] ?? business.ownerName
}

/** Hours shown on the contact page and in the footer. */
export const HOURS_DISPLAY = 'Monday to Sunday, 9:00 AM to 7:00 PM'
/** Hours in structured data: they differ from the hours shown, and both are kept as given. */
export const HOURS_STRUCTURED = { days: 'Mo-Su', opens: '06:00', closes: '20:00' } as const

export const SERVICE_AREA_DISPLAY = 'Denver Metro Area, including all surrounding cities'

export const RATING = { value: 4.9, count: 127 } as const

/** Placeholder street address (not real; to confirm before launch). */
export const ADDRESS = {
  street: '1234 Example Street, Suite 100',
  city: 'Denver',
  region: 'CO',
  postalCode: '80202',
  country: 'US',
} as const

/** A fixed point in central Denver, 5 decimals (about a metre). */
export const GEO = { latitude: 39.73915, longitude: -104.98473 } as const

export const PRICE_RANGE = '$$'

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Google', href: 'https://www.google.com/maps' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const

/**
 * The eight national insurance carriers the site names as worked with; their names were not
 * given. The largest home insurers in Colorado, as placeholders: the
 * owner confirms or replaces them, like the other business facts.
 */
export const INSURANCE_CARRIERS = [
  'State Farm',
  'Allstate',
  'USAA',
  'Farmers',
  'American Family',
  'Liberty Mutual',
  'Travelers',
  'Nationwide',
] as const

const SHINGLE_WARRANTY_YEARS = '25-30'

/**
 * Numbers and durations quoted in the copy, so every page says the same and a change is one
 * line here. Pages and content records import these instead of typing the figure
 * (tests/unit/facts.test.ts fails on a hand-typed copy under client/ or shared/); docs/content.md
 * lists them.
 */
export const FACTS = {
  inspectionWindow: '24-48 hours',
  stormPriorityHours: 72,
  emergencyTarpHours: 24,
  hailReportDeliveryHours: 24,
  /** The phone call promised after a request, whether or not a time is booked. */
  callbackHours: 24,
  stormHistoryYears: 5,
  claimFilingLimit: 'one year (12 months)',
  claimProcessing: '2-4 weeks',
  installDaysServices: '1-2 days',
  installDaysFaq: '1-3 days',
  costRange: '$12,000 to $25,000',
  homeValueAdd: '$15,000',
  repairAgeYears: 10,
  repairCostThresholdPercent: 25,
  inspectAgeYears: 15,
  /** The range alone, for "25-30 year warranties". */
  shingleWarrantyYears: SHINGLE_WARRANTY_YEARS,
  shingleWarrantyServices: `${SHINGLE_WARRANTY_YEARS} years`,
  manufacturerWarrantyFaq: '25-50 years',
  premiumReductionPercent: 28,
  cancellationNoticeHours: 24,
  insuranceCarrierCount: INSURANCE_CARRIERS.length,
  coloradoHailStormsPerYear: 100,
  /**
   * Communities served, as the product states it: the service-area lists name 14 cities with a
   * page and 11 more (25), and both figures are kept.
   */
  communitiesServed: 24,
  /** The storm seasons the area pages speak of. */
  stormSeasons: '2024-2025',
  /** Privacy policy: enquiries that lead to no work are deleted after this long. */
  enquiryRetentionMonths: 24,
  /** Privacy policy: how soon a request about personal information is answered. */
  privacyAnswerDays: 30,
  /** Terms: how long an estimate stays valid. */
  estimateValidDays: 30,
} as const
