/**
 * A booking desk on a test pipeline's worker settings, as the worker builds it (worker/bookings.ts):
 * the office's e-mail through the pipeline's SMTP, retries fast; `more` adds the media a test
 * needs (the follow-ups, the text messages). Built in beforeAll; its mailer is closed in afterAll.
 */
import { afterAll, beforeAll } from 'vitest'
import { localTime } from '../../core/platform/business-time'
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

/**
 * A moment in June 2027 on the office's clock (Denver): days after this version, as leads stored
 * before it get no follow-ups and no nudge.
 */
export const june2027 = (day: number, hour: number, minute = 0) =>
  localTime({ year: 2027, month: 6, day, hour, minute })

/** The desk's messages of one kind for a lead (lead_messages): the columns asked for, in the order of the first. */
export function deskMessages<Row extends Record<string, unknown>>(
  p: Pipeline,
  leadId: string,
  kind: 'nudge' | 'follow-up',
  columns: (keyof Row & string)[],
): Row[] {
  return p.db
    .prepare(
      `SELECT ${columns.join(', ')} FROM lead_messages WHERE lead_id = ? AND kind = ? ORDER BY ${columns[0]}`,
    )
    .all(leadId, kind) as Row[]
}

/** The worker's settings for the office's e-mail through `smtp` (the booking desk's tests). */
export const officeMailEnv = (smtp: { url: string }) => ({
  SMTP_URL: smtp.url,
  LEAD_NOTIFY_TO: 'office@roofing.example',
  LEAD_NOTIFY_FROM: 'Website leads <leads@roofing.example>',
})
