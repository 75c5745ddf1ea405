/**
 * The weekly report's schedule, decided from a clock passed in: the office's clock across
 * daylight saving changes, the week a report covers, when it is due, not due, sent already, or
 * missed and caught up; WEEKLY_REPORT's words; and the claim in weekly_reports that keeps two
 * senders from sending one week.
 */
import { describe, expect, test } from 'vitest'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { claimWeeklyReport, finishWeeklyReport, findWeeklyReport } from '../../core/weekly-report/store'
import { localTime } from '../../core/platform/business-time'
import { localParts } from '../../shared/business-time'
import {
  decideWeeklyReport,
  describeSchedule,
  lastFullWeek,
  parseWeeklyReport,
  weekOfIsoDate,
  type WeeklyReportSchedule,
} from '../../core/weekly-report/schedule'
import { duration, reportText } from '../../core/weekly-report/words'
import { deliverySpeed, type WeeklyFigures } from '../../core/weekly-report/figures'

const at = (iso: string) => new Date(iso)
const MONDAY_8 = parseWeeklyReport('mon 08:00')!
const HOUR = 3600_000

describe("the office's clock (America/Denver)", () => {
  test('a wall-clock time is the right moment in winter, in summer and on both change days', () => {
    expect(localTime({ year: 2026, month: 11, day: 16 }).toISOString()).toBe('2026-11-16T07:00:00.000Z')
    expect(localTime({ year: 2026, month: 7, day: 6, hour: 8 }).toISOString()).toBe(
      '2026-07-06T14:00:00.000Z',
    )
    // Spring forward (Sunday 2026-03-08, 02:00 → 03:00): 08:00 that day is already MDT.
    expect(localTime({ year: 2026, month: 3, day: 8, hour: 8 }).toISOString()).toBe(
      '2026-03-08T14:00:00.000Z',
    )
    // A time the clock skips comes out an hour later; one it shows twice is the first.
    expect(localTime({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }).toISOString()).toBe(
      '2026-03-08T09:30:00.000Z',
    )
    expect(localTime({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }).toISOString()).toBe(
      '2026-11-01T07:30:00.000Z',
    )
    expect(localParts(at('2026-11-16T06:59:00Z'))).toMatchObject({
      day: 15,
      hour: 23,
      minute: 59,
      weekday: 6,
    })
  })
})

describe('weeks, Monday 00:00 to Monday 00:00 in Denver', () => {
  test('a week is named by its Monday and runs 168 hours, or 169 and 167 around the clock changes', () => {
    const plain = weekOfIsoDate('2026-11-18')!
    expect(plain).toMatchObject({ monday: '2026-11-16', sunday: '2026-11-22' })
    expect(plain.start.toISOString()).toBe('2026-11-16T07:00:00.000Z')
    expect(plain.end.getTime() - plain.start.getTime()).toBe(168 * HOUR)
    const fallBack = weekOfIsoDate('2026-11-01')! // Sunday 2026-11-01 ends the week of Oct 26
    expect(fallBack).toMatchObject({ monday: '2026-10-26', sunday: '2026-11-01' })
    expect(fallBack.end.getTime() - fallBack.start.getTime()).toBe(169 * HOUR)
    const springForward = weekOfIsoDate('2026-03-04')!
    expect(springForward).toMatchObject({ monday: '2026-03-02', sunday: '2026-03-08' })
    expect(springForward.end.getTime() - springForward.start.getTime()).toBe(167 * HOUR)
    // A year's end, a month's end.
    expect(weekOfIsoDate('2027-01-01')).toMatchObject({ monday: '2026-12-28', sunday: '2027-01-03' })
    expect(weekOfIsoDate('2026-02-30')).toBeUndefined()
    expect(weekOfIsoDate('16/11/2026')).toBeUndefined()
  })

  test("the last full week is the one before the week now is in, on Denver's calendar", () => {
    // Monday 00:30 in Denver (07:30Z): the week before has just ended.
    expect(lastFullWeek(at('2026-11-23T07:30:00Z')).monday).toBe('2026-11-16')
    // Sunday 23:30 in Denver, already Monday in UTC: the week before that.
    expect(lastFullWeek(at('2026-11-23T06:30:00Z')).monday).toBe('2026-11-09')
  })
})

describe('WEEKLY_REPORT', () => {
  test('a day and a 24-hour time, or off', () => {
    expect(parseWeeklyReport('mon 08:00')).toEqual({ on: true, weekday: 0, hour: 8, minute: 0 })
    expect(parseWeeklyReport('Friday 16:30')).toEqual({ on: true, weekday: 4, hour: 16, minute: 30 })
    expect(parseWeeklyReport(' SUN 7:05 ')).toEqual({ on: true, weekday: 6, hour: 7, minute: 5 })
    expect(parseWeeklyReport('off')).toEqual({ on: false })
    for (const bad of ['mon', '08:00', 'mo 08:00', 'mon 24:00', 'mon 8:60', 'monday at 8', 'funday 08:00'])
      expect(parseWeeklyReport(bad), bad).toBeUndefined()
    expect(describeSchedule(MONDAY_8)).toBe('Monday 08:00 America/Denver')
  })
})

describe('the decision, from a clock and what was sent', () => {
  const none = () => false
  const decide = (
    iso: string,
    sent: (monday: string) => boolean = none,
    schedule: WeeklyReportSchedule = MONDAY_8,
  ) => decideWeeklyReport(at(iso), schedule, sent)

  test('not due before Monday 08:00 Denver time, due from then, in winter (UTC-7) and summer (UTC-6)', () => {
    expect(decide('2026-11-23T14:59:00Z')).toMatchObject({ kind: 'wait', until: at('2026-11-23T15:00:00Z') })
    expect(decide('2026-11-23T15:00:00Z')).toMatchObject({
      kind: 'send',
      late: false,
      week: { monday: '2026-11-16' },
    })
    expect(decide('2026-07-13T13:59:00Z')).toMatchObject({ kind: 'wait', until: at('2026-07-13T14:00:00Z') })
    expect(decide('2026-07-13T14:00:00Z')).toMatchObject({ kind: 'send', week: { monday: '2026-07-06' } })
  })

  test('sent already: waits for the next Monday 08:00, across the fall-back change', () => {
    const sent = (monday: string) => monday === '2026-10-26'
    // Monday 2026-11-02, 09:00 MST: the week of Oct 26 (169 hours) was sent.
    const d = decide('2026-11-02T16:00:00Z', sent)
    expect(d).toMatchObject({ kind: 'wait', until: at('2026-11-09T15:00:00Z') })
    // The week before the change was sent at 08:00 MDT; this one is due at 08:00 MST, an hour later in UTC.
    expect(decide('2026-10-26T14:00:00Z')).toMatchObject({ kind: 'send', week: { monday: '2026-10-19' } })
    expect(decide('2026-11-02T14:30:00Z', sent)).toMatchObject({
      kind: 'wait',
      until: at('2026-11-02T15:00:00Z'),
    })
    expect(decide('2026-11-02T15:00:00Z')).toMatchObject({ kind: 'send', week: { monday: '2026-10-26' } })
  })

  test('across spring forward: the week of 167 hours is due Monday 08:00 MDT', () => {
    expect(decide('2026-03-09T13:59:00Z')).toMatchObject({ kind: 'wait', until: at('2026-03-09T14:00:00Z') })
    expect(decide('2026-03-09T14:00:00Z')).toMatchObject({ kind: 'send', week: { monday: '2026-03-02' } })
  })

  test('missed while the worker was down: sent late once it is back that week, never the week after', () => {
    const late = decide('2026-11-26T18:00:00Z')
    expect(late).toMatchObject({ kind: 'send', late: true, week: { monday: '2026-11-16' } })
    // Back only on the next Monday, before 08:00: the missed week is gone, the next is awaited.
    expect(decide('2026-11-30T14:00:00Z')).toMatchObject({
      kind: 'wait',
      until: at('2026-11-30T15:00:00Z'),
      week: { monday: '2026-11-23' },
    })
  })

  test('another day and time; off', () => {
    const friday = parseWeeklyReport('fri 16:30')!
    expect(decide('2026-11-27T23:29:00Z', none, friday)).toMatchObject({
      kind: 'wait',
      until: at('2026-11-27T23:30:00Z'),
    })
    expect(decide('2026-11-27T23:30:00Z', none, friday)).toMatchObject({
      kind: 'send',
      week: { monday: '2026-11-16' },
    })
    expect(decide('2026-11-27T23:30:00Z', none, { on: false })).toEqual({ kind: 'off' })
  })
})

describe('the claim in weekly_reports', () => {
  test('one sender per week; a stale claim and a failure long enough ago are taken again; site-admin always sends', () => {
    const db = openMigratedDatabase(':memory:')
    const claim = (iso: string, trigger: 'schedule' | 'site-admin' = 'schedule') =>
      claimWeeklyReport(db, {
        week: '2026-11-16',
        trigger,
        now: at(iso),
        staleAfterMs: 10 * 60_000,
        retryAfterMs: 15 * 60_000,
      })
    const finish = (status: 'failed' | 'sent', detail: string, iso: string) =>
      finishWeeklyReport(db, {
        week: '2026-11-16',
        status,
        detail,
        recipients: ['o@x.example'],
        now: at(iso),
      })
    expect(claim('2026-11-23T15:00:00Z')).toBe(true)
    expect(claim('2026-11-23T15:01:00Z')).toBe(false)
    // A worker that died mid-send: its claim is stale after 10 minutes.
    expect(claim('2026-11-23T15:11:00Z')).toBe(true)
    finish('failed', 'ECONNREFUSED', '2026-11-23T15:11:05Z')
    expect(claim('2026-11-23T15:20:00Z')).toBe(false)
    expect(claim('2026-11-23T15:27:00Z')).toBe(true)
    finish('sent', '250 OK', '2026-11-23T15:27:01Z')
    expect(claim('2026-11-24T15:00:00Z')).toBe(false)
    expect(findWeeklyReport(db, '2026-11-16')).toMatchObject({
      status: 'sent',
      attempts: 3,
      recipients: 'o@x.example',
    })
    expect(claim('2026-11-24T15:00:00Z', 'site-admin')).toBe(true)
    expect(findWeeklyReport(db, '2026-11-16')).toMatchObject({
      status: 'sending',
      trigger: 'site-admin',
      attempts: 4,
    })
    db.close()
  })
})

describe('the figures in words', () => {
  test('durations as the office reads them; the median of an even count is the mean of the middle two', () => {
    expect([400, 12_400, 60_000, 372_000, 7_500_000, 100_000_000].map(duration)).toEqual([
      '0 s',
      '12 s',
      '1 min',
      '6 min 12 s',
      '2 h 5 min',
      '1 d 3 h',
    ])
    const lead = (createdAt: string, sentAt: string | null) =>
      ({
        id: createdAt,
        firstName: 'A',
        lastName: 'B',
        createdAt,
        releasedAt: null,
        office: sentAt ? { status: 'sent', detail: null, updatedAt: sentAt } : null,
      }) as unknown as Parameters<typeof deliverySpeed>[0][number]
    const speed = deliverySpeed([
      lead('2026-11-16T10:00:00.000Z', '2026-11-16T10:00:10.000Z'),
      lead('2026-11-16T11:00:00.000Z', '2026-11-16T11:00:30.000Z'),
      lead('2026-11-16T12:00:00.000Z', null),
    ])
    expect(speed).toMatchObject({ timed: 2, medianMs: 20_000, slow: 0 })
    expect(speed.undelivered).toEqual([
      {
        id: '2026-11-16T12:00:00.000Z',
        name: 'A B',
        createdAt: '2026-11-16T12:00:00.000Z',
        state: 'not yet taken by the worker',
      },
    ])
  })

  test('a bad week lists 20 undelivered leads and counts the rest, with where to see them', () => {
    const undelivered = Array.from({ length: 23 }, (_, i) => ({
      id: `lead-${i}`,
      name: `Name ${i}`,
      createdAt: '2026-11-17T18:00:00.000Z',
      state: 'failed: SMTP 552 mailbox full',
    }))
    const week = weekOfIsoDate('2026-11-16')!
    const f: WeeklyFigures = {
      week,
      previousWeek: weekOfIsoDate('2026-11-09')!,
      leads: 23,
      previousLeads: 0,
      sources: [{ source: 'Direct', leads: 23, previous: 0 }],
      forms: [],
      quarantined: 0,
      released: 0,
      markedSpam: 0,
      speed: { timed: 0, medianMs: null, slowest: null, slow: 0, limitMs: 300_000, undelivered },
      bookings: {
        total: {
          leads: 23,
          booked: 0,
          previousLeads: 0,
          previousBooked: 0,
          withoutForm: 0,
          previousWithoutForm: 0,
        },
        bySource: [],
        byFirstTouch: [],
        byForm: [],
        medianToBookingMs: null,
        open: { count: 0, previousCount: 0, first: [] },
      },
    }
    const text = reportText(f)
    expect(text).toContain('- Reached the office: 0 of 23 leads\n- Not delivered: 23\n')
    expect(
      text.match(
        /^ {2}- Name \d+, received Tue, Nov 17, 2026, 11:00 AM MST: failed: SMTP 552 mailbox full/gm,
      ),
    ).toHaveLength(20)
    expect(text).toContain('  - Name 19, received')
    expect(text).not.toContain('Name 20,')
    expect(text).toContain("  - and 3 more: site-admin leads list shows each lead's delivery\n")
  })
})
