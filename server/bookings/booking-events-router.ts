/**
 * POST /api/booking-events/calendly and POST /api/booking-events/cal-com: the scheduling tools'
 * webhooks (docs/bookings.md). Thin, as the enquiry endpoint is: the route verifies the
 * signature over the raw body, reads the event with its schema (core/bookings/tools.ts), stores
 * it in one transaction and answers; the worker does the rest (match, state, notices), so Redis
 * or SMTP being down never loses a booking.
 *
 * - An endpoint whose key is not set (CALENDLY_WEBHOOK_SIGNING_KEY, CAL_COM_WEBHOOK_SECRET)
 *   answers 404: the site takes no events from that tool.
 * - Rate limit per client (BOOKING_EVENTS_RATE_LIMIT_PER_MINUTE, counted in Redis like the
 *   enquiries'), then the method, then the body (128 KB at most), read raw: the signature is of
 *   the bytes as sent, so no JSON parser may run before it.
 * - A missing, wrong or stale signature: 401 with the reason, nothing stored. A body that is not
 *   the tool's event: 400 with the reason. Another of the tool's events (a no-show, a ping): 200,
 *   nothing stored, so the tool does not retry it.
 * - Stored: 201; the same event again (the tools retry): 200, nothing changed. Only an event on
 *   disk gets a 2xx: a crash or a database that takes no write answers nothing or 503, and the
 *   tool delivers it again.
 */
import express, {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express'
import type { Db } from '../../core/platform/db/connection'
import {
  checkCalComSignature,
  checkCalendlySignature,
  readCalComEvent,
  readCalendlyEvent,
  storeBookingEvent,
  type BookingEventSettings,
  type ReadEvent,
  type Refusal,
} from '../../core/bookings'
import { createRateLimit, type RateLimitCounters } from '../leads/rate-limit'

export const BOOKING_EVENTS_PATH = '/api/booking-events'
/** Cal.com's payloads of team events carry every member: generous, but bounded. */
const MAX_BODY_BYTES = 128 * 1024

interface ToolRoute {
  path: string
  name: string
  keyVariable: string
  key(settings: BookingEventSettings): string | undefined
  header: string
  check(header: string | undefined, raw: Buffer, key: string, now: Date): Refusal | undefined
  read(raw: Buffer): ReadEvent
}

const TOOLS: ToolRoute[] = [
  {
    path: '/calendly',
    name: 'Calendly',
    keyVariable: 'CALENDLY_WEBHOOK_SIGNING_KEY',
    key: (s) => s.keys.calendly,
    header: 'Calendly-Webhook-Signature',
    check: checkCalendlySignature,
    read: readCalendlyEvent,
  },
  {
    path: '/cal-com',
    name: 'Cal.com',
    keyVariable: 'CAL_COM_WEBHOOK_SECRET',
    key: (s) => s.keys.calCom,
    header: 'X-Cal-Signature-256',
    check: (header, raw, key) => checkCalComSignature(header, raw, key),
    read: readCalComEvent,
  },
]

export interface BookingEventsRouterDeps extends RateLimitCounters {
  db: Db
  settings: BookingEventSettings
}

const failed = (error: string) => ({ success: false, error })

export function createBookingEventsRouter(deps: BookingEventsRouterDeps): Router {
  const router = Router()
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  const rateLimit = createRateLimit(deps, {
    name: 'booking-events',
    limit: deps.settings.perMinute,
    refuse: (_req, res, seconds) =>
      res.json(failed(`Too many booking events from one address: deliver again in ${seconds} s.`)),
  })
  for (const tool of TOOLS) {
    router.all(
      tool.path,
      requireKey(tool, deps.settings),
      rateLimit,
      (req, res, next) => {
        if (req.method === 'POST') return next()
        res
          .set('Allow', 'POST')
          .status(405)
          .json(failed(`Send ${tool.name} webhook events with POST.`))
      },
      express.raw({ type: () => true, limit: MAX_BODY_BYTES }),
      createHandler(tool, deps),
    )
  }
  router.use(bodyErrors)
  return router
}

function requireKey(tool: ToolRoute, settings: BookingEventSettings): RequestHandler {
  return (_req, res, next) => {
    if (tool.key(settings)) return next()
    res
      .status(404)
      .json(failed(`Not found: this site takes no ${tool.name} events (${tool.keyVariable} is not set).`))
  }
}

function createHandler(tool: ToolRoute, deps: BookingEventsRouterDeps): RequestHandler {
  const key = tool.key(deps.settings)!
  return (req: Request, res: Response) => {
    const log = req.log ?? deps.logger
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    const now = new Date()
    const refusal = tool.check(req.get(tool.header), raw, key, now)
    if (refusal) {
      log.warn({ tool: tool.name, reason: refusal.reason }, 'booking event refused: signature')
      res.status(refusal.status).json(failed(refusal.reason))
      return
    }
    const read = tool.read(raw)
    if (read.kind === 'refused') {
      log.warn(
        { tool: tool.name, reason: read.refusal.reason },
        'booking event refused: not an event this site reads',
      )
      res.status(read.refusal.status).json(failed(read.refusal.reason))
      return
    }
    if (read.kind === 'not-taken') {
      res.status(200).json({
        success: true,
        stored: false,
        detail: `${read.trigger.slice(0, 100)} is not an event this site takes: nothing stored.`,
      })
      return
    }
    let stored: { id: number; stored: boolean }
    try {
      stored = storeBookingEvent(deps.db, read.event, now)
    } catch (err) {
      log.error({ err, tool: tool.name }, 'booking event could not be stored; the tool will deliver it again')
      res.status(503).json(failed('The event could not be stored just now: deliver it again.'))
      return
    }
    log.info(
      { tool: tool.name, trigger: read.event.trigger, bookingEventId: stored.id, stored: stored.stored },
      stored.stored ? 'booking event stored' : 'booking event delivered again: already stored',
    )
    res.status(stored.stored ? 201 : 200).json({
      success: true,
      stored: stored.stored,
      id: stored.id,
      ...(stored.stored ? {} : { detail: 'already stored' }),
    })
  }
}

/** body-parser's errors: a body over the limit, or one cut off. */
const bodyErrors: ErrorRequestHandler = (err, _req, res, next) => {
  const type = typeof err?.type === 'string' ? (err.type as string) : undefined
  if (!type || res.headersSent) return next(err)
  if (type === 'entity.too.large')
    return void res.status(413).json(failed(`The event is too large (${MAX_BODY_BYTES / 1024} KB at most).`))
  if (type === 'request.aborted' || type === 'request.size.invalid')
    return void res.status(400).json(failed('The request was cut off: deliver it again.'))
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return void res.status(415).json(failed('Send the event as UTF-8 JSON.'))
  next(err)
}
