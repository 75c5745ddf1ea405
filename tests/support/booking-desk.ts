/**
 * A booking desk on a test pipeline's worker settings, as the worker builds it (worker/bookings.ts):
 * the office's e-mail through the pipeline's SMTP, retries fast; `more` adds the media a test
 * needs (the follow-ups, the text messages). Built in beforeAll; its mailer is closed in afterAll.
 */
import { afterAll, beforeAll } from 'vitest'
import { createBookingDesk, type BookingDesk } from '../../core/bookings'
import { createMailer, type Mailer } from '../../core/platform/mail/mailer'
import type { WorkerConfig } from '../../worker/config'
import type { Pipeline } from './pipeline'

type DeskDeps = Parameters<typeof createBookingDesk>[0]

export function useMailingDesk(
  pipeline: () => Pipeline,
  more: (c: WorkerConfig, mailer: Mailer) => Partial<DeskDeps>,
): () => BookingDesk {
  let desk: BookingDesk | undefined
  let mailer: Mailer | undefined
  beforeAll(() => {
    const p = pipeline()
    const c = p.workerConfig
    const m = createMailer(c.notify.smtp!, c.notify.sendTimeoutMs)
    mailer = m
    desk = createBookingDesk({
      db: p.db,
      logger: p.logger,
      settings: c.leadLife,
      mail: { mailer: m, from: c.notify.smtp!.from, to: c.office.notifyTo },
      siteUrl: c.siteUrl,
      retry: { ...c.notify.retry, baseMs: 50, maxMs: 100 },
      sendTimeoutMs: c.notify.sendTimeoutMs,
      ...more(c, m),
    })
  })
  afterAll(() => mailer?.close())
  return () => {
    if (!desk) throw new Error('the booking desk is built in beforeAll')
    return desk
  }
}
