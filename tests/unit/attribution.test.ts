/**
 * Where a visit came from (shared/attribution.ts) and how the browser keeps it
 * (client/lib/attribution-store.ts), with Maps standing in for the two storages.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  cleanTouchValue,
  describeFirstTouch,
  describeTouch,
  touchOf,
  touchesOf,
  FIRST_TOUCH_WINDOW_MS,
  TOUCH_FIELDS,
} from '../../shared/attribution'
import { TOUCH_BOUNDS } from '../../shared/touch-fields'
import { attributionFields, recordPageView, type TouchStores } from '../../client/lib/attribution-store'
import type { StorageLike } from '../../client/lib/browser-storage'

function memoryStorage(): StorageLike {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  }
}

const SITE = 'https://frontrangeroofing.example'

describe("a page view's touch", () => {
  test('keeps the campaign values, the landing page with only its campaign query, and the referrer origin', () => {
    const url = new URL(
      `${SITE}/service-areas/parker-co?fbclid=abc&utm_source=google&utm_medium=cpc&utm_campaign=hail-2026&gclid=G-1&ref=newsletter`,
    )
    expect(touchOf(url, 'https://www.google.com/search?q=roofer+parker')).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'hail-2026',
      gclid: 'G-1',
      fbclid: 'abc',
      landing_page:
        '/service-areas/parker-co?utm_source=google&utm_medium=cpc&utm_campaign=hail-2026&gclid=G-1&fbclid=abc',
      referrer: 'https://www.google.com',
    })
  })

  test('ignores the site itself as a referrer, and a referrer that is not a web page', () => {
    expect(touchOf(new URL(`${SITE}/contact`), `${SITE}/`)).toEqual({ landing_page: '/contact' })
    expect(touchOf(new URL(`${SITE}/`), 'android-app://com.google.android.gm')).toEqual({ landing_page: '/' })
  })

  test("cleans values to the field table's bounds: hidden characters out, length cut, a bad click id dropped", () => {
    expect(cleanTouchValue('utm_campaign', ' hail\u200b-2026 ')).toBe('hail-2026')
    expect(cleanTouchValue('utm_source', 'x'.repeat(300))).toHaveLength(200)
    expect(cleanTouchValue('gclid', 'abc def')).toBeUndefined()
    expect(cleanTouchValue('gclid', '')).toBeUndefined()
  })

  test('never cuts a character in half: an emoji across the cut goes whole, a lone surrogate goes', () => {
    expect(cleanTouchValue('utm_content', `${'a'.repeat(199)}😀`)).toBe('a'.repeat(199))
    expect(cleanTouchValue('utm_content', `${'a'.repeat(198)}😀`)).toBe(`${'a'.repeat(198)}😀`)
    expect(cleanTouchValue('utm_term', 'hail\ud83d storm\udc00')).toBe('hail storm')
  })

  test('whatever it is given, its value is well-formed text within the bounds, which encodeURIComponent takes', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 260 }),
      fc
        .tuple(fc.nat(205), fc.constantFrom('😀', '𝔸', '\ud800', '\udfff', '\0'))
        .map(([n, c]) => `${'a'.repeat(n)}${c}`),
    )
    fc.assert(
      fc.property(fc.constantFrom(...TOUCH_FIELDS), anyText, (field, raw) => {
        const value = cleanTouchValue(field, raw)
        if (value === undefined) return
        expect(value.length).toBeLessThanOrEqual(TOUCH_BOUNDS[field].max)
        expect(() => encodeURIComponent(value)).not.toThrow()
      }),
      { numRuns: 2000 },
    )
  })
})

describe('the line the office reads', () => {
  test.each([
    [
      {
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'hail-2026',
        landing_page: '/service-areas/parker-co?utm_source=google',
      },
      'Google Ads (cpc), campaign hail-2026, landed on /service-areas/parker-co',
    ],
    [{ gclid: 'x', landing_page: '/' }, 'Google Ads, landed on /'],
    [{ msclkid: 'x' }, 'Microsoft Ads'],
    [
      { utm_source: 'facebook', utm_medium: 'paid', utm_content: 'roof-video' },
      'Facebook (paid), ad roof-video',
    ],
    [
      { utm_source: 'mailer', utm_medium: 'print', utm_campaign: 'june-hail' },
      'mailer (print), campaign june-hail',
    ],
    [
      { referrer: 'https://www.bing.com', landing_page: '/roof-repair' },
      'www.bing.com (referral), landed on /roof-repair',
    ],
    [{ landing_page: '/' }, 'Direct visit, landed on /'],
  ])('%j → %s', (touch, line) => {
    expect(describeTouch(touch)).toBe(line)
  })

  test('the first visit says its day; a lead without source fields has no touches', () => {
    expect(
      describeFirstTouch({ utm_source: 'nextdoor', landing_page: '/', seen_at: '2026-06-02T10:00:00.000Z' }),
    ).toBe('Nextdoor, landed on /, on 2026-06-02')
    expect(touchesOf({ utm_source: null, first_seen_at: null })).toEqual({})
  })
})

describe('the browser keeps this visit and the first visit', () => {
  const stores = (): TouchStores => ({ visit: memoryStorage(), first: memoryStorage() })
  const day = 24 * 60 * 60 * 1000
  const t0 = new Date('2026-06-01T12:00:00.000Z')

  test('the first page view of a visit sets its touch; later pages keep it, a new campaign replaces it', () => {
    const s = stores()
    recordPageView(new URL(`${SITE}/service-areas/parker-co?utm_source=google&utm_medium=cpc`), '', t0, s)
    recordPageView(new URL(`${SITE}/contact`), `${SITE}/service-areas/parker-co`, t0, s)
    expect(attributionFields(undefined, t0, s)).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      landing_page: '/service-areas/parker-co?utm_source=google&utm_medium=cpc',
    })
    recordPageView(new URL(`${SITE}/?utm_source=facebook`), '', t0, s)
    expect(attributionFields(undefined, t0, s)).toMatchObject({
      utm_source: 'facebook',
      landing_page: '/?utm_source=facebook',
    })
  })

  test('a later visit within 30 days sends the first visit too; after 30 days the first visit is forgotten', () => {
    const s = stores()
    recordPageView(new URL(`${SITE}/?utm_source=mailer&utm_campaign=june-hail`), '', t0, s)
    const later = new Date(t0.getTime() + 10 * day)
    s.visit = memoryStorage() // the tab was closed: a new visit
    recordPageView(new URL(`${SITE}/roof-repair`), 'https://www.google.com/', later, s)
    expect(attributionFields(undefined, later, s)).toEqual({
      referrer: 'https://www.google.com',
      landing_page: '/roof-repair',
      first_utm_source: 'mailer',
      first_utm_campaign: 'june-hail',
      first_landing_page: '/?utm_source=mailer&utm_campaign=june-hail',
      first_seen_at: t0.toISOString(),
    })
    const muchLater = new Date(t0.getTime() + FIRST_TOUCH_WINDOW_MS + day)
    expect(Object.keys(attributionFields(undefined, muchLater, s)).some((k) => k.startsWith('first_'))).toBe(
      false,
    )
  })

  test("with storage blocked, the page's own touch is sent", () => {
    const blocked: TouchStores = { visit: null, first: null }
    recordPageView(new URL(`${SITE}/?utm_source=google`), '', t0, blocked)
    expect(
      attributionFields({ utm_source: 'google', landing_page: '/?utm_source=google' }, t0, blocked),
    ).toEqual({
      utm_source: 'google',
      landing_page: '/?utm_source=google',
    })
  })
})
