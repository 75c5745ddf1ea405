/**
 * POST /api/enquiries. Every refusal is decided here, at the edge, and answered in a way a
 * person can act on; nothing about the lead's content is logged, only the lead's id.
 *
 * One pipeline, two content types (docs/forms.md):
 * - JSON (the forms with JavaScript): answered with JSON, 201 or a refusal.
 * - A plain HTML form post (application/x-www-form-urlencoded: JavaScript off, or the
 *   app's scripts failed to load): 303 to /schedule-inspection on success; invalid fields
 *   render the page the form was on again with the messages beside the fields and the
 *   values kept; other refusals are a small HTML page (plain-answer-page.ts).
 *
 * Order of checks: rate limit (cheapest way to shed a flood), same origin, content type,
 * body size and syntax (body-parser), schema, then the spam score (docs/spam.md): every valid
 * enquiry is stored, and one scoring SPAM_THRESHOLD or more is held in quarantine instead of
 * reaching the office. Spam gets the same success answer as a lead, so a bot learns nothing.
 */
import { randomUUID } from 'node:crypto'
import express, { Router, type ErrorRequestHandler, type RequestHandler, type Response } from 'express'
import type { Redis } from 'ioredis'
import { EnquirySchema, HONEYPOT_FIELD, toFieldErrors, type EnquiryCreated } from '../../shared/enquiry'
import { ROUTES } from '../../shared/routes'
import { FORM_OF_FORM_TYPE, FORM_TYPES, LEAD_FORM_NAMES, LEAD_FORMS } from '../../shared/lead-forms'
import { HAIL_REPORT_SENT_COOKIE, HAIL_REPORT_SENT_MAX_AGE_S } from '../../shared/hail-summary'
import { makeReportKey } from '../../core/storms'
import { makeBookingRef } from '../../core/bookings'
import { createSpamChecker, type CheckedEnquiry } from '../../core/spam'
import { BOOKING_REF_COOKIE } from '../../shared/booking-url'
import type { WebConfig } from '../config'
import type { Db } from '../../core/platform/db/connection'
import type { Logger } from '../../core/platform/logger'
import {
  BODY_ERRORS,
  createAnswers,
  failed,
  FORM_CONTENT_TYPE,
  isFormPost,
  REFUSALS,
  rejected,
  type Answers,
  type RenderFormPage,
} from './answers'
import { formStateOf } from './form-state'
import type { LeadProducer } from './producer'
import { createRateLimit } from './rate-limit'
import { requireSameOrigin } from './same-origin'
import { storeLead } from './service'
import { touchFieldsOfCookies } from '../http/attribution-cookie'
import { CHECKBOX_TICKED, CONSENT_FIELD_NAMES, SOURCE_FIELD_NAMES } from '../../shared/lead-fields'

const MAX_BODY_BYTES = 16 * 1024
/**
 * A lead form sends at most 37 fields (6 it asks for, its storm alerts box, its form type, name
 * and page, 25 source fields, the token and the honeypot; a plain post sends the 12 of its
 * landing page at most);
 * more is not one of ours.
 */
const MAX_FORM_FIELDS = 40

export interface EnquiryRouterDeps {
  config: Pick<WebConfig, 'siteUrl' | 'leadRateLimitPerMinute' | 'queuePrefix' | 'business' | 'spamThreshold'>
  logger: Logger
  db: Db
  producer?: LeadProducer
  /** Where the rate limit counts (shared by every web process); absent = in memory. */
  rateLimitRedis?: Redis
  /** Without it (pages not built), an invalid form post gets the plain page with its messages. */
  renderFormPage?: RenderFormPage
}

export function createEnquiryRouter(deps: EnquiryRouterDeps): Router {
  const answers = createAnswers(deps)
  const router = Router()

  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })

  router.post(
    '/',
    createRateLimit(
      { ...deps, queuePrefix: deps.config.queuePrefix },
      {
        name: 'enquiries',
        limit: deps.config.leadRateLimitPerMinute,
        refuse: (req, res, seconds) => answers.refuse(req, res, REFUSALS.tooMany(seconds)),
      },
    ),
    requireSameOrigin(deps.config.siteUrl, (req, res) => answers.refuse(req, res, REFUSALS.crossSite)),
    requireKnownContentType,
    // strict:false so a bare `"text"` or `1` reaches the schema and gets a 400 from it.
    express.json({ limit: MAX_BODY_BYTES, strict: false }),
    // extended:false: flat name=value pairs, as an HTML form sends them.
    express.urlencoded({ limit: MAX_BODY_BYTES, extended: false, parameterLimit: MAX_FORM_FIELDS }),
    createEnquiryHandler(deps, answers),
  )

  // A browser that opens this address (a restored tab, a reload after a refused form post)
  // is sent to the contact page; other clients learn the method.
  router.get('/', (req, res, next) => {
    if (req.accepts(['json', 'html']) === 'html') res.redirect(303, ROUTES.contact.path)
    else next()
  })

  router.all('/', (_req, res) => {
    res.set('Allow', 'POST').status(405).json(failed('Send enquiries with POST.'))
  })

  router.use(createBodyErrorHandler(answers))
  return router
}

const requireKnownContentType: RequestHandler = (req, res, next) => {
  if (req.is('application/json') || isFormPost(req)) return next()
  res
    .status(415)
    .json(
      failed(
        `Send the enquiry as JSON with the header Content-Type: application/json, or as an HTML form (${FORM_CONTENT_TYPE}).`,
      ),
    )
}

/** The enquiry itself, once it came from our site, in a readable body: schema, spam score, store. */
function createEnquiryHandler(deps: EnquiryRouterDeps, answers: Answers): RequestHandler {
  const { db, producer, logger } = deps
  const checkSpam = createSpamChecker(db, deps.config.spamThreshold)
  return async (req, res) => {
    const form = isFormPost(req)
    // A plain post's source comes from the attribution cookies (server/http/attribution-cookie.ts).
    const body: unknown = form ? withTickedBoxes(withCookieTouches(req.body, req.headers.cookie)) : req.body
    const parsed = EnquirySchema.safeParse(body)
    // A bot that filled the hidden field and sent what no form sends gets the success answer,
    // and nothing is stored: there is no lead in it to keep (a valid one is kept, as spam).
    if (!parsed.success && isHoneypotFilled(body)) {
      ;(req.log ?? logger).info(
        { formType: readFormType(body), fields: Object.keys(toFieldErrors(parsed.error)) },
        'invalid enquiry with the honeypot filled: answered as sent, not stored',
      )
      // The same cookie a stored lead gets, so the answer looks the same.
      setBookingRef(res, makeBookingRef(), deps.config.siteUrl)
      if (form) redirectToBookingPage(res, body, deps.config.siteUrl)
      else res.status(201).json(createdAnswer(randomUUID(), body))
      return
    }
    if (!parsed.success) {
      const errors = toFieldErrors(parsed.error)
      if (form) await answers.withFormPage(req, res, 400, formStateOf(body, errors))
      else res.status(400).json(rejected(errors))
      return
    }
    let stored: { id: string; reportKey?: string; bookingRef: string }
    let checked: CheckedEnquiry | undefined
    try {
      checked = checkSpam(parsed.data, new Date())
      stored = await storeLead({ db, producer, logger: req.log ?? logger }, parsed.data, checked.spam)
    } catch (err) {
      checked?.giveBack()
      // The only case that is the server's fault: the lead is not stored.
      ;(req.log ?? logger).error({ err }, 'lead could not be stored')
      if (form) {
        await answers.withFormPage(req, res, 503, {
          ...formStateOf(body, {}),
          formError: REFUSALS.notStored.message,
        })
      } else res.status(503).json(failed(REFUSALS.notStored.message))
      return
    }
    setBookingRef(res, stored.bookingRef, deps.config.siteUrl)
    if (form) redirectToBookingPage(res, parsed.data, deps.config.siteUrl)
    else
      res
        .status(201)
        .json({ success: true, id: stored.id, reportKey: stored.reportKey } satisfies EnquiryCreated)
  }
}

/** How long the booking page remembers the lead just sent: the homeowner may book the next day. */
const BOOKING_REF_MAX_AGE_MS = 7 * 24 * 60 * 60_000

/**
 * The lead's reference for the booking page (docs/bookings.md): a cookie sent to
 * /schedule-inspection only, read by its script, which passes it to the scheduling tool; the
 * same after a JSON answer and a plain form post's redirect. Not HttpOnly: the page's script
 * reads it; it opens nothing (it only lets a booking find its lead).
 */
function setBookingRef(res: Response, ref: string, siteUrl: string): void {
  res.cookie(BOOKING_REF_COOKIE, ref, {
    path: ROUTES.scheduleInspection.path,
    maxAge: BOOKING_REF_MAX_AGE_MS,
    secure: siteUrl.startsWith('https://'),
    sameSite: 'lax',
  })
}

/** Whether the post asks for the hail report (its form, or its form type's form). */
function asksForHailReport(body: unknown): boolean {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const named = LEAD_FORM_NAMES.find((f) => f === fields.form)
  const formType = FORM_TYPES.find((t) => t === fields.formType)
  const form = named ?? (formType && FORM_OF_FORM_TYPE[formType])
  return form !== undefined && LEAD_FORMS[form].hailReport
}

/**
 * Where a stored plain form post goes: /schedule-inspection. A hail report request also gets a
 * short-lived cookie for that page, which then says the report is on its way (no script needed).
 */
function redirectToBookingPage(res: Response, body: unknown, siteUrl: string): void {
  if (asksForHailReport(body))
    res.cookie(HAIL_REPORT_SENT_COOKIE, '1', {
      path: ROUTES.scheduleInspection.path,
      maxAge: HAIL_REPORT_SENT_MAX_AGE_S * 1000,
      httpOnly: true,
      // Secure on an https site, as the attribution cookies; a browser drops it over plain http.
      secure: siteUrl.startsWith('https://'),
      sameSite: 'lax',
    })
  res.redirect(303, ROUTES.scheduleInspection.path)
}

/** The 201 a bot gets for a post answered as sent but not stored: the same shape as a real one. */
function createdAnswer(id: string, body: unknown): EnquiryCreated {
  return asksForHailReport(body)
    ? { success: true, id, reportKey: makeReportKey().key }
    : { success: true, id }
}

/** body-parser's errors carry a `type`; answered here so they never reach the generic 500. */
function createBodyErrorHandler(answers: Answers): ErrorRequestHandler {
  return (err, req, res, next) => {
    const known = typeof err?.type === 'string' ? BODY_ERRORS[err.type] : undefined
    if (!known || res.headersSent) return next(err)
    res.status(known.status)
    if (isFormPost(req)) {
      const message = 'error' in known.body ? known.body.error : Object.values(known.body.errors).join(' ')
      res.type('html').send(answers.plainPage(req, { title: 'Your request could not be sent', message }))
    } else res.json(known.body)
  }
}

/**
 * A plain form post with the source fields of the attribution cookies added, when it carries
 * none of its own (a page rendered before the cookies, still open, sends hidden ones); without
 * the cookies (refused, or no campaign landing) it is left as it came, and stored without a source.
 */
function withCookieTouches(body: unknown, cookieHeader: string | undefined): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  if (SOURCE_FIELD_NAMES.some((name) => name in body)) return body
  const touches = touchFieldsOfCookies(cookieHeader, new Date())
  return Object.keys(touches).length ? { ...touches, ...body } : body
}

/**
 * A plain form post's boxes as the schema takes them: a ticked box sends "on" and is true; one
 * not ticked sends nothing and is false by the schema's default. Any other value is left as it
 * came, for the schema to refuse.
 */
function withTickedBoxes(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const fields = body as Record<string, unknown>
  const ticked = CONSENT_FIELD_NAMES.filter((name) => fields[name] === CHECKBOX_TICKED)
  return ticked.length ? { ...fields, ...Object.fromEntries(ticked.map((name) => [name, true])) } : body
}

function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD]
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null
}

function readFormType(body: unknown): string | undefined {
  const value = (body as Record<string, unknown>).formType
  return typeof value === 'string' ? value.slice(0, 20) : undefined
}
