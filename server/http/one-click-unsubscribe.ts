/**
 * A one-click unsubscribe link's router (RFC 8058), as the storm alerts
 * (server/storm-alerts/unsubscribe-router.ts) and the follow-ups
 * (server/bookings/follow-up-router.ts) use it: GET /<token> shows a page with one button and
 * changes nothing (mail scanners and link previews open every link in an e-mail); a POST to the
 * same address whose body is `List-Unsubscribe=One-Click` stops the mail at once. That POST is
 * what the page's button sends, and what a mail client sends for its own unsubscribe button from
 * the e-mail's List-Unsubscribe and List-Unsubscribe-Post headers, as a form
 * (application/x-www-form-urlencoded) or multipart/form-data. The client's server posts from its
 * own origin, so no same-origin check: the token is what authorises.
 *
 * A link the site did not make is a 404 page that says how to stop the mail otherwise. Each
 * client address may open so many pages a minute (counted like the office's links), but a POST
 * with a valid token is never refused: mail providers post the one-click unsubscribes of many
 * people from a few shared addresses. The pages are sent with no-store, noindex and no-referrer,
 * and name the address only half hidden.
 */
import express, { type Request, type Response, type Router } from 'express'
import type { Db } from '../../core/platform/db/connection'
import type { Logger } from '../../core/platform/logger'
import type { BusinessConfig } from '../../shared/business'
import type { RateLimitCounters } from '../leads/rate-limit'
import { escapeHtml } from './escape-html'
import { linkPagesRouter, linkToken, plainLinkPage, setLinkPageHeaders } from './link-pages'
import { exemptValidPost, para } from './page-parts'

const ONE_CLICK = 'One-Click'

/** How the stop was asked for: the page's button, or a mail client's one-click post. */
type StopHow = 'page' | 'one-click'

/** A page's title and its body (HTML already). */
interface LinkPage {
  title: string
  body: string
}

/** Pages one client may open in a minute: a person needs two; a scanner a few. */
const PER_MINUTE = 30

/** What each unsubscribe router is built from. */
export interface OneClickUnsubscribeDeps extends RateLimitCounters {
  /** The database that holds the links' key and the feature's stop list. */
  db: Db
  logger: Logger
  business: BusinessConfig
  /** The clock a stop is recorded at (tests set their own). */
  now?: () => Date
  /** Pages one client may open in a minute (PER_MINUTE unless a test says otherwise). */
  perMinute?: number
}

export interface OneClickUnsubscribe<Found> {
  /** The rate limit's name and the log's component. */
  name: string
  /** Where the router is mounted: the page's button posts to it. */
  path: string
  /** What a valid token stands for; undefined for a token the site did not make. */
  check: (token: string) => Found | undefined
  /** Whether the mail is stopped already (the GET then says so, and shows no button). */
  isStopped: (found: Found) => boolean
  /** Stops the mail (at `now`) and logs it. */
  stop: (found: Found, how: StopHow, token: string, log: Logger, now: Date) => void
  /** The 404 page's body for a link the site did not make. */
  invalid: string
  /** The page the GET shows: its body comes before the button. */
  ask: (found: Found) => LinkPage & { button: string }
  /** The page for a link whose mail is stopped: `afterPost` when this request stopped it. */
  stopped: (found: Found, afterPost: boolean) => LinkPage
}

/** Whether the body says `List-Unsubscribe=One-Click`, as a form or as multipart/form-data. */
function saysOneClick(req: Request): boolean {
  if (Buffer.isBuffer(req.body))
    return /name="?List-Unsubscribe"?[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(
      req.body.toString('latin1'),
    )
  return (req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] === ONE_CLICK
}

export function createOneClickUnsubscribeRouter<Found>(
  deps: OneClickUnsubscribeDeps,
  spec: OneClickUnsubscribe<Found>,
): Router {
  const page = ({ title, body }: LinkPage) => plainLinkPage(title, body, deps.business.name)
  const router = linkPagesRouter(deps, {
    name: spec.name,
    limit: deps.perMinute ?? PER_MINUTE,
    tooMany: (seconds) =>
      page({ title: 'Too many requests', body: para(`Please wait ${seconds} seconds and try again.`) }),
    exempt: exemptValidPost((token) => spec.check(token) !== undefined),
  })
  const log = deps.logger.child({ component: spec.name })
  const now = deps.now ?? (() => new Date())
  const invalid = (res: Response) =>
    res
      .status(404)
      .type('html')
      .send(page({ title: 'This link is not valid', body: spec.invalid }))

  router.get(['/', '/:token'], (req, res) => {
    setLinkPageHeaders(res)
    const token = linkToken(req)
    const found = spec.check(token)
    if (!found) return void invalid(res)
    if (spec.isStopped(found)) return void res.type('html').send(page(spec.stopped(found, false)))
    const action = `${spec.path}/${escapeHtml(token)}`
    const ask = spec.ask(found)
    res.type('html').send(
      page({
        title: ask.title,
        body:
          ask.body +
          `<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="${ONE_CLICK}"><input type="hidden" name="via" value="page"><button type="submit">${escapeHtml(ask.button)}</button></form>`,
      }),
    )
  })

  router.post(
    ['/', '/:token'],
    express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 }),
    express.raw({ type: 'multipart/form-data', limit: '4kb' }),
    (req, res) => {
      setLinkPageHeaders(res)
      const token = linkToken(req)
      const found = spec.check(token)
      if (!found) return void invalid(res)
      if (!saysOneClick(req))
        return void res
          .status(400)
          .type('html')
          .send(
            page({
              title: 'Nothing was changed',
              body: para(
                'The request did not say List-Unsubscribe=One-Click. Open the link again and press the button.',
              ),
            }),
          )
      const how: StopHow =
        (req.body as Record<string, unknown> | undefined)?.via === 'page' ? 'page' : 'one-click'
      spec.stop(found, how, token, log, now())
      res.type('html').send(page(spec.stopped(found, true)))
    },
  )
  return router
}
