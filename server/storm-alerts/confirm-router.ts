/**
 * Confirming storm alerts from an e-mail (docs/storm-alerts.md, "Confirming"): GET
 * /storm-alerts/confirm/<token> shows a page that names the address (half hidden) and has one
 * button, "Confirm storm alerts", and changes nothing: mail scanners and link previews open
 * every link in an e-mail. Only that button, a plain form post to the same address, confirms
 * (core/storm-response/consent.ts), and the page it answers with says so. The post is checked
 * like the office links' (same origin, server/leads/same-origin.ts): a button on another site
 * gets 403 and a page saying to use the link's own page.
 *
 * The links' key is read (made, on a new database) once, when the router is built: a GET reads
 * and never writes. Each client address may open CONFIRM_PER_MINUTE pages a minute (counted like
 * the office's links); a POST with a valid token is never refused. The pages are sent with
 * no-store, noindex and no-referrer, and are plain pages with their own few lines of style: a
 * scanner's GET costs no page build.
 */
import express, { type Response, type Router } from 'express'
import type { Db } from '../../core/platform/db/connection'
import type { Logger } from '../../core/platform/logger'
import {
  STORM_ALERTS_CONFIRM_PATH,
  confirmByLink,
  readConfirmLink,
  unsubscribeKey,
  type ConfirmLinkPage,
} from '../../core/storm-response'
import type { BusinessConfig } from '../../shared/business'
import { CONFIRM_BUTTON, CONFIRM_PAGE } from '../../shared/storm-alerts-consent'
import { escapeHtml } from '../http/escape-html'
import { linkPagesRouter, linkToken, plainLinkPage, setLinkPageHeaders } from '../http/link-pages'
import type { RateLimitCounters } from '../leads/rate-limit'
import { requireSameOrigin } from '../leads/same-origin'
import { exemptValidPost, halfHidden, para } from '../http/page-parts'

export { STORM_ALERTS_CONFIRM_PATH }

/** Pages one client may open in a minute: a person needs two; a scanner a few. */
const CONFIRM_PER_MINUTE = 30

export interface ConfirmRouterDeps extends RateLimitCounters {
  db: Db
  logger: Logger
  business: BusinessConfig
  siteUrl: string
  now?: () => Date
  perMinute?: number
}

const STATUS: Record<ConfirmLinkPage['kind'], number> = {
  ready: 200,
  confirmed: 200,
  stopped: 200,
  lapsed: 410,
  invalid: 404,
}

export function createConfirmRouter(deps: ConfirmRouterDeps): Router {
  // The one write of these links in the web process, at start-up (see above).
  const key = unsubscribeKey(deps.db)
  const now = deps.now ?? (() => new Date())
  const log = deps.logger.child({ component: 'storm-alerts-confirm' })
  const page = (title: string, body: string) => plainLinkPage(title, body, deps.business.name)
  const otherwise = para(CONFIRM_PAGE.otherwise(deps.business.name, deps.business.email, deps.business.phone))
  const router = linkPagesRouter(deps, {
    name: 'storm-alerts-confirm',
    limit: deps.perMinute ?? CONFIRM_PER_MINUTE,
    tooMany: (seconds) => page('Too many requests', para(`Please wait ${seconds} seconds and try again.`)),
    exempt: exemptValidPost((token) => readConfirmLink(deps.db, key, token, now()).kind !== 'invalid'),
  })

  function render(p: ConfirmLinkPage): string {
    switch (p.kind) {
      case 'ready': {
        const action = `${STORM_ALERTS_CONFIRM_PATH}/${escapeHtml(p.token)}`
        return page(
          CONFIRM_PAGE.ready.title,
          para(CONFIRM_PAGE.ready.text(halfHidden(p.email))) +
            `<form method="post" action="${action}"><button type="submit">${escapeHtml(CONFIRM_BUTTON)}</button></form>` +
            para(CONFIRM_PAGE.ready.note, 'note'),
        )
      }
      case 'confirmed':
        return page(
          CONFIRM_PAGE.confirmed.title,
          `<p role="status">${escapeHtml(
            p.just
              ? CONFIRM_PAGE.confirmed.now(halfHidden(p.email))
              : CONFIRM_PAGE.confirmed.before(halfHidden(p.email), p.on),
          )}</p>`,
        )
      case 'stopped':
        return page(
          CONFIRM_PAGE.stopped.title,
          para(CONFIRM_PAGE.stopped.text(halfHidden(p.email), p.on)) + otherwise,
        )
      case 'lapsed':
        return page(CONFIRM_PAGE.lapsed.title, para(CONFIRM_PAGE.lapsed.text) + otherwise)
      case 'invalid':
        return page(CONFIRM_PAGE.invalid.title, para(CONFIRM_PAGE.invalid.text) + otherwise)
    }
  }
  const answer = (res: Response, p: ConfirmLinkPage) => {
    setLinkPageHeaders(res)
    res.status(STATUS[p.kind]).type('html').send(render(p))
  }

  router.get(['/', '/:token'], (req, res) =>
    answer(res, readConfirmLink(deps.db, key, linkToken(req), now())),
  )

  router.post(
    ['/', '/:token'],
    requireSameOrigin(deps.siteUrl, (_req, res) => {
      setLinkPageHeaders(res)
      res.type('html').send(page(CONFIRM_PAGE.refused.title, para(CONFIRM_PAGE.refused.text)))
    }),
    // The button's form carries nothing but itself; a body is read and ignored.
    express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 }),
    (req, res) => {
      const { page: p, confirmed } = confirmByLink(deps.db, key, linkToken(req), now())
      if (confirmed) log.info({ leadId: confirmed }, 'storm alerts confirmed')
      else log.info({ outcome: p.kind }, 'storm alerts confirmation pressed; nothing changed')
      answer(res, p)
    },
  )
  return router
}
