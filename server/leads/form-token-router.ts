/**
 * GET /api/form-token: a token saying "a form was shown now" (form-token.ts), recorded in the
 * database with whether a page of this site asked for it (core/spam/form-token-store.ts). Pages are
 * cached for a day, so the token cannot be in their HTML; it is never cached itself. Issuing
 * one also deletes the records of tokens older than a day (an older token scores as expired,
 * its record is of no more use), so the table holds a day of tokens at most.
 *
 * Each token is a row written to the database, so a client may ask for FORM_TOKENS_PER_MINUTE
 * at most (counted in Redis like the enquiries' limit, shared by every web process): far more
 * than a person opening pages with forms, few enough that a flood cannot fill the table or hold
 * the database's write lock. A visitor over the limit gets a 429; the form is then sent without
 * a token, which alone scores 1 point.
 */
import { Router } from 'express'
import type { Db } from '../../core/platform/db/connection'
import {
  recordFormToken,
  formTokenSecret,
  FORM_TOKEN_MAX_AGE_MS,
  isPageFetch,
  issueFormToken,
  newFormTokenId,
} from '../../core/spam'
import { failed } from './answers'
import { createRateLimit, type RateLimitCounters } from './rate-limit'

/** Tokens one client may ask for in a minute unless FORM_TOKEN_RATE_LIMIT_PER_MINUTE says otherwise. */
export const FORM_TOKENS_PER_MINUTE = 60

export interface FormTokenRouterOptions extends RateLimitCounters {
  /** SITE_URL, whose origin a page's Referer may have besides the request's own host. */
  siteUrl?: string
  /** Tokens one client may ask for in a minute (FORM_TOKEN_RATE_LIMIT_PER_MINUTE). */
  perMinute?: number
}

export function createFormTokenRouter(db: Db, opts: FormTokenRouterOptions): Router {
  const secret = formTokenSecret(db)
  const siteOrigin = opts.siteUrl ? new URL(opts.siteUrl).origin : ''
  const router = Router()
  router.get(
    '/',
    createRateLimit(opts, {
      name: 'form-tokens',
      limit: opts.perMinute ?? FORM_TOKENS_PER_MINUTE,
      refuse: (_req, res, seconds) => {
        res
          .set('Cache-Control', 'no-store')
          .json(failed(`Too many form tokens asked for from this address; try again in ${seconds} s.`))
      },
    }),
  )
  router.get('/', (req, res) => {
    const now = new Date()
    const id = newFormTokenId()
    recordFormToken(
      db,
      { id, issuedAt: now, pageFetch: isPageFetch(req, siteOrigin) },
      new Date(now.getTime() - FORM_TOKEN_MAX_AGE_MS),
    )
    res.set('Cache-Control', 'no-store').json({ token: issueFormToken(secret, now, id) })
  })
  router.all('/', (_req, res) => {
    res.set('Allow', 'GET').status(405).json(failed('Ask for a form token with GET.'))
  })
  return router
}
