/**
 * The office's notices of a lead's life after the form (docs/bookings.md), for
 * scripts/render-sample-notifications.ts: a booking, a reschedule and a cancellation of a sample
 * lead, a booking without a form, and the nudge, each as its e-mail (HTML, plain text, headers)
 * and its text. They are composed as the worker composes them, from a database of their own in
 * a temporary folder, with fixed ids and times, so two revisions' outputs compare with diff.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openMigratedDatabase } from '../../core/platform/db/open'
import type { Db } from '../../core/platform/db/connection'
import { insertLead } from '../../core/leads/store'
import type { LeadToShow } from '../../core/notifications/lead-view'
import { storeBookingEvent } from '../../core/bookings/events'
import { handleBookingEvent, noticePlans, type MediaOn } from '../../core/bookings/handle'
import {
  messagesOfLead,
  messagesOfEvents,
  planMessages,
  type LeadMessage,
} from '../../core/bookings/messages'
import { composeMessage } from '../../core/bookings/compose'
import type { BookingEvent } from '../../core/bookings/tools'
import { composeFollowUp } from '../../core/bookings/follow-ups'
import { saveLeadReport } from '../../core/storms/lead-reports'
import { sampleWeatherReport } from '../../core/storms'
import { DEFAULT_BUSINESS } from '../../shared/business'

const REF = 'SampleRef0SampleRef0Sa'
const ON: MediaOn = { email: { on: true }, sms: { on: true } }

export async function renderBookingNotices(
  out: string,
  lead: LeadToShow,
  mail: { from: string; to: string[]; siteUrl: string },
): Promise<number> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'roofing-sample-bookings-'))
  const db = openMigratedDatabase(path.join(tmp, 'samples.db'))
  try {
    const createdAt = new Date(lead.createdAt)
    insertLead(db, { ...lead, createdAt, nextAttemptAt: createdAt, bookingRef: REF })
    const walkIn = storeSampleEvents(db, lead)
    planMessages(
      db,
      noticePlans(
        {
          key: `nudge:${lead.id}`,
          kind: 'nudge',
          leadId: lead.id,
          bookingEventId: null,
          dueAt: new Date('2026-06-17T20:20:00Z'),
        },
        ON,
      ),
      new Date('2026-06-17T20:20:00Z'),
    )
    const messages: LeadMessage[] = [
      ...messagesOfLead(db, lead.id),
      ...(messagesOfEvents(db, [walkIn])[walkIn] ?? []),
    ]
    const dir = path.join(out, 'bookings')
    mkdirSync(dir, { recursive: true })
    for (const m of messages) {
      // The nudge as it goes out: before anything changed the lead (it is canceled by now).
      const now = new Date(m.dueAt)
      if (m.kind === 'nudge') db.prepare('DELETE FROM lead_states WHERE lead_id = ?').run(lead.id)
      const composed = await composeMessage(
        { db, siteUrl: mail.siteUrl, from: mail.from, to: mail.to, now },
        m,
      )
      const name = `${String(m.id).padStart(2, '0')}-${m.kind}${m.bookingEventId === walkIn ? '-without-a-form' : ''}`
      if (composed.kind === 'mail') {
        const { html, text, ...headers } = composed.mail
        writeFileSync(path.join(dir, `${name}.html`), html)
        writeFileSync(path.join(dir, `${name}.txt`), text)
        writeFileSync(path.join(dir, `${name}.headers.json`), JSON.stringify(headers, null, 2))
      } else if (composed.kind === 'sms')
        writeFileSync(path.join(dir, `${name}.sms.txt`), `${composed.body}\n`)
    }
    return messages.length
  } finally {
    db.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}

/**
 * The sample lead's booking, its reschedule (as Calendly sends it) and its cancellation, and a
 * booking without a form, each handled as the worker handles it; returns the last one's id.
 */
function storeSampleEvents(db: Db, lead: LeadToShow): number {
  const event = (
    e: Partial<BookingEvent> & Pick<BookingEvent, 'eventKey' | 'trigger' | 'kind' | 'bookingKey'>,
    at: string,
  ) => {
    const { id } = storeBookingEvent(
      db,
      {
        tool: 'calendly',
        otherBookingKey: null,
        rescheduled: false,
        startsAt: '2026-06-23T16:00:00.000Z',
        email: lead.email,
        name: `${lead.firstName} ${lead.lastName}`,
        leadRef: REF,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        ...e,
      },
      new Date(at),
    )
    handleBookingEvent(db, id, ON, new Date(at))
    return id
  }
  const first = 'https://api.calendly.com/scheduled_events/E1/invitees/I1'
  const second = 'https://api.calendly.com/scheduled_events/E2/invitees/I2'
  event(
    { eventKey: `${first}#active`, trigger: 'invitee.created', kind: 'created', bookingKey: first },
    '2026-06-17T20:30:00Z',
  )
  event(
    {
      eventKey: `${first}#canceled`,
      trigger: 'invitee.canceled',
      kind: 'canceled',
      bookingKey: first,
      rescheduled: true,
      otherBookingKey: second,
    },
    '2026-06-18T15:00:00Z',
  )
  event(
    {
      eventKey: `${second}#active`,
      trigger: 'invitee.created',
      kind: 'created',
      bookingKey: second,
      otherBookingKey: first,
      startsAt: '2026-06-24T20:30:00.000Z',
    },
    '2026-06-18T15:00:01Z',
  )
  event(
    {
      eventKey: `${second}#canceled`,
      trigger: 'invitee.canceled',
      kind: 'canceled',
      bookingKey: second,
      startsAt: '2026-06-24T20:30:00.000Z',
    },
    '2026-06-19T15:00:00Z',
  )
  const walkIn = event(
    {
      tool: 'cal_com',
      eventKey: 'walkin#BOOKING_CREATED',
      trigger: 'BOOKING_CREATED',
      kind: 'created',
      bookingKey: 'walkin',
      email: 'walter.walkin@example.com',
      name: 'Walter Walkin',
      leadRef: null,
    },
    '2026-06-19T16:00:00Z',
  )
  return walkIn
}

/**
 * The follow-ups of a hail report lead that has not booked (docs/bookings.md), the first and the
 * second, as the worker composes them: with the line of its sample weather report, the booking
 * link with its reference, the phone and the unsubscribe header. Returns how many.
 */
export async function renderFollowUps(
  out: string,
  lead: LeadToShow,
  mail: { from: string; siteUrl: string },
): Promise<number> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'roofing-sample-follow-ups-'))
  const db = openMigratedDatabase(path.join(tmp, 'samples.db'))
  try {
    const id = '99999999-2222-4333-8444-555555555555'
    const createdAt = new Date('2026-06-17T20:05:00Z')
    insertLead(db, {
      ...lead,
      id,
      form: 'hail_report',
      formType: 'contact',
      createdAt,
      nextAttemptAt: createdAt,
      bookingRef: REF,
    })
    saveLeadReport(db, {
      leadId: id,
      location: sampleWeatherReport().location,
      report: sampleWeatherReport(),
      madeAt: createdAt,
    })
    const dir = path.join(out, 'follow-ups')
    mkdirSync(dir, { recursive: true })
    // A fixed key: the links of two revisions' samples compare with diff.
    const key = Buffer.from('sample follow-up links key')
    for (const nth of [1, 2]) {
      const due = new Date(createdAt.getTime() + (nth === 1 ? 1 : 3) * 86_400_000)
      const msg: LeadMessage = {
        id: nth,
        key: `follow-up:${id}:${nth}`,
        kind: 'follow-up',
        medium: 'email',
        audience: 'homeowner',
        leadId: id,
        bookingEventId: null,
        status: 'pending',
        dueAt: due.toISOString(),
        attempts: 1,
        detail: null,
        nextAttemptAt: null,
        claimedAt: null,
        startedAt: due.toISOString(),
        createdAt: due.toISOString(),
        updatedAt: due.toISOString(),
      }
      const composed = await composeFollowUp(
        { db, siteUrl: mail.siteUrl, from: mail.from, business: DEFAULT_BUSINESS, key },
        msg,
      )
      if (composed.kind !== 'mail') throw new Error(`the sample follow-up was not made: ${composed.why}`)
      const { html, text, ...headers } = composed.mail
      writeFileSync(path.join(dir, `follow-up-${nth}.html`), html)
      writeFileSync(path.join(dir, `follow-up-${nth}.txt`), text)
      writeFileSync(path.join(dir, `follow-up-${nth}.headers.json`), JSON.stringify(headers, null, 2))
    }
    return 2
  } finally {
    db.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}
