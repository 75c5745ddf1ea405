/**
 * The worker's SMTP connection, which every e-mail channel sends through (the e-mail to the
 * office and the autoreply): SMTP_URL and the sender of every e-mail, LEAD_NOTIFY_FROM.
 */
import { z } from 'zod'
import { optionalText, type EnvOf, type Problem } from '../config/helpers'

export const SMTP_SETTINGS = {
  SMTP_URL: optionalText.refine(
    (v) => {
      if (v === undefined) return true
      if (!URL.canParse(v)) return false
      const u = new URL(v)
      return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== ''
    },
    {
      message:
        'must look like smtp://user:password@smtp.example.com:587 (STARTTLS) or smtps://user:password@smtp.example.com:465, with user and password URL-encoded',
    },
  ),
  LEAD_NOTIFY_FROM: optionalText,
}

export interface SmtpSettings {
  /** The connection URL as configured (holds the password: never log it). */
  url: string
  /** The URL without user and password, for logs. */
  safeUrl: string
  /** Sender of every e-mail: an address or `Name <address>`. */
  from: string
}

const EMAIL = z.email()
export const isEmailAddress = (v: string) => EMAIL.safeParse(v).success

/** `a@x.com` or `Office <a@x.com>`; returns the bare address, or undefined. */
export function addressOf(mailbox: string): string | undefined {
  const m = /^\s*(?:[^<>]*<\s*([^<>\s]+)\s*>|([^<>\s]+))\s*$/.exec(mailbox)
  const address = m?.[1] ?? m?.[2]
  return address && isEmailAddress(address) ? address : undefined
}

/** The domain of a sender (`Office <leads@roofing.example>`: roofing.example), for the Message-IDs it makes; localhost without one. */
export function domainOf(from: string): string {
  return addressOf(from)?.split('@')[1] ?? 'localhost'
}

export function checkSmtpSettings(e: EnvOf<typeof SMTP_SETTINGS>, problem: Problem): void {
  if (e.LEAD_NOTIFY_FROM !== undefined && !addressOf(e.LEAD_NOTIFY_FROM))
    problem(
      'LEAD_NOTIFY_FROM',
      'must be an e-mail address, or Name <address>, that your SMTP account may send as',
    )
  if (e.SMTP_URL !== undefined && e.LEAD_NOTIFY_FROM === undefined)
    problem('LEAD_NOTIFY_FROM', 'must be set when SMTP_URL is set (the address your SMTP account sends as)')
}

/** The connection, once checkSmtpSettings passed; undefined when SMTP_URL is unset. */
export function readSmtpSettings(e: EnvOf<typeof SMTP_SETTINGS>): SmtpSettings | undefined {
  if (!e.SMTP_URL || !e.LEAD_NOTIFY_FROM) return undefined
  const safe = new URL(e.SMTP_URL)
  safe.username = ''
  safe.password = ''
  return { url: e.SMTP_URL, safeUrl: safe.toString(), from: e.LEAD_NOTIFY_FROM }
}
