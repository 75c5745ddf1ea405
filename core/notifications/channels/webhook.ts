/**
 * The webhook: a JSON POST of the lead to a CRM or automation tool (LEAD_WEBHOOK_URL), signed
 * as the Standard Webhooks specification says (https://www.standardwebhooks.com): `webhook-id`
 * is the lead's id, so a receiver can drop a repeat; `webhook-timestamp` in seconds;
 * `webhook-signature` an HMAC-SHA256 over "id.timestamp.body" with the shared secret
 * (LEAD_WEBHOOK_SECRET). The body's fields follow the lead-field table: the fields the homeowner
 * filled in at the top of `data`, where the visit came from in `data.attribution` (its last and
 * first touch, shared/attribution.ts); README, "Getting your leads", documents it.
 *
 * 2xx: delivered. 408, 429 and 5xx, timeouts and network errors: retried with back-off.
 * 410 Gone: the receiver asks us to stop, so it fails for good; any other 4xx (and a
 * redirect, which is not followed: it would turn the POST into a GET) fails for good too.
 */
import { Webhook } from 'standardwebhooks'
import type { FirstTouch, Touch } from '../../../shared/attribution'
import { ASKED_FIELD_NAMES, CONSENT_FIELD_NAMES } from '../../../shared/lead-fields'
import { optionalText } from '../../platform/config/helpers'
import type { LeadView } from '../lead-view'
import type { Outcome } from '../../platform/mail/outcome'
import { toReason } from '../../platform/mail/text'
import { defineChannel } from './channel'

/** Standard Webhooks asks receivers to answer fast; ten seconds is generous. */
const WEBHOOK_TIMEOUT_MS = 10_000
const LEAD_EVENT_TYPE = 'lead.received'

export interface WebhookPayload {
  type: typeof LEAD_EVENT_TYPE | 'lead.test'
  timestamp: string
  /**
   * The lead's id, its fields (null when left blank), its boxes (true when ticked), its page and
   * where the visit came from.
   */
  data: Record<string, string | boolean | null | Attribution>
}

/**
 * Where the visit came from: this visit's touch and the visitor's first one within 30 days
 * (null when none was recorded; the first touch only when it differs). Keys are the URL's
 * parameter names ('utm_source', 'gclid' …), 'referrer' (an origin) and 'landing_page'.
 */
interface Attribution {
  lastTouch: Touch | null
  firstTouch: FirstTouch | null
}

/**
 * Every field the homeowner fills in, in the table's order, the city read from the address
 * after it; then each box, true when ticked ('stormAlerts').
 */
function fieldsOf(lead: LeadView): Record<string, string | boolean | null> {
  const data: Record<string, string | boolean | null> = {}
  for (const name of ASKED_FIELD_NAMES) {
    data[name] = lead.fields[name] ?? null
    if (name === 'address') data.city = lead.city ?? null
  }
  for (const name of CONSENT_FIELD_NAMES) data[name] = lead.consents[name]
  return data
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
      ...fieldsOf(lead),
      formType: lead.formType,
      form: lead.form,
      request: lead.kind.request,
      sourcePath: lead.sourcePath ?? null,
      sourceUrl: lead.sourceUrl ?? null,
      createdAt: lead.createdAt,
      duplicateOf: lead.duplicateOf?.id ?? null,
      attribution: { lastTouch: lead.lastTouch ?? null, firstTouch: lead.firstTouch ?? null },
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

/**
 * Posts `payload` as JSON to the receiver, signed as Standard Webhooks say, with `messageId` as
 * its `webhook-id`; waits at most ten seconds (or `timeoutMs`, when less) for the answer. The
 * outcome as the desk records it (classifyWebhookStatus). The lead's own events
 * (core/bookings/lead-events.ts) are posted with it too.
 */
export async function postSignedWebhook(
  target: { url: string; secret: string },
  messageId: string,
  payload: unknown,
  timeoutMs: number,
): Promise<Outcome> {
  const body = JSON.stringify(payload)
  const now = new Date()
  const limit = Math.min(WEBHOOK_TIMEOUT_MS, timeoutMs)
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
      signal: AbortSignal.timeout(limit),
    })
    // Read (and drop) the answer so the connection can be reused.
    await res.arrayBuffer().catch(() => undefined)
    return classifyWebhookStatus(res.status)
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } }
    const reason =
      e.name === 'TimeoutError'
        ? `no answer within ${limit} ms`
        : `${e.cause?.code ?? e.name}: ${e.cause?.message ?? e.message}`
    return { kind: 'retry', reason: toReason(reason) }
  }
}

function isLocalHost(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname.toLowerCase())
}

function isWebhookSecret(secret: string): boolean {
  const raw = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : undefined
  if (!raw || !/^[A-Za-z0-9+/]+={0,2}$/.test(raw) || Buffer.from(raw, 'base64').length < 24) return false
  try {
    new Webhook(secret)
    return true
  } catch {
    return false
  }
}

export const webhook = defineChannel({
  id: 'webhook',
  audience: 'contractor',
  enabledBy: 'LEAD_WEBHOOK_URL',
  setUp: 'LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET (webhook)',
  env: {
    LEAD_WEBHOOK_URL: optionalText,
    LEAD_WEBHOOK_SECRET: optionalText,
  },
  check(e, _shared, problem) {
    if (e.LEAD_WEBHOOK_URL !== undefined) {
      const url = URL.canParse(e.LEAD_WEBHOOK_URL) ? new URL(e.LEAD_WEBHOOK_URL) : undefined
      if (!url || !['https:', 'http:'].includes(url.protocol))
        problem('LEAD_WEBHOOK_URL', 'must be an absolute https:// URL, e.g. https://hooks.example.com/leads')
      else if (url.protocol === 'http:' && !isLocalHost(url.hostname))
        problem(
          'LEAD_WEBHOOK_URL',
          'must use https:// (a lead holds personal data); plain http:// is allowed only for localhost',
        )
      if (e.LEAD_WEBHOOK_SECRET === undefined)
        problem(
          'LEAD_WEBHOOK_SECRET',
          'must be set when LEAD_WEBHOOK_URL is set (the receiver checks the signature with it), e.g. whsec_ followed by 32 random bytes in base64',
        )
    } else if (e.LEAD_WEBHOOK_SECRET !== undefined) {
      problem('LEAD_WEBHOOK_URL', 'must be set when LEAD_WEBHOOK_SECRET is set')
    }
    if (e.LEAD_WEBHOOK_SECRET !== undefined && !isWebhookSecret(e.LEAD_WEBHOOK_SECRET))
      problem(
        'LEAD_WEBHOOK_SECRET',
        "must be a Standard Webhooks secret: whsec_ followed by base64 (at least 24 random bytes), e.g. from: node -e \"console.log('whsec_'+require('crypto').randomBytes(32).toString('base64'))\"",
      )
  },
  configure: (e): { url: string; secret: string } | undefined =>
    e.LEAD_WEBHOOK_URL && e.LEAD_WEBHOOK_SECRET
      ? { url: e.LEAD_WEBHOOK_URL, secret: e.LEAD_WEBHOOK_SECRET }
      : undefined,
  plan: (_lead, settings) =>
    settings
      ? { status: 'pending' }
      : { status: 'skipped', detail: 'not configured (LEAD_WEBHOOK_URL unset)' },
  // The origin only: the path can hold a token.
  describe: (settings) => (settings ? `on: ${new URL(settings.url).origin}` : 'off (LEAD_WEBHOOK_URL unset)'),
  describeTest: (settings) => `webhook to ${new URL(settings.url).origin}`,
  send: (lead, settings, ctx) =>
    postSignedWebhook(
      settings,
      lead.id,
      buildWebhookPayload(lead, ctx.test ? 'lead.test' : LEAD_EVENT_TYPE),
      ctx.sendTimeoutMs,
    ),
})
