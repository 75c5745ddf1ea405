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
  OFFICE_HOURS: dailyHours('07-19'),
  /** The follow-up e-mails to a lead that has not booked: delays after the lead, comma-separated (`1d,3d`). */
  FOLLOW_UP_AFTER: delayList('1d,3d'),
  /** The hours on the business clock the follow-ups go out in, every day: `08-19`; `00-24` is any time. */
  FOLLOW_UP_HOURS: dailyHours('08-19'),
}

/** Follow-ups at most: more than a few e-mails to someone who has not answered is pestering. */
const MAX_FOLLOW_UPS = 5
const MAX_FOLLOW_UP_DELAY_MS = 30 * 24 * 60 * MINUTE

/** A trimmed text setting (`fallback` when unset) in which `problemOf` finds no problem. */
function checkedText(fallback: string, problemOf: (v: string) => string | undefined) {
  return z
    .string()
    .trim()
    .default(fallback)
    .superRefine((v, ctx) => {
      const problem = problemOf(v)
      if (problem) ctx.addIssue({ code: 'custom', message: `${problem}; got "${v}"` })
    })
}

/** Hours of every day on the business clock ('07-19'), checked as parseDailyHours reads them. */
function dailyHours(fallback: string) {
  return checkedText(fallback, (v) => {
    const hours = parseDailyHours(v)
    return 'problem' in hours ? hours.problem : undefined
  })
}

/**
 * Delays with their unit, comma-separated and rising ('1d,3d', '20s,150s'); `off` (or `none`) is
 * no follow-ups at all.
 */
function delayList(fallback: string) {
  return checkedText(fallback, followUpDelaysProblem)
}

function followUpDelaysProblem(text: string): string | undefined {
  if (/^(off|none)$/i.test(text)) return undefined
  const parts = text.split(',').map((p) => p.trim())
  if (parts.length > MAX_FOLLOW_UPS) return `must list at most ${MAX_FOLLOW_UPS} delays`
  let before = 0
  for (const part of parts) {
    const ms = parseDelay(part)
    if (ms === undefined)
      return `must be delays with their unit, s, m, h or d, separated by commas (e.g. 1d,3d), or off`
    if (ms < 1000 || ms > MAX_FOLLOW_UP_DELAY_MS) return 'each delay must be from 1s to 30d'
    if (ms <= before) return 'each delay must be longer than the one before it (1d,3d)'
    before = ms
  }
  return undefined
}

export interface LeadLifeSettings {
  /** OFFICE_NUDGE_AFTER in ms. */
  nudgeAfterMs: number
  officeHours: DailyHours
  /** FOLLOW_UP_AFTER in ms, rising; empty: no follow-ups. */
  followUpAfterMs: number[]
  followUpHours: DailyHours
}

export function readLeadLifeSettings(e: EnvOf<typeof LEAD_LIFE_SETTINGS>): LeadLifeSettings {
  return {
    nudgeAfterMs: parseDelay(e.OFFICE_NUDGE_AFTER) ?? 15 * MINUTE,
    officeHours: parseDailyHours(e.OFFICE_HOURS) as DailyHours,
    followUpAfterMs: /^(off|none)$/i.test(e.FOLLOW_UP_AFTER)
      ? []
      : e.FOLLOW_UP_AFTER.split(',').map((p) => parseDelay(p)!),
    followUpHours: parseDailyHours(e.FOLLOW_UP_HOURS) as DailyHours,
  }
}
