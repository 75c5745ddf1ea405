/**
 * The settings of the lead's life after the form (docs/configuration.md, docs/bookings.md).
 *
 * The web process reads the scheduling tools' keys (an endpoint whose key is unset answers 404)
 * and the booking events' rate limit; the worker reads when the office is nudged about a lead
 * that has not booked, and the office's hours that delay counts in. Delays are written with
 * their unit (`15m`).
 */
import { z } from 'zod'
import { delay, optionalText, parseDelay, type EnvOf } from '../platform/config/helpers'
import { parseDailyHours, type DailyHours } from '../platform/business-time'

/** Booking events one client may deliver per minute: a tool's burst of retries stays well within. */
const DEFAULT_BOOKING_EVENTS_PER_MINUTE = 600

/** The web process's: the two tools' keys and the rate limit of their events. */
export const BOOKING_EVENT_SETTINGS = {
  /** The signing key of the Calendly webhook subscription; unset: POST /api/booking-events/calendly answers 404. */
  CALENDLY_WEBHOOK_SIGNING_KEY: optionalText,
  /** The secret of the Cal.com webhook; unset: POST /api/booking-events/cal-com answers 404. */
  CAL_COM_WEBHOOK_SECRET: optionalText,
  BOOKING_EVENTS_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number of requests per minute' })
    .int('must be a whole number')
    .min(
      60,
      'must be at least 60: a scheduling tool retries in bursts, and a refused event waits for its retry',
    )
    .default(DEFAULT_BOOKING_EVENTS_PER_MINUTE),
}

export interface BookingEventSettings {
  /** Each tool's key, or undefined when the tool is not connected. */
  keys: { calendly?: string; calCom?: string }
  perMinute: number
}

export function readBookingEventSettings(e: EnvOf<typeof BOOKING_EVENT_SETTINGS>): BookingEventSettings {
  return {
    keys: { calendly: e.CALENDLY_WEBHOOK_SIGNING_KEY, calCom: e.CAL_COM_WEBHOOK_SECRET },
    perMinute: e.BOOKING_EVENTS_RATE_LIMIT_PER_MINUTE,
  }
}

const MINUTE = 60_000

/** The worker's: the nudge to the office and the office's hours. */
export const LEAD_LIFE_SETTINGS = {
  /** How long, within the office's hours, a lead may go without booking or a mark before the office is nudged. */
  OFFICE_NUDGE_AFTER: delay('15m', MINUTE, 24 * 60 * MINUTE),
  /** The office's hours on the business clock, every day: `07-19`; `00-24` is any time. */
  OFFICE_HOURS: z
    .string()
    .trim()
    .default('07-19')
    .superRefine((v, ctx) => {
      const hours = parseDailyHours(v)
      if ('problem' in hours) ctx.addIssue({ code: 'custom', message: `${hours.problem}; got "${v}"` })
    }),
}

export interface LeadLifeSettings {
  /** OFFICE_NUDGE_AFTER in ms. */
  nudgeAfterMs: number
  officeHours: DailyHours
}

export function readLeadLifeSettings(e: EnvOf<typeof LEAD_LIFE_SETTINGS>): LeadLifeSettings {
  return {
    nudgeAfterMs: parseDelay(e.OFFICE_NUDGE_AFTER) ?? 15 * MINUTE,
    officeHours: parseDailyHours(e.OFFICE_HOURS) as DailyHours,
  }
}
