/**
 * The spam evidence of one enquiry, scored: an enquiry scoring the threshold or more is held in
 * quarantine and never reaches the office (docs/spam.md). Pure: no I/O, no clock. The evidence
 * and the fields each rule reads are in evidence.ts, the signs are found by detectors.ts.
 *
 * Every rule is one entry of SPAM_RULES, with its points; a verdict lists the rules that
 * fired, each with a short text naming the field but never quoting what the homeowner wrote
 * (the text may reach a log line, the office's digest or the admin, and the fields are
 * personal data).
 *
 * The points are set so that no single sign a real homeowner can give (no JavaScript, one
 * link to photos, a phone number mistyped, an address without a house number, a name in
 * another script, a browser's autofill sending the form at once, an address or a mobile number
 * from another state) reaches DEFAULT_SPAM_THRESHOLD, while the usual bot gives several at
 * once. The corpora in tests/support (lead-corpus.ts, script-corpus.ts) hold the genuine and
 * the spam enquiries the table is tuned and measured on.
 */
import { ASKED_FIELD_NAMES } from '../../shared/lead-fields'
import {
  countLinks,
  folded,
  hasMarkup,
  isDisposableEmail,
  isSuspiciousCampaignValue,
  looksRandom,
  mostlyNonLatin,
  phoneKind,
  spamTopics,
} from './detectors'
import {
  ADDRESS,
  CAMPAIGN_FIELDS,
  CONTACT_FIELDS,
  EMAIL_FIELDS,
  FIRST_NAME,
  LAST_NAME,
  MESSAGE_FIELDS,
  NAME_FIELDS,
  PHONE_FIELDS,
  fieldWords,
  valueOf,
  type SpamEvidence,
  type TokenState,
} from './evidence'
import type { AreaCheck } from './service-area'

interface SpamReason {
  /** A key of SPAM_RULES. */
  code: string
  points: number
  /** What was seen, e.g. 'honeypot field filled', 'sent 0.4 s after the form was shown'. */
  text: string
}

export interface SpamVerdict {
  score: number
  reasons: SpamReason[]
}

export interface SpamRule {
  /** Points when the rule fires (per item for the counted rules). */
  points: number
  /** For counted rules: the most points the rule can give. */
  max?: number
  /** The rule in words, for the docs. */
  rule: string
}

/** An enquiry scoring this much or more is spam. */
export const DEFAULT_SPAM_THRESHOLD = 5

/**
 * Below this many milliseconds between showing the form and sending it, nobody typed it in:
 * five fields take a person well over ten seconds. A browser's autofill can fill them all and
 * a person can send at once, though, so speed is only 2 points: never enough alone to hold a
 * lead, nor with one more sign a homeowner may give (a foreign number, a photo link); a bot that
 * fast shows several. A headless browser that fills the form as it appears takes
 * a second or two (the form's island loads on its first focus), so the band is wider than
 * "instant".
 */
const INSTANT_MS = 3_000
/** Below this, a person in a hurry with autofill at most. */
const FAST_MS = 5_000

/**
 * The classifier's probability from which a text reads like a sales pitch, and the points:
 * the highest band first. Naive Bayes is sure of itself quickly, so the bands are high; the
 * points stop at 3, so the classifier alone never holds a lead.
 */
const PITCH_BANDS: readonly { from: number; points: number }[] = [
  { from: 0.99, points: 3 },
  { from: 0.95, points: 2 },
  { from: 0.85, points: 1 },
]

/** Every rule and its points: the one place they are set. */
export const SPAM_RULES = {
  honeypot: { points: 10, rule: 'the hidden honeypot field (`website`) is filled' },
  token_instant: { points: 2, rule: 'sent less than 3 s after the form was shown (valid form token)' },
  token_fast: { points: 1, rule: 'sent 3–5 s after the form was shown (valid form token)' },
  token_reused: {
    points: 3,
    rule: 'a form token another enquiry sent before (each form is sent once with its token)',
  },
  token_not_from_page: {
    points: 2,
    rule: 'a form token fetched without a page of this site asking for it (no same-origin fetch metadata, no Referer of this site)',
  },
  token_unrecorded: {
    points: 2,
    rule: 'a form token signed by this site that it has no record of issuing',
  },
  token_invalid: { points: 2, rule: 'a form token with a bad signature, malformed, or issued in the future' },
  token_missing: {
    points: 1,
    rule: 'no form token (a direct post, or the form sent without JavaScript), or one older than 24 h',
  },
  link_in_contact_field: {
    points: 5,
    rule: 'a link (http://, https://, www. or a bare domain such as example.com) in the name, phone or address',
  },
  markup: {
    points: 4,
    rule: 'HTML tags (<a, <script …) or BBCode ([url=, [link= …) in a field the form asks for',
  },
  suspicious_campaign_value: {
    points: 4,
    rule: 'a control character, markup or a link (http://, https://, www.) in a campaign (UTM) value',
  },
  links_in_message: { points: 2, max: 6, rule: 'links in the message: 2 points per link, at most 6' },
  spam_vocabulary: {
    points: 3,
    max: 9,
    rule: 'spam vocabulary in the message or the name: 3 points per distinct topic, at most 9',
  },
  sales_pitch: {
    points: 1,
    max: 3,
    rule: 'the text classifier reads the names and message as a sales pitch: 1 point from 85%, 2 from 95%, 3 from 99%',
  },
  random_name: {
    points: 3,
    rule: 'a name that looks random: no vowels, a long run of consonants, odd mixed case (xKjQwpZ, RobertKix), or more than 3 words',
  },
  same_first_and_last_name: { points: 2, rule: 'the first name is the last name (ignoring case)' },
  digits_in_name: { points: 2, rule: 'digits in the first or last name' },
  invalid_phone: {
    points: 2,
    rule: 'the phone number is no valid number: too few digits, or an area code or exchange that is not in use',
  },
  foreign_phone: {
    points: 2,
    rule: 'the phone number is valid but not North American (a country code other than 1)',
  },
  outside_service_area: {
    points: 2,
    rule: 'the address is in another state (by its ZIP code or the state it names), or in Colorado more than 50 miles from every city served',
  },
  address_without_number: { points: 1, rule: 'the address has no digit at all (no house number)' },
  disposable_email: { points: 2, rule: 'the e-mail address is at a disposable-mail domain' },
  non_latin_script: {
    points: 2,
    rule: 'the name or the message is mostly in a non-Latin script (Cyrillic, CJK …)',
  },
} as const satisfies Record<string, SpamRule>

type SpamRuleCode = keyof typeof SPAM_RULES

function seconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`
}

function reason(code: SpamRuleCode, text: string, points: number = SPAM_RULES[code].points): SpamReason {
  return { code, points, text }
}

function tokenReasons(token: TokenState): SpamReason[] {
  switch (token.state) {
    case 'valid': {
      const reasons: SpamReason[] = []
      if (token.elapsedMs < INSTANT_MS)
        reasons.push(reason('token_instant', `sent ${seconds(token.elapsedMs)} after the form was shown`))
      else if (token.elapsedMs < FAST_MS)
        reasons.push(reason('token_fast', `sent ${seconds(token.elapsedMs)} after the form was shown`))
      if (token.use === 'again')
        reasons.push(reason('token_reused', 'form token used before by another enquiry'))
      if (token.use === 'unrecorded')
        reasons.push(reason('token_unrecorded', 'form token this site has no record of issuing'))
      if (!token.fromPage)
        reasons.push(reason('token_not_from_page', 'form token fetched without a page of this site'))
      return reasons
    }
    case 'invalid':
      return [reason('token_invalid', 'form token invalid (bad signature, malformed or from the future)')]
    case 'expired':
      return [reason('token_missing', 'form token older than 24 h')]
    case 'missing':
      return [reason('token_missing', 'no form token (sent without the form)')]
  }
}

function list(words: readonly string[]): string {
  return words.join(', ')
}

function areaReason(area: AreaCheck | undefined): SpamReason | undefined {
  switch (area?.place) {
    case 'other-state':
      return reason('outside_service_area', `address in ${area.state}, outside Colorado`)
    case 'far':
      return reason('outside_service_area', `address ${area.miles} miles from the nearest city served`)
    default:
      return undefined
  }
}

function pitchReason(probability: number | null | undefined): SpamReason | undefined {
  if (probability === null || probability === undefined) return undefined
  const band = PITCH_BANDS.find((b) => probability >= b.from)
  if (!band) return undefined
  return reason('sales_pitch', 'reads like a sales pitch', Math.min(band.points, SPAM_RULES.sales_pitch.max))
}

/** The enquiry's spam score and the rules that gave it. */
export function scoreEnquiry(evidence: SpamEvidence): SpamVerdict {
  const { fields } = evidence
  const message = MESSAGE_FIELDS.map((name) => valueOf(fields, name)).join('\n')
  const reasons: SpamReason[] = []
  const add = (r: SpamReason | undefined) => {
    if (r && r.points > 0) reasons.push(r)
  }

  if (evidence.honeypot !== undefined && evidence.honeypot.trim() !== '')
    add(reason('honeypot', 'honeypot field filled'))

  tokenReasons(evidence.token).forEach(add)

  const linked = CONTACT_FIELDS.filter((name) => countLinks(valueOf(fields, name)) > 0)
  if (linked.length) add(reason('link_in_contact_field', `a link in the ${list(linked.map(fieldWords))}`))

  const marked = ASKED_FIELD_NAMES.filter((name) => hasMarkup(valueOf(fields, name)))
  if (marked.length) add(reason('markup', `markup in the ${list(marked.map(fieldWords))}`))

  const tampered = CAMPAIGN_FIELDS.filter((name) => isSuspiciousCampaignValue(valueOf(fields, name)))
  if (tampered.length)
    add(
      reason(
        'suspicious_campaign_value',
        `control characters, markup or a link in the ${list(tampered.map(fieldWords))}`,
      ),
    )

  const links = countLinks(message)
  if (links > 0) {
    const rule = SPAM_RULES.links_in_message
    add(
      reason(
        'links_in_message',
        `${links} link${links === 1 ? '' : 's'} in the message`,
        Math.min(rule.max, links * rule.points),
      ),
    )
  }

  const topics = spamTopics([...NAME_FIELDS.map((name) => valueOf(fields, name)), message].join('\n'))
  if (topics.length) {
    const rule = SPAM_RULES.spam_vocabulary
    add(
      reason(
        'spam_vocabulary',
        `spam vocabulary: ${list(topics)}`,
        Math.min(rule.max, topics.length * rule.points),
      ),
    )
  }

  add(pitchReason(evidence.spamProbability))

  const randomNames = NAME_FIELDS.filter((name) => looksRandom(valueOf(fields, name)))
  if (randomNames.length) add(reason('random_name', `the ${list(randomNames.map(fieldWords))} looks random`))

  if (folded(valueOf(fields, FIRST_NAME)).trim() === folded(valueOf(fields, LAST_NAME)).trim())
    add(reason('same_first_and_last_name', 'first name is the last name'))

  const numbered = NAME_FIELDS.filter((name) => /\p{N}/u.test(valueOf(fields, name)))
  if (numbered.length) add(reason('digits_in_name', `digits in the ${list(numbered.map(fieldWords))}`))

  const phones = PHONE_FIELDS.filter((name) => valueOf(fields, name).trim() !== '').map((name) => ({
    name,
    kind: phoneKind(valueOf(fields, name)),
  }))
  const invalid = phones.filter((p) => p.kind === 'invalid').map((p) => fieldWords(p.name))
  if (invalid.length) add(reason('invalid_phone', `${list(invalid)} is not a valid number`))
  const foreign = phones.filter((p) => p.kind === 'foreign').map((p) => fieldWords(p.name))
  if (foreign.length) add(reason('foreign_phone', `${list(foreign)} is not North American`))

  add(areaReason(evidence.area))
  if (!/\p{Nd}/u.test(valueOf(fields, ADDRESS)))
    add(reason('address_without_number', 'address has no house number'))

  const disposable = EMAIL_FIELDS.some((name) => isDisposableEmail(valueOf(fields, name)))
  if (disposable) add(reason('disposable_email', 'disposable e-mail domain'))

  const scripts: string[] = []
  if (mostlyNonLatin(NAME_FIELDS.map((name) => valueOf(fields, name)).join(' '))) scripts.push('name')
  if (mostlyNonLatin(message)) scripts.push('message')
  if (scripts.length) add(reason('non_latin_script', `${list(scripts)} mostly in a non-Latin script`))

  return { score: reasons.reduce((sum, r) => sum + r.points, 0), reasons }
}

/** Whether the verdict's score reaches the threshold. */
export function isSpam(verdict: SpamVerdict, threshold: number): boolean {
  return verdict.score >= threshold
}
