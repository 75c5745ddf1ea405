/**
 * The nudge (docs/bookings.md, "A nudge"): a lead that has not booked and that the office has
 * not marked within OFFICE_NUDGE_AFTER, counted only within OFFICE_HOURS on the business clock,
 * gets one nudge to the office in its thread, by e-mail (a real SMTP server) and by text (a local
 * peer laid out like Twilio's API). The desk's passes are run at chosen moments on the office's
 * clock, so the hours are tested on the days they fall on, daylight saving time included.
 */
import { describe, expect, test } from 'vitest'
import { markLead } from '../../core/bookings'
import { addLead } from '../support/leads'
import { startTestSmtpServer } from '../support/notify-peers'
import { startTestTwilioPeer, twilioEnv } from '../support/twilio-peer'
import { deskMessages, june2027 as denver, officeMailEnv, useMailingDesk } from '../support/booking-desk'
import { usePipeline, type Pipeline } from '../support/pipeline'
import { usePeer } from '../support/use-peer'

const smtp = usePeer(startTestSmtpServer)
const twilio = usePeer(startTestTwilioPeer)

const MINUTE = 60_000
const nudgesOf = (p: Pipeline, leadId: string) =>
  deskMessages<{ medium: string; status: string; due_at: string }>(p, leadId, 'nudge', [
    'medium',
    'status',
    'due_at',
  ])

describe('the nudge to the office', () => {
  const pipeline = usePipeline(() => ({
    label: 'nudges',
    env: {
      ...officeMailEnv(smtp),
      ...twilioEnv(twilio),
      OFFICE_NUDGE_AFTER: '15m',
      OFFICE_HOURS: '07-19',
    },
  }))
  const desk = useMailingDesk(pipeline, (c) => ({ sms: c.sms }))

  test('a lead that has not booked gets one nudge after 15 minutes, in its thread, by e-mail and text', async () => {
    const p = pipeline()
    const createdAt = denver(15, 10)
    const id = addLead(p.db, {
      createdAt,
      firstName: 'Alma',
      lastName: 'Homeowner',
      email: 'alma.nudge@example.com',
      phone: '(303) 555-0121',
      address: '1450 Elm Street, Parker, CO 80134',
    })
    await desk().runPass(new Date(createdAt.getTime() + 14 * MINUTE))
    expect(nudgesOf(p, id)).toEqual([])
    const pass = await desk().runPass(new Date(createdAt.getTime() + 15 * MINUTE + 1000))
    expect(pass.nudged).toBe(1)
    expect(nudgesOf(p, id)).toEqual([
      { medium: 'email', status: 'sent', due_at: new Date(createdAt.getTime() + 15 * MINUTE).toISOString() },
      { medium: 'sms', status: 'sent', due_at: new Date(createdAt.getTime() + 15 * MINUTE).toISOString() },
    ])
    const [mail] = await smtp.waitForMessages(1)
    expect(mail!.parsed.subject).toBe('Alma has not booked: call (303) 555-0121')
    expect(mail!.parsed.inReplyTo).toBe(`<lead-${id}@roofing.example>`)
    expect(mail!.parsed.references).toBe(`<lead-${id}@roofing.example>`)
    expect(mail!.parsed.messageId).toBe(`<nudge-${id}@roofing.example>`)
    expect(String(mail!.parsed.html)).toContain('href="tel:+13035550121"')
    expect(mail!.parsed.text).toContain('15 min ago (Tue 15 Jun, 10:00 AM)')
    const [text] = await twilio.waitForTexts(1)
    expect(text!.body).toBe(
      'Alma has not booked: call (303) 555-0121. Alma Homeowner, Parker: contact form message.',
    )
    // One nudge only, however long the lead waits.
    const later = await desk().runPass(new Date(createdAt.getTime() + 3 * 60 * MINUTE))
    expect(later.nudged).toBe(0)
    expect(smtp.messages.filter((m) => m.parsed.subject?.startsWith('Alma has not booked'))).toHaveLength(1)
  })

  test('the delay counts within the office’s hours: a lead at 9 PM is nudged at 7:15 AM', async () => {
    const p = pipeline()
    const createdAt = denver(15, 21)
    const id = addLead(p.db, { createdAt, firstName: 'Nina', lastName: 'Night' })
    await desk().runPass(denver(15, 23))
    await desk().runPass(denver(16, 7, 14))
    expect(nudgesOf(p, id)).toEqual([])
    await desk().runPass(denver(16, 7, 16))
    expect(nudgesOf(p, id).map((n) => n.due_at)).toEqual([
      denver(16, 7, 15).toISOString(),
      denver(16, 7, 15).toISOString(),
    ])
    // 18:50 with 10 minutes left today: the other 5 count from 7 AM the next day.
    const evening = addLead(p.db, { createdAt: denver(16, 18, 50), firstName: 'Eve', lastName: 'Ning' })
    await desk().runPass(denver(17, 7, 6))
    expect(nudgesOf(p, evening).map((n) => n.due_at)).toEqual([
      denver(17, 7, 5).toISOString(),
      denver(17, 7, 5).toISOString(),
    ])
  })

  test('a lead the office marked (or called spam), or that booked, is not nudged; a nudge still waiting is stopped', async () => {
    const p = pipeline()
    const createdAt = denver(20, 9)
    const reached = addLead(p.db, { createdAt, firstName: 'Rita', lastName: 'Reached' })
    markLead(p.db, reached, 'reached', 'site-admin', new Date(createdAt.getTime() + 5 * MINUTE))
    // The office called this one spam with its e-mail's link: that is its mark too.
    const spam = addLead(p.db, { createdAt, firstName: 'Sam', lastName: 'Spammer' })
    p.db
      .prepare(
        "INSERT INTO office_actions (lead_id, action, source, acted_at) VALUES (?, 'spam', 'office-link', ?)",
      )
      .run(spam, createdAt.toISOString())
    const waiting = addLead(p.db, { createdAt, firstName: 'Wade', lastName: 'Waiting' })
    // Twilio is down: the text waits on its retries.
    twilio.failWith({ status: 503, code: 20503, message: 'Service Unavailable' })
    try {
      await desk().runPass(new Date(createdAt.getTime() + 20 * MINUTE))
      expect(nudgesOf(p, reached)).toEqual([])
      expect(nudgesOf(p, spam)).toEqual([])
      expect(nudgesOf(p, waiting).map((n) => [n.medium, n.status])).toEqual([
        ['email', 'sent'],
        ['sms', 'pending'],
      ])
      // The office marks the lead booked by phone: the text is no longer wanted.
      markLead(p.db, waiting, 'booked', 'site-admin', new Date(createdAt.getTime() + 21 * MINUTE))
      expect(nudgesOf(p, waiting).map((n) => [n.medium, n.status])).toEqual([
        ['email', 'sent'],
        ['sms', 'stopped'],
      ])
    } finally {
      twilio.failWith(undefined)
    }
  })
})
