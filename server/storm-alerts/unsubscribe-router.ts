/**
 * Stopping storm alerts from an alert (docs/storm-alerts.md): GET
 * /storm-alerts/unsubscribe/<token> shows a page with one button and changes nothing (mail
 * scanners and link previews open every link in an e-mail); a POST to the same address whose
 * body is `List-Unsubscribe=One-Click` stops the alerts at once. That POST is what the page's
 * button sends, and what a mail client sends for its own unsubscribe button from the alert's
 * List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058), as a form
 * (application/x-www-form-urlencoded) or multipart/form-data. The client's server posts from
 * its own origin, so no same-origin check: the token is what authorises.
 *
 * The links' key is read (made, on a new database) once, when the router is built: a GET reads
 * and never writes. A link the site did not make is a 404 page that says how to stop the
 * alerts otherwise. Each client address may open UNSUBSCRIBE_PER_MINUTE pages a minute (counted
 * like the office's links), but a POST with a valid token is never refused: mail providers post
 * the one-click unsubscribes of many people from a few shared addresses. The pages are sent with
 * no-store, noindex and no-referrer, and name the address only half hidden.
 */
import express, { type Request, type Response, type Router } from 'express'
import type { Db } from '../../core/platform/db/connection'
import type { Logger } from '../../core/platform/logger'
import {
  STORM_ALERTS_UNSUBSCRIBE_PATH,
  alertsStoppedAt,
  checkUnsubscribeToken,
  stopAlerts,
  unsubscribeKey,
} from '../../core/storm-response'
import type { BusinessConfig } from '../../shared/business'
import { escapeHtml } from '../http/escape-html'
import { linkPagesRouter, linkToken, plainLinkPage, setLinkPageHeaders } from '../http/link-pages'
import type { RateLimitCounters } from '../leads/rate-limit'
import { exemptValidPost, halfHidden, para } from './page-parts'

export { STORM_ALERTS_UNSUBSCRIBE_PATH }

/** Pages one client may open in a minute: a person needs two; a scanner a few. */
const UNSUBSCRIBE_PER_MINUTE = 30
const ONE_CLICK = 'One-Click'

export interface UnsubscribeRouterDeps extends RateLimitCounters {
  db: Db
  logger: Logger
  business: BusinessConfig
  now?: () => Date
  perMinute?: number
}

function otherwise(business: BusinessConfig): string {
  return para(
    `To stop the alerts another way, reply to any alert or contact ${business.name} at ${business.email} or ${business.phone}.`,
  )
}

/** Whether the body says `List-Unsubscribe=One-Click`, as a form or as multipart/form-data. */
function saysOneClick(req: Request): boolean {
  if (Buffer.isBuffer(req.body)) {
    return /name="?List-Unsubscribe"?[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(
      req.body.toString('latin1'),
    )
  }
  const body = req.body as Record<string, unknown> | undefined
  return body?.['List-Unsubscribe'] === ONE_CLICK
}

export function createUnsubscribeRouter(deps: UnsubscribeRouterDeps): Router {
  // The one write of these links in the web process, at start-up (see above).
  const key = unsubscribeKey(deps.db)
  const page = (title: string, body: string) => plainLinkPage(title, body, deps.business.name)
  const router = linkPagesRouter(deps, {
    name: 'storm-alerts-unsubscribe',
    limit: deps.perMinute ?? UNSUBSCRIBE_PER_MINUTE,
    tooMany: (seconds) => page('Too many requests', para(`Please wait ${seconds} seconds and try again.`)),
    exempt: exemptValidPost((token) => checkUnsubscribeToken(deps.db, key, token) !== undefined),
  })
  const now = deps.now ?? (() => new Date())
  const log = deps.logger.child({ component: 'storm-alerts-unsubscribe' })
  const invalid = (res: Response) =>
    res
      .status(404)
      .type('html')
      .send(
        page(
          'This link is not valid',
          para('This link to stop storm alerts is not one our website made, or it was cut short.') +
            otherwise(deps.business),
        ),
      )

  router.get(['/', '/:token'], (req, res) => {
    setLinkPageHeaders(res)
    const token = linkToken(req)
    const email = checkUnsubscribeToken(deps.db, key, token)
    if (!email) return void invalid(res)
    const stopped = alertsStoppedAt(deps.db, email)
    if (stopped)
      return void res
        .type('html')
        .send(page('Storm alerts are stopped', para(`${halfHidden(email)} gets no more storm alerts.`)))
    const action = `${STORM_ALERTS_UNSUBSCRIBE_PATH}/${escapeHtml(token)}`
    res
      .type('html')
      .send(
        page(
          'Stop storm alerts?',
          para(`Storm alerts go to ${halfHidden(email)} when radar sees hail at your address.`) +
            `<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="${ONE_CLICK}"><input type="hidden" name="via" value="page"><button type="submit">Stop storm alerts</button></form>`,
        ),
      )
  })

  router.post(
    ['/', '/:token'],
    express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 }),
    express.raw({ type: 'multipart/form-data', limit: '4kb' }),
    (req, res) => {
      setLinkPageHeaders(res)
      const email = checkUnsubscribeToken(deps.db, key, linkToken(req))
      if (!email) return void invalid(res)
      if (!saysOneClick(req))
        return void res
          .status(400)
          .type('html')
          .send(
            page(
              'Nothing was changed',
              para(
                'The request did not say List-Unsubscribe=One-Click. Open the link again and press the button.',
              ),
            ),
          )
      const via = (req.body as Record<string, unknown> | undefined)?.via === 'page' ? 'page' : 'one-click'
      const { alreadyStopped } = stopAlerts(deps.db, email, via, now())
      const leadId = linkToken(req).split('.')[0]
      log.info({ leadId, how: via, alreadyStopped }, 'storm alerts stopped')
      res
        .type('html')
        .send(
          page(
            'Storm alerts are stopped',
            para(`${halfHidden(email)} gets no more storm alerts from ${deps.business.name}.`),
          ),
        )
    },
  )
  return router
}
