/**
 * Hostile requests, as fast-check arbitraries, for the property test
 * (tests/integration/hostile-requests.test.ts) and the fuzz script (scripts/fuzz.ts): every path
 * that reads a query, writes a cookie or reads one, with the values a real ad URL, a scanner or a
 * broken client sends:
 * - random Unicode, astral characters among it, and an astral character after every length of
 *   plain text around the fields' 200-character cut;
 * - lone halves of surrogate pairs (%-escaped as WTF-8 bytes, and as JSON's `\ud800`);
 * - `%` escapes that decode to invalid UTF-8, broken escapes (`%zz`, a lone `%`) and NUL;
 * - queries of about 8 KB.
 *
 * Each request is written as raw bytes (sendRawRequest, raw-http.ts), so nothing a client
 * library would refuse or clean up is kept from the server.
 */
import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { CAMPAIGN_PARAMS } from '../../shared/touch-fields'
import { ALL_ROUTES } from '../../shared/routes'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { FORM_TOKEN_ENDPOINT } from '../../shared/form-token'
import { HAIL_REPORT_ENDPOINT } from '../../shared/hail-summary'
import { OFFICE_CONFIRM_PATH } from '../../core/spam/office-links'
import { STORM_ALERTS_CONFIRM_PATH } from '../../shared/storm-alerts-consent'
import { STORM_ALERTS_UNSUBSCRIBE_PATH } from '../../core/storm-response/unsubscribe'
import { FOLLOW_UPS_UNSUBSCRIBE_PATH, OFFICE_MARK_PATH } from '../../core/bookings'

/**
 * The scheduling tools' keys the server under test is given (both set, so the booking events are
 * read and their signatures checked rather than answered 404): the generators sign some bodies
 * with them as Calendly and Cal.com do, so hostile bodies behind a good signature reach the reader.
 */
export const HOSTILE_BOOKING_KEYS = {
  CALENDLY_WEBHOOK_SIGNING_KEY: 'fuzz-calendly-signing-key',
  CAL_COM_WEBHOOK_SECRET: 'fuzz-cal-com-secret',
} as const

export interface HostileRequest {
  /** Which path of the site it tries (the fuzz script counts answers per kind). */
  kind: HostileKind
  method: string
  /** The request target as written on the request line: path and query, already escaped. */
  target: string
  headers: [string, string][]
  body?: Buffer
}

export type HostileKind =
  | 'page query'
  | 'page query, full stack'
  | 'unknown path'
  | 'form post'
  | 'json post'
  | 'office link'
  | 'hail report'
  | 'form token'
  | 'booking event'
  | 'storm alert link'

/** The campaign fields are cut at this length (shared/touch-fields.ts); the cut is tried around it. */
const CUT_LENGTH = 200

const ASTRAL = ['😀', '🏠', '𝔸', '🌩️', '👩‍👩‍👧']

/** Every byte %-escaped: any byte sequence, invalid UTF-8 and NUL among them. */
function percentBytes(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  return text
}

/** A string %-escaped as UTF-8, with a lone surrogate written as its WTF-8 bytes (invalid UTF-8). */
function escapeAnyString(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code >= 0xd800 && code <= 0xdfff) {
      out += percentBytes(new Uint8Array([0xed, 0xa0 | ((code >> 6) & 0x1f), 0x80 | (code & 0x3f)]))
    } else {
      out += encodeURIComponent(char)
    }
  }
  return out
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))

/** A JavaScript string of anything: any code point, astral ones, lone surrogates, NUL. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.oneof(fc.constantFrom(...ASTRAL), loneSurrogate, fc.constant('\0')), maxLength: 8 }),
  fc
    .tuple(fc.integer({ min: CUT_LENGTH - 12, max: CUT_LENGTH + 2 }), fc.constantFrom(...ASTRAL))
    .map(([length, astral]) => `${'a'.repeat(length)}${astral}${'b'.repeat(3)}`),
)

/** A query or path value as it comes on the wire (already escaped). */
const wireValue = fc.oneof(
  anyText.map(escapeAnyString),
  fc.uint8Array({ maxLength: 40 }).map(percentBytes),
  fc.constantFrom(
    '',
    '%',
    '%zz',
    '%E0%A4',
    '%ED%A0%80',
    '%00',
    '%C0%AF',
    '=',
    'a=b',
    '+',
    '%2B',
    '%25',
    '&&',
  ),
  // A campaign cut inside a character: 199 letters and an emoji, the value cleaned too.
  fc
    .integer({ min: CUT_LENGTH - 4, max: CUT_LENGTH + 1 })
    .map((length) => encodeURIComponent(`${'a'.repeat(length)}😀`)),
)

const paramName = fc.oneof(
  fc.constantFrom(...CAMPAIGN_PARAMS),
  fc.constantFrom(...CAMPAIGN_PARAMS).map((name) => escapeAnyString(name).replace('_', '%5F')),
  wireValue,
)

/** A query with its `?`: campaign parameters and others, or one of about 8 KB. */
const query = fc
  .oneof(
    { weight: 4, arbitrary: fc.array(fc.tuple(paramName, wireValue), { minLength: 1, maxLength: 6 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...CAMPAIGN_PARAMS),
          wireValue.filter((v) => v.length > 0),
        )
        .map(([name, value]) => [[name, value.repeat(Math.ceil(8000 / value.length)).slice(0, 8000)]]),
    },
  )
  .map((pairs) => `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`)

/** A Cookie header: the attribution cookies with any value (a hand-edited or corrupted one), and others. */
const cookieHeader = fc
  .array(
    fc.tuple(
      fc.constantFrom('visit_touch', 'first_touch', 'hail_report_sent', 'other'),
      fc.oneof(
        query.map((q) => q.slice(1)),
        wireValue,
        fc.constant('1'),
      ),
    ),
    { minLength: 1, maxLength: 3 },
  )
  // A header value may hold neither CR nor LF (a request with one is another request).
  .map((cookies) =>
    cookies
      .map(([name, value]) => `${name}=${value}`)
      .join('; ')
      .replace(/[\r\n]/g, ''),
  )

const pagePath = fc.constantFrom(...ALL_ROUTES.map((route) => route.path))
const acceptEncoding = fc.constantFrom<[string, string][]>(
  [['Accept-Encoding', 'gzip, deflate, br']],
  [],
  [['Accept-Encoding', 'br']],
)

const pageQuery: fc.Arbitrary<HostileRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'HEAD'),
    path: pagePath,
    query,
    cookie: fc.option(cookieHeader, { nil: undefined }),
    encoding: acceptEncoding,
  })
  .map(({ method, path, query, cookie, encoding }) => ({
    kind: 'page query',
    method,
    target: `${path}${query}`,
    headers: [...encoding, ...(cookie ? ([['Cookie', cookie]] as [string, string][]) : [])],
  }))

/** The same, with a conditional header: the fast path leaves it to the whole stack. */
const pageQueryFullStack: fc.Arbitrary<HostileRequest> = pageQuery.map((req) => ({
  ...req,
  kind: 'page query, full stack',
  headers: [...req.headers, ['If-None-Match', '"not-this-one"']],
}))

const unknownPath: fc.Arbitrary<HostileRequest> = fc
  .record({
    segments: fc.array(
      fc.oneof(
        fc.constantFrom('wp-login.php', '.env', 'xmlrpc.php', 'config.json', 'assets', 'x'),
        wireValue,
      ),
      { minLength: 1, maxLength: 4 },
    ),
    ending: fc.constantFrom('', '.php', '.env', '.json', '.pageContext.json', '/'),
    query: fc.option(query, { nil: undefined }),
  })
  .map(({ segments, ending, query }) => ({
    kind: 'unknown path',
    method: 'GET',
    target: `/${segments.join('/')}${ending}${query ?? ''}`,
    headers: [['Accept-Encoding', 'gzip']],
  }))

/** The lead form's fields, some replaced by anything. */
const formFields = fc
  .record({
    firstName: fc.oneof(fc.constant('Dana'), anyText),
    lastName: fc.constant('Reyes'),
    email: fc.oneof(fc.constant('dana@example.com'), anyText),
    phone: fc.constant('(303) 555-0199'),
    address: fc.constant('1450 Elm Street, Denver, CO 80220'),
    message: anyText,
    formType: fc.constantFrom('contact', 'contact_modal', 'hail_report', 'nonsense'),
    sourcePath: fc.oneof(pagePath, anyText),
    utm_source: anyText,
    utm_content: anyText,
    gclid: anyText,
  })
  .map((fields) => Object.entries(fields))

const formPost: fc.Arbitrary<HostileRequest> = fc
  .record({ fields: formFields, cookie: fc.option(cookieHeader, { nil: undefined }) })
  .map(({ fields, cookie }) => ({
    kind: 'form post',
    method: 'POST',
    target: ENQUIRY_ENDPOINT,
    headers: [
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ...(cookie ? ([['Cookie', cookie]] as [string, string][]) : []),
    ],
    body: Buffer.from(fields.map(([name, value]) => `${name}=${escapeAnyString(value)}`).join('&')),
  }))

const jsonPost: fc.Arbitrary<HostileRequest> = formFields.map((fields) => ({
  kind: 'json post',
  method: 'POST',
  target: ENQUIRY_ENDPOINT,
  headers: [['Content-Type', 'application/json']],
  // JSON.stringify writes a lone surrogate as its `\udxxx` escape, which JSON.parse gives back.
  body: Buffer.from(JSON.stringify(Object.fromEntries(fields))),
}))

/** A link's headers: the form's content type on a POST, and the cookie when there is one. */
function linkHeaders(method: string, cookie: string | null | undefined): [string, string][] {
  return [
    ...(method === 'POST' ? [['Content-Type', 'application/x-www-form-urlencoded'] as [string, string]] : []),
    ...(cookie ? [['Cookie', cookie] as [string, string]] : []),
  ]
}

const officeLink: fc.Arbitrary<HostileRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'HEAD', 'POST'),
    token: wireValue,
    cookie: fc.option(cookieHeader),
  })
  .map(({ method, token, cookie }) => ({
    kind: 'office link',
    method,
    target: `${OFFICE_CONFIRM_PATH}/${token || 's.1.2.3'}`,
    headers: linkHeaders(method, cookie),
    body: method === 'POST' ? Buffer.from(`token=${token}`) : undefined,
  }))

const hailReport: fc.Arbitrary<HostileRequest> = fc
  .record({ id: wireValue, key: fc.string({ unit: 'binary-ascii', maxLength: 80 }) })
  .map(({ id, key }) => ({
    kind: 'hail report',
    method: 'GET',
    target: `${HAIL_REPORT_ENDPOINT}/${id || '1'}`,
    headers: [['X-Report-Key', key.replace(/[\r\n\0]/g, '')]],
  }))

const formToken: fc.Arbitrary<HostileRequest> = fc
  .record({
    query: fc.option(query, { nil: undefined }),
    cookie: fc.option(cookieHeader, { nil: undefined }),
  })
  .map(({ query, cookie }) => ({
    kind: 'form token',
    method: 'GET',
    target: `${FORM_TOKEN_ENDPOINT}${query ?? ''}`,
    headers: cookie ? [['Cookie', cookie]] : [],
  }))

/** A Calendly-shaped or Cal.com-shaped event whose every value may be hostile, or any JSON, or bytes. */
const eventValue = fc.oneof(anyText, fc.integer(), fc.boolean(), fc.constant(null))
const bookingBody: fc.Arbitrary<string> = fc.oneof(
  fc
    .record(
      {
        event: fc.oneof(fc.constantFrom('invitee.created', 'invitee.canceled'), anyText),
        payload: fc.record(
          {
            email: fc.oneof(fc.constant('dana@example.com'), eventValue),
            name: eventValue,
            uri: eventValue,
            status: fc.oneof(fc.constantFrom('active', 'canceled'), eventValue),
            rescheduled: eventValue,
            scheduled_event: fc.record({
              start_time: fc.oneof(fc.constant('2026-12-01T17:00:00.000000Z'), eventValue),
            }),
            tracking: fc.record(
              { salesforce_uuid: eventValue, utm_source: eventValue },
              { requiredKeys: [] },
            ),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        triggerEvent: fc.oneof(
          fc.constantFrom('BOOKING_CREATED', 'BOOKING_CANCELLED', 'BOOKING_RESCHEDULED'),
          anyText,
        ),
        payload: fc.record(
          {
            uid: eventValue,
            startTime: fc.oneof(fc.constant('2026-12-01T17:00:00Z'), eventValue),
            attendees: fc.oneof(
              fc.array(fc.record({ email: eventValue, name: eventValue }, { requiredKeys: [] }), {
                maxLength: 3,
              }),
              eventValue,
            ),
            metadata: fc.oneof(fc.dictionary(anyText, eventValue, { maxKeys: 3 }), eventValue),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary', maxLength: 300 }),
)

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex')

const bookingEvent: fc.Arbitrary<HostileRequest> = fc
  .record({
    tool: fc.constantFrom('calendly', 'cal-com'),
    body: bookingBody,
    signature: fc.constantFrom('good', 'good', 'stale', 'wrong', 'missing', 'garbled'),
    garbled: fc.string({ unit: 'binary-ascii', maxLength: 120 }),
    contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
  })
  .map(({ tool, body, signature, garbled, contentType }) => {
    const headers: [string, string][] = [['Content-Type', contentType]]
    const clean = garbled.replace(/[\r\n\0]/g, '')
    if (tool === 'calendly') {
      const key = HOSTILE_BOOKING_KEYS.CALENDLY_WEBHOOK_SIGNING_KEY
      const now = Math.floor(Date.now() / 1000)
      const t = signature === 'stale' ? now - 3600 : now
      const v1 = hmac(signature === 'wrong' ? 'not-the-key' : key, `${t}.${body}`)
      if (signature === 'garbled') headers.push(['Calendly-Webhook-Signature', clean])
      else if (signature !== 'missing') headers.push(['Calendly-Webhook-Signature', `t=${t},v1=${v1}`])
    } else {
      const key = HOSTILE_BOOKING_KEYS.CAL_COM_WEBHOOK_SECRET
      if (signature === 'garbled') headers.push(['X-Cal-Signature-256', clean])
      else if (signature !== 'missing')
        headers.push(['X-Cal-Signature-256', hmac(signature === 'wrong' ? 'not-the-key' : key, body)])
    }
    return {
      kind: 'booking event' as const,
      method: 'POST',
      target: `/api/booking-events/${tool}`,
      headers,
      body: Buffer.from(body),
    }
  })

const stormAlertLink: fc.Arbitrary<HostileRequest> = fc
  .record({
    // The storm alerts' links, and the bookings' (a follow-up's unsubscribe, the office's marks),
    // which answer the same kinds of request.
    path: fc.constantFrom(
      STORM_ALERTS_CONFIRM_PATH,
      STORM_ALERTS_UNSUBSCRIBE_PATH,
      FOLLOW_UPS_UNSUBSCRIBE_PATH,
      OFFICE_MARK_PATH,
    ),
    method: fc.constantFrom('GET', 'HEAD', 'POST'),
    token: wireValue,
    oneClick: fc.boolean(),
    cookie: fc.option(cookieHeader, { nil: undefined }),
  })
  .map(({ path, method, token, oneClick, cookie }) => ({
    kind: 'storm alert link' as const,
    method,
    target: `${path}/${token || 's.1.2.3'}`,
    headers: linkHeaders(method, cookie),
    // RFC 8058's one-click body, or the confirmation page's own form.
    body:
      method === 'POST' ? Buffer.from(oneClick ? 'List-Unsubscribe=One-Click' : `token=${token}`) : undefined,
  }))

/** Each kind of hostile request on its own (the property test runs each). */
export const HOSTILE_REQUESTS: Record<HostileKind, fc.Arbitrary<HostileRequest>> = {
  'page query': pageQuery,
  'page query, full stack': pageQueryFullStack,
  'unknown path': unknownPath,
  'form post': formPost,
  'json post': jsonPost,
  'office link': officeLink,
  'hail report': hailReport,
  'form token': formToken,
  'booking event': bookingEvent,
  'storm alert link': stormAlertLink,
}

/** Any hostile request (the fuzz script draws from this). */
export const anyHostileRequest: fc.Arbitrary<HostileRequest> = fc.oneof(...Object.values(HOSTILE_REQUESTS))

/**
 * The request as bytes: request line, Host (the address it is sent to), the request's headers
 * (as Latin-1, the bytes a header may hold), Origin for a post (the site's own, SITE_URL's, so
 * the checks behind it run too), Content-Length, Connection: close.
 */
export function requestBytes(req: HostileRequest, to: { host: string; origin: string }): Buffer {
  const { host, origin } = to
  const lines = [`${req.method} ${req.target} HTTP/1.1`, `Host: ${host}`]
  for (const [name, value] of req.headers) lines.push(`${name}: ${value}`)
  if (req.method === 'POST') lines.push(`Origin: ${origin}`)
  if (req.body) lines.push(`Content-Length: ${req.body.length}`)
  lines.push('Connection: close', '', '')
  const head = Buffer.from(lines.join('\r\n'), 'latin1')
  return req.body ? Buffer.concat([head, req.body]) : head
}
