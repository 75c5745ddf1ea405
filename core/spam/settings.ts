/**
 * The settings of the office's links, of the spam digest and of how long held spam is
 * kept (docs/configuration.md), read by the worker (which sends both and deletes old spam) and
 * by site-admin (`leads digest`).
 */
import { z } from 'zod'
import { wholeNumberOf } from '../platform/config/helpers'
import { DEFAULT_LINK_DAYS } from './office-links'

/**
 * How long spam stays in quarantine when SPAM_RETENTION_DAYS is not set. A setting's default
 * lives beside its setting, in this file that imports no feature's face, so it is defined
 * whatever order the modules load in.
 */
export const DEFAULT_SPAM_RETENTION_DAYS = 30

/** How long spam stays in quarantine before the worker deletes it (docs/spam.md). */
export const SPAM_SETTINGS = {
  SPAM_RETENTION_DAYS: wholeNumberOf('days', DEFAULT_SPAM_RETENTION_DAYS, [
    1,
    'must be at least 1 day, so the office can look at the quarantine before it is gone',
  ]),
}

/**
 * Office link pages one client address may open in a minute unless the web process's
 * OFFICE_LINK_RATE_LIMIT_PER_MINUTE says otherwise (server/office/office-router.ts): a digest
 * lists at most 50 held leads (MAX_LISTED, core/spam/digest.tsx), and a mail scanner that opens each of its links from one address
 * stays under it.
 */
export const DEFAULT_OFFICE_LINKS_PER_MINUTE = 60

/** 'HH:MM' on a 24-hour clock, in the business's time zone (America/Denver). */
export interface DigestTime {
  hour: number
  minute: number
}

export const OFFICE_LINK_SETTINGS = {
  /** How many days a "Not spam" or "This is spam" link works after its e-mail was sent. */
  OFFICE_LINK_DAYS: wholeNumberOf(
    'days',
    DEFAULT_LINK_DAYS,
    [1, 'must be at least 1 day, so the office can open the e-mail the next morning'],
    [90, 'must be at most 90 days: an old link in a forwarded e-mail should not still act'],
  ),
  /** When the worker sends the day's spam digest, Denver time; off: never. */
  SPAM_DIGEST_TIME: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === 'off' || /^([01]?\d|2[0-3]):[0-5]\d$/.test(v), {
      message: 'must be a time of day on a 24-hour clock, e.g. 08:00 (Denver time), or off',
    })
    .default('08:00'),
}

/** The digest's time of day, or null when the scheduled digest is off. */
export function parseDigestTime(value: string): DigestTime | null {
  if (value === 'off') return null
  const [hour, minute] = value.split(':').map(Number) as [number, number]
  return { hour, minute }
}
