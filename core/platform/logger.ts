/**
 * pino logger. The homeowner's personal data never reaches a log line: every field the
 * lead-field table marks personal (shared/lead-fields.ts) is redacted wherever a request
 * body, an enquiry, a lead or a stored row could carry it, under its name and its column,
 * and so is the honeypot (what a bot typed).
 */
import { pino, type Logger, type DestinationStream } from 'pino'
import { HONEYPOT_FIELD } from '../../shared/enquiry'
import { LEAD_FIELD_NAMES, LEAD_FIELDS } from '../../shared/lead-fields'

/**
 * Keys that are also what a log line says about something else: `message` is every error's
 * text (`err.message`), which must stay readable. Such a field is redacted at the top level and
 * inside the objects that carry a lead, at the top or one level down.
 */
const SHARED_KEYS = new Set(['message', 'msg', 'level', 'time', 'pid'])
const LEAD_CARRIERS = ['body', 'req.body', 'enquiry', 'lead', 'row', 'data', 'fields']

const personalKeys = LEAD_FIELD_NAMES.filter((name) => LEAD_FIELDS[name].personal).flatMap((name) => [
  name,
  LEAD_FIELDS[name].column,
])

/** The paths pino redacts, derived from the field table (tests/unit/log-redaction.test.ts). */
export const REDACT_PATHS = [
  ...new Set(
    [...personalKeys, HONEYPOT_FIELD].flatMap((key) =>
      SHARED_KEYS.has(key)
        ? [key, ...LEAD_CARRIERS.flatMap((c) => [`${c}.${key}`, `*.${c}.${key}`])]
        : [key, `*.${key}`, `*.*.${key}`],
    ),
  ),
  // Bearer values, should a line ever carry the headers or the answer that holds them: the
  // request line names neither (server/http/redact.ts).
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-report-key"]',
  'reportKey',
  '*.reportKey',
]

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  )
}

export type { Logger }
