/**
 * The one way the processes run background work on a timer: the outbox relay (web) and the
 * worker's jobs (reconciler, backups, storm data, the spam in quarantine, the spam
 * digest, the weekly report) each start a scheduler around their pass.
 *
 * - One pass at a time, whether the timer, an event or a caller asks for it: a second request
 *   joins the pass in progress.
 * - The next timed pass comes `intervalMs` after the previous one ended, or at the moment
 *   `nextAfter` names from its result (a refresh that failed comes back sooner).
 * - A pass that throws is logged and the loop goes on: nothing escapes to the process.
 * - stop() waits for a pass in progress. The timer never keeps the process alive.
 *
 * The second half is the business clock's schedules: "08:00 every day" and "Monday 08:00" on
 * the office's clock (core/platform/business-time.ts), whose moment moves against UTC with
 * daylight saving time.
 */
import { localParts } from '../../shared/business-time'
import { localTime } from './business-time'
import type { Logger } from './logger'

export interface Scheduler<Options, Result> {
  /** Runs a pass now, or joins the one in progress; never rejects. */
  runOnce(options?: Options): Promise<Result>
  /** No more passes; resolves when the one in progress (if any) has ended. */
  stop(): Promise<void>
  /** Whether stop() was called: a long pass checks it between steps. */
  isStopped(): boolean
  /** When the next timed pass is (or was, if stopped) planned; null while a timed pass runs. */
  nextAt(): Date | null
}

/** What a worker's timed job hands its process: a pass now (tests, start-up), and stop. */
export type TimedJob<Result> = Pick<Scheduler<undefined, Result>, 'runOnce' | 'stop'>

/** setTimeout fires at once past this delay (about 24.8 days), so a later moment is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1

export function startScheduler<Options, Result>(opts: {
  pass: (options: Options | undefined) => Result | Promise<Result>
  /** What runOnce resolves with when the pass threw: a value, or one made from the error. */
  resultOnError: Result | ((err: unknown) => Result)
  logger: Logger
  /** The error line's message, e.g. 'reconciler pass failed; next pass retries'. */
  errorMessage: string
  /** The wait after a pass ends before the next timed one (unless nextAfter says otherwise). */
  intervalMs: number
  /** When the next timed pass runs, from the result of the one that ended. */
  nextAfter?: (result: Result) => Date
  /**
   * The first timed pass: 'now' (what a previous process left is picked up at start), after a
   * delay in ms, or at a moment; 'never': no timer, passes run only when runOnce asks.
   * Default: one interval from now.
   */
  first?: 'now' | 'never' | number | Date
  /** The clock `nextAfter` and `first` are read against (tests set their own). */
  now?: () => Date
}): Scheduler<Options, Result> {
  const clock = opts.now ?? (() => new Date())
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let next: Date | null = null
  let running: Promise<Result> | undefined

  function resultOf(err: unknown): Result {
    opts.logger.error({ err }, opts.errorMessage)
    const r = opts.resultOnError
    return typeof r === 'function' ? (r as (err: unknown) => Result)(err) : r
  }

  function runOnce(options?: Options): Promise<Result> {
    // Started on the next microtask, so a pass never runs inside startScheduler() itself (its
    // caller may not have the scheduler in hand yet), and a synchronous throw is caught too.
    running ??= Promise.resolve()
      .then(() => opts.pass(options))
      .catch(resultOf)
      .finally(() => {
        running = undefined
      })
    return running
  }

  function timedPass() {
    next = null
    void runOnce().then((result) => {
      let at: Date
      try {
        at = opts.nextAfter ? opts.nextAfter(result) : new Date(clock().getTime() + opts.intervalMs)
      } catch (err) {
        opts.logger.error({ err }, opts.errorMessage)
        at = new Date(clock().getTime() + opts.intervalMs)
      }
      scheduleAt(at)
    })
  }

  function scheduleAt(at: Date) {
    if (stopped) return
    next = at
    arm()
  }

  function arm() {
    if (stopped || !next) return
    const delayMs = Math.max(0, next.getTime() - clock().getTime())
    timer = delayMs > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(timedPass, delayMs)
    timer.unref()
  }

  const first = opts.first ?? opts.intervalMs
  if (first === 'now') timedPass()
  else if (first !== 'never') scheduleAt(first instanceof Date ? first : new Date(clock().getTime() + first))

  return {
    runOnce,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
    isStopped: () => stopped,
    nextAt: () => next,
  }
}

/** A time of day on the business clock: every day, or on one weekday (0 = Monday … 6 = Sunday). */
export interface BusinessTimeOfDay {
  weekday?: number
  hour: number
  minute: number
}

/**
 * The moment the business clock reads `time` on the local day `at` falls on, or, with a
 * weekday, in the Monday-to-Sunday week it falls in; before or after `at`. A time the clock
 * skips (02:30 on the spring-forward night) is an hour later; one it shows twice, the first.
 */
export function businessTimeIn(at: Date, time: BusinessTimeOfDay): Date {
  const p = localParts(at)
  const day = time.weekday === undefined ? p.day : p.day - p.weekday + time.weekday
  return localTime({ year: p.year, month: p.month, day, hour: time.hour, minute: time.minute })
}

/** The first moment after `at` the business clock reads `time` (the next day's or week's when this one's has passed). */
export function nextBusinessTime(at: Date, time: BusinessTimeOfDay): Date {
  const due = businessTimeIn(at, time)
  if (due > at) return due
  // The same wall-clock time a day or a week on: counted in local days, so a day of 23 or 25
  // hours moves it with the clock.
  const p = localParts(due)
  const days = time.weekday === undefined ? 1 : 7
  return localTime({ year: p.year, month: p.month, day: p.day + days, hour: time.hour, minute: time.minute })
}
