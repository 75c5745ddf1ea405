/**
 * When the weekly report goes out, and which week it covers. A week runs from Monday 00:00 to
 * the next Monday 00:00 on the office's clock (America/Denver), so a week with a daylight
 * saving change is 167 or 169 hours long. The report of a week goes out on the configured day
 * and time of the week after it (WEEKLY_REPORT, default "mon 08:00"); a worker that was down
 * then sends it when it comes back, as long as that is still the same week. After that the
 * next week's report is the one due, and the missed one is not sent (site-admin can still send
 * any week).
 *
 * decideWeeklyReport() is the whole decision, from a clock and what the database says was sent,
 * so the tests can walk it across weeks and daylight saving changes without waiting.
 */
import { z } from 'zod'
import { BUSINESS_TIME_ZONE, isoDate, localParts } from '../../shared/business-time'
import { localTime } from '../platform/business-time'
import { businessTimeIn, nextBusinessTime } from '../platform/scheduler'

/** The day and time of the office's clock the report goes out, or off. */
export type WeeklyReportSchedule = { on: false } | { on: true; weekday: number; hour: number; minute: number }

const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
const DEFAULT_WEEKLY_REPORT = 'mon 08:00'

/** 'mon 08:00', 'Monday 8:00', 'off'; undefined when it is none of these. */
export function parseWeeklyReport(value: string): WeeklyReportSchedule | undefined {
  const v = value.trim().toLowerCase()
  if (v === 'off') return { on: false }
  const m = /^([a-z]+)\s+(\d{1,2}):(\d{2})$/.exec(v)
  if (!m) return undefined
  const [, day = '', hh = '', mm = ''] = m
  const weekday = DAY_NAMES.findIndex((name) => day.length >= 3 && name.startsWith(day))
  const [hour, minute] = [Number(hh), Number(mm)]
  if (weekday < 0 || hour > 23 || minute > 59) return undefined
  return { on: true, weekday, hour, minute }
}

/** WEEKLY_REPORT in the worker's schema: checked here, read by parseWeeklyReport(). */
export const WEEKLY_REPORT_SETTINGS = {
  WEEKLY_REPORT: z
    .string()
    .trim()
    .refine((v) => parseWeeklyReport(v) !== undefined, {
      message: `must be a day and a 24-hour time on the office's clock (${BUSINESS_TIME_ZONE}), e.g. "mon 08:00" or "friday 16:30", or "off"`,
    })
    .default(DEFAULT_WEEKLY_REPORT),
}

/** The schedule of a WEEKLY_REPORT value the schema passed. */
export function readWeeklyReport(value: string): WeeklyReportSchedule {
  return parseWeeklyReport(value) ?? { on: false }
}

/** How the schedule reads in the log and the docs: 'Monday 08:00 America/Denver'. */
export function describeSchedule(s: WeeklyReportSchedule): string {
  if (!s.on) return 'off'
  const day = DAY_NAMES[s.weekday] ?? ''
  const time = `${String(s.hour).padStart(2, '0')}:${String(s.minute).padStart(2, '0')}`
  return `${day.charAt(0).toUpperCase()}${day.slice(1)} ${time} ${BUSINESS_TIME_ZONE}`
}

/** A Monday-to-Monday week on the office's clock. */
export interface ReportWeek {
  /** The Monday it starts on, the office's date: '2026-11-16'. Names the week in the database. */
  monday: string
  /** The Sunday it ends on: '2026-11-22'. */
  sunday: string
  /** Monday 00:00 local, and the next Monday 00:00 local (not included). */
  start: Date
  end: Date
}

/** The week that starts on the local date given (any day: the week it falls in). */
function weekOfDate(date: { year: number; month: number; day: number }): ReportWeek {
  const weekday = localParts(localTime({ ...date, hour: 12 })).weekday
  const monday = { year: date.year, month: date.month, day: date.day - weekday }
  const start = localTime(monday)
  const end = localTime({ ...monday, day: monday.day + 7 })
  const sunday = localParts(localTime({ ...monday, day: monday.day + 6, hour: 12 }))
  return {
    monday: isoDate(localParts(localTime({ ...monday, hour: 12 }))),
    sunday: isoDate(sunday),
    start,
    end,
  }
}

/** The week `at` falls in. */
export function weekContaining(at: Date): ReportWeek {
  return weekOfDate(localParts(at))
}

/** The week before `week`. */
export function weekBefore(week: ReportWeek): ReportWeek {
  const p = localParts(new Date(week.start.getTime() + 12 * 3600_000))
  return weekOfDate({ year: p.year, month: p.month, day: p.day - 7 })
}

/** The last full week before `at`: the one a report sent at `at` covers. */
export function lastFullWeek(at: Date): ReportWeek {
  return weekBefore(weekContaining(at))
}

/** The week that starts on a date typed by a person ('2026-11-16', or any day of that week). */
export function weekOfIsoDate(iso: string): ReportWeek | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) return undefined
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const probe = new Date(Date.UTC(year, month - 1, day))
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined
  return weekOfDate({ year, month, day })
}

export type WeeklyReportDecision =
  | { kind: 'off' }
  /** Send the report of `week` now. `late` when it is past its time (the worker was down). */
  | { kind: 'send'; week: ReportWeek; dueAt: Date; late: boolean }
  /** Nothing to send before `until`, when the report of `week` is due. */
  | { kind: 'wait'; until: Date; week: ReportWeek }

/** A report sent more than this after its time is called late in the log. */
const LATE_AFTER_MS = 5 * 60_000

/**
 * What the worker does at `now`: send the report of the last full week if its time has come
 * and it was not sent (`sent(monday)` asks the database), or wait for the next one's time.
 */
export function decideWeeklyReport(
  now: Date,
  schedule: WeeklyReportSchedule,
  sent: (monday: string) => boolean,
): WeeklyReportDecision {
  if (!schedule.on) return { kind: 'off' }
  const current = weekContaining(now)
  const week = weekBefore(current)
  // The configured day and time of this week: the report of the week before is due then.
  const dueAt = businessTimeIn(now, schedule)
  if (now < dueAt) return { kind: 'wait', until: dueAt, week }
  if (!sent(week.monday))
    return { kind: 'send', week, dueAt, late: now.getTime() - dueAt.getTime() > LATE_AFTER_MS }
  return { kind: 'wait', until: nextBusinessTime(now, schedule), week: current }
}
