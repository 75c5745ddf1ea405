/**
 * What every Redis connection of the site shares: how soon it reconnects. ioredis retries a
 * lost connection for ever; its default waits up to 2 s between tries, and a lead sent in
 * that window waits for the relay (web) or the reconciler (worker) instead of going straight
 * through. Reconnecting is cheap, so: 100 ms, 200 ms … then every second.
 */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(attempt * 100, 1000)
}
