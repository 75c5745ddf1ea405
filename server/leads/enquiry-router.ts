/**
 * POST /api/enquiries (ARCHITECTURE "Lead pipeline contract"). Every refusal is decided
 * here, at the edge, and answered as JSON a person can act on; nothing about the lead's
 * content is logged, only the submission id.
 *
 * Order of checks: rate limit (cheapest way to shed a flood), same origin, content type,
 * body size and JSON syntax (body-parser), honeypot, schema.
 */
import { randomUUID } from 'node:crypto'
import express, { Router, type ErrorRequestHandler } from 'express'
import type { Redis } from 'ioredis'
import {
  EnquirySchema,
  HONEYPOT_FIELD,
  toFieldErrors,
  type EnquiryCreated,
  type EnquiryFailed,
  type EnquiryRejected,
} from '../../shared/enquiry'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import type { Logger } from '../logger'
import type { LeadProducer } from '../queue/producer'
import { createRateLimit } from './rate-limit'
import { requireSameOrigin } from './same-origin'
import { storeEnquiry } from './service'

export const MAX_BODY_BYTES = 16 * 1024

export interface EnquiryRouterDeps {
  config: Pick<Config, 'siteUrl' | 'leadRateLimitPerMinute' | 'queuePrefix'>
  logger: Logger
  db: Db
  producer?: LeadProducer
  /** Where the rate limit counts (shared by every web process); absent = in memory. */
  rateLimitRedis?: Redis
}

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
      message: (seconds) =>
        failed(
          `Too many enquiries from your connection. Please wait ${seconds} seconds and try again, or call us.`,
        ),
    }),
    requireSameOrigin(
      deps.config.siteUrl,
      failed('This form can only be sent from our own website. Please use the form on the site.'),
    ),
    (req, res, next) => {
      if (req.is('application/json')) return next()
      res.status(415).json(failed('Send the enquiry as JSON with the header Content-Type: application/json.'))
    },
    // strict:false so a bare `"text"` or `1` reaches the schema and gets a 400 from it.
    express.json({ limit: MAX_BODY_BYTES, strict: false }),
    async (req, res) => {
      const body: unknown = req.body
      // Bots that fill the hidden field get the success answer and nothing is stored
      // (checked before the schema, so a bot learns nothing from validation either).
      if (isHoneypotFilled(body)) {
        logger.info({ formType: readFormType(body) }, 'honeypot filled; enquiry dropped')
        res.status(201).json({ success: true, id: randomUUID() } satisfies EnquiryCreated)
        return
      }
      const parsed = EnquirySchema.safeParse(body)
      if (!parsed.success) {
        res.status(400).json(rejected(toFieldErrors(parsed.error)))
        return
      }
      let id: string
      try {
        id = await storeEnquiry({ db, producer, logger: req.log ?? logger }, parsed.data)
      } catch (err) {
        // The only case that is the server's fault: the lead is not stored.
        ;(req.log ?? logger).error({ err }, 'enquiry could not be stored')
        res
          .status(503)
          .json(failed('We could not save your enquiry just now. Please try again in a minute, or call us.'))
        return
      }
      res.status(201).json({ success: true, id } satisfies EnquiryCreated)
    },
  )

  router.all('/', (_req, res) => {
    res.set('Allow', 'POST').status(405).json(failed('Send enquiries with POST.'))
  })

  // body-parser's errors carry a `type`; map them here so they never reach the generic 500.
  router.use(((err, _req, res, next) => {
    const known = typeof err?.type === 'string' ? BODY_ERRORS[err.type] : undefined
    if (!known || res.headersSent) return next(err)
    res.status(known.status).json(known.body)
  }) satisfies ErrorRequestHandler)

  return router
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
