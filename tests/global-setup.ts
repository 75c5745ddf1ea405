/**
 * Runs once before the vitest suite: sets the test environment and, when REDIS_URL is
 * unset, starts one Redis container for the whole run (tests/support/redis.ts). Values
 * put in process.env here reach the test workers, which start afterwards.
 */
import { deleteKeys, startRedisForTestRun } from './support/redis'

export default async function setup() {
  process.env.NODE_ENV = 'test'
  const stopRedis = await startRedisForTestRun()
  return async () => {
    // Each test file removes its own keys; this catches what a crashed file left behind.
    const url = process.env.REDIS_URL
    const prefix = process.env.TEST_QUEUE_PREFIX
    if (url && prefix) await deleteKeys(url, prefix).catch(() => 0)
    await stopRedis()
  }
}
