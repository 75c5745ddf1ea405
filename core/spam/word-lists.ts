/**
 * The word lists the spam detectors read (docs/spam.md): disposable-mail domains, the topics of
 * spam vocabulary, the top-level domains a bare domain is recognised by, and what makes a name
 * ordinary (particles, the beginnings and second parts after which a capital is no oddity).
 * Data only: a list grows here without touching a detector.
 */

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
export const SPAM_TOPICS: readonly { topic: string; pattern: RegExp }[] = [
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
export const BARE_DOMAIN_TLDS =
  'com|net|org|info|biz|io|ly|ru|su|ua|pl|de|uk|eu|cn|ca|tk|ml|ga|cf|gq|icu|cc|ws|gl|gd|ai|dev|xyz|top|online|site|website|space|tech|store|shop|club|vip'
/** Name particles that do not count as words ("María de los Ángeles", "van der Berg"). */
export const NAME_PARTICLES = new Set([
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
export const CAPITAL_AFTER = /^(?:mc|mac|fitz|van|von|der|de|di|da|du|la|le|lo|o|st|al|el)$/
/** Second parts of a joined name that are ordinary after any first part: MaryAnn, BettyLou, AnnaMarie. */
export const ORDINARY_SECOND_PARTS =
  /^(?:ann|anne|anna|ellen|lou|louise|lee|leigh|lynn|lyn|marie|mae|may|rae|ray|beth|jo|sue|kay|jean|rose|belle|grace|luc|paul|pierre|claude|michel|marc|john)$/
