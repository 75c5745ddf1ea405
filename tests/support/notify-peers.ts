/**
 * The real peers the worker talks to, in-process: an SMTP server (smtp-server, the same
 * library many mail servers use) that nodemailer connects to over TCP, and an HTTP server
 * that receives the webhook and verifies its signature with the standardwebhooks package.
 * Used by the integration tests, `npm run bench` and `npm run drills`. Loopback only.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { Webhook } from 'standardwebhooks'

export interface ReceivedMail {
  parsed: ParsedMail
  /** The raw message as the server received it (headers exactly as sent). */
  raw: string
  envelopeTo: string[]
  /** When the server accepted the message (after the final "."), ms since epoch. */
  acceptedAt: number
}

/**
 * What is known of a message the moment it is accepted, without parsing it. It is recorded
 * before the server's 250 goes out, so once a sender's send has resolved, its message is here.
 */
export interface AcceptedMail {
  /** The X-Lead-Id header the worker puts on the office's e-mail. */
  leadId: string | undefined
  /** The X-Booking-Event-Id header of a booking notice (docs/bookings.md). */
  bookingEventId: string | undefined
  /** A follow-up's X-Follow-Up header: `<lead id>:<n>`. */
  followUp: string | undefined
  /** The Message-ID header as sent. */
  messageId: string | undefined
  envelopeTo: string[]
  acceptedAt: number
}

export interface TestSmtpServer {
  readonly port: number
  /** smtp://127.0.0.1:port (no auth, no TLS: loopback only). */
  readonly url: string
  /** Parsed messages (empty when started with parse: false). */
  readonly messages: ReceivedMail[]
  /** Every accepted message, recorded at once (for timing; parsing is left to `messages`). */
  readonly accepted: AcceptedMail[]
  /** Recipients answered with "550 mailbox unavailable". */
  readonly refuseRecipients: Set<string>
  /** Recipients answered with "451 try again later" (a refusal for a passing reason). */
  readonly deferRecipients: Set<string>
  /**
   * Holds every message from now on once it is whole, before the server's answer: it counts as
   * received (in `accepted` and `messages`) while its sender still waits for the 250, as a real
   * server that has queued a message does. `held` says how many wait; `release` answers them.
   */
  hold(): void
  readonly held: number
  release(): void
  /** Closes the listening socket and every open connection: connections are refused until start(). */
  stop(): Promise<void>
  /** Listens again on the same port (no-op while listening). */
  start(): Promise<void>
  /** Resolves once `count` messages have arrived. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

/**
 * `parse: false` keeps only `accepted`: a load test then does not spend its own CPU on
 * parsing MIME while it measures the worker.
 */
export async function startTestSmtpServer(
  opts: { port?: number; parse?: boolean } = {},
): Promise<TestSmtpServer> {
  const port = opts.port ?? 0
  const parse = opts.parse ?? true
  const messages: ReceivedMail[] = []
  const accepted: AcceptedMail[] = []
  const refuseRecipients = new Set<string>()
  const deferRecipients = new Set<string>()
  let holding = false
  const waiting: (() => void)[] = []
  let server: SMTPServer | undefined
  let boundPort = port

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 50,
      size: 1024 * 1024,
      onRcptTo(address, _session, callback) {
        if (refuseRecipients.has(address.address.toLowerCase())) {
          const err = Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 })
          callback(err)
          return
        }
        if (deferRecipients.has(address.address.toLowerCase())) {
          const err = Object.assign(new Error('4.3.0 try again later'), { responseCode: 451 })
          callback(err)
          return
        }
        callback()
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks)
          const acceptedAt = Date.now()
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address)
          const head = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('utf8')
          accepted.push({
            leadId: /^X-Lead-Id: *(\S+)/im.exec(head)?.[1],
            bookingEventId: /^X-Booking-Event-Id: *(\S+)/im.exec(head)?.[1],
            followUp: /^X-Follow-Up: *(\S+)/im.exec(head)?.[1],
            messageId: /^Message-ID:\s*(<[^>\s]+>)/im.exec(head)?.[1],
            envelopeTo,
            acceptedAt,
          })
          // Accept (250) as a mail server queues a message before it looks inside, unless held;
          // parsing afterwards keeps this peer from slowing the sender down.
          if (holding) waiting.push(() => callback())
          else callback()
          if (!parse) return
          void simpleParser(raw).then((parsed) => {
            messages.push({ parsed, raw: raw.toString('utf8'), envelopeTo, acceptedAt })
          })
        })
      },
    })

  async function start() {
    if (server) return
    const s = make()
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject)
      s.listen(boundPort, '127.0.0.1', () => {
        s.off('error', reject)
        boundPort = (s.server.address() as AddressInfo).port
        resolve()
      })
    })
    s.on('error', () => {})
    server = s
  }
  async function stop() {
    const s = server
    server = undefined
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
  }
  await start()

  return {
    get port() {
      return boundPort
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`
    },
    messages,
    accepted,
    refuseRecipients,
    deferRecipients,
    hold() {
      holding = true
    },
    get held() {
      return waiting.length
    },
    release() {
      holding = false
      // A sender that died meanwhile has closed its connection: the answer then goes nowhere.
      for (const answer of waiting.splice(0)) {
        try {
          answer()
        } catch {
          // the connection is gone
        }
      }
    },
    stop,
    start,
    async waitForMessages(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (messages.length < count) {
        if (Date.now() > deadline)
          throw new Error(`timed out after ${timeoutMs} ms: ${messages.length} of ${count} e-mails arrived`)
        await new Promise((r) => setTimeout(r, 20))
      }
      return messages
    },
    close: stop,
  }
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
  /** Whether the Standard Webhooks signature verified with the shared secret. */
  verified: boolean
  /** The status this receiver answered. */
  status: number
  receivedAt: number
}

export interface TestWebhookReceiver {
  readonly url: string
  readonly secret: string
  readonly requests: ReceivedWebhook[]
  /** Decides the status of the next answer (200 by default). */
  respondWith(status: number | ((n: number) => number)): void
  /** Delivered webhooks (2xx answers with a valid signature). */
  delivered(): ReceivedWebhook[]
  close(): Promise<void>
}

/** A Standard Webhooks secret for tests: whsec_ + 32 random bytes in base64. */
function createWebhookSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`
}

export async function startTestWebhookReceiver(secret = createWebhookSecret()): Promise<TestWebhookReceiver> {
  const requests: ReceivedWebhook[] = []
  let decide: (n: number) => number = () => 200
  const verifier = new Webhook(secret)
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let verified = false
      try {
        verifier.verify(body, req.headers as Record<string, string>)
        verified = true
      } catch {
        verified = false
      }
      const status = decide(requests.length + 1)
      requests.push({ headers: req.headers, body, verified, status, receivedAt: Date.now() })
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    secret,
    requests,
    respondWith(status) {
      decide = typeof status === 'number' ? () => status : status
    },
    delivered: () => requests.filter((r) => r.status >= 200 && r.status < 300 && r.verified),
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
