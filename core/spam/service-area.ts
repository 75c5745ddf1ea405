/**
 * Whether an address lies in the service area, from what it says, without asking anyone: the
 * ZIP code it ends with (core/platform/geography.ts, with the same data the weather report
 * places a home by), else a state named at its end. No outside geocoder is called:
 * this runs on every enquiry in the web process, which makes no network calls of its own.
 *
 * The answer is evidence for the spam score (core/spam/rules.ts), never a verdict: a
 * homeowner may write the address of a rental or of a parent's house, or mistype a ZIP code.
 * What cannot be placed (no ZIP code, no state, a ZIP code the data does not know) is
 * `unknown` and scores nothing.
 */
import { servedCities, SERVICE_STATE, distanceMi, findZipCode } from '../platform/geography'

/**
 * Farther than this from the centre of every city served is outside the area though in
 * Colorado (Grand Junction, Pueblo, Durango). Generous: the cities named are the centres of a
 * metro area whose edges, and the towns between them, are served too.
 */
const FAR_MILES = 50

export type AreaCheck =
  | { place: 'inside' }
  | { place: 'unknown' }
  /** The two-letter state the address is in, by its ZIP code or the state it names. */
  | { place: 'other-state'; state: string }
  /** In Colorado, this many miles from the nearest city served. */
  | { place: 'far'; miles: number }

/** The centre of each city served that the ZIP code table can place. */
const cityCentres = () => servedCities().flatMap((city) => (city.centre ? [city.centre] : []))

/** The states and territories with their postal codes, for a state named in full. */
const STATE_NAMES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
}
const STATE_CODES = new Set(Object.values(STATE_NAMES))

/**
 * A state named where an address names it: at its end, before a ZIP code or "USA" if any. A
 * code counts only in capitals after a comma or a space ("San Jose, CA"), so words such as
 * "in", "me" or "or" are never read as one; a name only at the very end, so "Colorado Blvd" or
 * "Washington St" is a street.
 */
function stateNamed(address: string): string | undefined {
  const end = address
    .trim()
    .replace(/[\s,.]*(?:u\.?s\.?a?\.?|united states(?: of america)?)$/i, '')
    .replace(/[\s,]*(?<!\d)\d{5}(?:-\d{4})?$/, '')
    .replace(/[\s,.]+$/, '')
  const code = /(?:^|[\s,])([A-Z]{2})$/.exec(end)?.[1]
  if (code && STATE_CODES.has(code)) return code
  const lower = end.toLowerCase()
  for (const [name, abbreviation] of Object.entries(STATE_NAMES))
    if (lower === name || new RegExp(`[\\s,]${name.replace(/ /g, '\\s+')}$`).test(lower)) return abbreviation
  return undefined
}

/** Where the address lies, as far as its ZIP code or state tells. */
export function checkServiceArea(address: string): AreaCheck {
  const found = findZipCode(address)
  if (found) {
    if (found.state !== SERVICE_STATE) return { place: 'other-state', state: found.state }
    const nearest = Math.min(...cityCentres().map((centre) => distanceMi(found, centre)))
    return nearest > FAR_MILES ? { place: 'far', miles: Math.round(nearest) } : { place: 'inside' }
  }
  const state = stateNamed(address)
  if (state === undefined) return { place: 'unknown' }
  return state === SERVICE_STATE ? { place: 'inside' } : { place: 'other-state', state }
}
