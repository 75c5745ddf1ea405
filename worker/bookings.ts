/**
 * The worker's bookings desk (docs/bookings.md): every second, it handles the booking events
 * the web process stored, plans the nudges that fell due and sends the office's notices, by
 * e-mail (an SMTP connection of its own, so a burst of bookings never queues behind the leads'
 * e-mails) and by text (core/bookings/desk.ts). A pass that finds more than a batch goes again
 * at once; one that throws is logged, and the next one tries again.
 */
import type { Db } from '../core/platform/db/connection'
import type { Logger } from '../core/platform/logger'
import { createMailer } from '../core/platform/mail/mailer'
import { startScheduler, type TimedJob } from '../core/platform/scheduler'
import { createBookingDesk, type DeskPass } from '../core/bookings'
import type { WorkerConfig } from './config'

/** How often the desk looks for new booking events and due messages. */
const BOOKINGS_INTERVAL_MS = 1000

export type BookingsSchedule = TimedJob<DeskPass>

export function startBookings(deps: {
  db: Db
  logger: Logger
  config: Pick<
    WorkerConfig,
    'notify' | 'office' | 'leadLife' | 'sms' | 'siteUrl' | 'business' | 'leadWebhook'
  >
  intervalMs?: number
}): BookingsSchedule {
  const { config } = deps
  const log = deps.logger.child({ component: 'bookings' })
  const smtp = config.notify.smtp
  const mailer = smtp ? createMailer(smtp, config.notify.sendTimeoutMs) : undefined
  const desk = createBookingDesk({
    db: deps.db,
    logger: deps.logger,
    settings: config.leadLife,
    mail:
      mailer && smtp && config.office.notifyTo.length
        ? { mailer, from: smtp.from, to: config.office.notifyTo }
        : undefined,
    followUps: mailer && smtp ? { mailer, from: smtp.from, business: config.business } : undefined,
    sms: config.sms,
    webhook: config.leadWebhook,
    siteUrl: config.siteUrl,
    retry: config.notify.retry,
    sendTimeoutMs: config.notify.sendTimeoutMs,
  })
  const intervalMs = deps.intervalMs ?? BOOKINGS_INTERVAL_MS
  const loop = startScheduler<undefined, DeskPass>({
    pass: () => desk.runPass(),
    resultOnError: { handled: 0, nudged: 0, followUps: 0, sent: 0, more: false },
    logger: log,
    errorMessage: 'bookings pass failed; the next pass tries again',
    intervalMs,
    nextAfter: (r) => new Date(Date.now() + (r.more ? 0 : intervalMs)),
    first: 'now',
  })
  log.info(
    {
      ...desk.describe(),
      nudgeAfterMs: config.leadLife.nudgeAfterMs,
      officeHours: config.leadLife.officeHours,
      followUpAfterMs: config.leadLife.followUpAfterMs,
      followUpHours: config.leadLife.followUpHours,
    },
    'bookings desk started',
  )
  return {
    runOnce: () => loop.runOnce(),
    async stop() {
      await loop.stop()
      mailer?.close()
    },
  }
}
