/** The loop the outbox relay and the reconciler run their passes in (core/platform/pass-loop.ts). */
import { Writable } from 'node:stream'
import { afterEach, describe, expect, test } from 'vitest'
import { createLogger } from '../../core/platform/logger'
import { startPassLoop, type PassLoop } from '../../core/platform/pass-loop'

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
const loops: PassLoop<unknown, unknown>[] = []
afterEach(async () => {
  for (const loop of loops.splice(0)) await loop.stop()
  errors.length = 0
})

function loopOf<R>(pass: () => Promise<R>, opts: { intervalMs?: number; runAtStart?: boolean } = {}) {
  const loop = startPassLoop<void, R | 'failed'>({
    intervalMs: opts.intervalMs ?? 60_000,
    pass,
    resultOnError: 'failed',
    logger,
    errorMessage: 'pass failed',
    runAtStart: opts.runAtStart,
  })
  loops.push(loop as PassLoop<unknown, unknown>)
  return loop
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('startPassLoop', () => {
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
