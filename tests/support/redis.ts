/**
 * Redis for the integration tests: REDIS_URL when set; otherwise
 * a Testcontainers Redis started once per run by tests/global-setup.ts when a Docker
 * engine answers; otherwise a clear error saying how to get one.
 */
import { Redis } from 'ioredis'

const NO_REDIS_MESSAGE =
  'Integration tests need Redis: set REDIS_URL=redis://127.0.0.1:6379, or start a Docker engine (see README) so Testcontainers can start one.'

/** Set by global setup: why no Redis could be started (only when REDIS_URL was unset). */
const UNAVAILABLE_ENV = 'TEST_REDIS_UNAVAILABLE'
/** Set by global setup: the key prefix of this test run. */
const RUN_PREFIX_ENV = 'TEST_QUEUE_PREFIX'

export function getRedisUrl(): string {
  const url = process.env.REDIS_URL
  if (url) return url
  const reason = process.env[UNAVAILABLE_ENV]
  throw new Error(reason ? `${NO_REDIS_MESSAGE}\n(${reason})` : NO_REDIS_MESSAGE)
}

/** A key prefix of its own for one test file, inside this run's prefix, so nothing collides. */
export function createQueuePrefix(label: string): string {
  const run = process.env[RUN_PREFIX_ENV] ?? `test-${process.pid}-${Date.now()}`
  return `${run}-${label}-${Math.random().toString(36).slice(2, 8)}`
}

/** Deletes every key under a prefix (SCAN, never KEYS, to stay kind to a shared Redis). */
export async function deleteKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 })
  let deleted = 0
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
      cursor = next
      if (keys.length) deleted += await redis.del(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
  return deleted
}

/**
 * Starts a Redis container when REDIS_URL is unset and a container engine answers.
 * Returns a stop function. Never throws: without Redis only the integration tests fail,
 * with NO_REDIS_MESSAGE, and the unit tests still run.
 */
export async function startRedisForTestRun(): Promise<() => Promise<void>> {
  process.env[RUN_PREFIX_ENV] ??= `test-${process.pid}-${Date.now()}`
  if (process.env.REDIS_URL) return async () => {}
  let reason = ''
  for (let attempt = 1; attempt <= CONTAINER_ATTEMPTS; attempt++) {
    try {
      // Testcontainers finds DOCKER_HOST, /var/run/docker.sock or the podman socket itself.
      const { RedisContainer } = await import('@testcontainers/redis')
      const container = await new RedisContainer('redis:7').start()
      process.env.REDIS_URL = container.getConnectionUrl()
      return async () => {
        await container.stop()
      }
    } catch (err) {
      reason = (err as Error).message.split('\n')[0] ?? ''
      // An engine that answers can still fail one start on a busy machine (podman has answered
      // 'write child: broken pipe'): a few tries, each said, before the integration tests are
      // told there is no Redis.
      if (attempt < CONTAINER_ATTEMPTS) {
        console.warn(`Redis container did not start (try ${attempt} of ${CONTAINER_ATTEMPTS}): ${reason}`)
        await new Promise((resolve) => setTimeout(resolve, 2000))
      }
    }
  }
  process.env[UNAVAILABLE_ENV] = `no container engine: ${reason}`
  return async () => {}
}

/** How many times the Redis container is tried before the run goes on without it. */
const CONTAINER_ATTEMPTS = 3
