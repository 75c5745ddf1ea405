import { describe, expect, test } from 'vitest'
import {
  FORM_TOKEN_FIELD,
  FORM_TOKEN_MAX_AGE_MS,
  checkFormToken,
  issueFormToken,
} from '../../server/leads/form-token'

const SECRET = 'test-secret-of-at-least-32-characters!!'
const SHOWN = new Date('2026-05-14T18:30:00.000Z')
const later = (ms: number) => new Date(SHOWN.getTime() + ms)

describe('form token', () => {
  test('is sent back in form_token and lives 24 h', () => {
    expect(FORM_TOKEN_FIELD).toBe('form_token')
    expect(FORM_TOKEN_MAX_AGE_MS).toBe(24 * 60 * 60 * 1000)
  })

  test('has the shape issuedAtMs.signature', () => {
    expect(issueFormToken(SECRET, SHOWN)).toMatch(new RegExp(`^${SHOWN.getTime()}\\.[A-Za-z0-9_-]{43}$`))
  })

  test('round trip: valid, with the time since the form was shown', () => {
    const token = issueFormToken(SECRET, SHOWN)
    expect(checkFormToken(SECRET, token, later(12_345))).toEqual({ state: 'valid', elapsedMs: 12_345 })
    expect(checkFormToken(SECRET, token, SHOWN)).toEqual({ state: 'valid', elapsedMs: 0 })
    expect(checkFormToken(SECRET, token, later(FORM_TOKEN_MAX_AGE_MS))).toEqual({
      state: 'valid',
      elapsedMs: FORM_TOKEN_MAX_AGE_MS,
    })
  })

  test('a tampered signature or time is invalid', () => {
    const token = issueFormToken(SECRET, SHOWN)
    const [time, signature] = token.split('.') as [string, string]
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)
    expect(checkFormToken(SECRET, `${time}.${flipped}`, later(10_000))).toEqual({ state: 'invalid' })
    // An older time with the same signature, to look slower than it was.
    expect(checkFormToken(SECRET, `${Number(time) - 60_000}.${signature}`, later(10_000))).toEqual({
      state: 'invalid',
    })
    expect(checkFormToken('another-secret', token, later(10_000))).toEqual({ state: 'invalid' })
  })

  test('a token from the future is invalid, beyond 60 s of clock skew', () => {
    const token = issueFormToken(SECRET, SHOWN)
    expect(checkFormToken(SECRET, token, later(-61_000))).toEqual({ state: 'invalid' })
    expect(checkFormToken(SECRET, token, later(-30_000))).toEqual({ state: 'valid', elapsedMs: 0 })
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
})
