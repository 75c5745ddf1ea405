/**
 * A local HTTP peer laid out like Twilio's Messages API (https://www.twilio.com/docs/messaging/api/message-resource):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`, `Body`,
 * HTTP basic auth with the account SID and its auth token. It answers as Twilio does: 201 with
 * the message's JSON (`sid` SM…, `status` queued, `num_segments` …), or an error as JSON
 * (`code`, `message`, `more_info`, `status`): 401 / 20003 for bad credentials, 400 / 21604 without
 * a To, 400 / 21602 without a Body, and whatever a test asks for next (a 429, a 500, a 400 / 21211).
 * Used by the integration tests, `npm run bench:bookings` and `npm run drills`. Loopback only.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { smsSegments } from '../../core/platform/sms/segments'

export interface ReceivedText {
  accountSid: string
  to: string
  from: string
  body: string
  segments: number
  /** When the peer accepted it (201), ms since epoch. */
  acceptedAt: number
}

/** An answer a test makes the peer give: a status and Twilio's error code. */
export interface TwilioFailure {
  status: number
  code: number
  message: string
}

export interface TestTwilioPeer {
  /** Put in TWILIO_API_URL. */
  readonly url: string
  readonly accountSid: string
  readonly authToken: string
  /** The texts accepted (201). */
  readonly texts: ReceivedText[]
  /** Every request, with the status answered. */
  readonly requests: { status: number; at: number }[]
  /** Answers with this failure (a function: per request number, undefined = accept) until reset. */
  failWith(failure: TwilioFailure | ((n: number) => TwilioFailure | undefined) | undefined): void
  waitForTexts(count: number, timeoutMs?: number): Promise<ReceivedText[]>
  close(): Promise<void>
}

const more = (code: number) => `https://www.twilio.com/docs/errors/${code}`

export async function startTestTwilioPeer(): Promise<TestTwilioPeer> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`
  const authToken = randomBytes(16).toString('hex')
  const texts: ReceivedText[] = []
  const requests: { status: number; at: number }[] = []
  let failure: ((n: number) => TwilioFailure | undefined) | undefined

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const answer = (status: number, body: object) => {
        requests.push({ status, at: Date.now() })
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      }
      const error = (status: number, code: number, message: string) =>
        answer(status, { code, message, more_info: more(code), status })
      const path = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '')
      if (req.method !== 'POST' || !path) return error(404, 20404, 'The requested resource was not found')
      const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')
      if (user !== accountSid || pass !== authToken || path[1] !== accountSid)
        return error(401, 20003, 'Authenticate')
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        return error(400, 20001, 'Content-Type must be application/x-www-form-urlencoded')
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      const to = form.get('To')
      const from = form.get('From')
      const body = form.get('Body')
      if (!to) return error(400, 21604, "A 'To' phone number is required.")
      if (!from) return error(400, 21603, "A 'From' phone number is required.")
      if (!body) return error(400, 21602, 'Message body is required.')
      if (body.length > 1600)
        return error(400, 21617, 'The concatenated message body exceeds the 1600 character limit.')
      const failed = failure?.(requests.length + 1)
      if (failed) return error(failed.status, failed.code, failed.message)
      const segments = smsSegments(body)
      const sid = `SM${randomBytes(16).toString('hex')}`
      texts.push({ accountSid, to, from, body, segments, acceptedAt: Date.now() })
      answer(201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body,
        date_created: new Date().toUTCString(),
        date_sent: null,
        date_updated: new Date().toUTCString(),
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from,
        messaging_service_sid: null,
        num_media: '0',
        num_segments: String(segments),
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    texts,
    requests,
    failWith(f) {
      failure = f === undefined ? undefined : typeof f === 'function' ? f : () => f
    },
    async waitForTexts(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (texts.length < count) {
        if (Date.now() > deadline)
          throw new Error(`timed out after ${timeoutMs} ms: ${texts.length} of ${count} texts arrived`)
        await new Promise((r) => setTimeout(r, 20))
      }
      return texts
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The worker's variables for texts through this peer, to `to`. */
export function twilioEnv(peer: TestTwilioPeer, to = '+13035550142'): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: peer.accountSid,
    TWILIO_AUTH_TOKEN: peer.authToken,
    TWILIO_FROM: '+17205550100',
    OFFICE_SMS_TO: to,
    TWILIO_API_URL: peer.url,
  }
}
