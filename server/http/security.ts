/**
 * helmet with a real Content-Security-Policy, which every page passes in a browser with no violation.
 * Scripts: only our own files, no inline scripts at all (production HTML carries none:
 * Vike's page context and JSON-LD are data blocks, which CSP does not execute), so the
 * same HTML can be cached. Frames: the booking widget's host and the video host only.
 */
import helmet from 'helmet'
import type { RequestHandler } from 'express'
import { VIDEO_EMBED_ORIGIN } from '../../shared/media'

export function createSecurityHeaders(opts: {
  bookingUrl: string
  isProduction: boolean
  /** Send Strict-Transport-Security (the site is served over HTTPS). */
  hsts: boolean
}): RequestHandler {
  const bookingOrigin = new URL(opts.bookingUrl).origin
  const dev = !opts.isProduction
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // Vite's dev client needs inline module scripts and eval-free HMR over a websocket.
        'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        'frame-src': [bookingOrigin, VIDEO_EMBED_ORIGIN],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      },
    },
    // The booking widget and video are cross-origin frames that do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    // Nothing leaves the site, but our own pages see where a request came from. (helmet's
    // default, no-referrer, makes Chrome send `Origin: null` with a plain form post, which
    // the same-origin check must refuse; the answer page's "Back to the form" uses it too.)
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })
}
