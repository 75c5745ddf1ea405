/**
 * The webhook: a JSON POST of the lead, signed as the Standard Webhooks specification says
 * (https://www.standardwebhooks.com): `webhook-id` is the submission id, so a receiver can
 * drop a repeat; `webhook-timestamp` in seconds; `webhook-signature` an HMAC-SHA256 over
 * "id.timestamp.body" with the shared secret.
 *
 * 2xx: delivered. 408, 429 and 5xx, timeouts and network errors: retried with back-off.
 * 410 Gone: the receiver asks us to stop, so it fails for good; any other 4xx (and a
 * redirect, which is not followed: it would turn the POST into a GET) fails for good too.
 */
import { Webhook } from 'standardwebhooks'
import type { Outcome } from './outcome'
import type { LeadView } from './lead-view'
import { toReason } from './text'

/** Standard Webhooks asks receivers to answer fast; ten seconds is generous. */
export const WEBHOOK_TIMEOUT_MS = 10_000
const LEAD_EVENT_TYPE = 'lead.received'

export interface WebhookPayload {
  type: typeof LEAD_EVENT_TYPE | 'lead.test'
  timestamp: string
  data: {
    id: string
    firstName: string
    lastName: string
    email: string
    phone: string
    address: string
    city: string | null
    message: string | null
    formType: string
    request: string
    sourcePath: string | null
    sourceUrl: string | null
    createdAt: string
    duplicateOf: string | null
  }
}

export function buildWebhookPayload(
  lead: LeadView,
  type: WebhookPayload['type'] = LEAD_EVENT_TYPE,
): WebhookPayload {
  return {
    type,
    timestamp: lead.createdAt,
    data: {
      id: lead.id,
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      address: lead.address,
      city: lead.city ?? null,
      message: lead.message ?? null,
      formType: lead.formType,
      request: lead.kind.label,
      sourcePath: lead.sourcePath ?? null,
      sourceUrl: lead.sourceUrl ?? null,
      createdAt: lead.createdAt,
      duplicateOf: lead.repeatOf?.id ?? null,
    },
  }
}

export function classifyWebhookStatus(status: number): Outcome {
  if (status >= 200 && status < 300) return { kind: 'sent', detail: `HTTP ${status}` }
  if (status === 410) return { kind: 'failed', reason: 'HTTP 410 Gone: the receiver asked to stop sending' }
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', reason: `HTTP ${status}` }
  if (status >= 300 && status < 400)
    return {
      kind: 'failed',
      reason: `HTTP ${status}: redirects are not followed; set LEAD_WEBHOOK_URL to the final address`,
    }
  return { kind: 'failed', reason: `HTTP ${status}: the receiver refused the request` }
}

export async function postWebhook(
  target: { url: string; secret: string },
  messageId: string,
  payload: WebhookPayload,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<Outcome> {
  const body = JSON.stringify(payload)
  const now = new Date()
  const signature = new Webhook(target.secret).sign(messageId, now, body)
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'roofing-lead-worker',
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    // Read (and drop) the answer so the connection can be reused.
    await res.arrayBuffer().catch(() => undefined)
    return classifyWebhookStatus(res.status)
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } }
    const reason =
      e.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : `${e.cause?.code ?? e.name}: ${e.cause?.message ?? e.message}`
    return { kind: 'retry', reason: toReason(reason) }
  }
}
