/**
 * The office's links (docs/spam.md, "The office's links"): GET /office/confirm/<token> shows
 * what the link will do, or what it did; only the page's button, a POST to the same address,
 * acts (core/spam/quarantine.ts). Mail scanners and link previews open every link in an e-mail:
 * a GET here never changes anything.
 *
 * Mounted before the page handler, so these pages never go through its cache: each is rendered
 * per request by Vike (client/pages/office-confirm/) with what the link found in
 * pageContext.officeLink, and sent with Cache-Control: no-store, X-Robots-Tag: noindex and
 * Referrer-Policy: no-referrer (the token is in the address and must not travel on; the
 * request log writes the path without it, server/http/redact.ts).
 *
 * The links' key is read (made, on a new database) once, when the router is built: a GET reads
 * the lead and its acts and never takes SQLite's write lock, so mail scanners or a flood of
 * made-up tokens cannot queue behind, or hold up, the writes that store leads. Each client
 * address may open OFFICE_LINK_RATE_LIMIT_PER_MINUTE pages a minute (counted in Redis like the
 * enquiries' limit); past it, a short plain page says how long to wait (429).
 */
import express, { type Request, type Response, type Router } from 'express'
import { renderPage } from 'vike/server'
import type { Db } from '../../core/platform/db/connection'
import type { Logger } from '../../core/platform/logger'
import {
  actOnOfficeLink,
  readOfficeLink,
  OFFICE_CONFIRM_PATH,
  officeLinkKey,
  DEFAULT_OFFICE_LINKS_PER_MINUTE,
  learnFromOffice,
} from '../../core/spam'
import { officeLinkTitle, tooManyInWords, type OfficeLinkPage } from '../../shared/office-link-page'
import { escapeHtml } from '../http/escape-html'
import { linkPagesRouter, linkToken, plainLinkPage, setLinkPageHeaders } from '../http/link-pages'
import type { RateLimitCounters } from '../leads/rate-limit'
import { requireSameOrigin } from '../leads/same-origin'

export { OFFICE_CONFIRM_PATH }

/** Renders a confirmation page; tests without the page build pass their own. */
export type RenderOfficePage = (req: Request, res: Response, page: OfficeLinkPage) => Promise<void>

const STATUS: Record<OfficeLinkPage['kind'], number> = {
  ready: 200,
  done: 200,
  'not-applicable': 200,
  expired: 410,
  gone: 404,
  invalid: 404,
  refused: 403,
  'too-many': 429,
}

export interface OfficeRouterDeps extends RateLimitCounters {
  db: Db
  logger: Logger
  siteUrl: string
  /** SPAM_RETENTION_DAYS, for the date a held lead will be deleted (30 when unset). */
  retentionDays?: number
  /** Absent: the Vike page (createOfficePageRenderer). */
  renderPage?: RenderOfficePage
  now?: () => Date
  /** Pages one client may open in a minute (OFFICE_LINK_RATE_LIMIT_PER_MINUTE). */
  perMinute?: number
}

export function createOfficeRouter(deps: OfficeRouterDeps): Router {
  const router = linkPagesRouter(deps, {
    name: 'office-links',
    limit: deps.perMinute ?? DEFAULT_OFFICE_LINKS_PER_MINUTE,
    tooMany: (seconds) => plainOfficePage({ kind: 'too-many', retryAfterSeconds: seconds }),
  })
  const render = deps.renderPage ?? createOfficePageRenderer()
  const now = deps.now ?? (() => new Date())
  const log = deps.logger.child({ component: 'office-links' })
  // The one write of the web process's office links, at start-up (see above).
  const key = officeLinkKey(deps.db)
  const answer = async (req: Request, res: Response, page: OfficeLinkPage) => {
    res.status(STATUS[page.kind])
    setLinkPageHeaders(res)
    try {
      await render(req, res, page)
    } catch (err) {
      log.error({ err }, 'office confirmation page could not be rendered; answered with the plain page')
      if (!res.headersSent) res.type('html').send(plainOfficePage(page))
    }
  }

  router.get(['/', '/:token'], (req, res, next) => {
    answer(
      req,
      res,
      readOfficeLink(deps.db, key, linkToken(req), { retentionDays: deps.retentionDays, now: now() }),
    ).catch(next)
  })

  router.post(
    ['/', '/:token'],
    requireSameOrigin(deps.siteUrl, (req, res) => void answer(req, res, { kind: 'refused' })),
    // The button's form carries nothing but itself; a body is read and ignored.
    express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 }),
    (req, res, next) => {
      const { page, acted } = actOnOfficeLink(deps.db, key, linkToken(req), {
        retentionDays: deps.retentionDays,
        now: now(),
        learned: (leadId, action) => {
          try {
            learnFromOffice(deps.db, leadId, action, 'office-link')
          } catch (err) {
            log.error({ err, leadId, action }, 'the spam filter could not learn from the office link')
          }
        },
      })
      if (acted) log.info({ leadId: acted.leadId, action: acted.action }, 'office link confirmed')
      else log.info({ outcome: page.kind }, 'office link pressed; nothing changed')
      answer(req, res, page).catch(next)
    },
  )
  return router
}

/** The Vike page, rendered for this request with what the link found. */
function createOfficePageRenderer(): RenderOfficePage {
  return async (req, res, page) => {
    const { 'content-type': _type, 'content-length': _length, ...headers } = req.headers
    const pageContext = await renderPage({
      urlOriginal: OFFICE_CONFIRM_PATH,
      headersOriginal: headers,
      officeLink: page,
    })
    if (pageContext.errorWhileRendering) throw pageContext.errorWhileRendering
    const { httpResponse } = pageContext
    if (!httpResponse || httpResponse.statusCode !== 200)
      throw new Error(`${OFFICE_CONFIRM_PATH} rendered with status ${httpResponse?.statusCode ?? 'none'}`)
    for (const [name, value] of httpResponse.headers) {
      // The answer's own caching and robots headers stand.
      if (!/^(cache-control|x-robots-tag)$/i.test(name)) res.setHeader(name, value)
    }
    res.send(httpResponse.body)
  }
}

/**
 * The page without the page build (a render failure, or tests of the API alone): the title,
 * one line, and the button when there is one, so the office can still act and learn what
 * happened.
 */
function plainOfficePage(page: OfficeLinkPage): string {
  const button =
    page.kind === 'ready'
      ? `<form method="post" action="${OFFICE_CONFIRM_PATH}/${escapeHtml(page.token)}"><button type="submit">${page.action === 'not_spam' ? 'Not spam: deliver it' : 'This is spam'}</button></form>`
      : ''
  const line =
    page.kind === 'done'
      ? `<p role="status">${escapeHtml(`${page.action === 'not_spam' ? 'Released from the spam hold' : 'Marked as spam'} on ${page.at}.`)}</p>`
      : page.kind === 'too-many'
        ? `<p>${escapeHtml(tooManyInWords(page.retryAfterSeconds))}</p>`
        : page.kind === 'expired'
          ? `<p>${escapeHtml(`This link expired on ${page.expiredAt}. Nothing has been changed.`)}</p>`
          : '<p>If this is not what you expected, ask whoever looks after the website.</p>'
  // Only a link that can still act names the person; every other page the short id alone.
  const lead =
    page.kind === 'ready'
      ? `<p>${escapeHtml(`${page.lead.name}, received ${page.lead.receivedAt}`)}</p>`
      : 'shortId' in page
        ? `<p>${escapeHtml(`Enquiry ${page.shortId}`)}</p>`
        : ''
  return plainLinkPage(officeLinkTitle(page), `${lead}${line}${button}`)
}

export const renderPlainOfficePage: RenderOfficePage = async (_req, res, page) => {
  res.type('html').send(plainOfficePage(page))
}
