/**
 * Refuses cross-site form posts (ARCHITECTURE "Lead pipeline contract": same-origin).
 *
 * - `Sec-Fetch-Site`, when present, must be `same-origin` or `none` (typed URL / bookmark).
 * - `Origin`, when present, must be this request's own origin or SITE_URL's origin (the
 *   latter covers a TLS-terminating proxy when TRUST_PROXY is not set).
 * - Neither header: allowed. Browsers always send `Origin` on a cross-origin POST (and
 *   current ones `Sec-Fetch-Site` too), so a request with neither comes from curl, a
 *   monitor or another server, which could forge either header anyway; the rate limit
 *   and validation still apply to it.
 */
import type { Request, RequestHandler } from 'express'

const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none'])

export function isSameOriginRequest(req: Request, siteOrigin: string): boolean {
  const fetchSite = req.get('sec-fetch-site')
  if (fetchSite !== undefined && !ALLOWED_FETCH_SITES.has(fetchSite.toLowerCase())) return false
  const origin = req.get('origin')
  if (origin !== undefined) {
    const own = `${req.protocol}://${req.get('host') ?? ''}`
    if (origin !== own && origin !== siteOrigin) return false
  }
  return true
}

export function requireSameOrigin(siteUrl: string, refusal: unknown): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin
  return (req, res, next) => {
    if (isSameOriginRequest(req, siteOrigin)) return next()
    res.status(403).json(refusal)
  }
}
