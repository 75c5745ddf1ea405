/** The scheduler every background job runs its passes in (core/platform/scheduler.ts). */
import { Writable } from 'node:stream'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createLogger } from '../../core/platform/logger'
import {
  businessTimeIn,
  nextBusinessTime,
  startScheduler,
  type Scheduler,
} from '../../core/platform/scheduler'

const errors: string[] = []
const logger = createLogger(
  'error',
  new Writable({
    write(chunk, _encoding, done) {
      errors.push((JSON.parse(String(chunk)) as { msg: string }).msg)
      done()
    },
  }),
)
const loops: Scheduler<unknown, unknown>[] = []
afterEach(async () => {
  for (const loop of loops.splice(0)) await loop.stop()
  errors.length = 0
})

function loopOf<R>(pass: () => Promise<R>, opts: { intervalMs?: number; runAtStart?: boolean } = {}) {
  const loop = startScheduler<void, R | 'failed'>({
    intervalMs: opts.intervalMs ?? 60_000,
    pass,
    resultOnError: 'failed',
    logger,
    errorMessage: 'pass failed',
    first: opts.runAtStart ? 'now' : undefined,
  })
  loops.push(loop as Scheduler<unknown, unknown>)
  return loop
}

/** A loop every 5 ms whose pass counts its runs (0 when it fails); `more` sets when it runs them. */
function countingLoop(more: Pick<Parameters<typeof startScheduler<void, number>>[0], 'first' | 'nextAfter'>) {
  let passes = 0
  const loop = startScheduler<void, number>({
    pass: () => ++passes,
    resultOnError: 0,
    logger,
    errorMessage: 'pass failed',
    intervalMs: 5,
    ...more,
  })
  loops.push(loop as Scheduler<unknown, unknown>)
  return { loop, passes: () => passes }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('startScheduler', () => {
  test('a pass at start may already use the loop it belongs to', async () => {
    const seen: boolean[] = []
    const loop = loopOf(
      async () => {
        seen.push(loop.isStopped())
        return 'done'
      },
      { runAtStart: true },
    )
    await sleep(20)
    expect(seen).toEqual([false])
    expect(errors).toEqual([])
  })

  test('runs one pass at a time: a second request joins the pass in progress', async () => {
    let passes = 0
    const loop = loopOf(async () => {
      passes += 1
      await sleep(30)
      return passes
    })
    const [a, b] = await Promise.all([loop.runOnce(), loop.runOnce()])
    expect([a, b, passes]).toEqual([1, 1, 1])
    expect(await loop.runOnce()).toBe(2)
  })

  test('a pass that throws is logged and resolves with resultOnError; the timer runs the next one', async () => {
    let passes = 0
    const loop = loopOf(
      async () => {
        passes += 1
        if (passes === 1) throw new Error('database busy')
        return 'ok'
      },
      { intervalMs: 10 },
    )
    expect(await loop.runOnce()).toBe('failed')
    expect(errors).toEqual(['pass failed'])
    await sleep(60)
    expect(passes).toBeGreaterThan(1)
  })

  test('stop() waits for the pass in progress, and no pass runs after it', async () => {
    let finished = 0
    let started = 0
    const loop = loopOf(
      async () => {
        started += 1
        await sleep(40)
        finished += 1
        return finished
      },
      { intervalMs: 5, runAtStart: true },
    )
    await sleep(10)
    await loop.stop()
    expect(finished).toBe(started)
    await sleep(40)
    expect(started).toBe(finished)
    expect(loop.isStopped()).toBe(true)
  })
})

describe('the next timed pass', () => {
  test('comes at the moment the last pass’s result names, and nextAt() says when', async () => {
    const results = ['failed', 'ok']
    const ran: string[] = []
    const loop = startScheduler<void, string>({
      pass: async () => {
        const result = results.shift() ?? 'ok'
        ran.push(result)
        return result
      },
      resultOnError: 'failed',
      logger,
      errorMessage: 'pass failed',
      intervalMs: 60_000,
      // A failure comes back at once; a success after an hour.
      nextAfter: (result) => new Date(Date.now() + (result === 'failed' ? 0 : 3_600_000)),
      first: 'now',
    })
    loops.push(loop as Scheduler<unknown, unknown>)
    await sleep(60)
    expect(ran).toEqual(['failed', 'ok'])
    const inHours = (loop.nextAt()!.getTime() - Date.now()) / 3_600_000
    expect(inHours).toBeGreaterThan(0.99)
    expect(inHours).toBeLessThanOrEqual(1)
  })

  test("first: 'never' runs passes only when asked", async () => {
    const { loop, passes } = countingLoop({ first: 'never' })
    await sleep(30)
    expect([passes(), loop.nextAt()]).toEqual([0, null])
    expect(await loop.runOnce()).toBe(1)
    await sleep(30)
    expect(passes()).toBe(1)
  })

  test('a result that cannot say when is logged, and the next pass comes an interval later', async () => {
    const { passes } = countingLoop({
      nextAfter: (n) => {
        if (n === 1) throw new Error('no date')
        return new Date(Date.now() + 5)
      },
      first: 'now',
    })
    // The second pass is the event that shows the loop went on (on a loaded machine 60 ms was not always enough).
    await vi.waitFor(() => expect(passes()).toBeGreaterThan(1), { timeout: 5000, interval: 5 })
    expect(errors).toEqual(['pass failed'])
  })
})

describe('a time of day on the business clock (America/Denver)', () => {
  const at = (iso: string) => new Date(iso)

  test('08:00 every day is 15:00 UTC in winter and 14:00 UTC in summer, across both changes', () => {
    const daily = { hour: 8, minute: 0 }
    // Saturday before the spring change (MST), then the Sunday it happens (MDT from 02:00).
    expect(businessTimeIn(at('2026-03-07T20:00:00Z'), daily)).toEqual(at('2026-03-07T15:00:00Z'))
    expect(nextBusinessTime(at('2026-03-07T15:00:00Z'), daily)).toEqual(at('2026-03-08T14:00:00Z'))
    // The fall change: 23:59 on Saturday in Denver is already Sunday in UTC.
    expect(businessTimeIn(at('2026-11-01T05:59:00Z'), daily)).toEqual(at('2026-10-31T14:00:00Z'))
    expect(nextBusinessTime(at('2026-10-31T14:00:00Z'), daily)).toEqual(at('2026-11-01T15:00:00Z'))
  })

  test('a time near midnight keeps its day across a 23- and a 25-hour day', () => {
    // 23:30 on the Saturday before spring forward, then 23:30 on that (23-hour) Sunday.
    expect(nextBusinessTime(at('2026-03-08T06:30:00Z'), { hour: 23, minute: 30 })).toEqual(
      at('2026-03-09T05:30:00Z'),
    )
    // 00:30 on the (25-hour) fall-back Sunday, then 00:30 on Monday.
    expect(nextBusinessTime(at('2026-11-01T06:30:00Z'), { hour: 0, minute: 30 })).toEqual(
      at('2026-11-02T07:30:00Z'),
    )
  })

  test('a time the clock skips comes an hour later; a time it shows twice is the first', () => {
    expect(businessTimeIn(at('2026-03-08T18:00:00Z'), { hour: 2, minute: 30 })).toEqual(
      at('2026-03-08T09:30:00Z'),
    )
    expect(businessTimeIn(at('2026-11-01T18:00:00Z'), { hour: 1, minute: 30 })).toEqual(
      at('2026-11-01T07:30:00Z'),
    )
  })

  test('Monday 08:00 is the Monday of the week a moment falls in, and the next one follows the clock', () => {
    const monday = { weekday: 0, hour: 8, minute: 0 }
    // Sunday 2026-03-08 (the spring change) is in the week of Monday 2026-03-02 (MST).
    expect(businessTimeIn(at('2026-03-08T20:00:00Z'), monday)).toEqual(at('2026-03-02T15:00:00Z'))
    expect(nextBusinessTime(at('2026-03-02T15:00:00Z'), monday)).toEqual(at('2026-03-09T14:00:00Z'))
    // Friday 16:30 before Monday's: the same week's Friday.
    expect(nextBusinessTime(at('2026-10-26T15:00:00Z'), { weekday: 4, hour: 16, minute: 30 })).toEqual(
      at('2026-10-30T22:30:00Z'),
    )
    expect(nextBusinessTime(at('2026-10-30T22:30:00Z'), { weekday: 4, hour: 16, minute: 30 })).toEqual(
      at('2026-11-06T23:30:00Z'),
    )
  })
})
