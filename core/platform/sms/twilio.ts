/**
 * Text messages through Twilio's Messages API (docs/bookings.md, "Text messages to the office"):
 * a form-encoded POST to `{TWILIO_API_URL}/2010-04-01/Accounts/{sid}/Messages.json` with HTTP
 * basic auth (the account SID and its auth token) and `To`, `From`, `Body`. Twilio answers 201
 * with the message (`sid`, `status`), or an error as JSON (`code`, `message`, `more_info`,
 * `status`).
 *
 * Written on fetch rather than with Twilio's helper library: one request, and the library takes
 * no base URL (tests and TWILIO_API_URL point at a peer laid out like Twilio's API).
 *
 * Failure classes, as the e-mail's and the webhook's (docs/decisions/008-lead-notifications.md):
 * 2xx sent; 429 (Twilio's 20429), 5xx, timeouts and network errors retried; 401 retried too,
 * like a failed SMTP login (whoever runs the site can fix the token, and the next try then goes
 * through); any other 4xx (21211 an invalid To, 21610 a number that answered STOP, 21606 a From
 * that cannot send …) fails for good: sending it again cannot help. The auth token is never in
 * a log line, a reason or a description.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { z } from 'zod'
import { httpUrl, optionalText, type EnvOf, type Problem } from '../config/helpers'
import type { Outcome } from '../mail/outcome'
import { toReason } from '../mail/text'

/** Twilio's own API, unless TWILIO_API_URL names another (a test peer). */
const TWILIO_DEFAULT_API_URL = 'https://api.twilio.com'
/** Twilio answers in well under a second; ten seconds is generous. */
const TWILIO_TIMEOUT_MS = 10_000

/** The variables of the office's text messages (worker/config.ts takes them into its schema). */
export const TWILIO_SETTINGS = {
  TWILIO_ACCOUNT_SID: optionalText,
  /** Secret: never logged, never shown. */
  TWILIO_AUTH_TOKEN: optionalText,
  /** The Twilio number the texts come from. */
  TWILIO_FROM: optionalText,
  /** The office's mobile number the texts go to. */
  OFFICE_SMS_TO: optionalText,
  TWILIO_API_URL: httpUrl("Twilio's API").default(TWILIO_DEFAULT_API_URL),
}

type TwilioEnv = EnvOf<typeof TWILIO_SETTINGS>

/** What sending a text needs; undefined while texts are off. */
export interface TwilioSettings {
  apiUrl: string
  accountSid: string
  authToken: string
  /** E.164, e.g. +13035550100. */
  from: string
  to: string
}

const ACCOUNT_SID = /^AC[0-9a-f]{32}$/i
const REQUIRED = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'OFFICE_SMS_TO'] as const

/** A North American number as Twilio takes it (E.164), or undefined when it is none. */
function toE164(phone: string): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, 'US')
  return parsed?.isValid() ? parsed.number : undefined
}

function isLocalHost(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname.toLowerCase())
}

/** The rules between the variables: all four or none, each in its form. */
export function checkTwilioSettings(e: TwilioEnv, problem: Problem): void {
  const set = REQUIRED.filter((name) => e[name] !== undefined)
  if (set.length > 0)
    for (const name of REQUIRED)
      if (e[name] === undefined)
        problem(
          name,
          `must be set with ${set.join(', ')}: texts to the office need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM and OFFICE_SMS_TO`,
        )
  if (e.TWILIO_ACCOUNT_SID !== undefined && !ACCOUNT_SID.test(e.TWILIO_ACCOUNT_SID))
    problem(
      'TWILIO_ACCOUNT_SID',
      'must be the account SID from the Twilio console: AC followed by 32 hex digits',
    )
  for (const name of ['TWILIO_FROM', 'OFFICE_SMS_TO'] as const) {
    const value = e[name]
    if (value !== undefined && !toE164(value))
      problem(name, `must be a phone number that can take texts, e.g. +13035550100 or (303) 555-0100`)
  }
  const url = new URL(e.TWILIO_API_URL)
  if (url.protocol === 'http:' && !isLocalHost(url.hostname))
    problem(
      'TWILIO_API_URL',
      'must use https:// (the auth token goes with each request); http:// only for localhost',
    )
}

export function readTwilioSettings(e: TwilioEnv): TwilioSettings | undefined {
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM || !e.OFFICE_SMS_TO) return undefined
  return {
    apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: toE164(e.TWILIO_FROM) ?? e.TWILIO_FROM,
    to: toE164(e.OFFICE_SMS_TO) ?? e.OFFICE_SMS_TO,
  }
}

/** Where the texts go, for the start-up log and notify-test: never the token. */
export function describeTwilio(s: TwilioSettings): string {
  const host = new URL(s.apiUrl).host
  return `${s.to} from ${s.from} via ${host === 'api.twilio.com' ? 'Twilio' : host} (account ${s.accountSid.slice(0, 8)}…)`
}

/** Twilio's error body: https://www.twilio.com/docs/usage/twilios-response. */
const TwilioError = z.object({
  code: z.number().optional(),
  message: z.string().optional(),
  more_info: z.string().optional(),
})

const TwilioMessage = z.object({ sid: z.string(), status: z.string().optional() })

/** An answer of Twilio's API as an outcome: sent, retried or failed for good. */
export function classifyTwilioAnswer(status: number, body: string): Outcome {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    json = undefined
  }
  if (status >= 200 && status < 300) {
    const message = TwilioMessage.safeParse(json)
    return {
      kind: 'sent',
      detail: message.success
        ? `${message.data.sid}${message.data.status ? ` ${message.data.status}` : ''}`
        : `HTTP ${status}`,
    }
  }
  const error = TwilioError.safeParse(json)
  const said = error.success && (error.data.code !== undefined || error.data.message)
  const reason = toReason(
    said
      ? `HTTP ${status}: Twilio ${error.data.code ?? ''} ${error.data.message ?? ''}${error.data.more_info ? ` (${error.data.more_info})` : ''}`.replace(
          /\s+/g,
          ' ',
        )
      : `HTTP ${status}`,
  )
  if (status === 429 || status >= 500 || status === 408) return { kind: 'retry', reason }
  if (status === 401)
    return { kind: 'retry', reason: `${reason}; check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN` }
  return { kind: 'failed', reason }
}

/** Sends one text to the office; never throws. */
export async function sendSms(
  s: TwilioSettings,
  body: string,
  timeoutMs = TWILIO_TIMEOUT_MS,
): Promise<Outcome> {
  const url = `${s.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Messages.json`
  const auth = Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')
  const limit = Math.min(TWILIO_TIMEOUT_MS, timeoutMs)
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${auth}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'user-agent': 'roofing-lead-worker',
      },
      body: new URLSearchParams({ To: s.to, From: s.from, Body: body }).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(limit),
    })
    return classifyTwilioAnswer(res.status, await res.text())
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } }
    const reason =
      e.name === 'TimeoutError'
        ? `no answer from Twilio within ${limit} ms`
        : `${e.cause?.code ?? e.name}: ${e.cause?.message ?? e.message}`
    return { kind: 'retry', reason: toReason(reason) }
  }
}
