/**
 * E-mail over SMTP with nodemailer: one pooled transport per worker (connections are
 * reused across leads, so a burst does not open one connection per e-mail), with timeouts
 * short enough that one attempt always ends within the configured send timeout.
 *
 * Classifying failures: an SMTP 5xx answer to the envelope or the message (MAIL FROM, RCPT
 * TO, DATA) is permanent: the server refused this message or recipient and will refuse it
 * again. Everything else (connection refused, timeouts, TLS, 4xx "try later", failed
 * login) is retried with back-off: the server or its settings can come back.
 */
import type { createTransport } from 'nodemailer'
import type { SmtpSettings } from './smtp'
import type { Outcome } from './outcome'
import { toReason } from './text'

/** One e-mail as nodemailer sends it: every e-mail the worker or site-admin sends is one of these. */
export interface OutgoingMail {
  from: string
  to: string[] | { name: string; address: string }
  replyTo?: { name: string; address: string } | string
  subject: string
  messageId: string
  /**
   * The Message-ID this e-mail answers, and the thread's (References): a lead's later notices
   * carry its office e-mail's, so mail clients show them in the lead's thread.
   */
  inReplyTo?: string
  references?: string[]
  html: string
  text: string
  headers: Record<string, string>
  /**
   * Files sent with the message (the hail report's PDF). One with a `cid` is shown inside the
   * HTML part where an <img src="cid:…"> names it (the storm briefing's swath picture).
   */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[]
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<Outcome>
  close(): void
}

interface SmtpError extends Error {
  code?: string
  responseCode?: number
  command?: string
  response?: string
}

const PERMANENT_COMMANDS = new Set(['MAIL FROM', 'RCPT TO', 'DATA'])

export function classifySmtpError(err: unknown): Outcome {
  const e = err as SmtpError
  const code = e.responseCode
  const where = e.command ? ` at ${e.command}` : ''
  const text = toReason(e.response ?? e.message ?? String(err))
  if (code !== undefined && code >= 500 && code < 600 && e.command && PERMANENT_COMMANDS.has(e.command)) {
    return { kind: 'failed', reason: `SMTP ${code}${where}: ${text}` }
  }
  // Refused before anything was sent (e.g. an address nodemailer cannot use): permanent too.
  if (e.code === 'EENVELOPE' && e.command === 'API')
    return { kind: 'failed', reason: `invalid envelope: ${text}` }
  const label = code !== undefined ? `SMTP ${code}${where}` : (e.code ?? e.name ?? 'error')
  return { kind: 'retry', reason: `${label}: ${text}` }
}

type Transport = ReturnType<typeof createTransport>

/**
 * The mailer of `smtp`. nodemailer is loaded with the first e-mail, not with the module: the web
 * process imports this code (through the features' faces) but sends no e-mail
 * (docs/performance.md, "Memory").
 */
export function createMailer(smtp: SmtpSettings, sendTimeoutMs: number): Mailer {
  const stepMs = Math.min(10_000, sendTimeoutMs)
  let transport: Promise<Transport> | undefined
  const open = () =>
    (transport ??= import('nodemailer').then((nodemailer) =>
      nodemailer.createTransport({
        url: smtp.url,
        pool: true,
        maxConnections: 3,
        connectionTimeout: stepMs,
        greetingTimeout: stepMs,
        socketTimeout: sendTimeoutMs,
        dnsTimeout: stepMs,
      }),
    ))
  return {
    async send(mail) {
      try {
        const info = await (await open()).sendMail({ ...mail, signal: AbortSignal.timeout(sendTimeoutMs) })
        const rejected = (info.rejected ?? []).length
        const response = toReason(String(info.response ?? ''), 200)
        return {
          kind: 'sent',
          detail:
            `${info.messageId} ${response}${rejected ? ` (${rejected} recipient(s) refused)` : ''}`.trim(),
        }
      } catch (err) {
        return classifySmtpError(err)
      }
    },
    close() {
      void transport?.then((t) => t.close())
    },
  }
}
