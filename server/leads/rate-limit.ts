/**
 * Per-IP fixed-window rate limit for POST /api/enquiries (ARCHITECTURE "Security").
 * In memory: one web process per site, and a restart forgetting the counts is harmless.
 * Keyed by req.ip, which honours the `trust proxy` hop count set in createApp.
 */
import type { Request, RequestHandler, Response } from 'express'

export const RATE_LIMIT_WINDOW_MS = 60_000

export function createRateLimit(opts: {
  limit: number
  windowMs?: number
  /** Answers a request over the limit; the Retry-After header and status 429 are already set. */
  refuse: (req: Request, res: Response, retryAfterSeconds: number) => void
  now?: () => number
}): RequestHandler {
  const windowMs = opts.windowMs ?? RATE_LIMIT_WINDOW_MS
  const now = opts.now ?? Date.now
  const windows = new Map<string, { start: number; count: number }>()
  let lastSweep = now()

  return (req, res, next) => {
    const t = now()
    // Forget finished windows once per window, so memory follows current traffic only.
    if (t - lastSweep >= windowMs) {
      for (const [ip, w] of windows) if (t - w.start >= windowMs) windows.delete(ip)
      lastSweep = t
    }
    const key = req.ip ?? 'unknown'
    let w = windows.get(key)
    if (!w || t - w.start >= windowMs) windows.set(key, (w = { start: t, count: 0 }))
    w.count += 1
    if (w.count > opts.limit) {
      const retryAfter = Math.max(1, Math.ceil((w.start + windowMs - t) / 1000))
      res.set('Retry-After', String(retryAfter)).status(429)
      opts.refuse(req, res, retryAfter)
      return
    }
    next()
  }
}
