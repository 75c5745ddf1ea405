/**
 * pino logger. Personal data of a lead (names, e-mail, phone, address, message) is
 * redacted wherever it could appear: request bodies, enquiry objects and DB rows.
 */
import { pino, type Logger, type DestinationStream } from 'pino'

const PII_KEYS = ['firstName', 'lastName', 'email', 'phone', 'address', 'first_name', 'last_name', 'website']
/**
 * `message` is personal in an enquiry but is also every error's text (`err.message`), which
 * must stay readable: it is redacted only where an enquiry or a row could carry it.
 */
const MESSAGE_PATHS = [
  'message',
  'body.message',
  'req.body.message',
  'enquiry.message',
  'row.message',
  'submission.message',
  'data.message',
]

const REDACT_PATHS = [
  ...PII_KEYS,
  ...PII_KEYS.map((k) => `*.${k}`),
  ...PII_KEYS.map((k) => `*.*.${k}`),
  ...MESSAGE_PATHS,
  'req.headers.cookie',
  'req.headers.authorization',
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
