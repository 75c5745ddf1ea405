/**
 * The office links' token (core/spam/office-links.ts), the digest's time of day on the office's
 * clock across daylight saving (worker/spam-digest.ts) and its settings, and the message start
 * the page and the digest show.
 */
import { describe, expect, test } from 'vitest'
import { messageStart } from '../../core/spam/quarantine'
import { checkOfficeToken, makeOfficeToken } from '../../core/spam/office-links'
import { OFFICE_LINK_SETTINGS, parseDigestTime } from '../../core/spam/settings'
import { digestDayDue } from '../../worker/spam-digest'

const KEY = Buffer.alloc(32, 1)
const LEAD = '3f2b8c1e-0000-4000-8000-000000000001'
const NOW = new Date('2026-11-26T12:00:00Z')
const LATER = new Date('2026-12-10T12:00:00Z')

describe('the token', () => {
  test('round trip: the action, the lead and the expiry come back; after the expiry it is expired', () => {
    for (const action of ['not_spam', 'spam'] as const) {
      const token = makeOfficeToken(KEY, action, LEAD, LATER)
      expect(token).toMatch(/^[ns]\.[0-9a-f-]{36}\.[0-9a-z]+\.[A-Za-z0-9_-]{32}$/)
      expect(checkOfficeToken(KEY, token, NOW)).toEqual({
        kind: 'valid',
        action,
        leadId: LEAD,
        expiresAt: LATER,
      })
      expect(checkOfficeToken(KEY, token, LATER)).toMatchObject({ kind: 'expired', action, leadId: LEAD })
    }
  })

  test('every single changed character makes it invalid', () => {
    const token = makeOfficeToken(KEY, 'not_spam', LEAD, LATER)
    for (let i = 0; i < token.length; i++) {
      const c = token[i]!
      const other = c === 'a' ? 'b' : c === '.' ? '-' : c === '-' ? '.' : 'a'
      const changed = token.slice(0, i) + other + token.slice(i + 1)
      expect(checkOfficeToken(KEY, changed, NOW), `character ${i}`).toEqual({ kind: 'invalid' })
    }
  })

  test('another key, a cut token, extra characters and garbage are invalid', () => {
    const token = makeOfficeToken(KEY, 'spam', LEAD, LATER)
    expect(checkOfficeToken(Buffer.alloc(32, 2), token, NOW)).toEqual({ kind: 'invalid' })
    for (const bad of [token.slice(0, -1), `${token}x`, '', 'n', '../../etc/passwd', token.toUpperCase()])
      expect(checkOfficeToken(KEY, bad, NOW), bad).toEqual({ kind: 'invalid' })
  })

  test('only lead ids are signed', () => {
    expect(() => makeOfficeToken(KEY, 'spam', 'not-a-lead', LATER)).toThrow(/not a lead id/)
  })
})

describe('the digest time on the office clock', () => {
  test('08:00 Denver is 15:00 UTC in winter and 14:00 UTC in summer', () => {
    const at8 = { hour: 8, minute: 0 }
    expect(digestDayDue(new Date('2030-01-15T14:59:00Z'), at8)).toBeNull()
    expect(digestDayDue(new Date('2030-01-15T15:00:00Z'), at8)).toBe('2030-01-15')
    expect(digestDayDue(new Date('2030-07-15T13:59:00Z'), at8)).toBeNull()
    expect(digestDayDue(new Date('2030-07-15T14:00:00Z'), at8)).toBe('2030-07-15')
    // 23:30 in Denver is the next day in UTC: still the Denver day.
    expect(digestDayDue(new Date('2030-07-16T05:30:00Z'), at8)).toBe('2030-07-15')
  })

  test('SPAM_DIGEST_TIME: a 24-hour time or off; anything else is refused with the words to fix it', () => {
    const schema = OFFICE_LINK_SETTINGS.SPAM_DIGEST_TIME
    expect(parseDigestTime(schema.parse(undefined))).toEqual({ hour: 8, minute: 0 })
    expect(parseDigestTime(schema.parse('6:30'))).toEqual({ hour: 6, minute: 30 })
    expect(parseDigestTime(schema.parse('OFF'))).toBeNull()
    for (const bad of ['8am', '24:00', '07:60', 'monday 08:00']) {
      const result = schema.safeParse(bad)
      expect(result.success, bad).toBe(false)
      expect(result.error?.issues[0]?.message).toContain('e.g. 08:00 (Denver time), or off')
    }
    expect(OFFICE_LINK_SETTINGS.OFFICE_LINK_DAYS.safeParse('0').success).toBe(false)
    expect(OFFICE_LINK_SETTINGS.OFFICE_LINK_DAYS.parse(undefined)).toBe(14)
  })
})

test('the message start: whole when short, cut at a word and marked when long, spaces folded', () => {
  expect(messageStart(null)).toBe('')
  expect(messageStart('Hail\n\n  on the roof')).toBe('Hail on the roof')
  const long = 'word '.repeat(100)
  const start = messageStart(long)
  expect(start.length).toBeLessThanOrEqual(201)
  expect(start).toMatch(/word…$/)
})
