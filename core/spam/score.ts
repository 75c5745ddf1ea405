/**
 * The spam evidence of one enquiry, scored: an enquiry scoring the threshold or more is held in
 * quarantine and never reaches the office (docs/spam.md). Pure: no I/O, no clock. What needs
 * the database or a trained model is found beforehand and arrives here as evidence: the form
 * token's state (form-token.ts and core/db/form-tokens.ts), where the address lies
 * (core/spam/service-area.ts) and the text classifier's probability (core/spam/classifier.ts).
 *
 * Every rule is one entry of SPAM_RULES, with its points; a verdict lists the rules that
 * fired, each with a short text naming the field but never quoting what the homeowner wrote
 * (the text may reach a log line, the office's digest or the admin, and the fields are
 * personal data). Which field a rule reads comes from the lead-field table
 * (shared/lead-fields.ts): the names by their autocomplete, the phone by its input type, the
 * e-mail address by its format, the message by its lines, the campaign values as the source
 * fields of free text.
 *
 * The points are set so that no single sign a real homeowner can give (no JavaScript, one
 * link to photos, a phone number mistyped, an address without a house number, a name in
 * another script, a browser's autofill sending the form at once, an address or a mobile number
 * from another state) reaches DEFAULT_SPAM_THRESHOLD, while the usual bot gives several at
 * once. The corpora in tests/support (lead-corpus.ts, script-corpus.ts) hold the genuine and
 * the spam enquiries the table is tuned and measured on.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import {
  ASKED_FIELD_NAMES,
  LEAD_FIELDS,
  SOURCE_FIELD_NAMES,
  type AskedFieldName,
  type LeadFieldName,
  type LeadFieldSpec,
  type LeadFieldValues,
} from '../../shared/lead-fields'
import type { TokenUse } from './form-token-store'
import type { AreaCheck } from './service-area'

/**
 * The form token as checked (form-token.ts) and used (core/db/form-tokens.ts, which says what
 * each `use` means).
 */
export type TokenState =
  /**
   * Signed by this site: `elapsedMs` between the form being shown and the submission; whether
   * the token was fetched by a page of this site (its request carried same-origin fetch
   * metadata or this site's Referer, as a browser's fetch from the page does).
   */
  | { state: 'valid'; elapsedMs: number; use: TokenUse; fromPage: boolean }
  /** No token sent (plain curl, a form posted without JavaScript): not spam by itself. */
  | { state: 'missing' }
  /** Bad signature, garbage, or issued in the future. */
  | { state: 'invalid' }
  /** Validly signed but older than FORM_TOKEN_MAX_AGE_MS: scored as missing. */
  | { state: 'expired' }

/**
 * The fields scored: every field of the lead-field table, as the schema passes them (a required
 * field always, an optional one when sent).
 */
type SpamFields = LeadFieldValues

export interface SpamEvidence {
  fields: SpamFields
  /** The honeypot input's value (the `website` field) as sent; undefined or '' when empty. */
  honeypot?: string
  token: TokenState
  /** Where the address lies (core/spam/service-area.ts); absent: not checked, no points. */
  area?: AreaCheck
  /**
   * The text classifier's probability that the names and message are spam
   * (core/spam/classifier.ts); absent or null: it could not tell, no points.
   */
  spamProbability?: number | null
}

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

/** Disposable-mail domains (and their subdomains). */
const DISPOSABLE_EMAIL_DOMAINS: readonly string[] = [
  'mailinator.com',
  'guerrillamail.com',
  'guerrillamail.net',
  'guerrillamailblock.com',
  'grr.la',
  'sharklasers.com',
  '10minutemail.com',
  '10minutemail.net',
  'yopmail.com',
  'yopmail.net',
  'tempmail.com',
  'temp-mail.org',
  'tempmail.net',
  'tempmailo.com',
  'trashmail.com',
  'trashmail.de',
  'getnada.com',
  'dispostable.com',
  'maildrop.cc',
  'mailnesia.com',
  'mintemail.com',
  'fakeinbox.com',
  'throwawaymail.com',
  'emailondeck.com',
  'spamgourmet.com',
  'mohmal.com',
  'mailcatch.com',
  'moakt.com',
  'burnermail.io',
]

/** Spam topics: 3 points each, counted once however often they come up. */
const SPAM_TOPICS: readonly { topic: string; pattern: RegExp }[] = [
  {
    topic: 'SEO',
    pattern:
      /\bseo\b|\bback-?links?\b|\bsearch engine (?:optimi[sz]ation|rankings?)\b|\b(?:google|search) rankings?\b|\brank(?:ing)? (?:higher|first|#1|number one|on google|your (?:web)?site)\b|\b(?:first|1st|top) page (?:of|on|in) google\b|\bpage one of google\b|\bdomain authority\b|\bgoogle (?:business profile|my business|maps) (?:ranking|optimi[sz]ation|listing)s?\b|\bmap pack\b|\bserps?\b/,
  },
  {
    topic: 'crypto and investments',
    pattern:
      /\bcrypto|\bbitcoins?\b|\bbtc\b|\bethereum\b|\busdt\b|\bforex\b|\bblockchain\b|\binvestment (?:returns?|opportunit)|\bpassive income\b|\btrading (?:platform|bot|signals)\b|\bguaranteed (?:returns?|profits?)\b/,
  },
  {
    topic: 'gambling',
    pattern: /\bcasinos?\b|\bbetting\b|\bsportsbook\b|\bpoker\b|\bjackpot\b|\bgambling\b/,
  },
  {
    topic: 'pharmacy',
    pattern: /\bviagra\b|\bcialis\b|\blevitra\b|\bpharmacy\b|\bpharmacies\b|\bweight loss pills?\b/,
  },
  {
    topic: 'loans and credit',
    pattern:
      /\b(?:business|personal|payday|instant|quick) loans?\b|\bloan offers?\b|\bcredit repair\b|\bfix your credit\b|\bmerchant cash advance\b|\bbusiness funding\b|\bworking capital\b|\bdebt (?:relief|consolidation)\b/,
  },
  {
    topic: 'web design',
    pattern:
      /\bweb ?(?:site)? ?(?:design|development|developer|designer)s?\b|\bredesign(?:ing)? (?:of )?your (?:web)?site\b|\bapp development\b|\bwordpress\b/,
  },
  {
    topic: 'guest posts',
    pattern:
      /\bguest[- ]?post(?:s|ing)?\b|\bsponsored (?:post|article)s?\b|\blink (?:building|exchange|insertion)s?\b|\barticle placement\b/,
  },
  {
    topic: 'traffic',
    pattern:
      /\b(?:increase|boost|drive|more|targeted|organic|website|web) traffic\b|\bonline (?:presence|visibility)\b/,
  },
  {
    topic: 'lead generation',
    pattern:
      /\blead generation\b|\bgenerate (?:more )?leads\b|\b(?:more|qualified|pre-qualified|exclusive|guaranteed|roofing) (?:roofing )?(?:leads|appointments)\b|\bappointment setting\b/,
  },
  { topic: 'virtual assistants', pattern: /\bvirtual assistants?\b|\boutsourc(?:e|ing)\b|\boffshore team\b/ },
  {
    topic: 'marketing',
    pattern:
      /\bdigital marketing\b|\bsocial media (?:marketing|management|followers|presence)\b|\bmarketing (?:agency|services|strategy)\b|\bexplainer videos?\b|\b(?:buy|get more|boost your|generate) (?:5[- ]star |google )?reviews\b|\bai (?:chatbot|receptionist|agent|voice agent|automation)s?\b|\bchatbots?\b/,
  },
  {
    topic: 'Dear Sir/Madam',
    pattern: /\bdear (?:sir|madam|sir\/madam|sir or madam|business owner|website owner|site owner)\b/,
  },
  {
    topic: 'unsubscribe',
    pattern: /\bunsubscribe\b|\bopt[- ]out\b|\breply (?:with )?["'“]?(?:stop|remove|no|unsubscribe)\b/,
  },
]

/**
 * Top-level domains a bare domain ("example.com", "bit.ly/x") is recognised by. English words
 * (me, us, to, in, co, live …) are left out: a homeowner who forgets the space after a full stop
 * ("leaking.me and my wife") is not sending a link.
 */
const BARE_DOMAIN_TLDS =
  'com|net|org|info|biz|io|ly|ru|su|ua|pl|de|uk|eu|cn|ca|tk|ml|ga|cf|gq|icu|cc|ws|gl|gd|ai|dev|xyz|top|online|site|website|space|tech|store|shop|club|vip'
/** http://, https://, www. and what follows them. */
const URL_LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'[\]]+/g
/** The same, to test for one (a global pattern keeps its place between tests). */
const URL_LINK_TEST = new RegExp(URL_LINK.source)
/** A domain name not preceded by @ or another name part, ending with one of the TLDs. */
const BARE_DOMAIN = new RegExp(
  `(?<![\\w@.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:${BARE_DOMAIN_TLDS})\\b(?:/[^\\s<>"']*)?`,
  'g',
)
/** E-mail addresses, which are not links. */
const EMAIL_ADDRESS = /[^\s@<>"'()[\]]+@[^\s@<>"'()[\]]+\.[a-z]{2,}/g
/** "example[.]com", "example (dot) com": what a link looks like when dressed up to get past a filter. */
const DRESSED_DOT = /\s?[[(]\s?(?:\.|dot)\s?[\])]\s?/g

const MARKUP =
  /<\s*\/?\s*(?:a|script|iframe|img|div|span|p|b|i|u|strong|em|br|font|h[1-6]|ul|ol|li|table|style|link|meta|form|input|object|embed|svg)\b[^<>]*>|<\s*(?:a\s+href|script|iframe)\b|\[\s*\/?\s*(?:url|link|img|b|i|u|color|size|quote|email)\b[^\]]*\]/

/** Lower case after NFKC, so fullwidth and "mathematical" letters read as the plain ones. */
function folded(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

/** The links in a text: URLs, www. addresses and bare domains; e-mail addresses are not links. */
export function countLinks(text: string): number {
  let rest = folded(text).replace(DRESSED_DOT, '.').replace(EMAIL_ADDRESS, ' ')
  const urls = rest.match(URL_LINK)?.length ?? 0
  rest = rest.replace(URL_LINK, ' ')
  const bare = rest.match(BARE_DOMAIN)?.length ?? 0
  return urls + bare
}

/** Name particles that do not count as words ("María de los Ángeles", "van der Berg"). */
const NAME_PARTICLES = new Set([
  'de',
  'del',
  'della',
  'la',
  'las',
  'los',
  'le',
  'les',
  'da',
  'das',
  'do',
  'dos',
  'di',
  'du',
  'van',
  'von',
  'der',
  'den',
  'ter',
  'ten',
  'y',
  'e',
  'bin',
  'bint',
  'al',
  'el',
  'st',
  'st.',
  'jr',
  'jr.',
  'sr',
  'sr.',
  'ii',
  'iii',
  'iv',
])
/** Beginnings after which a capital is ordinary: McKenzie, MacArthur, DeShawn, LaToya, VanDyke, FitzGerald. */
const CAPITAL_AFTER = /^(?:mc|mac|fitz|van|von|der|de|di|da|du|la|le|lo|o|st|al|el)$/
/** Second parts of a joined name that are ordinary after any first part: MaryAnn, BettyLou, AnnaMarie. */
const ORDINARY_SECOND_PARTS =
  /^(?:ann|anne|anna|ellen|lou|louise|lee|leigh|lynn|lyn|marie|mae|may|rae|ray|beth|jo|sue|kay|jean|rose|belle|grace|luc|paul|pierre|claude|michel|marc|john)$/

const VOWELS = /[aeiouy]/i
const CONSONANT_RUN = /[bcdfghjklmnpqrstvwxz]{6,}/i

/** Only the Latin letters of a name part, without their accents (Nguyễn → Nguyen). */
function latinLetters(part: string): string {
  return part
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z]/g, '')
}

function oddCase(letters: string): boolean {
  const switches = [...letters.matchAll(/(?<=[a-z])[A-Z]/g)].map((m) => m.index)
  if (switches.length === 0) return false
  if (switches.length > 1) return true
  const at = switches[0]!
  const first = letters.slice(0, at).toLowerCase()
  const second = letters.slice(at).toLowerCase()
  if (CAPITAL_AFTER.test(first) || first.length < 4) return false
  return !ORDINARY_SECOND_PARTS.test(second)
}

/** Whether a name looks typed by a machine rather than given to a person. */
function looksRandom(name: string): boolean {
  const words = folded(name)
    .split(/\s+/)
    .filter((word) => word && !NAME_PARTICLES.has(word))
  if (words.length > 3) return true
  for (const word of name.normalize('NFKC').split(/\s+/)) {
    for (const part of word.split(/[-'’.]/)) {
      const letters = latinLetters(part)
      if (letters.length >= 4 && !VOWELS.test(letters)) return true
      if (CONSONANT_RUN.test(letters)) return true
      if (oddCase(letters)) return true
    }
  }
  return false
}

/** Whether more than half of a text's letters are in a script other than Latin. */
function mostlyNonLatin(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? []
  if (letters.length < 2) return false
  const latin = letters.filter((letter) => /\p{Script=Latin}/u.test(letter)).length
  return latin / letters.length < 0.5
}

/**
 * What a phone number is, by libphonenumber's numbering plans: `invalid` when it cannot be a
 * number in use (too few digits, an area code or exchange that does not exist), `foreign` when
 * it is valid outside North America, else `ok`: any valid number of the North American plan,
 * whatever its state, since homeowners keep the mobile number they moved with. A number
 * written the European way ("0044 …") is read as international.
 */
export function phoneKind(phone: string): 'ok' | 'invalid' | 'foreign' {
  const text = phone
    .normalize('NFKC')
    .trim()
    .replace(/^\(?\s*00(?=[1-9])/, '+')
  const number = parsePhoneNumberFromString(text, { defaultCountry: 'US', extract: true })
  if (!number || !number.isValid()) return 'invalid'
  return number.countryCallingCode === '1' ? 'ok' : 'foreign'
}

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

type FieldPredicate = (spec: LeadFieldSpec) => boolean

/** The asked fields whose entry in the lead-field table fits. */
function askedFields(fits: FieldPredicate): AskedFieldName[] {
  return ASKED_FIELD_NAMES.filter((name) => fits(LEAD_FIELDS[name] as LeadFieldSpec))
}

/** The one asked field that fits; the table must have exactly one, or the module fails to load. */
function askedField(what: string, fits: FieldPredicate): AskedFieldName {
  const found = askedFields(fits)
  if (found.length !== 1)
    throw new Error(`The lead-field table must have exactly one ${what} field, has ${found.length}`)
  return found[0]!
}

const autocomplete =
  (value: string): FieldPredicate =>
  (spec) =>
    spec.input?.autoComplete === value
/** The person's names: the fields the browser fills with the given and family name. */
const FIRST_NAME = askedField('given-name', autocomplete('given-name'))
const LAST_NAME = askedField('family-name', autocomplete('family-name'))
const NAME_FIELDS = [FIRST_NAME, LAST_NAME] as const
/** Every phone number asked (a form may ask for a second one), each checked when given. */
const PHONE_FIELDS = askedFields((spec) => spec.input?.type === 'tel')
const EMAIL_FIELDS = askedFields((spec) => spec.text.format === 'email')
const ADDRESS = askedField('address', autocomplete('address-line1'))
/** The free text of several lines: the message. */
const MESSAGE_FIELDS = askedFields((spec) => spec.text.lines === true)
/** The one-line fields a person writes about themselves: a link there is no photo link. */
const CONTACT_FIELDS = askedFields((spec) => spec.text.lines !== true && spec.text.format !== 'email')
/**
 * The source fields that are free text: the campaign (UTM) values, which a link writes as it
 * pleases. The others have a format the schema enforces (a click id, an origin, a path, a time).
 */
const CAMPAIGN_FIELDS = SOURCE_FIELD_NAMES.filter(
  (name) => (LEAD_FIELDS[name] as LeadFieldSpec).text.format === undefined,
)

/** A field's name as the reasons say it: its label in lower case ('first name', 'UTM source'). */
function fieldWords(name: LeadFieldName): string {
  const label = LEAD_FIELDS[name].text.label
  return label.replace(/^[A-Z][a-z]/, (start) => start.toLowerCase())
}

function list(words: readonly string[]): string {
  return words.join(', ')
}

/** Control and format characters: no campaign link carries them. */
const CONTROL = /[\p{Cc}\p{Cf}]/u

function valueOf(fields: SpamFields, name: LeadFieldName): string {
  return (fields as Partial<Record<LeadFieldName, string | null>>)[name] ?? ''
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

  const marked = ASKED_FIELD_NAMES.filter((name) => MARKUP.test(valueOf(fields, name)))
  if (marked.length) add(reason('markup', `markup in the ${list(marked.map(fieldWords))}`))

  const tampered = CAMPAIGN_FIELDS.filter((name) => {
    const value = valueOf(fields, name)
    return (
      CONTROL.test(value) || MARKUP.test(value) || URL_LINK_TEST.test(folded(value).replace(DRESSED_DOT, '.'))
    )
  })
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

  const vocabularyText = folded([...NAME_FIELDS.map((name) => valueOf(fields, name)), message].join('\n'))
  const topics = SPAM_TOPICS.filter(({ pattern }) => pattern.test(vocabularyText)).map(({ topic }) => topic)
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

  const disposable = EMAIL_FIELDS.some((name) => {
    const domain = folded(valueOf(fields, name)).split('@').pop()?.trim() ?? ''
    return domain !== '' && DISPOSABLE_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`))
  })
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
