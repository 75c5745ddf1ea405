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
 * body size and syntax (body-parser), honeypot, schema.
 */
import { randomUUID } from 'node:crypto'
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express'
import type { Redis } from 'ioredis'
import { EnquirySchema, HONEYPOT_FIELD, toFieldErrors, type EnquiryCreated } from '../../shared/enquiry'
import { ROUTES } from '../../shared/routes'
import type { WebConfig } from '../config'
import type { Db } from '../../core/db/connection'
import type { Logger } from '../../core/logger'
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

const MAX_BODY_BYTES = 16 * 1024
/** A lead form sends at most nine fields; more is not one of ours. */
const MAX_FORM_FIELDS = 20

export interface EnquiryRouterDeps {
  config: Pick<WebConfig, 'siteUrl' | 'leadRateLimitPerMinute' | 'queuePrefix' | 'business'>
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
    createRateLimit({
      limit: deps.config.leadRateLimitPerMinute,
      redis: deps.rateLimitRedis,
      keyPrefix: `${deps.config.queuePrefix}:rate-limit:enquiries:`,
      logger: deps.logger,
      refuse: (req, res, seconds) => answers.refuse(req, res, REFUSALS.tooMany(seconds)),
    }),
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

/** The enquiry itself, once it came from our site, in a readable body: honeypot, schema, store. */
function createEnquiryHandler(deps: EnquiryRouterDeps, answers: Answers): RequestHandler {
  const { db, producer, logger } = deps
  return async (req, res) => {
    const form = isFormPost(req)
    const body: unknown = req.body
    // Bots that fill the hidden field get the success answer and nothing is stored
    // (checked before the schema, so a bot learns nothing from validation either).
    if (isHoneypotFilled(body)) {
      logger.info({ formType: readFormType(body) }, 'honeypot filled; enquiry dropped')
      if (form) res.redirect(303, ROUTES.scheduleInspection.path)
      else res.status(201).json({ success: true, id: randomUUID() } satisfies EnquiryCreated)
      return
    }
    const parsed = EnquirySchema.safeParse(body)
    if (!parsed.success) {
      const errors = toFieldErrors(parsed.error)
      if (form) await answers.withFormPage(req, res, 400, formStateOf(body, errors))
      else res.status(400).json(rejected(errors))
      return
    }
    let id: string
    try {
      id = await storeLead({ db, producer, logger: req.log ?? logger }, parsed.data)
    } catch (err) {
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
    if (form) res.redirect(303, ROUTES.scheduleInspection.path)
    else res.status(201).json({ success: true, id } satisfies EnquiryCreated)
  }
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

function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD]
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null
}

function readFormType(body: unknown): string | undefined {
  const value = (body as Record<string, unknown>).formType
  return typeof value === 'string' ? value.slice(0, 20) : undefined
}
