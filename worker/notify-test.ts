/**
 * `npm run notify:test` (bin/notify-test.ts; in the image: `docker compose exec worker node dist/node/notify-test.mjs`):
 * sends one test notification through every configured channel, with the worker's own
 * configuration, so the settings can be checked before the first real lead. Prints one line
 * per channel and exits 1 when any configured channel fails (or none is configured).
 * Touches neither the database nor Redis.
 */
import { randomUUID } from 'node:crypto'
import { DEFAULT_BUSINESS } from '../shared/business'
import type { SubmissionRow } from '../core/db/submissions'
import { loadConfigOrExit } from '../core/config/load'
import { addressOf, WorkerConfigSchema } from './config'
import { buildLeadView } from './notifications/lead-view'
import { createMailer } from './notifications/mailer'
import { buildAutoreplyMail, buildOwnerMail } from './notifications/messages'
import type { Outcome } from './notifications/outcome'
import { buildWebhookPayload, postWebhook, WEBHOOK_TIMEOUT_MS } from './notifications/webhook'

export async function sendTestNotifications(): Promise<number> {
  // A test e-mail is worth sending before the site's own settings are final.
  const { config } = loadConfigOrExit(WorkerConfigSchema)
  const { notify } = config
  if (!notify.smtp && !notify.webhook) {
    console.error(
      'No notification channel is configured. Set SMTP_URL, LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM (e-mail) and/or LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET (webhook); see .env.example.',
    )
    return 1
  }
  const now = new Date().toISOString()
  const office = notify.notifyTo[0] ?? DEFAULT_BUSINESS.email
  const sample: SubmissionRow = {
    id: randomUUID(),
    first_name: 'Test',
    last_name: 'Lead',
    // Replies to the test e-mail go to the office itself, never to a stranger.
    email: addressOf(notify.notifyFrom ?? '') ?? office,
    phone: config.business.phone,
    address: '1234 Example Street, Denver, CO 80202',
    message: 'This is a test notification sent by `notify:test`. No homeowner is involved.',
    form_type: 'contact_modal',
    created_at: now,
    updated_at: now,
    source_path: '/roof-inspection',
    duplicate_of: null,
    enqueued_at: null,
    enqueue_attempts: 0,
    next_attempt_at: null,
    settled_at: null,
  }
  const lead = buildLeadView(sample, undefined, config.siteUrl)
  const results: [string, Outcome | 'off'][] = []

  if (notify.smtp && notify.notifyFrom) {
    const mailer = createMailer(notify.smtp, notify.sendTimeoutMs)
    try {
      const owner = await buildOwnerMail(lead, { from: notify.notifyFrom, to: notify.notifyTo })
      results.push([
        `owner e-mail to ${notify.notifyTo.join(', ')} via ${notify.smtp.safeUrl}`,
        await mailer.send({ ...owner, subject: `[Test] ${owner.subject}` }),
      ])
      if (notify.autoreply) {
        // A sample of what homeowners receive, sent to the office instead.
        const reply = await buildAutoreplyMail(lead, { from: notify.notifyFrom, business: config.business })
        results.push([
          `autoreply sample to ${office}`,
          await mailer.send({ ...reply, to: [office], subject: `[Test] ${reply.subject}` }),
        ])
      } else {
        results.push(['autoreply', 'off'])
      }
    } finally {
      mailer.close()
    }
  } else {
    results.push(['owner e-mail', 'off'], ['autoreply', 'off'])
  }

  if (notify.webhook) {
    results.push([
      `webhook to ${new URL(notify.webhook.url).origin}`,
      await postWebhook(
        notify.webhook,
        lead.id,
        buildWebhookPayload(lead, 'lead.test'),
        Math.min(WEBHOOK_TIMEOUT_MS, notify.sendTimeoutMs),
      ),
    ])
  } else {
    results.push(['webhook', 'off'])
  }

  let failed = 0
  for (const [what, outcome] of results) {
    if (outcome === 'off') {
      console.log(`-  ${what}: not configured`)
    } else if (outcome.kind === 'sent') {
      console.log(`OK ${what}: sent (${outcome.detail})`)
    } else {
      failed += 1
      const hint = outcome.kind === 'retry' ? 'temporary; the worker would retry' : 'permanent'
      console.log(`FAILED ${what}: ${outcome.reason} (${hint})`)
    }
  }
  return failed ? 1 : 0
}
