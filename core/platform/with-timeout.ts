/**
 * Waits for `work` at most `timeoutMs`: what it resolves with, or the error `onTimeout` makes.
 * The timer is cleared either way, and a late rejection of `work` after the timeout is
 * swallowed (nobody waits for it any more; unhandled, it would crash the process). Used where
 * a visitor's request must not hang on Redis: the queue hand-off and the rate limit's count.
 */
export async function withTimeout<T>(
  work: Promise<T>,
  timeoutMs: number,
  onTimeout: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), timeoutMs)
  })
  work.catch(() => {})
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}
