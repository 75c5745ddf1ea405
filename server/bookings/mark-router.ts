/**
 * The office's marks from its e-mail (docs/bookings.md, "The office's marks"): each lead's
 * office e-mail has "Booked by phone", "Reached, not booked yet" and "Not interested", each a
 * signed link to GET /office/mark/<token>. The GET shows what the button will record, for
 * which enquiry, and changes nothing (mail scanners and link previews open every link); the
 * page's button, a POST to the same address from the site's own page (same-origin check, as
 * the spam links), records the mark (core/bookings markLead, cause 'office-link'), which also
 * stops the lead's nudge and follow-ups that wait.
 *
 * The key is read once when the router is built (a GET never writes); each client address may
 * open OFFICE_LINK_RATE_LIMIT_PER_MINUTE pages a minute; the pages are sent with no-store,
 * noindex and no-referrer, and the request log writes the path without its token.
 */
import express, { type Response, type Router } from 'express'
import type { Db } from '../../core/platform/db/connection'
import type { Logger } from '../../core/platform/logger'
import { MARK_WORDS, OFFICE_MARK_PATH, checkMarkToken, markLead, readLeadState } from '../../core/bookings'
import { findLead, isQuarantined } from '../../core/leads'
import { DEFAULT_OFFICE_LINKS_PER_MINUTE, officeLinkKey } from '../../core/spam'
import { formatOfficeTime } from '../../shared/business-time'
import { escapeHtml } from '../http/escape-html'
import { linkPagesRouter, linkToken, plainLinkPage, setLinkPageHeaders } from '../http/link-pages'
import type { RateLimitCounters } from '../leads/rate-limit'
import { requireSameOrigin } from '../leads/same-origin'
import { para } from '../http/page-parts'

export { OFFICE_MARK_PATH }

export interface MarkRouterDeps extends RateLimitCounters {
  db: Db
  logger: Logger
  siteUrl: string
  now?: () => Date
  perMinute?: number
}

const STATE_WORDS = {
  new: 'not booked, not marked',
  booked: 'booked',
  canceled: 'canceled its booking',
  reached: 'reached, not booked yet',
  lost: 'not interested',
} as const

export function createMarkRouter(deps: MarkRouterDeps): Router {
  const key = officeLinkKey(deps.db)
  const now = deps.now ?? (() => new Date())
  const log = deps.logger.child({ component: 'office-marks' })
  const router = linkPagesRouter(deps, {
    name: 'office-marks',
    limit: deps.perMinute ?? DEFAULT_OFFICE_LINKS_PER_MINUTE,
    tooMany: (seconds) =>
      plainLinkPage(
        'Too many links opened at once',
        para(`Nothing has been changed. Wait ${seconds} seconds, then open the link from the e-mail again.`),
      ),
  })
  const send = (res: Response, status: number, title: string, body: string) => {
    setLinkPageHeaders(res)
    res.status(status).type('html').send(plainLinkPage(title, body))
  }
  /** The token's lead and mark, or the page that says why not (sent). */
  const open = (token: string, res: Response) => {
    const checked = checkMarkToken(key, token, now())
    if (checked.kind === 'invalid')
      return void send(
        res,
        404,
        'This link does not work',
        para('It is not a link the site made, or it was cut short. Nothing has been changed.'),
      )
    const lead = findLead(deps.db, checked.leadId)
    if (!lead)
      return void send(res, 404, 'This enquiry is no longer stored', para('Nothing has been changed.'))
    // As site-admin leads mark: a lead held as spam is released first.
    if (isQuarantined(lead))
      return void send(
        res,
        409,
        'This enquiry is held as spam',
        para(
          `Nothing has been changed. Release it first (the "Not spam: deliver it" link of the digest, or site-admin leads not-spam ${lead.id.slice(0, 8)}), then open this link again.`,
        ),
      )
    if (checked.kind === 'expired')
      return void send(
        res,
        410,
        'This link has expired',
        para(
          `It worked until ${formatOfficeTime(checked.expiresAt)}. Nothing has been changed. Whoever runs the site can record it: site-admin leads mark ${lead.id.slice(0, 8)} ${checked.mark}.`,
        ),
      )
    return { ...checked, lead }
  }

  router.get(['/', '/:token'], (req, res) => {
    const token = linkToken(req)
    const found = open(token, res)
    if (!found) return
    const { lead, mark } = found
    const state = readLeadState(deps.db, lead.id)
    const name = `${lead.firstName ?? ''} ${lead.lastName ?? ''}`.trim() || lead.email || 'This enquiry'
    send(
      res,
      200,
      `Record “${MARK_WORDS[mark]}”?`,
      para(`${name}, ${lead.phone ?? ''}, received ${formatOfficeTime(lead.createdAt)}.`) +
        para(
          `Now: ${STATE_WORDS[state.state]}${state.since ? ` (since ${formatOfficeTime(state.since)})` : ''}.`,
        ) +
        para(
          mark === 'booked'
            ? 'The reminders to book online and the nudge stop; the weekly report counts it as booked.'
            : mark === 'reached'
              ? 'The reminders to book online and the nudge stop.'
              : 'The reminders to book online and the nudge stop; the weekly report counts it as not interested.',
          'note',
        ) +
        `<form method="post" action="${OFFICE_MARK_PATH}/${escapeHtml(token)}"><button type="submit">${escapeHtml(MARK_WORDS[mark])}</button></form>`,
    )
  })

  router.post(
    ['/', '/:token'],
    requireSameOrigin(deps.siteUrl, (_req, res) =>
      send(
        res,
        403,
        'Please use the button on the page',
        para('Nothing has been changed. Open the link from the e-mail again and press its button.'),
      ),
    ),
    express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 }),
    (req, res) => {
      const found = open(linkToken(req), res)
      if (!found) return
      const { before, changed } = markLead(deps.db, found.lead.id, found.mark, 'office-link', now())
      log.info(
        { leadId: found.lead.id, mark: found.mark, changed, before: before.state },
        'office mark recorded',
      )
      send(
        res,
        200,
        changed ? `Recorded: ${MARK_WORDS[found.mark]}` : `Already recorded: ${MARK_WORDS[found.mark]}`,
        `<p role="status">${escapeHtml(`Enquiry ${found.lead.id.slice(0, 8)}: ${MARK_WORDS[found.mark]}.`)}</p>` +
          para('No more reminders to book online go to them, and no nudge to you.', 'note'),
      )
    },
  )
  return router
}
