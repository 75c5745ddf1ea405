/**
 * The pure parts of the lead's life after the form (docs/bookings.md): the tools' signatures
 * and events, delays with their unit, the office's hours on the business clock, the texts'
 * length in SMS parts, Twilio's answers as outcomes, and the office's words.
 */
import { createHmac } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { LEAD_LIFE_SETTINGS, readLeadLifeSettings } from '../../core/bookings'
import {
  addWithinHours,
  localTime,
  parseDailyHours,
  type DailyHours,
} from '../../core/platform/business-time'
import { formatDelay, parseDelay } from '../../core/platform/config/helpers'
import { fitSms, smsSegments } from '../../core/platform/sms/segments'
import { classifyTwilioAnswer } from '../../core/platform/sms/twilio'
import {
  checkCalComSignature,
  checkCalendlySignature,
  formatAppointment,
  readCalComEvent,
  readCalendlyEvent,
} from '../../core/bookings'
import { noticeSms } from '../../core/bookings/words'
import { officeSmsText } from '../../core/notifications/channels/office-sms'
import { buildLeadView } from '../../core/notifications'
import { calComEvent, calendlyEvent, calendlySignature } from '../support/booking-tools'
import { leadToShow } from '../support/lead-view'

const KEY = 'signing-key'
const NOW = new Date('2026-11-28T17:00:00Z')
const T = Math.floor(NOW.getTime() / 1000)
const REF = 'Ab3dEf6hIj9kLm2nOp5qRs'

describe('Calendly’s and Cal.com’s signatures', () => {
  const body = Buffer.from('{"event":"invitee.created"}')
  const sign = (t: number, key = KEY, raw = body) =>
    `t=${t},v1=${createHmac('sha256', key).update(`${t}.`).update(raw).digest('hex')}`

  test('Calendly: valid within 3 minutes either way, refused beyond, forged or tampered', () => {
    expect(checkCalendlySignature(sign(T), body, KEY, NOW)).toBeUndefined()
    expect(checkCalendlySignature(sign(T - 180), body, KEY, NOW)).toBeUndefined()
    expect(checkCalendlySignature(sign(T + 180), body, KEY, NOW)).toBeUndefined()
    expect(checkCalendlySignature(sign(T - 181), body, KEY, NOW)?.reason).toMatch(
      /^Stale signature: signed 181 s/,
    )
    expect(checkCalendlySignature(sign(T + 600), body, KEY, NOW)?.reason).toMatch(
      /^Stale signature: signed 600 s/,
    )
    expect(checkCalendlySignature(sign(T, 'other'), body, KEY, NOW)?.reason).toMatch(/^Wrong signature/)
    expect(checkCalendlySignature(sign(T), Buffer.from('{"event":"x"}'), KEY, NOW)?.status).toBe(401)
    expect(checkCalendlySignature(undefined, body, KEY, NOW)?.reason).toMatch(/^Unsigned/)
    expect(checkCalendlySignature(`t=${T},v1=zz`, body, KEY, NOW)?.reason).toMatch(/^Wrong signature/)
    expect(checkCalendlySignature(`v1=${'0'.repeat(64)}`, body, KEY, NOW)?.reason).toMatch(/must read t=/)
    // While a key is rotated, the header may carry two signatures: either will do.
    expect(
      checkCalendlySignature(`${sign(T, 'old')},${sign(T).split(',')[1]}`, body, KEY, NOW),
    ).toBeUndefined()
    // The tests' helper signs exactly as the check expects.
    const text = body.toString()
    expect(checkCalendlySignature(calendlySignature(text, KEY, T), body, KEY, NOW)).toBeUndefined()
  })

  test('Cal.com: the hex HMAC of the raw body', () => {
    const hex = createHmac('sha256', KEY).update(body).digest('hex')
    expect(checkCalComSignature(hex, body, KEY)).toBeUndefined()
    expect(checkCalComSignature(hex.toUpperCase(), body, KEY)).toBeUndefined()
    expect(checkCalComSignature(hex, Buffer.from(`${body} `), KEY)?.reason).toMatch(/^Wrong signature/)
    expect(checkCalComSignature(undefined, body, KEY)?.reason).toMatch(/^Unsigned/)
    expect(checkCalComSignature('no-secret-provided', body, KEY)?.status).toBe(401)
  })
})

describe('the tools’ events', () => {
  test('a Calendly invitee: its key is its URI with its status, the reference from tracking.salesforce_uuid', () => {
    const uri = 'https://api.calendly.com/scheduled_events/E1/invitees/I1'
    const read = readCalendlyEvent(
      Buffer.from(
        calendlyEvent('invitee.created', {
          uri,
          email: 'a@b.co',
          name: 'A B',
          startTime: '2026-12-01T17:00:00.000000Z',
          ref: REF,
          // Cleaned as a visit's campaign is: trimmed, control characters dropped.
          utm: { utm_source: ' facebook ', utm_medium: 'paid\u0000', utm_campaign: 'hail-2026' },
        }),
      ),
    )
    expect(read).toEqual({
      kind: 'event',
      event: {
        tool: 'calendly',
        eventKey: `${uri}#active`,
        trigger: 'invitee.created',
        kind: 'created',
        bookingKey: uri,
        otherBookingKey: null,
        rescheduled: false,
        startsAt: '2026-12-01T17:00:00.000Z',
        email: 'a@b.co',
        name: 'A B',
        leadRef: REF,
        utmSource: 'facebook',
        utmMedium: 'paid',
        utmCampaign: 'hail-2026',
      },
    })
    const cancel = readCalendlyEvent(
      Buffer.from(
        calendlyEvent('invitee.canceled', {
          uri,
          email: 'a@b.co',
          name: 'A B',
          startTime: '2026-12-01T17:00:00Z',
          rescheduled: true,
          newInvitee: 'N',
          ref: 'not-a-ref',
        }),
      ),
    )
    expect(cancel).toMatchObject({
      event: {
        eventKey: `${uri}#canceled`,
        kind: 'canceled',
        rescheduled: true,
        otherBookingKey: 'N',
        leadRef: null,
      },
    })
    expect(readCalendlyEvent(Buffer.from('{"event":"invitee_no_show.created","payload":{}}'))).toEqual({
      kind: 'not-taken',
      trigger: 'invitee_no_show.created',
    })
    expect(readCalendlyEvent(Buffer.from('[]'))).toMatchObject({ kind: 'refused', refusal: { status: 400 } })
  })

  test('a Cal.com booking: its key is its uid with its trigger, the reference from metadata.leadRef', () => {
    const read = readCalComEvent(
      Buffer.from(
        calComEvent('BOOKING_RESCHEDULED', {
          uid: 'new',
          rescheduleUid: 'old',
          email: 'c@d.co',
          name: 'C D',
          startTime: '2026-12-02T20:00:00Z',
          ref: REF,
          utm: { utm_source: 'google', utm_medium: 'cpc' },
        }),
      ),
    )
    expect(read).toMatchObject({
      kind: 'event',
      event: {
        tool: 'cal_com',
        eventKey: 'new#BOOKING_RESCHEDULED',
        kind: 'rescheduled',
        bookingKey: 'new',
        otherBookingKey: 'old',
        email: 'c@d.co',
        leadRef: REF,
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: null,
      },
    })
    expect(
      readCalComEvent(
        Buffer.from(
          calComEvent('MEETING_ENDED', { email: 'c@d.co', name: 'C', startTime: '2026-12-02T20:00:00Z' }),
        ),
      ),
    ).toEqual({
      kind: 'not-taken',
      trigger: 'MEETING_ENDED',
    })
  })
})

describe('delays and the office’s hours', () => {
  test('a delay is written with its unit', () => {
    expect(parseDelay('15m')).toBe(15 * 60_000)
    expect(parseDelay('90s')).toBe(90_000)
    expect(parseDelay('2h')).toBe(7_200_000)
    expect(parseDelay('1d')).toBe(86_400_000)
    expect(parseDelay('15')).toBeUndefined()
    expect(parseDelay('1.5h')).toBeUndefined()
    expect(formatDelay(86_400_000)).toBe('1d')
    expect(formatDelay(60_000)).toBe('1m')
  })

  test('hours are read as the office writes them', () => {
    expect(parseDailyHours('07-19')).toEqual({ openMin: 420, closeMin: 1140 })
    expect(parseDailyHours('07:30-18:00')).toEqual({ openMin: 450, closeMin: 1080 })
    expect(parseDailyHours('00-24')).toEqual({ openMin: 0, closeMin: 1440 })
    expect(parseDailyHours('19-07')).toHaveProperty('problem')
    expect(parseDailyHours('25-26')).toHaveProperty('problem')
  })

  const hours = parseDailyHours('07-19') as DailyHours
  const denver = (month: number, day: number, hour: number, minute = 0) =>
    localTime({ year: 2026, month, day, hour, minute })
  const M = 60_000

  test('time counts only within the hours', () => {
    expect(addWithinHours(denver(11, 30, 10), 15 * M, hours)).toEqual(denver(11, 30, 10, 15))
    expect(addWithinHours(denver(11, 30, 21), 15 * M, hours)).toEqual(denver(12, 1, 7, 15))
    expect(addWithinHours(denver(11, 30, 5), 15 * M, hours)).toEqual(denver(11, 30, 7, 15))
    expect(addWithinHours(denver(11, 30, 18, 50), 15 * M, hours)).toEqual(denver(12, 1, 7, 5))
    expect(addWithinHours(denver(11, 30, 18, 45), 15 * M, hours)).toEqual(denver(11, 30, 19))
    // Two days of hours and a bit: 24 h of the office's time is two days and the rest.
    expect(addWithinHours(denver(11, 30, 7), 25 * 60 * M, hours)).toEqual(denver(12, 2, 8))
    // Any time: plain addition.
    const always = parseDailyHours('00-24') as DailyHours
    expect(addWithinHours(denver(11, 30, 21), 15 * M, always)).toEqual(denver(11, 30, 21, 15))
  })

  test('across a change of clocks the hours stay on the wall clock', () => {
    // 2026-03-08: clocks go forward in Denver; 2026-11-01: back.
    expect(addWithinHours(denver(3, 7, 21), 15 * M, hours)).toEqual(denver(3, 8, 7, 15))
    expect(addWithinHours(denver(10, 31, 21), 15 * M, hours)).toEqual(denver(11, 1, 7, 15))
    expect(denver(11, 1, 7, 15).toISOString()).toBe('2026-11-01T14:15:00.000Z')
  })
})

describe('texts within two SMS parts', () => {
  test('GSM-7 holds 160 in one part and 306 in two; one accent outside it makes it UCS-2, 134 in two', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1)
    expect(smsSegments('a'.repeat(306))).toBe(2)
    expect(smsSegments('a'.repeat(307))).toBe(3)
    expect(smsSegments('ễ'.repeat(134))).toBe(2)
    expect(smsSegments('ễ'.repeat(135))).toBe(3)
  })

  test('what matters most stays; what does not fit is left out, and a first part too long is cut', () => {
    expect(fitSms(['Booked: Alma.', 'Call (303) 555-0121.', 'x'.repeat(400)])).toBe(
      'Booked: Alma. Call (303) 555-0121.',
    )
    const cut = fitSms(['y'.repeat(500)])
    expect(cut.endsWith('...')).toBe(true)
    expect(smsSegments(cut)).toBe(2)
    expect(cut.length).toBe(306)
  })

  test('a notice for a long Vietnamese name and address stays within two parts and keeps the phone', () => {
    const text = noticeSms({
      kind: 'booked',
      who: 'Nguyễn Thị Minh Khai Trần Hưng Đạo Phạm Ngũ Lão',
      startsAt: '2026-12-01T17:00:00Z',
      withoutForm: false,
      phone: '(303) 555-0121',
      address:
        '12345 East Arapahoe Road, Unit 1500, Centennial, Colorado 80112, the white house behind the oak trees',
    })
    expect(smsSegments(text)).toBeLessThanOrEqual(2)
    expect(text).toContain('Call (303) 555-0121.')
    expect(text.startsWith('Booked: Nguyễn Thị Minh Khai')).toBe(true)
  })

  test('the new lead’s text: who, the phone, the city, the storms a hail report found, the form', () => {
    const where = { address: '1450 Elm Street, Parker, CO 80134', createdAt: '2026-11-28T17:00:00Z' }
    const lead = leadToShow({
      ...where,
      id: 'lead-1',
      firstName: 'Alma',
      lastName: 'Homeowner',
      email: 'alma@example.com',
      phone: '(303) 555-0121',
    })
    const view = buildLeadView(
      lead,
      undefined,
      'https://www.example.com',
      '1.75 in hail 0.6 mi NW on 12 Jun 2024; 7 storms within 3 mi since 2021',
    )
    expect(officeSmsText(view)).toBe(
      'New hail report request: Alma Homeowner, (303) 555-0121, Parker. Storms at the address: 1.75 in hail 0.6 mi NW on 12 Jun 2024. Hail report page.',
    )
    const plain = buildLeadView(
      { ...lead, form: 'contact_modal', formType: 'contact_modal' },
      undefined,
      'https://www.example.com',
    )
    expect(officeSmsText(plain, true)).toBe(
      '[Test] New inspection request: Alma Homeowner, (303) 555-0121, Parker. Contact form in the pop-up.',
    )
  })

  test('the radar line fits two parts with the longest realistic values, after who and the phone', () => {
    const view = buildLeadView(
      leadToShow({
        id: 'lead-2',
        firstName: 'Maximiliana Alexandrina',
        lastName: 'Vanderhoeven-Montgomery-Smythe',
        email: 'max@example.com',
        phone: '(303) 555-0121',
        address: '12345 East Arapahoe Road, Unit 1500, Highlands Ranch, CO 80126',
        createdAt: '2026-11-28T17:00:00Z',
        duplicateOf: 'lead-1',
      }),
      { createdAt: '2026-11-28T10:00:00Z' },
      'https://www.example.com',
      '2.75 in hail 0.6 mi NNW on 12 Sep 2026; 7 storms within 3 mi since 2021',
    )
    // The longest words radar-hail-line.ts makes.
    for (const radar of [
      'Radar: 2.8 in hail within 1 mi of the address on 12 Sep 2026.',
      'Radar: no hail of 0.75 in+ near Highlands Ranch since 12 Sep 2026.',
    ]) {
      view.radarHail = radar
      const text = officeSmsText(view)
      expect(smsSegments(text)).toBeLessThanOrEqual(2)
      expect(text).toContain(`(303) 555-0121, Highlands Ranch. ${radar} Storms at the address:`)
    }
    // UCS-2 (134 characters in two parts): a Vietnamese name still gets the radar line.
    const accented = buildLeadView(
      leadToShow({
        id: 'lead-3',
        firstName: 'Nguyễn',
        lastName: 'Văn An',
        email: 'an@example.com',
        phone: '(303) 555-0121',
        address: '12 Main St, Highlands Ranch, CO 80126',
        createdAt: '2026-11-28T17:00:00Z',
        form: 'contact_modal',
        formType: 'contact_modal',
      }),
      undefined,
      'https://www.example.com',
    )
    accented.radarHail = 'Radar: 2.8 in hail within 1 mi of the address on 12 Sep 2026.'
    const text = officeSmsText(accented)
    expect(smsSegments(text)).toBe(2)
    expect(text).toBe(
      'New inspection request: Nguyễn Văn An, (303) 555-0121, Highlands Ranch. Radar: 2.8 in hail within 1 mi of the address on 12 Sep 2026.',
    )
  })
})

describe('Twilio’s answers', () => {
  const error = (code: number, message: string, status: number) =>
    JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status })

  test('2xx is sent, with the message’s SID', () => {
    expect(classifyTwilioAnswer(201, JSON.stringify({ sid: 'SM123', status: 'queued' }))).toEqual({
      kind: 'sent',
      detail: 'SM123 queued',
    })
  })

  test('429, 5xx and a failed login are retried; any other 4xx fails for good, with Twilio’s words', () => {
    expect(classifyTwilioAnswer(429, error(20429, 'Too Many Requests', 429)).kind).toBe('retry')
    expect(classifyTwilioAnswer(503, error(20503, 'Service Unavailable', 503)).kind).toBe('retry')
    expect(classifyTwilioAnswer(502, '<html>Bad gateway</html>')).toEqual({
      kind: 'retry',
      reason: 'HTTP 502',
    })
    expect(classifyTwilioAnswer(401, error(20003, 'Authenticate', 401))).toEqual({
      kind: 'retry',
      reason:
        'HTTP 401: Twilio 20003 Authenticate (https://www.twilio.com/docs/errors/20003); check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
    })
    expect(classifyTwilioAnswer(400, error(21610, 'Attempt to send to unsubscribed recipient', 400))).toEqual(
      {
        kind: 'failed',
        reason:
          'HTTP 400: Twilio 21610 Attempt to send to unsubscribed recipient (https://www.twilio.com/docs/errors/21610)',
      },
    )
    expect(classifyTwilioAnswer(404, error(20404, 'The requested resource was not found', 404)).kind).toBe(
      'failed',
    )
  })
})

test('an appointment as the office reads it: Denver time, weekday, day, month and time', () => {
  expect(formatAppointment('2026-12-01T17:00:00Z')).toBe('Tue 1 Dec, 10:00 AM')
  expect(formatAppointment('2026-07-04T02:30:00Z')).toBe('Fri 3 Jul, 8:30 PM')
})

describe('FOLLOW_UP_AFTER and FOLLOW_UP_HOURS', () => {
  const read = (env: Record<string, string>) => {
    const parsed = z.object(LEAD_LIFE_SETTINGS).safeParse(env)
    return parsed.success
      ? readLeadLifeSettings(parsed.data)
      : parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')
  }

  test('delays with their unit, rising; the defaults are 1d,3d within 08-19', () => {
    expect(read({})).toMatchObject({
      followUpAfterMs: [86_400_000, 3 * 86_400_000],
      followUpHours: { openMin: 480, closeMin: 1140 },
    })
    expect(read({ FOLLOW_UP_AFTER: '20s,150s', FOLLOW_UP_HOURS: '00-24' })).toMatchObject({
      followUpAfterMs: [20_000, 150_000],
      followUpHours: { openMin: 0, closeMin: 1440 },
    })
    expect(read({ FOLLOW_UP_AFTER: 'off' })).toMatchObject({ followUpAfterMs: [] })
  })

  test('each bad value is refused with what to write instead', () => {
    expect(read({ FOLLOW_UP_AFTER: '1,3' })).toBe(
      'FOLLOW_UP_AFTER must be delays with their unit, s, m, h or d, separated by commas (e.g. 1d,3d), or off; got "1,3"',
    )
    expect(read({ FOLLOW_UP_AFTER: '3d,1d' })).toBe(
      'FOLLOW_UP_AFTER each delay must be longer than the one before it (1d,3d); got "3d,1d"',
    )
    expect(read({ FOLLOW_UP_AFTER: '1d,40d' })).toBe(
      'FOLLOW_UP_AFTER each delay must be from 1s to 30d; got "1d,40d"',
    )
    expect(read({ FOLLOW_UP_AFTER: '1d,2d,3d,4d,5d,6d' })).toBe(
      'FOLLOW_UP_AFTER must list at most 5 delays; got "1d,2d,3d,4d,5d,6d"',
    )
    expect(read({ FOLLOW_UP_HOURS: '19-08' })).toMatch(/^FOLLOW_UP_HOURS must close after it opens/)
  })
})
