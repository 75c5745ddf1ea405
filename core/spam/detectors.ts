/**
 * The detectors of the spam score (docs/spam.md): each reads a text and says whether it shows a
 * sign (a link, markup, spam vocabulary, a random-looking name, a foreign script, a phone
 * number that cannot be in use, a disposable e-mail domain). Pure: no I/O. The rules
 * (rules.ts) decide what a sign is worth; the lists they look up are in word-lists.ts.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import {
  BARE_DOMAIN_TLDS,
  CAPITAL_AFTER,
  DISPOSABLE_EMAIL_DOMAINS,
  NAME_PARTICLES,
  ORDINARY_SECOND_PARTS,
  SPAM_TOPICS,
} from './word-lists'

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

/** Control and format characters: no campaign link carries them. */
const CONTROL = /[\p{Cc}\p{Cf}]/u

/** Lower case after NFKC, so fullwidth and "mathematical" letters read as the plain ones. */
export function folded(text: string): string {
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

/** Whether a text holds HTML tags or BBCode. */
export function hasMarkup(text: string): boolean {
  return MARKUP.test(text)
}

/** Whether a campaign (UTM) value holds a control character, markup or a link. */
export function isSuspiciousCampaignValue(value: string): boolean {
  return (
    CONTROL.test(value) || MARKUP.test(value) || URL_LINK_TEST.test(folded(value).replace(DRESSED_DOT, '.'))
  )
}

/** The spam topics a text touches, each named once however often it comes up. */
export function spamTopics(text: string): string[] {
  const foldedText = folded(text)
  return SPAM_TOPICS.filter(({ pattern }) => pattern.test(foldedText)).map(({ topic }) => topic)
}

/** Whether an e-mail address is at a disposable-mail domain (or one of its subdomains). */
export function isDisposableEmail(address: string): boolean {
  const domain = folded(address).split('@').pop()?.trim() ?? ''
  return domain !== '' && DISPOSABLE_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`))
}

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
export function looksRandom(name: string): boolean {
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
export function mostlyNonLatin(text: string): boolean {
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
