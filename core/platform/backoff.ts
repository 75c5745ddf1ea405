/**
 * Exponential back-off, the one schedule both retry loops use: the outbox relay handing a
 * stored lead to the queue (web: 1 s doubling to 5 min) and a notification after a transient
 * failure (worker: NOTIFY_RETRY_BASE_MS doubling to NOTIFY_RETRY_MAX_MS).
 */
export interface Backoff {
  /** The wait after the first failure. */
  baseMs: number
  /** The longest wait, however many failures came before. */
  maxMs: number
}

/** The wait after `attempts` failures: base, 2 × base, 4 × base … at most max. */
export function backoffDelayMs(attempts: number, backoff: Backoff): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1))
}
