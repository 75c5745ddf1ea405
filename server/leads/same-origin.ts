/**
 * Refuses cross-site form posts (docs/decisions/004-lead-outbox.md, "Same-origin check").
 *
 * - `Sec-Fetch-Site`, when present, must be `same-origin` or `none` (typed URL / bookmark).
 * - `Origin`, when present, must be this request's own origin or SITE_URL's origin (the
 *   latter covers a TLS-terminating proxy when TRUST_PROXY is not set).
 * - `Origin: null` with `Sec-Fetch-Site: same-origin`: allowed (see below).
 * - Neither header: allowed. Browsers always send `Origin` on a cross-origin POST (and
 *   current ones `Sec-Fetch-Site` too), so a request with neither comes from curl, a
 *   monitor or another server, which could forge either header anyway; the rate limit
 *   and validation still apply to it.
 */
import type { Request, RequestHandler, Response } from 'express'

const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none'])

function isSameOriginRequest(req: Request, siteOrigin: string): boolean {
  const fetchSite = req.get('sec-fetch-site')
  if (fetchSite !== undefined && !ALLOWED_FETCH_SITES.has(fetchSite.toLowerCase())) return false
  const origin = req.get('origin')
  // A browser sends `Origin: null` with a form post when the page's referrer policy is
  // no-referrer (a privacy setting or extension may impose one); its Sec-Fetch-Site, which
  // no page can set, still tells whether the post came from this site.
  if (origin === 'null' && fetchSite?.toLowerCase() === 'same-origin') return true
  if (origin !== undefined) {
    const own = `${req.protocol}://${req.get('host') ?? ''}`
    if (origin !== own && origin !== siteOrigin) return false
  }
  return true
}

/** `refuse` answers a cross-site request; status 403 is already set. */
export function requireSameOrigin(
  siteUrl: string,
  refuse: (req: Request, res: Response) => void,
): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin
  return (req, res, next) => {
    if (isSameOriginRequest(req, siteOrigin)) return next()
    res.status(403)
    refuse(req, res)
  }
}
