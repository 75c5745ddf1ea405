/** One attempt to reach the contractor (or the homeowner) on one channel. */
import type { BusinessConfig } from '../../shared/business'
import type { Channel } from '../../core/db/notifications'
import type { NotifyConfig } from '../config'
import type { LeadView } from './lead-view'
import type { Mailer } from './mailer'
import { buildAutoreplyMail, buildOwnerMail } from './messages'
import type { Outcome } from './outcome'
import { buildWebhookPayload, postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook'

export interface SendContext {
  notify: NotifyConfig
  business: BusinessConfig
  /** Absent when SMTP_URL is unset. */
  mailer?: Mailer
}

/**
 * Sends `lead` on `channel`. A channel whose settings were removed since the lead was planned
 * fails for good: retrying cannot help until someone configures it again.
 */
export async function sendOnChannel(channel: Channel, lead: LeadView, ctx: SendContext): Promise<Outcome> {
  const { notify, mailer } = ctx
  switch (channel) {
    case 'owner_email':
      if (!mailer || !notify.notifyFrom) return { kind: 'failed', reason: 'SMTP_URL is no longer configured' }
      return mailer.send(await buildOwnerMail(lead, { from: notify.notifyFrom, to: notify.notifyTo }))
    case 'autoreply':
      if (!mailer || !notify.notifyFrom) return { kind: 'failed', reason: 'SMTP_URL is no longer configured' }
      return mailer.send(await buildAutoreplyMail(lead, { from: notify.notifyFrom, business: ctx.business }))
    case 'webhook':
      if (!notify.webhook) return { kind: 'failed', reason: 'LEAD_WEBHOOK_URL is no longer configured' }
      return postWebhook(
        notify.webhook,
        lead.id,
        buildWebhookPayload(lead),
        Math.min(WEBHOOK_TIMEOUT_MS, notify.sendTimeoutMs),
      )
  }
}
