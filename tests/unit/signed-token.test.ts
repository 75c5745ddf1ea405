import { describe, expect, test } from 'vitest'
/**
 * The signed-token helper both the form token and the office's links are made with
 * (core/platform/signed-token.ts); each token's own shape: form-token.test.ts, office-links.test.ts.
 */
import { openToken, signToken, type TokenSigning } from '../../core/platform/signed-token'

const KEY = Buffer.from('a key of thirty-two bytes, exact')
const SIGNING: TokenSigning = { key: KEY, purpose: 'test' }
const NOW = new Date('2026-05-14T18:30:00.000Z')
const UNTIL = new Date(NOW.getTime() + 60_000)
const until = () => UNTIL

describe('signed token', () => {
  test('round trip: the payload comes back while the token works, then as expired', () => {
    const token = signToken(SIGNING, 'a.b.c')
    expect(token).toMatch(/^a\.b\.c\.[A-Za-z0-9_-]{43}$/)
    expect(openToken(SIGNING, token, NOW, until)).toEqual({ state: 'valid', payload: 'a.b.c' })
    // The expiry is the first moment the token no longer works.
    expect(openToken(SIGNING, token, new Date(UNTIL.getTime() - 1), until).state).toBe('valid')
    expect(openToken(SIGNING, token, UNTIL, until)).toEqual({ state: 'expired', payload: 'a.b.c' })
  })

  test('signs with the whole HMAC-SHA256 of `purpose:payload`, or the payload alone, cut when asked', () => {
    // Fixed values: a token already sent in a link or a page must keep reading the same.
    expect(signToken({ key: 'secret' }, 'payload')).toBe(
      'payload.uC_LeRrOxXhZuYm0MKgmSIzi5Hn9-SMmvQoug3WkK6Q',
    )
    expect(signToken({ key: 'secret', purpose: 'office-link' }, 'payload')).toBe(
      'payload.t8tvK4ZfQPABXEdexRwNPs5H3iKbiDDqYAY5_34Bwag',
    )
    expect(signToken({ key: 'secret', signatureLength: 32 }, 'payload')).toBe(
      'payload.uC_LeRrOxXhZuYm0MKgmSIzi5Hn9-SMm',
    )
  })

  test('a tampered payload or signature is invalid', () => {
    const token = signToken(SIGNING, 'lead-1.2026')
    const [payload, signature] = [
      token.slice(0, token.lastIndexOf('.')),
      token.slice(token.lastIndexOf('.') + 1),
    ]
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)
    expect(openToken(SIGNING, `${payload}.${flipped}`, NOW, until)).toEqual({ state: 'invalid' })
    expect(openToken(SIGNING, `lead-2.2026.${signature}`, NOW, until)).toEqual({ state: 'invalid' })
    expect(openToken(SIGNING, `${token}x`, NOW, until)).toEqual({ state: 'invalid' })
    expect(openToken(SIGNING, token.slice(0, -1), NOW, until)).toEqual({ state: 'invalid' })
  })

  test('another key, another purpose or another length is invalid', () => {
    const token = signToken(SIGNING, 'payload')
    expect(openToken({ ...SIGNING, key: Buffer.from('another key') }, token, NOW, until).state).toBe(
      'invalid',
    )
    expect(openToken({ ...SIGNING, purpose: 'other' }, token, NOW, until).state).toBe('invalid')
    expect(openToken({ key: KEY }, token, NOW, until).state).toBe('invalid')
    expect(openToken({ ...SIGNING, signatureLength: 32 }, token, NOW, until).state).toBe('invalid')
  })

  test('malformed input is invalid and never throws', () => {
    const token = signToken(SIGNING, 'payload')
    for (const garbage of [
      '',
      '.',
      'no-dot',
      'payload.',
      `.${token.split('.')[1]}`,
      `payload.${'é'.repeat(43)}`,
      `payload.${'A'.repeat(10_000)}`,
      'payload.\u0000',
      undefined,
      null,
      42,
      {},
      ['payload', 'x'],
      Buffer.from(token),
    ])
      expect(openToken(SIGNING, garbage, NOW, until), String(garbage)).toEqual({ state: 'invalid' })
  })

  test('a payload whose expiry cannot be read is invalid, though signed', () => {
    const token = signToken(SIGNING, 'payload')
    expect(openToken(SIGNING, token, NOW, () => undefined)).toEqual({ state: 'invalid' })
    expect(openToken(SIGNING, token, NOW, () => new Date(Number.NaN))).toEqual({ state: 'invalid' })
  })

  test('an empty key or an impossible length is a mistake that throws', () => {
    expect(() => signToken({ key: '' }, 'payload')).toThrow(TypeError)
    expect(() => openToken({ key: Buffer.alloc(0) }, 'payload.x', NOW, until)).toThrow(TypeError)
    expect(() => signToken({ key: KEY, signatureLength: 44 }, 'payload')).toThrow(RangeError)
    expect(() => signToken({ key: KEY, signatureLength: 0 }, 'payload')).toThrow(RangeError)
  })
})
