/**
 * The source fields' names, bounds and formats (docs/attribution.md), without zod, so the
 * script layer can clean a landing page's values (shared/attribution.ts) without loading the
 * schema library. The lead-field table (shared/lead-fields.ts) builds its entries from these.
 */

/** The query parameters of a campaign, in the order a landing page's path keeps them. */
export const CAMPAIGN_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'fbclid',
] as const
type CampaignParam = (typeof CAMPAIGN_PARAMS)[number]

/** One touch: a visit's campaign values, referrer origin and landing page. */
export type TouchField = CampaignParam | 'referrer' | 'landing_page'
export const TOUCH_FIELDS: readonly TouchField[] = [...CAMPAIGN_PARAMS, 'referrer', 'landing_page']

/** A campaign value (utm_*) as ad platforms write them; longer is not a campaign name. */
const MAX_CAMPAIGN_VALUE = 200
/** Google's and Meta's click ids run to about 100 characters; twice that is generous. */
const MAX_CLICK_ID = 200
const MAX_ORIGIN = 200
/** A landing page: its path and the campaign part of its query. */
const MAX_PATH = 1000

/** What the text of a formatted field must match (an empty optional value always passes). */
export const TEXT_FORMATS = {
  email: /@/,
  path: /^\/[^\s]*$/,
  origin: /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/,
  'click-id': /^[A-Za-z0-9._~-]+$/,
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/,
} as const

/** One touch field: how a person names it, its longest value, its format. */
export interface TouchBounds {
  label: string
  max: number
  format?: 'click-id' | 'origin' | 'path'
}

/**
 * Each touch field. A Record over TouchField, so a parameter added to CAMPAIGN_PARAMS fails to
 * compile until it has its entry here; the lead-field table then has it (last and first touch)
 * and it needs only its two columns in a migration (docs/attribution.md).
 */
export const TOUCH_BOUNDS: Readonly<Record<TouchField, TouchBounds>> = {
  utm_source: { label: 'UTM source', max: MAX_CAMPAIGN_VALUE },
  utm_medium: { label: 'UTM medium', max: MAX_CAMPAIGN_VALUE },
  utm_campaign: { label: 'UTM campaign', max: MAX_CAMPAIGN_VALUE },
  utm_term: { label: 'UTM term', max: MAX_CAMPAIGN_VALUE },
  utm_content: { label: 'UTM content', max: MAX_CAMPAIGN_VALUE },
  gclid: { label: 'Google Ads click id (gclid)', max: MAX_CLICK_ID, format: 'click-id' },
  gbraid: { label: 'Google Ads app click id (gbraid)', max: MAX_CLICK_ID, format: 'click-id' },
  wbraid: { label: 'Google Ads web click id (wbraid)', max: MAX_CLICK_ID, format: 'click-id' },
  msclkid: { label: 'Microsoft Ads click id (msclkid)', max: MAX_CLICK_ID, format: 'click-id' },
  fbclid: { label: 'Facebook click id (fbclid)', max: MAX_CLICK_ID, format: 'click-id' },
  referrer: { label: 'Referrer', max: MAX_ORIGIN, format: 'origin' },
  landing_page: { label: 'Landing page', max: MAX_PATH, format: 'path' },
}
