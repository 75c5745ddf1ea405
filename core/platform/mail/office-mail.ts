/**
 * The office's e-mail as site-admin reads it, to send the office a report or a digest at once:
 * the same variables as the worker's (SMTP_URL, LEAD_NOTIFY_FROM, LEAD_NOTIFY_TO), read only by
 * the commands that send, so a missing SMTP setting never stops an export of the leads.
 */
import { ConfigError, optionalText, parseEnv } from '../config/helpers'
import { checkSmtpSettings, isEmailAddress, readSmtpSettings, SMTP_SETTINGS, type SmtpSettings } from './smtp'
import { z } from 'zod'

const OFFICE_MAIL_SETTINGS = {
  ...SMTP_SETTINGS,
  /** Who receives new leads (and the office's reports), comma-separated. */
  LEAD_NOTIFY_TO: optionalText,
}

export interface OfficeMail {
  smtp: SmtpSettings
  /** The office's addresses (LEAD_NOTIFY_TO). */
  to: string[]
}

const OfficeMailSchema = z.object(OFFICE_MAIL_SETTINGS)

/**
 * The SMTP connection and the office's addresses; throws ConfigError naming what is missing or
 * wrong, in words the person at the terminal can act on.
 */
export function readOfficeMail(source: NodeJS.ProcessEnv): OfficeMail {
  const e = parseEnv(OfficeMailSchema, source)
  const problems: string[] = []
  checkSmtpSettings(e, (variable, message) => problems.push(`${variable} ${message}`))
  if (!e.SMTP_URL)
    problems.push(
      "SMTP_URL is not set: no SMTP server to send through. Set SMTP_URL, LEAD_NOTIFY_FROM and LEAD_NOTIFY_TO as the worker has them (docker compose exec passes the container's settings).",
    )
  const to = (e.LEAD_NOTIFY_TO ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  if (!to.length)
    problems.push(
      "LEAD_NOTIFY_TO is not set: no office address to send to (the office's notification address).",
    )
  const bad = to.filter((a) => !isEmailAddress(a))
  if (bad.length)
    problems.push(
      `LEAD_NOTIFY_TO must be e-mail addresses separated by commas; not an address: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    )
  const smtp = readSmtpSettings(e)
  if (problems.length || !smtp) throw new ConfigError(problems)
  return { smtp, to }
}
