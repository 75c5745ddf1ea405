/**
 * Stopping the follow-ups from a follow-up e-mail (docs/bookings.md, "Follow-ups until booked"),
 * as the storm alerts' links do (server/storm-alerts/unsubscribe-router.ts): GET
 * /follow-ups/unsubscribe/<token> shows a page with one button and changes nothing (mail
 * scanners and link previews open every link in an e-mail); a POST to the same address whose
 * body is `List-Unsubscribe=One-Click` stops them at once. That POST is what the page's button
 * sends, and what a mail client sends from the e-mail's List-Unsubscribe and
 * List-Unsubscribe-Post headers (RFC 8058), as a form or as multipart/form-data. The client's
 * server posts from its own origin, so no same-origin check: the token is what authorises.
 *
 * Its own stop list (follow_up_stops): stopping the follow-ups leaves storm alerts as they are.
 * The links' key is read (made, on a new database) once, when the router is built: a GET
 * reads and never writes. A valid token's POST is never refused by the rate limit.
 */
import express, { type Request, type Response, type Router } from 'express'
import type { Db } from '../../core/platform/db/connection'
import type { Logger } from '../../core/platform/logger'
import {
  FOLLOW_UPS_UNSUBSCRIBE_PATH,
  checkFollowUpsToken,
  followUpsKey,
  followUpsStoppedAt,
  stopFollowUps,
} from '../../core/bookings'
import type { BusinessConfig } from '../../shared/business'
import { escapeHtml } from '../http/escape-html'
import { linkPagesRouter, linkToken, plainLinkPage, setLinkPageHeaders } from '../http/link-pages'
import type { RateLimitCounters } from '../leads/rate-limit'
import { exemptValidPost, halfHidden, para } from '../storm-alerts/page-parts'

export { FOLLOW_UPS_UNSUBSCRIBE_PATH }

/** Pages one client may open in a minute: a person needs two; a scanner a few. */
const PER_MINUTE = 30
const ONE_CLICK = 'One-Click'

export interface FollowUpRouterDeps extends RateLimitCounters {
  db: Db
  logger: Logger
  business: BusinessConfig
  now?: () => Date
  perMinute?: number
}

/** Whether the body says `List-Unsubscribe=One-Click`, as a form or as multipart/form-data. */
function saysOneClick(req: Request): boolean {
  if (Buffer.isBuffer(req.body))
    return /name="?List-Unsubscribe"?[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(
      req.body.toString('latin1'),
    )
  return (req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] === ONE_CLICK
}

export function createFollowUpRouter(deps: FollowUpRouterDeps): Router {
  const key = followUpsKey(deps.db)
  const page = (title: string, body: string) => plainLinkPage(title, body, deps.business.name)
  const check = (token: string) => checkFollowUpsToken(deps.db, key, token)
  const router = linkPagesRouter(deps, {
    name: 'follow-ups-unsubscribe',
    limit: deps.perMinute ?? PER_MINUTE,
    tooMany: (seconds) => page('Too many requests', para(`Please wait ${seconds} seconds and try again.`)),
    exempt: exemptValidPost((token) => check(token) !== undefined),
  })
  const now = deps.now ?? (() => new Date())
  const log = deps.logger.child({ component: 'follow-ups-unsubscribe' })
  const stopped = (email: string) =>
    page(
      'Reminders stopped',
      para(`${halfHidden(email)} gets no more reminders about booking an inspection.`) +
        para(`Storm alerts, if you asked for them, are not changed by this.`, 'note'),
    )
  const invalid = (res: Response) =>
    res
      .status(404)
      .type('html')
      .send(
        page(
          'This link is not valid',
          para('This link to stop reminders is not one our website made, or it was cut short.') +
            para(
              `To stop them another way, reply to any of them or contact ${deps.business.name} at ${deps.business.email} or ${deps.business.phone}.`,
            ),
        ),
      )

  router.get(['/', '/:token'], (req, res) => {
    setLinkPageHeaders(res)
    const token = linkToken(req)
    const found = check(token)
    if (!found) return void invalid(res)
    if (followUpsStoppedAt(deps.db, found.email)) return void res.type('html').send(stopped(found.email))
    const action = `${FOLLOW_UPS_UNSUBSCRIBE_PATH}/${escapeHtml(token)}`
    res
      .type('html')
      .send(
        page(
          'Stop the reminders?',
          para(
            `We remind ${halfHidden(found.email)} a few times to book the free roof inspection you asked for, until you book.`,
          ) +
            `<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="${ONE_CLICK}"><input type="hidden" name="via" value="page"><button type="submit">Stop the reminders</button></form>`,
        ),
      )
  })

  router.post(
    ['/', '/:token'],
    express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 }),
    express.raw({ type: 'multipart/form-data', limit: '4kb' }),
    (req, res) => {
      setLinkPageHeaders(res)
      const found = check(linkToken(req))
      if (!found) return void invalid(res)
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
      const how = (req.body as Record<string, unknown> | undefined)?.via === 'page' ? 'page' : 'one-click'
      const result = stopFollowUps(deps.db, { email: found.email, leadId: found.leadId, how }, now())
      log.info({ leadId: found.leadId, how, ...result }, 'follow-ups stopped')
      res.type('html').send(stopped(found.email))
    },
  )
  return router
}
