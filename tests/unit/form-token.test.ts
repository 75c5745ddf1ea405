import { describe, expect, test } from 'vitest'
/**
 * The form token's signature, age and shape (core/spam/form-token.ts); its record and single
 * use through the real app: tests/integration/form-token-lifecycle.test.ts.
 */
import {
  FORM_TOKEN_MAX_AGE_MS,
  checkFormToken,
  isPageFetch,
  issueFormToken,
} from '../../core/spam/form-token'
import { FORM_TOKEN_FIELD } from '../../shared/form-token'

const SECRET = 'test-secret-of-at-least-32-characters!!'
const SHOWN = new Date('2026-05-14T18:30:00.000Z')
const later = (ms: number) => new Date(SHOWN.getTime() + ms)
const ID = 'AbCdEfGhIjKlMnOpQrStUv'
const signed = (elapsedMs: number) => ({ state: 'signed', id: ID, elapsedMs })

describe('form token', () => {
  test('is sent back in form_token and lives 24 h', () => {
    expect(FORM_TOKEN_FIELD).toBe('form_token')
    expect(FORM_TOKEN_MAX_AGE_MS).toBe(24 * 60 * 60 * 1000)
  })

  test('has the shape issuedAtMs.id.signature, with a random id of its own', () => {
    const token = issueFormToken(SECRET, SHOWN)
    expect(token).toMatch(new RegExp(`^${SHOWN.getTime()}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}$`))
    expect(issueFormToken(SECRET, SHOWN)).not.toBe(token)
    expect(issueFormToken(SECRET, SHOWN, ID)).toBe(issueFormToken(SECRET, SHOWN, ID))
    expect(() => issueFormToken(SECRET, SHOWN, 'short')).toThrow(RangeError)
  })

  test('round trip: valid, with the time since the form was shown', () => {
    const token = issueFormToken(SECRET, SHOWN, ID)
    expect(checkFormToken(SECRET, token, later(12_345))).toEqual(signed(12_345))
    expect(checkFormToken(SECRET, token, SHOWN)).toEqual(signed(0))
    expect(checkFormToken(SECRET, token, later(FORM_TOKEN_MAX_AGE_MS))).toEqual(signed(FORM_TOKEN_MAX_AGE_MS))
  })

  test('a tampered signature, time or id is invalid', () => {
    const token = issueFormToken(SECRET, SHOWN, ID)
    const [time, id, signature] = token.split('.') as [string, string, string]
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)
    expect(checkFormToken(SECRET, `${time}.${id}.${flipped}`, later(10_000))).toEqual({ state: 'invalid' })
    // An older time with the same signature, to look slower than it was.
    expect(checkFormToken(SECRET, `${Number(time) - 60_000}.${id}.${signature}`, later(10_000))).toEqual({
      state: 'invalid',
    })
    // Another id with the same signature, to pass a used token off as a fresh one.
    expect(checkFormToken(SECRET, `${time}.${'Z'.repeat(22)}.${signature}`, later(10_000))).toEqual({
      state: 'invalid',
    })
    expect(checkFormToken('another-secret', token, later(10_000))).toEqual({ state: 'invalid' })
  })

  test('a token from the future is invalid, beyond 60 s of clock skew', () => {
    const token = issueFormToken(SECRET, SHOWN)
    expect(checkFormToken(SECRET, token, later(-61_000))).toEqual({ state: 'invalid' })
    expect(checkFormToken(SECRET, token, later(-30_000))).toMatchObject({ state: 'signed', elapsedMs: 0 })
  })

  test('a token older than 24 h is expired', () => {
    const token = issueFormToken(SECRET, SHOWN)
    expect(checkFormToken(SECRET, token, later(25 * 60 * 60 * 1000))).toEqual({ state: 'expired' })
    expect(checkFormToken(SECRET, token, later(FORM_TOKEN_MAX_AGE_MS + 1))).toEqual({ state: 'expired' })
  })

  test('garbage is invalid', () => {
    for (const garbage of [
      'abc',
      '.',
      '123.',
      `${SHOWN.getTime()}`,
      `${SHOWN.getTime()}.short`,
      `-1.${'A'.repeat(43)}`,
      `${SHOWN.getTime()}.${'A'.repeat(43)} `,
      // The shape of the token before it had an id: tabs open across the upgrade count as invalid once.
      `${SHOWN.getTime()}.${'A'.repeat(43)}`,
      `${SHOWN.getTime()}.${ID}.${'A'.repeat(42)}`,
      `${SHOWN.getTime()}.${'+'.repeat(43)}`,
      42,
      {},
      ['x'],
      true,
    ])
      expect(checkFormToken(SECRET, garbage, later(10_000)), String(garbage)).toEqual({ state: 'invalid' })
  })

  test('no token is missing', () => {
    expect(checkFormToken(SECRET, undefined, SHOWN)).toEqual({ state: 'missing' })
    expect(checkFormToken(SECRET, '', SHOWN)).toEqual({ state: 'missing' })
    expect(checkFormToken(SECRET, null, SHOWN)).toEqual({ state: 'missing' })
  })

  test('an empty secret is refused', () => {
    expect(() => issueFormToken('', SHOWN)).toThrow(TypeError)
    expect(() => checkFormToken('', issueFormToken(SECRET, SHOWN), SHOWN)).toThrow(TypeError)
  })

  test('a request from a page of this site: same-origin fetch metadata, else its Referer', () => {
    const SITE = 'https://www.example-roofing.com'
    const req = (headers: Record<string, string>, host = 'www.example-roofing.com', protocol = 'https') => ({
      protocol,
      get: (name: string) =>
        headers[name.toLowerCase()] ?? (name.toLowerCase() === 'host' ? host : undefined),
    })
    expect(
      isPageFetch(req({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }) as never, SITE),
    ).toBe(true)
    expect(
      isPageFetch(req({ 'sec-fetch-site': 'cross-site', referer: `${SITE}/contact` }) as never, SITE),
    ).toBe(false)
    expect(isPageFetch(req({ 'sec-fetch-site': 'same-site' }) as never, SITE)).toBe(false)
    expect(isPageFetch(req({ 'sec-fetch-site': 'none' }) as never, SITE)).toBe(false)
    // A browser too old for fetch metadata sends the page as its Referer.
    expect(isPageFetch(req({ referer: `${SITE}/service-areas/parker-co` }) as never, SITE)).toBe(true)
    expect(
      isPageFetch(req({ referer: 'http://127.0.0.1:3000/contact' }, '127.0.0.1:3000', 'http') as never, SITE),
    ).toBe(true)
    expect(isPageFetch(req({ referer: 'https://elsewhere.example/contact' }) as never, SITE)).toBe(false)
    expect(isPageFetch(req({ referer: 'not a url' }) as never, SITE)).toBe(false)
    // A plain HTTP client sends neither.
    expect(isPageFetch(req({}) as never, SITE)).toBe(false)
  })
})
