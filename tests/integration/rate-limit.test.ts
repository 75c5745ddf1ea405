/**
 * The enquiry rate limit (express-rate-limit): counters shared through Redis, a client that
 * cannot choose its own key, IPv6 by subnet, and a lead never refused because the limiter
 * cannot reach Redis (own redis-server for the fault drills: stopped, frozen, late).
 */
import { textLines } from '../support/log-sink'
import request from 'supertest'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { REDIS_WAIT_MS } from '../../server/leads/rate-limit'
import { VALID_ENQUIRY } from '../support/enquiries'
import { countRows, createPipeline, SITE_ORIGIN, type Pipeline } from '../support/pipeline'
import { createQueuePrefix, deleteKeys, getRedisUrl } from '../support/redis'
import { createOwnRedis, type OwnRedis } from '../support/own-redis'

const LIMIT = 3
let n = 0
const enquiry = () => ({ ...VALID_ENQUIRY, email: `rate-${Date.now()}-${(n += 1)}@example.com` })
const post = (p: Pipeline, headers: Record<string, string> = {}) =>
  request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).set(headers).send(enquiry())

const open: Pipeline[] = []
async function pipeline(
  label: string,
  env: Record<string, string>,
  rateLimitRedisUrl?: string,
  logs?: string[],
  awaitRateLimitRedis = true,
) {
  const logStream = logs ? textLines(logs) : undefined
  const p = await createPipeline({
    label,
    producerUrl: null,
    rateLimitRedisUrl,
    awaitRateLimitRedis,
    logStream,
    env: { LEAD_RATE_LIMIT_PER_MINUTE: String(LIMIT), ...env },
  })
  open.push(p)
  return p
}
afterEach(async () => {
  for (const p of open.splice(0)) await p.close()
})

describe('the per-minute limit', () => {
  test('more enquiries than the limit from one address answer 429 with Retry-After, and are not stored', async () => {
    const p = await pipeline('rate-json', {})
    for (let i = 0; i < LIMIT; i += 1) expect((await post(p)).status).toBe(201)
    const res = await post(p)
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(/wait \d+ seconds/) })
    expect(countRows(p.db, 'form_submissions')).toBe(LIMIT)
  })
})

describe('counters in Redis', () => {
  const shared = createQueuePrefix('rate-shared')
  afterAll(async () => {
    await deleteKeys(getRedisUrl(), shared)
  })

  test('two app instances on one Redis share the limit, and a new instance (a restart) still remembers it', async () => {
    const a = await pipeline('rate-a', { QUEUE_PREFIX: shared }, getRedisUrl())
    const b = await pipeline('rate-b', { QUEUE_PREFIX: shared }, getRedisUrl())
    expect((await post(a)).status).toBe(201)
    expect((await post(b)).status).toBe(201)
    expect((await post(a)).status).toBe(201)
    const refused = await post(b)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      success: false,
      error: expect.stringMatching(
        /^Too many enquiries from your connection\. Please wait \d+ seconds and try again, or call us\.$/,
      ),
    })
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.body.error).toContain(`wait ${retryAfter} seconds`)

    // The counter is a key in Redis, under the site's prefix.
    const redis = new Redis(getRedisUrl())
    const keys = await redis.keys(`${shared}:rate-limit:enquiries:*`)
    expect(keys).toHaveLength(1)
    expect(Number(await redis.get(keys[0]!))).toBe(LIMIT + 1)
    redis.disconnect()

    const restarted = await pipeline('rate-c', { QUEUE_PREFIX: shared }, getRedisUrl())
    expect((await post(restarted)).status).toBe(429)
    expect(countRows(a.db, 'form_submissions') + countRows(b.db, 'form_submissions')).toBe(LIMIT)
  })
})

describe('client addresses that cannot be forged', () => {
  test('X-Forwarded-For from a peer that is not a trusted proxy changes nothing: the fourth enquiry is refused', async () => {
    // supertest connects from 127.0.0.1, which this app does not trust as a proxy.
    const p = await pipeline('rate-forged', { TRUST_PROXY: '10.0.0.0/8' })
    const statuses: number[] = []
    for (let i = 1; i <= LIMIT + 2; i += 1)
      statuses.push((await post(p, { 'X-Forwarded-For': `203.0.113.${i}` })).status)
    expect(statuses).toEqual([201, 201, 201, 429, 429])
  })

  test('behind a trusted proxy the forwarded address is the key, so different clients have their own limits', async () => {
    const p = await pipeline('rate-proxied', { TRUST_PROXY: 'loopback' })
    for (let i = 1; i <= LIMIT + 2; i += 1)
      expect((await post(p, { 'X-Forwarded-For': `203.0.113.${i}` })).status).toBe(201)
    // The same client again and again is limited.
    const same = []
    for (let i = 0; i <= LIMIT; i += 1)
      same.push((await post(p, { 'X-Forwarded-For': '198.51.100.7' })).status)
    expect(same).toEqual([201, 201, 201, 429])
  })

  test('IPv6 clients are keyed by their /56: addresses in one home network share a limit', async () => {
    const p = await pipeline('rate-ipv6', { TRUST_PROXY: 'loopback' })
    const statuses = []
    // All in 2001:db8:1::/56.
    for (const ip of ['2001:db8:1:1::1', '2001:db8:1:1::2', '2001:db8:1:10:ab:cd::3', '2001:db8:1:ff::4'])
      statuses.push((await post(p, { 'X-Forwarded-For': ip })).status)
    expect(statuses).toEqual([201, 201, 201, 429])
    // Another /56 is another client.
    expect((await post(p, { 'X-Forwarded-For': '2001:db8:1:200::1' })).status).toBe(201)
  })
})

describe('when Redis fails, leads are still accepted', () => {
  let own: OwnRedis
  beforeAll(async () => {
    own = await createOwnRedis()
  })
  afterAll(async () => {
    await own?.stop()
  })

  test('Redis down: the enquiry is stored (201) and the limit holds in memory; back up, the counts go to Redis again', async () => {
    const logs: string[] = []
    const p = await pipeline('rate-down', {}, own.url, logs)
    expect((await post(p)).status).toBe(201)
    await own.kill()

    const statuses = []
    for (let i = 0; i < LIMIT + 1; i += 1) statuses.push((await post(p)).status)
    // One was counted in Redis before it went away; memory starts afresh: three more pass.
    expect(statuses).toEqual([201, 201, 201, 429])
    expect(countRows(p.db, 'form_submissions')).toBe(4)
    expect(logs.join('')).toContain('rate limit: Redis unavailable; counting in memory until it is back')

    await own.start()
    const probe = new Redis(own.url)
    // The limiter's connection reconnects by itself; the next request counts in Redis again.
    const deadline = Date.now() + 10_000
    let keys: string[] = []
    while (Date.now() < deadline && keys.length === 0) {
      await post(p)
      keys = await probe.keys('*rate-limit:enquiries:*')
      if (!keys.length) await new Promise((r) => setTimeout(r, 200))
    }
    probe.disconnect()
    expect(keys).toHaveLength(1)
    expect(logs.join('')).toContain('rate limit: Redis is back; counting there again')
  })

  test('Redis frozen (connected but silent): the request stops waiting for it after the bounded wait, and the lead is stored', async () => {
    const logs: string[] = []
    const p = await pipeline('rate-frozen', {}, own.url, logs)
    expect((await post(p)).status).toBe(201)
    own.freeze()
    try {
      // A frozen Redis never answers: only the bounded wait ends the request (else the test's
      // own timeout does).
      const res = await post(p)
      expect(res.status).toBe(201)
      expect(logs.join('')).toContain(`no answer from Redis in ${REDIS_WAIT_MS} ms`)
      expect(logs.join('')).toContain('rate limit: Redis unavailable; counting in memory until it is back')
      expect(countRows(p.db, 'form_submissions')).toBe(2)
    } finally {
      own.thaw()
    }
  })

  test('Redis down when the app starts: enquiries are accepted, and counting moves to Redis once it is up', async () => {
    await own.kill()
    const p = await pipeline('rate-late', {}, own.url, undefined, false)
    expect((await post(p)).status).toBe(201)
    await own.start()
    const probe = new Redis(own.url)
    const deadline = Date.now() + 10_000
    let keys: string[] = []
    while (Date.now() < deadline && keys.length === 0) {
      expect([201, 429]).toContain((await post(p)).status)
      keys = await probe.keys('*rate-limit:enquiries:*')
      if (!keys.length) await new Promise((r) => setTimeout(r, 200))
    }
    probe.disconnect()
    expect(keys).toHaveLength(1)
  })
})
