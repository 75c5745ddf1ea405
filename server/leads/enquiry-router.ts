/**
 * POST /api/enquiries. Every refusal is decided here, at the edge, and answered in a way a
 * person can act on; nothing about the lead's content is logged, only the submission id.
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
import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express'
import type { Redis } from 'ioredis'
import {
  EnquirySchema,
  FORM_TYPES,
  HONEYPOT_FIELD,
  toFieldErrors,
  type EnquiryCreated,
  type EnquiryFailed,
  type EnquiryRejected,
} from '../../shared/enquiry'
import { ENQUIRY_FIELD_NAMES, type EnquiryFormState } from '../../shared/enquiry-form-state'
import { findRoute, ROUTES } from '../../shared/routes'
import type { Config } from '../core/config'
import type { Db } from '../core/db/connection'
import type { Logger } from '../core/logger'
import type { LeadProducer } from './producer'
import { createRateLimit } from './rate-limit'
import { requireSameOrigin } from './same-origin'
import { storeEnquiry } from './service'
import { renderPlainAnswerPage } from './plain-answer-page'

export const MAX_BODY_BYTES = 16 * 1024
/** A lead form sends at most nine fields; more is not one of ours. */
const MAX_FORM_FIELDS = 20
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'
/** The pages whose own form sends form type 'contact'. */
const PAGES_WITH_CONTACT_FORM: string[] = [ROUTES.contact.path, ROUTES.hailReport.path]

/**
 * Renders the page a refused form post came from, with the form showing `state`, as the
 * answer to `res` (status already set). Rejects when the page cannot be rendered; the
 * router then answers with the plain page instead.
 */
export type RenderFormPage = (req: Request, res: Response, state: EnquiryFormState) => Promise<void>

export interface EnquiryRouterDeps {
  config: Pick<Config, 'siteUrl' | 'leadRateLimitPerMinute' | 'queuePrefix' | 'business'>
  logger: Logger
  db: Db
  producer?: LeadProducer
  /** Where the rate limit counts (shared by every web process); absent = in memory. */
  rateLimitRedis?: Redis
  /** Without it (pages not built), an invalid form post gets the plain page with its messages. */
  renderFormPage?: RenderFormPage
}

/** What a refusal says to a person, in the JSON body and on the HTML page alike. */
const REFUSALS = {
  crossSite: {
    title: 'Please use the form on our website',
    message: 'This form can only be sent from our own website. Please use the form on the site.',
  },
  tooMany: (seconds: number) => ({
    title: 'Please wait a moment',
    message: `Too many enquiries from your connection. Please wait ${seconds} seconds and try again, or call us.`,
  }),
  notStored: {
    title: 'We could not save your request',
    message: 'We could not save your enquiry just now. Please try again in a minute, or call us.',
  },
  invalid: {
    title: 'Please check your details',
    message: 'Some details need another look before we can send your request.',
  },
} as const

const failed = (error: string): EnquiryFailed => ({ success: false, error })
const rejected = (errors: Record<string, string>): EnquiryRejected => ({ success: false, errors })

const BODY_ERRORS: Record<string, { status: number; body: EnquiryFailed | EnquiryRejected }> = {
  'entity.too.large': {
    status: 413,
    body: failed('Your enquiry is too long (16 KB at most). Please shorten your message and try again.'),
  },
  'entity.parse.failed': {
    status: 400,
    body: rejected({ _form: 'The form data could not be read. Please reload the page and try again.' }),
  },
  'encoding.unsupported': { status: 415, body: failed('Send the enquiry as UTF-8 JSON.') },
  'charset.unsupported': { status: 415, body: failed('Send the enquiry as UTF-8 JSON.') },
  'request.aborted': {
    status: 400,
    body: rejected({ _form: 'The request was interrupted. Please try again.' }),
  },
  'request.size.invalid': {
    status: 400,
    body: rejected({ _form: 'The request was incomplete. Please try again.' }),
  },
}

export function createEnquiryRouter(deps: EnquiryRouterDeps): Router {
  const { db, producer, logger } = deps
  const router = Router()

  /** A refusal: JSON for JSON clients (unchanged), a small HTML page for a plain form post. */
  const refuse = (req: Request, res: Response, refusal: { title: string; message: string }) => {
    if (isFormPost(req)) res.type('html').send(plainPage(req, refusal))
    else res.json(failed(refusal.message))
  }
  const plainPage = (req: Request, refusal: { title: string; message: string }, details?: string[]) =>
    renderPlainAnswerPage({
      ...refusal,
      details,
      businessName: deps.config.business.name,
      phone: deps.config.business.phone,
      backPath: refererPath(req, deps.config.siteUrl) ?? ROUTES.contact.path,
    })

  /** The page the form came from again, showing `state`; the plain page if that fails. */
  const answerWithFormPage = async (req: Request, res: Response, status: number, state: EnquiryFormState) => {
    res.status(status)
    if (deps.renderFormPage) {
      try {
        await deps.renderFormPage(req, res, state)
        return
      } catch (err) {
        ;(req.log ?? logger).error({ err, path: state.pagePath }, 'form page could not be rendered')
        if (res.headersSent) return
      }
    }
    const details = Object.values(state.errors)
    res
      .status(status)
      .type('html')
      .send(
        plainPage(
          req,
          state.formError ? { ...REFUSALS.invalid, message: state.formError } : REFUSALS.invalid,
          details,
        ),
      )
  }

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
      logger,
      refuse: (req, res, seconds) => refuse(req, res, REFUSALS.tooMany(seconds)),
    }),
    requireSameOrigin(deps.config.siteUrl, (req, res) => refuse(req, res, REFUSALS.crossSite)),
    (req, res, next) => {
      if (req.is('application/json') || isFormPost(req)) return next()
      res
        .status(415)
        .json(
          failed(
            `Send the enquiry as JSON with the header Content-Type: application/json, or as an HTML form (${FORM_CONTENT_TYPE}).`,
          ),
        )
    },
    // strict:false so a bare `"text"` or `1` reaches the schema and gets a 400 from it.
    express.json({ limit: MAX_BODY_BYTES, strict: false }),
    // extended:false: flat name=value pairs, as an HTML form sends them.
    express.urlencoded({ limit: MAX_BODY_BYTES, extended: false, parameterLimit: MAX_FORM_FIELDS }),
    async (req, res) => {
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
        if (form) await answerWithFormPage(req, res, 400, formStateOf(body, errors))
        else res.status(400).json(rejected(errors))
        return
      }
      let id: string
      try {
        id = await storeEnquiry({ db, producer, logger: req.log ?? logger }, parsed.data)
      } catch (err) {
        // The only case that is the server's fault: the lead is not stored.
        ;(req.log ?? logger).error({ err }, 'enquiry could not be stored')
        if (form) {
          await answerWithFormPage(req, res, 503, {
            ...formStateOf(body, {}),
            formError: REFUSALS.notStored.message,
          })
        } else res.status(503).json(failed(REFUSALS.notStored.message))
        return
      }
      if (form) res.redirect(303, ROUTES.scheduleInspection.path)
      else res.status(201).json({ success: true, id } satisfies EnquiryCreated)
    },
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

  // body-parser's errors carry a `type`; map them here so they never reach the generic 500.
  router.use(((err, req, res, next) => {
    const known = typeof err?.type === 'string' ? BODY_ERRORS[err.type] : undefined
    if (!known || res.headersSent) return next(err)
    res.status(known.status)
    if (isFormPost(req)) {
      const message = 'error' in known.body ? known.body.error : Object.values(known.body.errors).join(' ')
      res.type('html').send(plainPage(req, { title: 'Your request could not be sent', message }))
    } else res.json(known.body)
  }) satisfies ErrorRequestHandler)

  return router
}

function isFormPost(req: Request): boolean {
  return req.is(FORM_CONTENT_TYPE) === FORM_CONTENT_TYPE
}

/** The path of a same-site Referer, so "Back to the form" returns to the right page. */
function refererPath(req: Request, siteUrl: string): string | undefined {
  const referer = req.get('referer')
  if (!referer) return undefined
  try {
    const url = new URL(referer)
    const own = [new URL(siteUrl).origin, `${req.protocol}://${req.get('host') ?? ''}`]
    if (!own.includes(url.origin) || !findRoute(url.pathname)) return undefined
    return url.pathname
  } catch {
    return undefined
  }
}

/**
 * The refused form as the page will show it: the visitor's values as typed, a message per
 * field, and anything that is not a field (form type, unknown names) as one message about
 * the form. The page is the one the form named when it has that form (the dialogs are on
 * every page; the 'contact' form only on /contact and /hail-report), else the contact page.
 */
function formStateOf(body: unknown, errors: Record<string, string>): EnquiryFormState {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined)
  const formType = FORM_TYPES.find((t) => t === text('formType'))
  const sourcePath = text('sourcePath') ?? ''
  const onItsPage =
    formType !== undefined &&
    findRoute(sourcePath) !== undefined &&
    (formType !== 'contact' || PAGES_WITH_CONTACT_FORM.includes(sourcePath))
  const state: EnquiryFormState = {
    formType: onItsPage ? formType : 'contact',
    pagePath: onItsPage ? sourcePath : ROUTES.contact.path,
    values: {},
    errors: {},
  }
  const others: string[] = []
  for (const name of ENQUIRY_FIELD_NAMES) {
    const value = text(name)
    if (value !== undefined) state.values[name] = value
  }
  for (const [name, message] of Object.entries(errors)) {
    if ((ENQUIRY_FIELD_NAMES as readonly string[]).includes(name)) {
      state.errors[name as (typeof ENQUIRY_FIELD_NAMES)[number]] = message
    } else others.push(message)
  }
  if (formType === undefined || others.length) {
    state.formError = 'This form could not be sent as it was. Please check your details and send it again.'
  }
  return state
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
