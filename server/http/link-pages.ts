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
 * `tooMany` is the plain page a refusal sends.
 */
export function linkPagesRouter(
  counters: RateLimitCounters,
  opts: { name: string; limit: number; tooMany: (retryAfterSeconds: number) => string },
): Router {
  const router = Router()
  router.use(
    createRateLimit(counters, {
      name: opts.name,
      limit: opts.limit,
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

/** A whole page without the page build: `title` as its title and heading, then `bodyHtml` (HTML already). */
export function plainLinkPage(title: string, bodyHtml: string): string {
  const t = escapeHtml(title)
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${t}</title></head><body><main><h1>${t}</h1>${bodyHtml}</main></body></html>`
}
