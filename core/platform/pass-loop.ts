/**
 * A background loop of passes, as the outbox relay (web) and the reconciler (worker) run:
 * one pass at a time, whether the timer, an event or a caller asks for it; the next timed
 * pass `intervalMs` after the previous one ends; a pass that throws is logged and the loop
 * goes on; stop() waits for a pass in progress. The timer never keeps the process alive.
 */
import type { Logger } from './logger'

export interface PassLoop<Options, Result> {
  /** Runs a pass now, or joins the one in progress; never rejects. */
  runOnce(options?: Options): Promise<Result>
  /** No more passes; resolves when the one in progress (if any) has ended. */
  stop(): Promise<void>
  /** Whether stop() was called: a long pass checks it between steps. */
  isStopped(): boolean
}

export function startPassLoop<Options, Result>(opts: {
  intervalMs: number
  pass: (options: Options | undefined) => Promise<Result>
  /** What runOnce resolves with when the pass threw. */
  resultOnError: Result
  logger: Logger
  /** The error line's message, e.g. 'reconciler pass failed; next pass retries'. */
  errorMessage: string
  /** Run a pass at once (what a previous process left is picked up at start), not after the first interval. */
  runAtStart?: boolean
}): PassLoop<Options, Result> {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<Result> | undefined

  function runOnce(options?: Options): Promise<Result> {
    // Started on the next microtask, so a pass never runs inside startPassLoop() itself (its
    // caller may not have the loop in hand yet), and a synchronous throw is caught too.
    running ??= Promise.resolve()
      .then(() => opts.pass(options))
      .catch((err: unknown) => {
        opts.logger.error({ err }, opts.errorMessage)
        return opts.resultOnError
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => void runOnce().finally(schedule), opts.intervalMs)
    timer.unref()
  }

  if (opts.runAtStart) void runOnce().finally(schedule)
  else schedule()

  return {
    runOnce,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
    isStopped: () => stopped,
  }
}
