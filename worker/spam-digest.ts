/**
 * The worker's daily spam digest (docs/spam.md, "The spam digest"): once a
 * day at SPAM_DIGEST_TIME (default 08:00) on the office's clock (America/Denver), to
 * LEAD_NOTIFY_TO, when anything was held since the last digest.
 *
 * The worker looks every minute whether today's digest is due: the local time is past
 * SPAM_DIGEST_TIME and today has no digest row yet. Claiming the day is one insert on a
 * unique key (core/spam/digest.tsx), so a restart, a second worker or a clock change never
 * sends two for one day; a worker that was down at 08:00 sends when it is back, that day. A
 * send that fails (SMTP down) is logged as an error and tried again every 15 minutes, five
 * times at most; the held leads stay held and are in the next day's digest if it never goes.
 */
import type { Db } from '../core/platform/db/connection'
import { BUSINESS_TIME_ZONE, isoDate, localParts } from '../shared/business-time'
import type { Logger } from '../core/platform/logger'
import type { Mailer } from '../core/platform/mail/mailer'
import { businessTimeIn, startScheduler } from '../core/platform/scheduler'
import {
  retryFailedSpamDigest,
  sendSpamDigest,
  startSpamDigest,
  type SpamDigestOutcome,
  type OfficeLinks,
  type DigestTime,
} from '../core/spam'
const CHECK_EVERY_MS = 60_000
const FIRST_CHECK_DELAY_MS = 10_000

export interface SpamDigestSchedule {
  /** One look now (tests pass their clock): sends when due; null when nothing was due. */
  runOnce(now?: Date): Promise<SpamDigestOutcome | null>
  stop(): Promise<void>
}

export interface SpamDigestOptions {
  db: Db
  logger: Logger
  /** Null: the scheduled digest is off (SPAM_DIGEST_TIME=off). */
  time: DigestTime | null
  /** Undefined when the office e-mail is off (SMTP_URL or LEAD_NOTIFY_TO unset). */
  mail?: { mailer: Mailer; from: string; to: string[] }
  links: OfficeLinks
  businessName: string
  linkDays: number
  retentionDays: number
  firstDelayMs?: number
  intervalMs?: number
}

/** Whether the digest of `now`'s local day is due: the office's clock is past its time. */
export function digestDayDue(now: Date, time: DigestTime): string | null {
  return now >= businessTimeIn(now, time) ? isoDate(localParts(now)) : null
}

export function startSpamDigestSchedule(opts: SpamDigestOptions): SpamDigestSchedule {
  const log = opts.logger.child({ component: 'spam-digest' })
  const { time, mail } = opts
  if (!time || !mail) {
    log.info(
      !time
        ? 'the daily spam digest is off (SPAM_DIGEST_TIME=off); site-admin leads digest sends one'
        : 'the daily spam digest is off: the office e-mail is not configured (SMTP_URL, LEAD_NOTIFY_TO)',
    )
    return { runOnce: async () => null, stop: async () => {} }
  }

  const pass = async (now = new Date()): Promise<SpamDigestOutcome | null> => {
    const day = digestDayDue(now, time)
    if (!day) return null
    const id = startSpamDigest(opts.db, 'schedule', day, now) ?? retryFailedSpamDigest(opts.db, day, now)
    if (id === null) return null
    const outcome = await sendSpamDigest(opts.db, id, {
      ...mail,
      businessName: opts.businessName,
      links: opts.links,
      linkDays: opts.linkDays,
      retentionDays: opts.retentionDays,
      now,
    })
    const fields = { digest: id, day, leads: outcome.leads, olderQuarantined: outcome.plan.olderQuarantined }
    if (outcome.status === 'sent') log.info(fields, 'spam digest sent')
    else if (outcome.status === 'nothing')
      log.info(fields, 'nothing put in quarantine since the last digest: no digest sent')
    else
      log.error(
        { ...fields, reason: outcome.detail },
        'spam digest could not be sent; trying again in 15 minutes (the leads stay in quarantine)',
      )
    return outcome
  }

  const loop = startScheduler<Date, SpamDigestOutcome | null>({
    pass,
    resultOnError: null,
    logger: log,
    errorMessage: 'spam digest failed; trying again within the hour',
    intervalMs: opts.intervalMs ?? CHECK_EVERY_MS,
    first: opts.firstDelayMs ?? FIRST_CHECK_DELAY_MS,
  })
  log.info(
    {
      at: `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`,
      timeZone: BUSINESS_TIME_ZONE,
      to: mail.to,
    },
    'daily spam digest scheduled',
  )
  return { runOnce: (now) => loop.runOnce(now), stop: () => loop.stop() }
}
