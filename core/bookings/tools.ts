/**
 * The two scheduling tools' webhooks (docs/bookings.md): how each signs its events, what an
 * event holds, and the one shape both become (`BookingEvent`). Pure: the web process's router
 * (server/bookings/) calls these on the raw body before it stores anything.
 *
 * - Calendly (webhook v2): `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex>`, the hex
 *   HMAC-SHA256 of `<t>.<raw body>` under the subscription's signing key; a `t` more than 3
 *   minutes from now is refused (a replayed old request). Events `invitee.created` and
 *   `invitee.canceled`; a reschedule is a cancel with `rescheduled: true` (and the new invitee's
 *   URI in `new_invitee`) plus an `invitee.created` (with the old one's in `old_invitee`). An
 *   event's key is the invitee's URI with its status.
 * - Cal.com: `X-Cal-Signature-256`, the hex HMAC-SHA256 of the raw body under the webhook's
 *   secret. Triggers `BOOKING_CREATED`, `BOOKING_CANCELLED` and `BOOKING_RESCHEDULED` (the new
 *   booking, with the old one's uid in `rescheduleUid`). An event's key is its `uid` with its
 *   trigger.
 *
 * Signatures are compared in constant time. The lead's reference comes back in each tool's
 * pass-through field: Calendly's `tracking.salesforce_uuid`, Cal.com's `metadata.leadRef`
 * (shared/booking-url.ts puts it there).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { BOOKING_REF_PATTERN } from '../../shared/booking-url'
import { cleanTouchValue } from '../../shared/attribution'

export type BookingTool = 'calendly' | 'cal_com'

/** What an event says happened to a booking. */
export type BookingEventKind = 'created' | 'canceled' | 'rescheduled'

/** An event of either tool, as stored (booking_events). */
export interface BookingEvent {
  tool: BookingTool
  /** What makes it once: the invitee URI with its status; Cal.com's uid with its trigger. */
  eventKey: string
  /** The tool's own name for it: 'invitee.created', 'BOOKING_CANCELLED' … */
  trigger: string
  kind: BookingEventKind
  /** The booking it is about: Calendly's invitee URI, Cal.com's uid. */
  bookingKey: string
  /**
   * A reschedule's other booking, when the event names it: the old one for a new booking
   * (Calendly's old_invitee, Cal.com's rescheduleUid), the new one for a Calendly cancel.
   */
  otherBookingKey: string | null
  /** A Calendly cancel that is half of a reschedule. */
  rescheduled: boolean
  /** When the appointment starts (ISO, UTC). */
  startsAt: string | null
  email: string | null
  name: string | null
  /** The lead's reference, when the booking page passed one and it has its shape. */
  leadRef: string | null
  /**
   * The campaign the booking page passed on (Calendly's tracking.utm_*, Cal.com's
   * metadata.utm_*): a booking without a form counts under its source in the funnel.
   */
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
}

/** Why a request is refused: its status and a sentence a person can act on. */
export interface Refusal {
  status: 400 | 401
  reason: string
}

/** A verified body: a booking event to store, another of the tool's events (not taken), or a refusal. */
export type ReadEvent =
  | { kind: 'event'; event: BookingEvent }
  | { kind: 'not-taken'; trigger: string }
  | { kind: 'refused'; refusal: Refusal }

/** Calendly's tolerance for a signature's time: 3 minutes either way. */
const CALENDLY_SIGNATURE_TOLERANCE_S = 180

const hmacHex = (key: string, data: Buffer) => createHmac('sha256', key).update(data).digest()

/** Whether the hex signature is the expected digest, compared in constant time. */
function sameDigest(expected: Buffer, hex: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false
  const given = Buffer.from(hex, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const refused = (status: 400 | 401, reason: string): Extract<ReadEvent, { kind: 'refused' }> => ({
  kind: 'refused',
  refusal: { status, reason },
})

/** A signature that does not hold (or is missing): 401, with what to fix. */
const unsigned = (reason: string): Refusal => ({ status: 401, reason })

/** Calendly's signature of a raw body: undefined when it holds, else the refusal. */
export function checkCalendlySignature(
  header: string | undefined,
  raw: Buffer,
  key: string,
  now: Date,
): Refusal | undefined {
  if (!header)
    return unsigned(
      'Unsigned: the Calendly-Webhook-Signature header is missing. Create the webhook subscription with a signing_key.',
    )
  const parts = header.split(',').map((p) => p.trim().split('='))
  const t = parts.find(([k]) => k === 't')?.[1]
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '')
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0)
    return unsigned('Calendly-Webhook-Signature must read t=<unix seconds>,v1=<hex signature>.')
  const expected = hmacHex(key, Buffer.concat([Buffer.from(`${t}.`), raw]))
  if (!signatures.some((s) => sameDigest(expected, s)))
    return unsigned(
      "Wrong signature: it does not match this body under CALENDLY_WEBHOOK_SIGNING_KEY (the subscription's signing_key).",
    )
  const skew = Math.abs(Math.round(now.getTime() / 1000) - Number(t))
  if (skew > CALENDLY_SIGNATURE_TOLERANCE_S)
    return unsigned(
      `Stale signature: signed ${skew} s from now, more than ${CALENDLY_SIGNATURE_TOLERANCE_S} s; a replayed or delayed request is refused.`,
    )
  return undefined
}

/** Cal.com's signature of a raw body: undefined when it holds, else the refusal. */
export function checkCalComSignature(
  header: string | undefined,
  raw: Buffer,
  secret: string,
): Refusal | undefined {
  if (!header)
    return unsigned(
      "Unsigned: the X-Cal-Signature-256 header is missing. Set the webhook's secret in Cal.com.",
    )
  if (!sameDigest(hmacHex(secret, raw), header.trim()))
    return unsigned(
      "Wrong signature: X-Cal-Signature-256 does not match this body under CAL_COM_WEBHOOK_SECRET (the webhook's secret).",
    )
  return undefined
}

/** A time the tools send (ISO 8601 with its offset) as UTC ISO, or refused. */
const instant = z
  .string()
  .max(64)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date and time (ISO 8601)')
  .transform((v) => new Date(v).toISOString())

/** Text the tools send that the office reads; a person's name or address, never checked beyond its length. */
const text = (max: number) => z.string().max(max).nullish()

/** The reference back from the tool, when it has the shape of one (anything else is not ours). */
const refOf = (value: unknown): string | null =>
  typeof value === 'string' && BOOKING_REF_PATTERN.test(value) ? value : null

/**
 * The campaign a tool sent back (Calendly's tracking, Cal.com's metadata), each value cleaned
 * as a visit's touch is (shared/attribution.ts); a value that is not text is not kept.
 */
function campaignOf(
  passed: Record<string, unknown> | null | undefined,
): Pick<BookingEvent, 'utmSource' | 'utmMedium' | 'utmCampaign'> {
  const value = (field: 'utm_source' | 'utm_medium' | 'utm_campaign') => {
    const raw = passed?.[field]
    return (typeof raw === 'string' && cleanTouchValue(field, raw)) || null
  }
  return {
    utmSource: value('utm_source'),
    utmMedium: value('utm_medium'),
    utmCampaign: value('utm_campaign'),
  }
}

const CalendlyEnvelope = z
  .object({ event: z.string().max(100), payload: z.record(z.string(), z.unknown()) })
  .transform((e) => ({ trigger: e.event, payload: e.payload }))

const CalendlyInvitee = z.object({
  uri: z.string().min(1).max(500),
  email: text(320),
  name: text(500),
  status: z.enum(['active', 'canceled']),
  rescheduled: z.boolean().nullish(),
  old_invitee: z.string().max(500).nullish(),
  new_invitee: z.string().max(500).nullish(),
  scheduled_event: z.object({ start_time: instant }),
  tracking: z.record(z.string(), z.unknown()).nullish(),
})

const CALENDLY_KINDS: Record<string, BookingEventKind> = {
  'invitee.created': 'created',
  'invitee.canceled': 'canceled',
}

/** Why a body fails its schema: the first problem, with where it is. */
function schemaReason(tool: string, error: z.ZodError): string {
  const issue = error.issues[0]
  const where = ['payload', ...(issue?.path ?? [])].join('.')
  return `Not a ${tool} event this site can read: ${where}: ${issue?.message ?? 'invalid'}.`
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    return undefined
  }
}

/** What a booking event says that is the tool's own to read: all but the tool, the trigger and the kind. */
type ToolFields = Omit<BookingEvent, 'tool' | 'trigger' | 'kind'>

/**
 * A verified body as a booking event: its envelope (the trigger and the payload), the trigger
 * taken (or not), the payload in the tool's schema, and what the tool's payload says (`fields`).
 */
function readBody<P>(
  raw: Buffer,
  how: {
    tool: BookingTool
    /** The tool's name in a refusal: 'Calendly'. */
    name: string
    /** The envelope's fields, as a refusal names them. */
    envelopeFields: string
    envelope: z.ZodType<{ trigger: string; payload: unknown }>
    kinds: Record<string, BookingEventKind>
    payload: z.ZodType<P>
    fields: (payload: P, kind: BookingEventKind, trigger: string) => ToolFields
  },
): ReadEvent {
  const envelope = how.envelope.safeParse(parseJson(raw))
  if (!envelope.success)
    return refused(400, `Not a ${how.name} webhook event: expected JSON with ${how.envelopeFields}.`)
  const { trigger, payload } = envelope.data
  const kind = how.kinds[trigger]
  if (!kind) return { kind: 'not-taken', trigger }
  const parsed = how.payload.safeParse(payload)
  if (!parsed.success) return refused(400, schemaReason(how.name, parsed.error))
  // In the order BookingEvent declares its fields.
  const { eventKey, ...rest } = how.fields(parsed.data, kind, trigger)
  return { kind: 'event', event: { tool: how.tool, eventKey, trigger, kind, ...rest } }
}

/** A verified Calendly body as a booking event. */
export function readCalendlyEvent(raw: Buffer): ReadEvent {
  return readBody(raw, {
    tool: 'calendly',
    name: 'Calendly',
    envelopeFields: '"event" and "payload"',
    envelope: CalendlyEnvelope,
    kinds: CALENDLY_KINDS,
    payload: CalendlyInvitee,
    fields: (p, kind) => ({
      eventKey: `${p.uri}#${p.status}`,
      bookingKey: p.uri,
      otherBookingKey: (kind === 'created' ? p.old_invitee : p.new_invitee) ?? null,
      rescheduled: kind === 'canceled' && p.rescheduled === true,
      startsAt: p.scheduled_event.start_time,
      email: p.email ?? null,
      name: p.name ?? null,
      leadRef: refOf(p.tracking?.salesforce_uuid),
      ...campaignOf(p.tracking),
    }),
  })
}

const CalComEnvelope = z
  .object({ triggerEvent: z.string().max(100), payload: z.unknown() })
  .transform((e) => ({ trigger: e.triggerEvent, payload: e.payload }))

const CalComBooking = z.object({
  uid: z.string().min(1).max(200),
  startTime: instant,
  attendees: z
    .array(z.object({ email: text(320), name: text(500) }))
    .max(100)
    .nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  rescheduleUid: z.string().max(200).nullish(),
})

const CAL_COM_KINDS: Record<string, BookingEventKind> = {
  BOOKING_CREATED: 'created',
  BOOKING_CANCELLED: 'canceled',
  BOOKING_RESCHEDULED: 'rescheduled',
}

/** A verified Cal.com body as a booking event. */
export function readCalComEvent(raw: Buffer): ReadEvent {
  return readBody(raw, {
    tool: 'cal_com',
    name: 'Cal.com',
    envelopeFields: '"triggerEvent" and "payload"',
    envelope: CalComEnvelope,
    kinds: CAL_COM_KINDS,
    payload: CalComBooking,
    fields: (p, kind, trigger) => {
      const attendee = p.attendees?.[0]
      return {
        eventKey: `${p.uid}#${trigger}`,
        bookingKey: p.uid,
        otherBookingKey: kind === 'rescheduled' ? (p.rescheduleUid ?? null) : null,
        rescheduled: false,
        startsAt: p.startTime,
        email: attendee?.email ?? null,
        name: attendee?.name ?? null,
        leadRef: refOf(p.metadata?.leadRef),
        ...campaignOf(p.metadata),
      }
    },
  })
}
