/**
 * Caddy's copy of the page headers, the pages' paths and the app's cookies
 * (deploy/caddy/site.caddy) is generated from the app's own list (server/http/security.ts), the
 * route table and the cookies' names: the committed file must be what the generator writes now,
 * and what it says must be exactly the app's.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { bookingOriginMismatch, caddyBookingOrigin, caddySnippets } from '../../server/http/caddy-snippets'
import { FIRST_TOUCH_COOKIE, VISIT_TOUCH_COOKIE } from '../../server/http/attribution-cookie'
import { bookingOriginOf, securityHeaders } from '../../server/http/security'
import { HAIL_REPORT_SENT_COOKIE } from '../../shared/hail-summary'
import { DEFAULT_BUSINESS } from '../../shared/business'
import { ALL_ROUTES } from '../../shared/routes'

const committed = readFileSync(path.resolve('deploy/caddy/site.caddy'), 'utf8')

/** The `header { … }` lines of a snippet, as [name, value] pairs. */
function headerBlock(text: string, snippet: string): [string, string][] {
  const start = text.indexOf(`(${snippet}) {`)
  const body = text.slice(start, text.indexOf('\n}\n', start))
  return [...body.matchAll(/^\t\t(\S+)\s+"([^"]*)"$/gm)].map((m) => [m[1]!, m[2]!])
}

describe('deploy/caddy/site.caddy', () => {
  it('is what `npm run caddy:snippets` writes from the current sources', () => {
    expect(committed, 'deploy/caddy/site.caddy is out of date: run npm run caddy:snippets').toBe(
      caddySnippets(),
    )
  })

  it("holds every security header of the app's pages, with the same values", () => {
    const origin = bookingOriginOf(DEFAULT_BUSINESS.bookingUrl)
    const caddy = headerBlock(committed, 'security_headers').map(
      ([name, value]) => [name, value.replace('{booking_origin}', origin)] as [string, string],
    )
    expect(caddy).toEqual(securityHeaders({ bookingOrigin: origin, isProduction: true, hsts: false }))
  })

  it('names every page of the route table, exactly as a request writes it, for the pages Caddy serves from files', () => {
    expect(committed).toContain(`\tvars {http.request.uri} ${ALL_ROUTES.map((r) => r.path).join(' ')}\n`)
  })

  it('sends a request carrying any cookie the app sets to the app', () => {
    for (const cookie of [HAIL_REPORT_SENT_COOKIE, VISIT_TOUCH_COOKIE, FIRST_TOUCH_COOKIE])
      expect(committed).toContain(`\tnot header Cookie *${cookie}=*\n`)
  })

  it('marks exactly the routes search engines must not index', () => {
    const noindex = ALL_ROUTES.filter((r) => !r.indexable).map((r) => r.path)
    expect(noindex.length).toBeGreaterThan(0)
    expect(committed).toContain(`@noindex path ${noindex.join(' ')}\n`)
  })
})

describe('the booking origin Caddy computes from BOOKING_URL', () => {
  it('is the origin the app computes for booking pages as they are usually written', () => {
    for (const url of [
      DEFAULT_BUSINESS.bookingUrl,
      'https://calendly.com/acme/inspection?month=2026-11',
      'https://book.example.com:8443/x',
      'https://app.acuityscheduling.com',
    ])
      expect(caddyBookingOrigin(url), url).toBe(bookingOriginOf(url))
    expect(bookingOriginMismatch(DEFAULT_BUSINESS.bookingUrl)).toBeUndefined()
  })

  it('differs for an upper-case host or an explicit :443, and the app says how to write it', () => {
    expect(bookingOriginMismatch('https://Calendly.com/acme')).toMatch(
      /allow frames from https:\/\/calendly\.com.*would allow https:\/\/Calendly\.com; write BOOKING_URL as https:\/\/calendly\.com\//,
    )
    expect(bookingOriginMismatch('https://calendly.com:443/acme')).toMatch(
      /would allow https:\/\/calendly\.com:443/,
    )
  })
})
