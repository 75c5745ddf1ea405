/**
 * The attribution cookies of a visit without JavaScript (server/http/attribution-cookie.ts,
 * docs/attribution.md): set on a campaign landing, read by a plain form post, first and last
 * touch as the script layer keeps them.
 */
import { describe, expect, it } from 'vitest'
import {
  FIRST_TOUCH_COOKIE,
  MAX_TOUCH_COOKIE_VALUE,
  touchCookiesFor,
  touchFieldsOfCookies,
  VISIT_TOUCH_COOKIE,
} from '../../server/http/attribution-cookie'

const JUNE_2 = new Date('2026-06-02T18:30:00.000Z')
const JUNE_10 = new Date('2026-06-10T09:00:00.000Z')

/** The Cookie header a browser sends back for these Set-Cookie values. */
function cookieHeaderOf(...setCookies: string[][]): string {
  const jar = new Map<string, string>()
  for (const list of setCookies)
    for (const c of list) {
      const [pair] = c.split(';')
      const eq = pair!.indexOf('=')
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1))
    }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
}

describe('the attribution cookies', () => {
  it('are set on a landing whose query names a campaign: this visit’s for the session, the first for 30 days', () => {
    const cookies = touchCookiesFor(
      '/service-areas/aurora-co',
      '?utm_source=bing&utm_medium=cpc&msclkid=abc123&other=1',
      undefined,
      JUNE_2,
      true,
    )!
    expect(cookies).toHaveLength(2)
    const [visit, first] = cookies as [string, string]
    expect(visit).toBe(
      `${VISIT_TOUCH_COOKIE}=utm_source=bing&utm_medium=cpc&msclkid=abc123&p=%2Fservice-areas%2Faurora-co; Path=/; HttpOnly; Secure; SameSite=Lax`,
    )
    expect(first).toMatch(new RegExp(`^${FIRST_TOUCH_COOKIE}=utm_source=bing&`))
    expect(first).toContain('t=2026-06-02T18%3A30%3A00.000Z')
    expect(first).toContain('Max-Age=2592000')
    expect(first).toContain('HttpOnly')
    expect(first).toContain('SameSite=Lax')
  })

  it('read a campaign parameter written with %-escapes, as the script layer does', () => {
    const cookies = touchCookiesFor('/faqs', '?utm%5Fsource=mailer&x=%20', undefined, JUNE_2, false)!
    expect(cookies[0]).toMatch(/^visit_touch=utm_source=mailer&p=%2Ffaqs;/)
  })

  it('are not Secure on a site served over plain http (a browser would drop them)', () => {
    for (const cookie of touchCookiesFor('/faqs', '?gclid=x1', undefined, JUNE_2, false)!)
      expect(cookie).not.toContain('Secure')
  })

  it('are not set without a campaign, or for a campaign too long for a cookie', () => {
    expect(touchCookiesFor('/faqs', '', undefined, JUNE_2, false)).toBeUndefined()
    expect(touchCookiesFor('/faqs', '?ref=menu&page=2', undefined, JUNE_2, false)).toBeUndefined()
    expect(touchCookiesFor('/faqs', '?gclid=bad%20id%21', undefined, JUNE_2, false)).toBeUndefined()
    const long = 'é'.repeat(200)
    const query = `?utm_source=${long}&utm_medium=${long}&utm_campaign=${long}&utm_term=${long}&utm_content=${long}`
    expect(touchCookiesFor('/faqs', query, undefined, JUNE_2, false)).toBeUndefined()
    // Each value alone is within its bound and the cookie within the limit.
    expect(
      touchCookiesFor('/faqs', `?utm_source=${long}`, undefined, JUNE_2, false)![0]!.length,
    ).toBeLessThan(MAX_TOUCH_COOKIE_VALUE)
  })

  it('gives a plain post this visit’s campaign and landing page', () => {
    const set = touchCookiesFor(
      '/service-areas/aurora-co',
      '?utm_source=bing&msclkid=abc123',
      undefined,
      JUNE_2,
      false,
    )!
    expect(touchFieldsOfCookies(cookieHeaderOf([set[0]!]), JUNE_2)).toEqual({
      utm_source: 'bing',
      msclkid: 'abc123',
      landing_page: '/service-areas/aurora-co?utm_source=bing&msclkid=abc123',
    })
  })

  it('keeps the first touch of 30 days beside a later ad’s, as the script layer does', () => {
    const facebook = touchCookiesFor(
      '/',
      '?utm_source=facebook&utm_medium=paid&fbclid=fb1',
      undefined,
      JUNE_2,
      false,
    )!
    const afterFacebook = cookieHeaderOf(facebook)
    const google = touchCookiesFor('/roof-repair', '?gclid=g1', afterFacebook, JUNE_10, false)!
    // The browser has its first touch: only this visit's is set again.
    expect(google.map((c) => c.split('=')[0])).toEqual([VISIT_TOUCH_COOKIE])
    const fields = touchFieldsOfCookies(cookieHeaderOf(facebook, google), JUNE_10)
    expect(fields).toEqual({
      gclid: 'g1',
      landing_page: '/roof-repair?gclid=g1',
      first_utm_source: 'facebook',
      first_utm_medium: 'paid',
      first_fbclid: 'fb1',
      first_landing_page: '/?utm_source=facebook&utm_medium=paid&fbclid=fb1',
      first_seen_at: '2026-06-02T18:30:00.000Z',
    })
    // The same touch twice is recorded once, as the last.
    expect(Object.keys(touchFieldsOfCookies(afterFacebook, JUNE_10))).not.toContain('first_utm_source')
  })

  it('forgets a first touch older than 30 days, and sets a new one', () => {
    const old = cookieHeaderOf(touchCookiesFor('/', '?utm_source=mailer', undefined, JUNE_2, false)!)
    const later = new Date(JUNE_2.getTime() + 31 * 24 * 3600 * 1000)
    expect(touchFieldsOfCookies(old.replace(/visit_touch=[^;]*; /, ''), later)).toEqual({})
    const again = touchCookiesFor('/', '?utm_source=bing', old, later, false)!
    expect(again.map((c) => c.split('=')[0])).toEqual([VISIT_TOUCH_COOKIE, FIRST_TOUCH_COOKIE])
  })

  it('reads only clean values from a cookie edited by hand, and nothing from nonsense', () => {
    expect(touchFieldsOfCookies(undefined, JUNE_2)).toEqual({})
    expect(touchFieldsOfCookies('visit_touch=%%%; first_touch=', JUNE_2)).toEqual({})
    expect(touchFieldsOfCookies('visit_touch=p=%2Ffaqs', JUNE_2)).toEqual({})
    expect(
      touchFieldsOfCookies(
        `visit_touch=utm_source=a%00b&gclid=no%20good&p=javascript%3Ax&x=${'y'.repeat(10)}`,
        JUNE_2,
      ),
    ).toEqual({ utm_source: 'ab' })
    expect(
      touchFieldsOfCookies(`visit_touch=utm_source=${'a'.repeat(MAX_TOUCH_COOKIE_VALUE)}`, JUNE_2),
    ).toEqual({})
    // A first touch with a made-up time is no first touch.
    expect(touchFieldsOfCookies('first_touch=utm_source=a&p=%2F&t=yesterday', JUNE_2)).toEqual({})
  })
})
