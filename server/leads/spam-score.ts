/**
 * The spam evidence of one enquiry, scored (issue 20: spam goes into quarantine, never to the
 * office). Pure: no I/O, no clock; the form token is checked beforehand (form-token.ts) and
 * arrives here as its state.
 *
 * Every rule is one entry of SPAM_RULES, with its points; a verdict lists the rules that
 * fired, each with a short text naming the field but never quoting what the homeowner wrote
 * (the text may reach a log line or the admin, and the fields are personal data).
 *
 * The points are set so that no single sign a real homeowner can give (no JavaScript, one
 * link to photos, a phone number mistyped, an address without a house number, a name in
 * another script) reaches DEFAULT_SPAM_THRESHOLD, while the usual bot gives several at once.
 * tests/support/lead-corpus.ts holds the genuine and the spam enquiries the table is tuned on.
 */

/** The form token as checked (form-token.ts). */
export type TokenState =
  /** Signed token; `elapsedMs` between the form being shown and the submission. */
  | { state: 'valid'; elapsedMs: number }
  /** No token sent (plain curl, a form posted without JavaScript): not spam by itself. */
  | { state: 'missing' }
  /** Bad signature, garbage, or issued in the future. */
  | { state: 'invalid' }
  /** Validly signed but older than FORM_TOKEN_MAX_AGE_MS: scored as missing. */
  | { state: 'expired' }

export interface SpamEvidence {
  fields: {
    firstName: string
    lastName: string
    email: string
    phone: string
    address: string
    message?: string | null
  }
  /** The honeypot input's value (the `website` field) as sent; undefined or '' when empty. */
  honeypot?: string
  token: TokenState
}

export interface SpamReason {
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
 * Below this many milliseconds between showing the form and sending it, no person filled it
 * in: five fields take a person well over ten seconds, and autofill still needs the page read,
 * a suggestion picked and the button found. A headless browser that fills the form as soon as
 * it appears still takes a second or two here (the form's island loads on its first focus), so
 * the band is wider than "instant".
 */
const INSTANT_MS = 3_000
/** Below this, a person in a hurry with autofill at most. */
const FAST_MS = 5_000

/** Every rule and its points: the one place they are set. */
export const SPAM_RULES = {
  honeypot: { points: 10, rule: 'the hidden honeypot field (`website`) is filled' },
  token_instant: { points: 5, rule: 'sent less than 3 s after the form was shown (valid form token)' },
  token_fast: { points: 2, rule: 'sent 3–5 s after the form was shown (valid form token)' },
  token_invalid: { points: 2, rule: 'a form token with a bad signature, malformed, or issued in the future' },
  token_missing: {
    points: 1,
    rule: 'no form token (a direct post, or the form sent without JavaScript), or one older than 24 h',
  },
  link_in_contact_field: {
    points: 5,
    rule: 'a link (http://, https://, www. or a bare domain such as example.com) in the name, phone or address',
  },
  markup: { points: 4, rule: 'HTML tags (<a, <script …) or BBCode ([url=, [link= …) in any field' },
  links_in_message: { points: 2, max: 6, rule: 'links in the message: 2 points per link, at most 6' },
  spam_vocabulary: {
    points: 3,
    max: 9,
    rule: 'spam vocabulary in the message or the name: 3 points per distinct topic, at most 9',
  },
  random_name: {
    points: 3,
    rule: 'a name that looks random: no vowels, a long run of consonants, odd mixed case (xKjQwpZ, RobertKix), or more than 3 words',
  },
  same_first_and_last_name: { points: 2, rule: 'the first name is the last name (ignoring case)' },
  digits_in_name: { points: 2, rule: 'digits in the first or last name' },
  short_phone: { points: 2, rule: 'the phone number has fewer than 10 digits' },
  foreign_phone: {
    points: 2,
    rule: 'the phone number is not North American (+ or 00/011 with a country code other than 1, or an impossible area code)',
  },
  address_without_number: { points: 1, rule: 'the address has no digit at all (no house number)' },
  disposable_email: { points: 2, rule: 'the e-mail address is at a disposable-mail domain' },
  non_latin_script: {
    points: 2,
    rule: 'the name or the message is mostly in a non-Latin script (Cyrillic, CJK …)',
  },
} as const satisfies Record<string, SpamRule>

export type SpamRuleCode = keyof typeof SPAM_RULES

/** Disposable-mail domains (and their subdomains). */
export const DISPOSABLE_EMAIL_DOMAINS: readonly string[] = [
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

interface PhoneShape {
  short: boolean
  foreign: boolean
}

function phoneShape(phone: string): PhoneShape {
  const text = phone.normalize('NFKC').trim()
  const allDigits = text.replace(/\D/g, '')
  const short = allDigits.length < 10
  // "+44 …", "(+44) …", "0044 …", "011 44 …": an international number, North American only with 1.
  const international = /^(?:\+|00|011)[\s().-]*(\d)/.exec(text.replace(/^[\s(]+/, ''))
  if (international) return { short, foreign: international[1] !== '1' }
  // One number of ten digits (or eleven with the leading 1): its area code starts with 2–9.
  const number = text.replace(/\s*(?:ext\.?|extension|x|#)\s*\d{1,6}\s*$/i, '').replace(/\D/g, '')
  const national = number.length === 11 && number.startsWith('1') ? number.slice(1) : number
  const foreign = national.length === 10 && /^[01]/.test(national)
  return { short, foreign }
}

function seconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`
}

function reason(code: SpamRuleCode, text: string, points: number = SPAM_RULES[code].points): SpamReason {
  return { code, points, text }
}

function tokenReason(token: TokenState): SpamReason | undefined {
  switch (token.state) {
    case 'valid':
      if (token.elapsedMs < INSTANT_MS)
        return reason('token_instant', `sent ${seconds(token.elapsedMs)} after the form was shown`)
      if (token.elapsedMs < FAST_MS)
        return reason('token_fast', `sent ${seconds(token.elapsedMs)} after the form was shown`)
      return undefined
    case 'invalid':
      return reason('token_invalid', 'form token invalid (bad signature, malformed or from the future)')
    case 'expired':
      return reason('token_missing', 'form token older than 24 h')
    case 'missing':
      return reason('token_missing', 'no form token (sent without the form)')
  }
}

const NAME_FIELDS = ['firstName', 'lastName'] as const
const CONTACT_FIELDS = ['firstName', 'lastName', 'phone', 'address'] as const
const FIELD_WORDS: Record<keyof SpamEvidence['fields'], string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'e-mail',
  phone: 'phone',
  address: 'address',
  message: 'message',
}

function list(words: readonly string[]): string {
  return words.join(', ')
}

/** The enquiry's spam score and the rules that gave it. */
export function scoreEnquiry(evidence: SpamEvidence): SpamVerdict {
  const { fields } = evidence
  const message = fields.message ?? ''
  const reasons: SpamReason[] = []
  const add = (r: SpamReason | undefined) => {
    if (r && r.points > 0) reasons.push(r)
  }

  if (evidence.honeypot !== undefined && evidence.honeypot.trim() !== '')
    add(reason('honeypot', 'honeypot field filled'))

  add(tokenReason(evidence.token))

  const linked = CONTACT_FIELDS.filter((name) => countLinks(fields[name]) > 0)
  if (linked.length)
    add(reason('link_in_contact_field', `a link in the ${list(linked.map((n) => FIELD_WORDS[n]))}`))

  const everyField = Object.keys(FIELD_WORDS) as (keyof SpamEvidence['fields'])[]
  const marked = everyField.filter((name) => MARKUP.test(fields[name] ?? ''))
  if (marked.length) add(reason('markup', `markup in the ${list(marked.map((n) => FIELD_WORDS[n]))}`))

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

  const vocabularyText = folded([fields.firstName, fields.lastName, message].join('\n'))
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

  const randomNames = NAME_FIELDS.filter((name) => looksRandom(fields[name]))
  if (randomNames.length)
    add(reason('random_name', `the ${list(randomNames.map((n) => FIELD_WORDS[n]))} looks random`))

  if (folded(fields.firstName).trim() === folded(fields.lastName).trim())
    add(reason('same_first_and_last_name', 'first name is the last name'))

  const numbered = NAME_FIELDS.filter((name) => /\p{N}/u.test(fields[name]))
  if (numbered.length)
    add(reason('digits_in_name', `digits in the ${list(numbered.map((n) => FIELD_WORDS[n]))}`))

  const phone = phoneShape(fields.phone)
  if (phone.short) add(reason('short_phone', 'phone number has fewer than 10 digits'))
  if (phone.foreign) add(reason('foreign_phone', 'phone number is not North American'))

  if (!/\p{Nd}/u.test(fields.address)) add(reason('address_without_number', 'address has no house number'))

  const domain = folded(fields.email).split('@').pop()?.trim() ?? ''
  if (DISPOSABLE_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`)))
    add(reason('disposable_email', 'disposable e-mail domain'))

  const scripts: string[] = []
  if (mostlyNonLatin(`${fields.firstName} ${fields.lastName}`)) scripts.push('name')
  if (mostlyNonLatin(message)) scripts.push('message')
  if (scripts.length) add(reason('non_latin_script', `${list(scripts)} mostly in a non-Latin script`))

  return { score: reasons.reduce((sum, r) => sum + r.points, 0), reasons }
}

/** Whether the verdict's score reaches the threshold. */
export function isSpam(verdict: SpamVerdict, threshold: number): boolean {
  return verdict.score >= threshold
}
