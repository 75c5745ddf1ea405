/**
 * The pages a link in an e-mail opens (the office's links, server/office/; stopping storm alerts,
 * server/storm-alerts/). The token is in the address, so these pages are never cached, never
 * indexed and never send the address on as a referrer. Each client address may open only so many
 * a minute (counted like the enquiries' limit, server/leads/rate-limit.ts); past it, a plain page
 * that costs no render says how long to wait (429).
 */
import { Router, type Request, type Response } from 'express'
import { createRateLimit, type RateLimitCounters } from '../leads/rate-limit'
import { escapeHtml } from './escape-html'

/** No-store, noindex and no-referrer: what every such page, and its refusal, is sent with. */
export function setLinkPageHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('X-Robots-Tag', 'noindex')
  res.setHeader('Referrer-Policy', 'no-referrer')
}

/**
 * A router of link pages whose every request first counts against the per-client limit;
 * `tooMany` is the plain page a refusal sends. `exempt` names the requests the limit leaves
 * alone: a mail provider posts one-click unsubscribes for many people from a few shared
 * addresses, and a post with a valid token must never be refused for that.
 */
export function linkPagesRouter(
  counters: RateLimitCounters,
  opts: {
    name: string
    limit: number
    tooMany: (retryAfterSeconds: number) => string
    exempt?: (req: Request) => boolean
  },
): Router {
  const router = Router()
  router.use(
    createRateLimit(counters, {
      name: opts.name,
      limit: opts.limit,
      skip: opts.exempt,
      refuse: (_req, res, seconds) => {
        setLinkPageHeaders(res)
        res.type('html').send(opts.tooMany(seconds))
      },
    }),
  )
  return router
}

/** The token a link page's address ends with ('' when there is none). */
export function linkToken(req: Request): string {
  return String(req.params.token ?? '')
}

/**
 * The token of a request to a link router before its route has matched (the rate limit runs
 * first): the one segment of the path below the router's mount, as the route would read it;
 * '' when the path is not one segment or does not decode.
 */
export function tokenInPath(req: Request): string {
  const segment = /^\/([^/]+)\/?$/.exec(req.path)?.[1]
  if (!segment) return ''
  try {
    return decodeURIComponent(segment)
  } catch {
    return ''
  }
}

/**
 * The pages' own few lines of style: readable on a phone without the site's stylesheet (these
 * pages cost no page build), a button a thumb can hit.
 */
const PLAIN_PAGE_STYLE =
  'body{margin:0;font:18px/1.5 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1e293b;background:#f4f5f7}' +
  'main{box-sizing:border-box;max-width:36rem;margin:0 auto;padding:2rem 1.25rem;background:#fff;min-height:100vh}' +
  'h1{font-size:1.6rem;line-height:1.25;color:#14213d;margin:0 0 1rem}' +
  'p{margin:0 0 1rem}.site{margin-bottom:1.5rem}.site a{font-weight:700;color:#14213d;text-decoration:none}' +
  '.note{font-size:.9rem;color:#475569}' +
  'button{display:block;width:100%;min-height:48px;margin:1.5rem 0 1rem;padding:.75rem 1.25rem;border:0;border-radius:6px;background:#c8102e;color:#fff;font-family:inherit;font-size:1.1rem;font-weight:700;line-height:1.3;cursor:pointer}' +
  'button:focus-visible{outline:3px solid #14213d;outline-offset:2px}' +
  '@media (min-width:40rem){main{margin:2rem auto;min-height:0;border-radius:8px;padding:2.5rem}}'

/**
 * A whole page without the page build: `title` as its title and heading, then `bodyHtml` (HTML
 * already); `siteName`, when given, above the heading as a link to the site's home page, so a
 * homeowner knows whose page it is and has a way on.
 */
export function plainLinkPage(title: string, bodyHtml: string, siteName?: string): string {
  const t = escapeHtml(title)
  const site = siteName ? `<p class="site"><a href="/">${escapeHtml(siteName)}</a></p>` : ''
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${t}</title><style>${PLAIN_PAGE_STYLE}</style></head><body><main>${site}<h1>${t}</h1>${bodyHtml}</main></body></html>`
}
