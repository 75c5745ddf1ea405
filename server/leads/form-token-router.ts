/**
 * GET /api/form-token: a token saying "a form was shown now" (form-token.ts), recorded in the
 * database with whether a page of this site asked for it (core/db/form-tokens.ts). Pages are
 * cached for a day, so the token cannot be in their HTML; it is never cached itself. Issuing
 * one also deletes the records of tokens older than a day (an older token scores as expired,
 * its record is of no more use), so the table holds a day of tokens at most.
 */
import { randomBytes } from 'node:crypto'
import { Router } from 'express'
import type { Db } from '../../core/db/connection'
import { recordFormToken } from '../../core/db/form-tokens'
import { siteSecret } from '../../core/db/leads'
import { failed } from './answers'
import { FORM_TOKEN_MAX_AGE_MS, isPageFetch, issueFormToken, newFormTokenId } from './form-token'

/** The name of the form token's key in site_secrets. */
export const FORM_TOKEN_SECRET = 'form-token'

/** The form token's key: made once per database, so every web process and restart shares it. */
export function formTokenSecret(db: Db): string {
  return siteSecret(db, FORM_TOKEN_SECRET, () => randomBytes(32).toString('base64url'), new Date())
}

/** `siteUrl`: SITE_URL, whose origin a page's Referer may have besides the request's own host. */
export function createFormTokenRouter(db: Db, siteUrl?: string): Router {
  const secret = formTokenSecret(db)
  const siteOrigin = siteUrl ? new URL(siteUrl).origin : ''
  const router = Router()
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
