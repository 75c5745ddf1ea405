/**
 * The one home of the security headers, as data: securityHeaders() lists every header and its
 * value for a configuration. The app sets them on every response (createSecurityHeaders), and
 * scripts/caddy-snippets.ts writes Caddy's copy (deploy/caddy/site.caddy), which Caddy sends
 * with the pages it serves from files while the web process is down; a unit test fails when
 * that copy is out of date.
 *
 * The Content-Security-Policy passes on every page in a browser with no violation. Scripts:
 * only our own files, no inline scripts at all (production HTML carries none: Vike's page
 * context and JSON-LD are data blocks, which CSP does not execute), so the same HTML can be
 * cached. Frames: the booking widget's host and the video host only.
 *
 * The values are the ones helmet produced for these options until the headers moved here;
 * helmet is no longer needed to set a fixed list.
 */
import type { RequestHandler } from 'express'
import { VIDEO_EMBED_ORIGIN } from '../../shared/media'

export interface SecurityOptions {
  /**
   * The booking page (BOOKING_URL): its origin is the only other frame-src besides the video
   * host. Caddy's copy passes a placeholder here, which it fills from the same variable.
   */
  bookingOrigin: string
  isProduction: boolean
  /** Send Strict-Transport-Security (the site is served over HTTPS). */
  hsts: boolean
}

/** HSTS: one year, subdomains included. Only over HTTPS (browsers ignore it on http://). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains'

/** The origin of a booking page URL, as the CSP names it (scheme, lower-case host, port if not 443). */
export function bookingOriginOf(bookingUrl: string): string {
  return new URL(bookingUrl).origin
}

/** The CSP's directives, in the order they are sent. */
function cspDirectives(opts: SecurityOptions): [string, string[]][] {
  const dev = !opts.isProduction
  return [
    ['default-src', ["'self'"]],
    // Vite's dev client needs inline module scripts and eval-free HMR over a websocket.
    ['script-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"]],
    ['frame-src', [opts.bookingOrigin, VIDEO_EMBED_ORIGIN]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ]
}

/** Every security header with its value, in the order they are sent. */
export function securityHeaders(opts: SecurityOptions): [string, string][] {
  const csp = cspDirectives(opts)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';')
  const headers: [string, string][] = [
    ['Content-Security-Policy', csp],
    // The booking widget and video are cross-origin frames that send no CORP headers, so no
    // Cross-Origin-Embedder-Policy.
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    // Nothing leaves the site, but our own pages see where a request came from. (no-referrer
    // makes Chrome send `Origin: null` with a plain form post, which the same-origin check must
    // refuse; the answer page's "Back to the form" uses it too.)
    ['Referrer-Policy', 'same-origin'],
  ]
  if (opts.hsts) headers.push(['Strict-Transport-Security', HSTS_VALUE])
  headers.push(
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    // The old XSS auditors did more harm than good; 0 turns them off.
    ['X-XSS-Protection', '0'],
  )
  return headers
}

export function createSecurityHeaders(opts: {
  bookingUrl: string
  isProduction: boolean
  /** Send Strict-Transport-Security (the site is served over HTTPS). */
  hsts: boolean
}): RequestHandler {
  const headers = securityHeaders({
    bookingOrigin: bookingOriginOf(opts.bookingUrl),
    isProduction: opts.isProduction,
    hsts: opts.hsts,
  })
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value)
    next()
  }
}
