import { describe, expect, test } from 'vitest'
import { countLinks, phoneKind } from '../../core/spam/detectors'
import type { SpamEvidence, TokenState } from '../../core/spam/evidence'
import { DEFAULT_SPAM_THRESHOLD, SPAM_RULES, isSpam, scoreEnquiry } from '../../core/spam/rules'
import { checkServiceArea } from '../../core/spam/service-area'
import { EnquiryFieldsSchema } from '../../shared/enquiry'
import { GENUINE, SPAM, evidenceOf, tokenOnArrival, type CorpusEntry } from '../support/lead-corpus'
import { SCRIPT_RUNS } from '../support/script-corpus'

const HUMAN: TokenState = { state: 'valid', elapsedMs: 20_000, use: 'first', fromPage: true }
/** A token from the page, first used this many milliseconds after it was issued. */
const shown = (elapsedMs: number): TokenState => ({ state: 'valid', elapsedMs, use: 'first', fromPage: true })
const MISSING: TokenState = { state: 'missing' }

/** An ordinary enquiry, scoring 0 with a valid token at a person's speed. */
const ORDINARY: SpamEvidence['fields'] = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana.reyes@gmail.com',
  phone: '(303) 555-0142',
  address: '1450 Elm Street, Denver, CO 80220',
  message: 'Hail last Tuesday; shingles look bruised.',
}

function score(fields: Partial<SpamEvidence['fields']>, token: TokenState = HUMAN, honeypot?: string) {
  return scoreEnquiry({ fields: { ...ORDINARY, ...fields }, token, ...(honeypot ? { honeypot } : {}) })
}

function codes(fields: Partial<SpamEvidence['fields']>, token: TokenState = HUMAN) {
  return score(fields, token).reasons.map((r) => r.code)
}

function show(entry: CorpusEntry, token: TokenState): string {
  const verdict = scoreEnquiry(evidenceOf(entry, token))
  const reasons = verdict.reasons.map((r) => `${r.code} ${r.points}`).join(', ')
  return `${String(verdict.score).padStart(2)}  ${entry.label}${reasons ? `  (${reasons})` : ''}`
}

describe('the corpus', () => {
  test('has enough entries of each kind', () => {
    expect(GENUINE.length).toBeGreaterThanOrEqual(42)
    expect(SPAM.length).toBeGreaterThanOrEqual(42)
    const people = ['form', 'autofill', 'no-js']
    expect(GENUINE.every((entry) => people.includes(entry.arrival))).toBe(true)
    expect(SPAM.every((entry) => !people.includes(entry.arrival))).toBe(true)
  })

  test.each(
    [...GENUINE, ...SPAM, ...SCRIPT_RUNS.flatMap((run) => run.posts)].map(
      (entry) => [entry.label, entry] as const,
    ),
  )('passes the field validation, so it would be stored: %s', (_label, entry) => {
    const result = EnquiryFieldsSchema.safeParse({
      ...entry.fields,
      message: entry.fields.message ?? undefined,
    })
    expect(result.success ? [] : result.error.issues).toEqual([])
  })
})

describe('genuine enquiries stay below the threshold', () => {
  test.each(GENUINE.map((entry) => [entry.label, entry] as const))('%s', (_label, entry) => {
    // As it arrived, and as if the same person had sent it without JavaScript or from an old tab.
    for (const token of [tokenOnArrival(entry.arrival), MISSING, { state: 'expired' } as const]) {
      const verdict = scoreEnquiry(evidenceOf(entry, token))
      expect(verdict.score, show(entry, token)).toBeLessThan(DEFAULT_SPAM_THRESHOLD)
      expect(isSpam(verdict, DEFAULT_SPAM_THRESHOLD)).toBe(false)
    }
  })

  test('the highest genuine scores (printed)', () => {
    const scored = GENUINE.map((entry) => ({
      entry,
      human: scoreEnquiry(evidenceOf(entry, HUMAN)).score,
      missing: scoreEnquiry(evidenceOf(entry, MISSING)).score,
    }))
    const highest = Math.max(...scored.map((s) => s.missing))
    console.log(
      `genuine: ${scored.filter((s) => s.human < DEFAULT_SPAM_THRESHOLD).length}/${GENUINE.length} below ${DEFAULT_SPAM_THRESHOLD} with a token, ` +
        `${scored.filter((s) => s.missing < DEFAULT_SPAM_THRESHOLD).length}/${GENUINE.length} without; highest ${Math.max(...scored.map((s) => s.human))} with a token, ${highest} without\n` +
        scored
          .filter((s) => s.missing > 1)
          .sort((a, b) => b.missing - a.missing)
          .map((s) => `  ${show(s.entry, MISSING)}`)
          .join('\n'),
    )
    expect(highest).toBeLessThan(DEFAULT_SPAM_THRESHOLD)
  })
})

describe('spam as it arrives', () => {
  // How much of it is held, with the classifier, is measured in spam-corpora.test.ts.
  test('the direct posts are caught by their content: the missing token tips only three over the threshold', () => {
    const caught: string[] = []
    const tippedByTheToken: string[] = []
    for (const entry of SPAM.filter((e) => e.arrival === 'direct-post' && !e.label.includes('slips'))) {
      const verdict = scoreEnquiry(evidenceOf(entry, MISSING))
      // Without the classifier's points: the rules alone hold most of them.
      if (verdict.score < DEFAULT_SPAM_THRESHOLD) continue
      caught.push(entry.label)
      expect(
        verdict.reasons.map((r) => r.code),
        show(entry, MISSING),
      ).toContain('token_missing')
      // Its content's points alone, as if it had come with a token.
      if (verdict.score - SPAM_RULES.token_missing.points < DEFAULT_SPAM_THRESHOLD)
        tippedByTheToken.push(entry.label)
    }
    // A corpus that held none would check nothing and pass.
    expect(caught.length).toBeGreaterThan(0)
    // These score 4 on their content and are held for the missing token's point; a change to the
    // rules that moves one either way is seen here.
    expect(tippedByTheToken).toEqual([
      'Chinese pitch, +86 phone',
      'SQL injection probe',
      'one link, polite wording',
    ])
    expect(caught.length - tippedByTheToken.length).toBeGreaterThan(caught.length / 2)
  })
})

describe('the rules: token, honeypot, links, markup', () => {
  test('an ordinary enquiry through the form scores 0', () => {
    expect(score({})).toEqual({ score: 0, reasons: [] })
  })

  test('a plain curl with ordinary content scores 1 and is not spam', () => {
    const verdict = score({}, MISSING)
    expect(verdict.score).toBe(1)
    expect(verdict.reasons).toEqual([
      { code: 'token_missing', points: 1, text: 'no form token (sent without the form)' },
    ])
    expect(isSpam(verdict, DEFAULT_SPAM_THRESHOLD)).toBe(false)
  })

  test('an expired token scores as a missing one', () => {
    expect(score({}, { state: 'expired' }).score).toBe(1)
  })

  test('the honeypot alone makes an enquiry spam', () => {
    const verdict = score({}, HUMAN, 'http://example.com')
    expect(verdict.reasons).toEqual([{ code: 'honeypot', points: 10, text: 'honeypot field filled' }])
    expect(isSpam(verdict, DEFAULT_SPAM_THRESHOLD)).toBe(true)
    expect(score({}, HUMAN, '   ').score).toBe(0)
  })

  test('the time between the form shown and sent: never enough alone to hold a lead', () => {
    expect(score({}, shown(400)).reasons).toEqual([
      { code: 'token_instant', points: 2, text: 'sent 0.4 s after the form was shown' },
    ])
    // A headless browser that fills the form as it appears still takes a second or two (the
    // island loads on the first focus): under 3 s is nobody typing; autofill can be that fast.
    expect(score({}, shown(2_999)).score).toBe(2)
    expect(score({}, shown(3_000)).score).toBe(1)
    expect(score({}, shown(4_999)).score).toBe(1)
    expect(score({}, shown(5_000)).score).toBe(0)
    expect(score({}, { state: 'invalid' }).score).toBe(2)
    expect(isSpam(score({}, shown(0)), DEFAULT_SPAM_THRESHOLD)).toBe(false)
  })

  test('a token used before, or fetched without a page of this site', () => {
    expect(score({}, { state: 'valid', elapsedMs: 6_000, use: 'again', fromPage: true }).reasons).toEqual([
      { code: 'token_reused', points: 3, text: 'form token used before by another enquiry' },
    ])
    expect(score({}, { state: 'valid', elapsedMs: 6_000, use: 'first', fromPage: false }).reasons).toEqual([
      { code: 'token_not_from_page', points: 2, text: 'form token fetched without a page of this site' },
    ])
    expect(codes({}, { state: 'valid', elapsedMs: 6_000, use: 'unrecorded', fromPage: true })).toEqual([
      'token_unrecorded',
    ])
    // A script reusing a token it fetched itself: held on that alone.
    const script = score({}, { state: 'valid', elapsedMs: 9_000, use: 'again', fromPage: false })
    expect(script.score).toBe(5)
    expect(isSpam(script, DEFAULT_SPAM_THRESHOLD)).toBe(true)
    // Reused and sent at once: both counted.
    expect(codes({}, { state: 'valid', elapsedMs: 500, use: 'again', fromPage: true })).toEqual([
      'token_instant',
      'token_reused',
    ])
  })

  test('links in the message: 2 points each, at most 6', () => {
    expect(score({ message: 'photos: https://photos.app.goo.gl/abc' }).score).toBe(2)
    expect(score({ message: 'see http://a.example.com and www.b.net' }).score).toBe(4)
    expect(score({ message: 'bit.ly/x tinyurl.com/y https://z.io/q www.w.org' }).score).toBe(6)
    expect(score({ message: 'write to karen@gmail.com' }).score).toBe(0)
  })

  test('what counts as a link', () => {
    expect(countLinks('example.com')).toBe(1)
    expect(countLinks('bit.ly/3xYz')).toBe(1)
    expect(countLinks('example[.]com')).toBe(1)
    expect(countLinks('https://www.icloud.com/sharedalbum/#B0a')).toBe(1)
    expect(countLinks('ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ')).toBe(1)
    // A missing space after a full stop is not a link, nor an e-mail address, nor a decimal.
    expect(countLinks('the roof leaks.me and my wife')).toBe(0)
    expect(countLinks('a leak.we put a bucket.is anyone free')).toBe(0)
    expect(countLinks('mail me at joe@comcast.net')).toBe(0)
    expect(countLinks('1.75 inch hail, St. Vrain, Denver, Co. 80220')).toBe(0)
  })

  test('a link in the name, phone or address: 5 points once', () => {
    expect(score({ firstName: 'Visit bit.ly/abc' }).score).toBeGreaterThanOrEqual(5)
    expect(codes({ phone: 'www.call-now.com' })).toContain('link_in_contact_field')
    expect(score({ address: 'https://example.com/1' }).reasons).toContainEqual({
      code: 'link_in_contact_field',
      points: 5,
      text: 'a link in the address',
    })
  })

  test('markup in any field: 4 points once', () => {
    expect(score({ message: '<b>great</b> <i>deal</i>' }).score).toBe(4)
    expect(codes({ message: '[url=http://x.com]x[/url]' })).toEqual(['markup', 'links_in_message'])
    expect(codes({ address: '<script>alert(1)</script>' })).toContain('markup')
    expect(codes({ message: 'the roof is <10 years old, I <3 it' })).toEqual([])
  })
})

describe('the rules: vocabulary, names, phone, address, e-mail, script', () => {
  test('spam vocabulary: 3 points per topic, at most 9', () => {
    expect(score({ message: 'We offer SEO and backlinks' }).score).toBe(3)
    expect(score({ message: 'SEO, bitcoin and casino' }).score).toBe(9)
    expect(score({ message: 'Dear Sir/Madam, SEO, bitcoin, casino and viagra' }).score).toBe(9)
    expect(score({ firstName: 'SEO', lastName: 'Expert' }).reasons[0]?.code).toBe('spam_vocabulary')
    // Words a homeowner uses.
    expect(
      score({ message: 'found you on google, do you offer financing? my credit isnt great, lots of traffic' })
        .score,
    ).toBe(0)
  })

  test('a name that looks random: 3 points', () => {
    for (const firstName of ['xKjQwpZ', 'RobertKix', 'Qwrtplk', 'Get more roofing jobs today'])
      expect(codes({ firstName }), firstName).toContain('random_name')
    for (const firstName of [
      'McKenzie',
      'DeShawn',
      'LaToya',
      'MaryAnn',
      'JoEllen',
      'Krzysztof',
      'Nguyễn',
      'Ng',
      "O'Neil",
      'María de los Ángeles',
      'J.R.',
      'JOHN',
    ])
      expect(codes({ firstName }), firstName).not.toContain('random_name')
  })

  test('first name the last name, digits in a name', () => {
    expect(codes({ firstName: 'test', lastName: 'TEST' })).toEqual(['same_first_and_last_name'])
    expect(score({ firstName: 'Anna89' }).reasons).toEqual([
      { code: 'digits_in_name', points: 2, text: 'digits in the first name' },
    ])
  })

  test('phone numbers: valid North American numbers of any state score nothing', () => {
    for (const phone of [
      '(303) 555-0142',
      '303.555.0142',
      '+1 720 555 0199',
      '1-970-555-0134',
      '303-555-0142 ext 12',
      // Homeowners keep the mobile number they moved with.
      '(415) 555-0176',
      '+1 (404) 555-0111',
      '917-555-0126',
      // Canada is North American too.
      '(514) 555-0163',
    ])
      expect(codes({ phone }), phone).toEqual([])
    expect(phoneKind('(415) 555-0176')).toBe('ok')
  })

  test('phone numbers: not a valid number, or valid outside North America: 2 points', () => {
    expect(score({ phone: '555-0142 call me' }).reasons).toEqual([
      { code: 'invalid_phone', points: 2, text: 'phone number is not a valid number' },
    ])
    // Area codes and exchanges that are not in use.
    expect(codes({ phone: '1234567890' })).toEqual(['invalid_phone'])
    expect(codes({ phone: '(555) 201-4478' })).toEqual(['invalid_phone'])
    expect(codes({ phone: '86724561232' })).toEqual(['invalid_phone'])
    for (const phone of ['+44 20 7946 0958', '0044 20 7946 0958', '011 44 20 7946 0958', '+52 55 1234 5678'])
      expect(codes({ phone }), phone).toEqual(['foreign_phone'])
  })

  test('outside the service area: another state, or far from every city served: 2 points', () => {
    const area = (address: string) =>
      scoreEnquiry({ fields: { ...ORDINARY, address }, token: HUMAN, area: checkServiceArea(address) })
    expect(area('535 Mission St, San Francisco, CA 94105').reasons).toEqual([
      { code: 'outside_service_area', points: 2, text: 'address in CA, outside Colorado' },
    ])
    expect(area('500 Howard St, San Francisco, California').reasons.map((r) => r.text)).toEqual([
      'address in CA, outside Colorado',
    ])
    expect(area('2510 N 12th St, Grand Junction, CO 81501').reasons.map((r) => r.text)).toEqual([
      'address 182 miles from the nearest city served',
    ])
    for (const inside of [
      '1450 Elm Street, Denver, CO 80220',
      '311 Main St, Longmont, CO 80501',
      '1200 Colorado Blvd, Denver',
      '420 Washington St, Golden',
      '25 Canary Wharf, London',
    ])
      expect(area(inside).score, inside).toBe(0)
  })

  test('an address without a house number: 1 point', () => {
    expect(score({ address: 'Elm Street, Denver' }).reasons).toEqual([
      { code: 'address_without_number', points: 1, text: 'address has no house number' },
    ])
  })

  test('a disposable e-mail domain: 2 points', () => {
    expect(codes({ email: 'x@mailinator.com' })).toEqual(['disposable_email'])
    expect(codes({ email: 'x@eu.Mailinator.com' })).toEqual(['disposable_email'])
    expect(codes({ email: 'x@notmailinator.com' })).toEqual([])
  })

  test('mostly a non-Latin script: 2 points', () => {
    expect(codes({ message: 'Здравствуйте, предлагаем услуги' })).toEqual(['non_latin_script'])
    expect(codes({ firstName: '伟', lastName: '王' })).toEqual(['non_latin_script'])
    expect(
      codes({ firstName: 'Hương', lastName: 'Phạm', message: 'mái nhà bị dột sau trận mưa đá' }),
    ).toEqual([])
  })
})

describe('the rules: classifier, campaign values, the lead-field table', () => {
  test('the classifier: a sales pitch scores 1 to 3 points, shown in the reasons', () => {
    const pitch = (spamProbability: number | null) =>
      scoreEnquiry({ fields: ORDINARY, token: HUMAN, spamProbability }).reasons
    expect(pitch(0.999)).toEqual([{ code: 'sales_pitch', points: 3, text: 'reads like a sales pitch' }])
    expect(pitch(0.97)[0]?.points).toBe(2)
    expect(pitch(0.9)[0]?.points).toBe(1)
    expect(pitch(0.8)).toEqual([])
    expect(pitch(null)).toEqual([])
    // Never a verdict on its own.
    expect(
      isSpam(scoreEnquiry({ fields: ORDINARY, token: HUMAN, spamProbability: 1 }), DEFAULT_SPAM_THRESHOLD),
    ).toBe(false)
  })

  test('campaign (UTM) values: control characters, markup or a link: 4 points once', () => {
    expect(
      score({ utm_source: 'google', utm_campaign: 'spring-hail-2026', first_utm_term: 'roof repair' }),
    ).toEqual({
      score: 0,
      reasons: [],
    })
    expect(score({ utm_content: '<script>alert(1)</script>' }).reasons).toEqual([
      {
        code: 'suspicious_campaign_value',
        points: 4,
        text: 'control characters, markup or a link in the UTM content',
      },
    ])
    expect(
      score({ utm_source: 'https://cheap-seo.example/offer', first_utm_medium: 'x\u0007y' }).reasons,
    ).toEqual([
      {
        code: 'suspicious_campaign_value',
        points: 4,
        text: 'control characters, markup or a link in the UTM source, UTM medium of the first visit',
      },
    ])
    expect(codes({ utm_term: 'visit www.spam-site.net' })).toEqual(['suspicious_campaign_value'])
    // A source named by its domain, as some ad platforms write it, is no link.
    expect(codes({ utm_source: 'm.facebook.com' })).toEqual([])
  })

  test('the fields come from the lead-field table: the reasons name them by their labels', () => {
    expect(
      score({ email: 'a@mailinator.com', address: '<b>1 Main</b> St' }).reasons.map((r) => r.text),
    ).toEqual(['markup in the address', 'disposable e-mail domain'])
    expect(score({ lastName: 'www.example.com' }).reasons[0]?.text).toBe('a link in the last name')
  })

  test('the reasons never quote the fields', () => {
    const entry = SPAM.find((e) => e.label === 'link in the first name')!
    const text = scoreEnquiry(evidenceOf(entry, MISSING))
      .reasons.map((r) => r.text)
      .join(' ')
    expect(text).not.toContain('bit.ly')
    expect(text).not.toContain('Winner')
  })

  test('the score is the sum of the reasons, and every reason is a rule', () => {
    for (const entry of [...GENUINE, ...SPAM]) {
      const verdict = scoreEnquiry(evidenceOf(entry, tokenOnArrival(entry.arrival)))
      expect(verdict.score).toBe(verdict.reasons.reduce((sum, r) => sum + r.points, 0))
      for (const r of verdict.reasons) {
        expect(Object.keys(SPAM_RULES)).toContain(r.code)
        const rule: { points: number; max?: number } = SPAM_RULES[r.code as keyof typeof SPAM_RULES]
        expect(r.points).toBeLessThanOrEqual(rule.max ?? rule.points)
      }
    }
  })

  test('isSpam compares with the threshold', () => {
    expect(isSpam({ score: 5, reasons: [] }, 5)).toBe(true)
    expect(isSpam({ score: 4, reasons: [] }, 5)).toBe(false)
    expect(isSpam({ score: 4, reasons: [] }, 4)).toBe(true)
  })
})
