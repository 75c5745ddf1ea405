/**
 * `site-admin leads digest`: sends the spam digest now (docs/spam.md, "The digest of
 * held leads"), the same e-mail the worker sends each morning, through the same SMTP settings
 * and to the same address as the office e-mail. It lists what was held since the last digest
 * sent (or, with --all, every lead still held); when that is nothing, it sends nothing and says
 * so. The worker's own digest of the day is not affected: the next one lists what was held
 * after this one.
 *
 * Reads its settings only when it runs (SMTP_URL, LEAD_NOTIFY_FROM, LEAD_NOTIFY_TO, SITE_URL,
 * BUSINESS_NAME, OFFICE_LINK_DAYS, SPAM_RETENTION_DAYS), so a bad mail setting never stops
 * another command.
 */
import type { Command } from 'commander'
import { z } from 'zod'
import { parseEnv } from '../core/platform/config/helpers'
import { SITE_SETTINGS } from '../core/platform/config/settings'
import { createMailer } from '../core/platform/mail/mailer'
import { readOfficeMail } from '../core/platform/mail/office-mail'
import {
  sendSpamDigest,
  startSpamDigest,
  createOfficeLinks,
  OFFICE_LINK_SETTINGS,
  SPAM_SETTINGS,
} from '../core/spam'
import { AdminError, withDatabase, type AdminContext } from './context'

const SEND_TIMEOUT_MS = 30_000

/** What the digest needs besides the office's e-mail settings (readOfficeMail). */
const DigestSettingsSchema = z
  .object({
    SITE_URL: SITE_SETTINGS.SITE_URL,
    BUSINESS_NAME: SITE_SETTINGS.BUSINESS_NAME,
    OFFICE_LINK_DAYS: OFFICE_LINK_SETTINGS.OFFICE_LINK_DAYS,
    ...SPAM_SETTINGS,
  })
  .transform((e) => ({
    siteUrl: e.SITE_URL,
    businessName: e.BUSINESS_NAME,
    linkDays: e.OFFICE_LINK_DAYS,
    retentionDays: e.SPAM_RETENTION_DAYS,
  }))

export function addSpamDigestCommand(leads: Command, ctx: AdminContext): void {
  leads
    .command('digest')
    .description(
      'e-mail the spam digest to the office now (LEAD_NOTIFY_TO), each with its "Not spam: deliver it" link',
    )
    .option('--all', 'list every lead still held, not only those held since the last digest')
    .addHelpText(
      'after',
      '\nExample: docker compose exec web site-admin leads digest\n' +
        'Nothing held since the last digest: nothing is sent (exit 0); --all sends every lead still held.',
    )
    .action(async (opts: { all?: boolean }) => {
      // The digest goes out like the office e-mail: a missing or bad mail setting is named.
      const { smtp, to } = readOfficeMail(ctx.io.env)
      const settings = parseEnv(DigestSettingsSchema, ctx.io.env)
      await withDatabase(
        ctx.config(),
        async (db) => {
          const now = ctx.now()
          const id = startSpamDigest(db, 'site-admin', null, now)
          if (id === null) throw new AdminError('Could not record the digest; nothing was sent.')
          const mailer = createMailer(smtp, SEND_TIMEOUT_MS)
          try {
            const outcome = await sendSpamDigest(db, id, {
              mailer,
              from: smtp.from,
              to,
              businessName: settings.businessName,
              links: createOfficeLinks(db, { siteUrl: settings.siteUrl, days: settings.linkDays }),
              linkDays: settings.linkDays,
              retentionDays: settings.retentionDays,
              now,
              all: opts.all,
            })
            const older = outcome.plan.olderQuarantined
              ? ` ${outcome.plan.olderQuarantined} older still held (site-admin leads list --spam).`
              : ''
            if (outcome.status === 'nothing')
              return ctx.out(
                `Nothing held since the last digest${outcome.plan.since ? ` (${outcome.plan.since})` : ''}: no digest sent.${older}${older ? ' site-admin leads digest --all sends them all.' : ''}`,
              )
            if (outcome.status === 'failed')
              throw new AdminError(
                `The digest could not be sent: ${outcome.detail ?? 'unknown error'}. Nothing changed; the leads stay held. Check SMTP_URL (npm run notify:test) and try again.`,
              )
            const more = outcome.plan.notListed ? ` (${outcome.plan.notListed} more not listed)` : ''
            ctx.out(
              `Sent the digest of ${outcome.leads} held lead${outcome.leads === 1 ? '' : 's'}${more} to ${to.join(', ')}.${older}`,
            )
          } finally {
            mailer.close()
          }
        },
        { write: true },
      )
    })
}
