/**
 * `npm run notify:test` (bin/notify-test.ts; in the image: `docker compose exec worker node dist/node/notify-test.mjs`):
 * sends one test notification through every configured channel, with the worker's own
 * configuration, so the settings can be checked before the first real lead. Prints one line
 * per channel and exits 1 when any configured channel fails (or none reaching the contractor
 * is configured). Touches neither the database nor Redis, and skips the production guard: a
 * test e-mail is worth sending before the site's own settings are final.
 */
import { randomUUID } from 'node:crypto'
import { isOptionalField, LEAD_FIELD_NAMES, LEAD_FIELDS, type LeadFieldName } from '../shared/lead-fields'
import { loadConfigOrExit } from '../core/platform/config/load'
import { WorkerConfigSchema, type WorkerConfig } from './config'
import { type SendContext, type SendOutcome, buildLeadView, type LeadToShow } from '../core/notifications'
import { createMailer } from '../core/platform/mail/mailer'
import { addressOf } from '../core/platform/mail/smtp'

/**
 * A lead no homeowner sent: replies to the test e-mail, and the autoreply's sample, go to the
 * office itself, never to a stranger. A field without a sample here says that it is a sample.
 */
function sampleLead(config: WorkerConfig, office: string): LeadToShow {
  const samples: Partial<Record<LeadFieldName, string>> = {
    firstName: 'Test',
    lastName: 'Lead',
    email: office,
    phone: config.business.phone,
    address: '1234 Example Street, Denver, CO 80202',
    message: 'This is a test notification sent by `notify:test`. No homeowner is involved.',
  }
  const fields = Object.fromEntries(
    LEAD_FIELD_NAMES.map((name) => [
      name,
      samples[name] ??
        (isOptionalField(name) ? null : `(a sample ${LEAD_FIELDS[name].text.label.toLowerCase()})`),
    ]),
  ) as Pick<LeadToShow, LeadFieldName>
  return {
    id: randomUUID(),
    ...fields,
    formType: 'contact_modal',
    form: 'contact_modal',
    sourcePath: '/roof-inspection',
    createdAt: new Date().toISOString(),
    duplicateOf: null,
  }
}

export async function sendTestNotifications(): Promise<number> {
  const { config } = loadConfigOrExit(WorkerConfigSchema)
  const { channels, smtp, sendTimeoutMs } = config.notify
  if (!channels.some((c) => c.isOn && c.audience === 'contractor')) {
    const setUp = channels
      .filter((c) => c.audience === 'contractor')
      .map((c) => c.setUp)
      .join(' and/or ')
    console.error(`No notification channel is configured. Set ${setUp}; see .env.example.`)
    return 1
  }
  // The site's own sender address (or the office's on the site): nobody outside the business.
  const office = (smtp && addressOf(smtp.from)) ?? config.business.email
  const lead = buildLeadView(sampleLead(config, office), undefined, config.siteUrl)
  const mailer = smtp ? createMailer(smtp, sendTimeoutMs) : undefined
  const ctx: SendContext = { mailer, business: config.business, sendTimeoutMs, test: true }
  const results: [string, SendOutcome | 'off'][] = []
  try {
    for (const channel of channels) {
      const where = channel.describeTest(lead)
      results.push(where === undefined ? [channel.label, 'off'] : [where, await channel.send(lead, ctx)])
    }
  } finally {
    mailer?.close()
  }

  let failed = 0
  for (const [what, outcome] of results) {
    if (outcome === 'off') {
      console.log(`-  ${what}: not configured`)
    } else if (outcome.kind === 'sent') {
      console.log(`OK ${what}: sent (${outcome.detail})`)
    } else if (outcome.kind === 'skipped') {
      console.log(`-  ${what}: not sent (${outcome.reason})`)
    } else {
      failed += 1
      const hint = outcome.kind === 'retry' ? 'temporary; the worker would retry' : 'permanent'
      console.log(`FAILED ${what}: ${outcome.reason} (${hint})`)
    }
  }
  return failed ? 1 : 0
}
