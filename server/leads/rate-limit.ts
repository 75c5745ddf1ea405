/**
 * Per-client rate limits (POST /api/enquiries, GET /api/form-token, the office's links), with
 * express-rate-limit.
 *
 * - Clients are keyed by req.ip, which honours `trust proxy` (server/config.ts, TRUST_PROXY):
 *   only the configured proxies' X-Forwarded-For counts, so a client cannot pick its own key.
 *   IPv6 clients are keyed by their /56, since one home connection gets a whole range.
 * - With Redis (REDIS_URL) the counters live there (rate-limit-redis): they survive a restart
 *   and every web process shares them.
 * - A lead is never refused because the limiter cannot reach Redis: while Redis is down, or
 *   slower than REDIS_WAIT_MS, the count goes to an in-memory store, so the limit still holds
 *   per process and the request never waits long on Redis.
 */
import type { Request, RequestHandler, Response } from 'express'
import {
  MemoryStore,
  rateLimit,
  type ClientRateLimitInfo,
  type IncrementResponse,
  type Options,
  type Store,
} from 'express-rate-limit'
import { Redis } from 'ioredis'
import { RedisStore, type RedisReply } from 'rate-limit-redis'
import type { Logger } from '../../core/platform/logger'
import { reconnectDelayMs } from '../../core/platform/redis'
import { withTimeout } from '../../core/platform/with-timeout'

const RATE_LIMIT_WINDOW_MS = 60_000
/** How long a request waits for Redis's count before counting in memory instead. */
export const REDIS_WAIT_MS = 250
/** IPv6 clients share one counter per /56 (what a home connection is usually given). */
const IPV6_SUBNET = 56

/** Where a router's limit counts: its options carry these, as server/app.ts gives them. */
export interface RateLimitCounters {
  /** Where the counters live (the enquiries' Redis, shared by every web process); absent: in memory, per process. */
  rateLimitRedis?: Redis
  /** The key prefix of the counters in Redis (QUEUE_PREFIX); absent: 'leads'. */
  queuePrefix?: string
  /** Required: the limit logs what it does when Redis fails. */
  logger: Logger
}

export interface RateLimitOptions {
  /** What is counted ('enquiries', …); the counters' keys in Redis are `<queuePrefix>:rate-limit:<name>:…`. */
  name: string
  /** Requests allowed per window and client. */
  limit: number
  windowMs?: number
  /** Answers a request over the limit; the Retry-After header and status 429 are already set. */
  refuse: (req: Request, res: Response, retryAfterSeconds: number) => void
  redisWaitMs?: number
  /** A request this says true of is neither counted nor refused. */
  skip?: (req: Request) => boolean
}

export function createRateLimit(counters: RateLimitCounters, opts: RateLimitOptions): RequestHandler {
  const windowMs = opts.windowMs ?? RATE_LIMIT_WINDOW_MS
  const log = counters.logger.child({ component: 'rate-limit' })
  const keyPrefix = `${counters.queuePrefix ?? 'leads'}:rate-limit:${opts.name}:`
  return rateLimit({
    windowMs,
    limit: opts.limit,
    ipv6Subnet: IPV6_SUBNET,
    ...(opts.skip ? { skip: opts.skip } : {}),
    // `RateLimit` and `RateLimit-Policy` headers, and Retry-After on a 429.
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: counters.rateLimitRedis
      ? new RedisOrMemoryStore(counters.rateLimitRedis, keyPrefix, log, opts.redisWaitMs ?? REDIS_WAIT_MS)
      : new MemoryStore(),
    handler: (req, res) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime
      const fromHeader = Number(res.getHeader('Retry-After'))
      const seconds =
        fromHeader > 0
          ? fromHeader
          : Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000))
      res.set('Retry-After', String(seconds)).status(429)
      opts.refuse(req, res, seconds)
    },
    validate: {
      // A client that talks to the app directly may send X-Forwarded-For; it is ignored (not
      // trusted), which is what we want, so this is not a misconfiguration worth a log line.
      xForwardedForHeader: false,
    },
    logger: {
      error: (err, msg) => log.error({ err }, msg ?? 'rate limiter error'),
      warn: (err, msg) => log.warn({ err }, msg ?? 'rate limiter warning'),
    },
  })
}

/** An ioredis connection for the limiter: fails fast while Redis is away instead of queueing. */
export function createRateLimitRedis(redisUrl: string): Redis {
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: 'roofing-web-rate-limit',
    retryStrategy: reconnectDelayMs,
  })
  // Connection errors are reported by the store when a request falls back (once per outage).
  redis.on('error', () => {})
  return redis
}

class RedisTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer from Redis in ${ms} ms`)
    this.name = 'RedisTimeoutError'
  }
}

/**
 * Counts in Redis while it answers in time, in memory otherwise. The memory counts are a
 * stand-in during an outage (per process, forgotten afterwards), not a second source of truth.
 */
class RedisOrMemoryStore implements Store {
  readonly localKeys = false
  readonly prefix: string
  private readonly redisStore: RedisStore
  private readonly memory = new MemoryStore()
  private options: Options | undefined
  /** rate-limit-redis loads its Lua scripts in init(); redone after a failure (e.g. Redis was down at start). */
  private scriptsLoaded: Promise<void> | undefined
  private fallingBack = false

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
    private readonly log: Logger,
    private readonly waitMs: number,
  ) {
    this.prefix = keyPrefix
    this.redisStore = new RedisStore({
      sendCommand: (command: string, ...args: string[]) =>
        redis.call(command, ...args) as Promise<RedisReply>,
      prefix: keyPrefix,
    })
  }

  init(options: Options): void {
    this.options = options
    this.memory.init(options)
  }

  async increment(key: string): Promise<IncrementResponse> {
    try {
      const result = await this.viaRedis((s) => s.increment(key))
      this.backToRedis()
      return result
    } catch (err) {
      this.fellBack(err)
      return this.memory.increment(key)
    }
  }

  async decrement(key: string): Promise<void> {
    await this.viaRedis((s) => s.decrement(key)).catch(() => this.memory.decrement(key))
  }

  async resetKey(key: string): Promise<void> {
    await Promise.allSettled([this.viaRedis((s) => s.resetKey(key)), this.memory.resetKey(key)])
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.viaRedis((s) => s.get(key)).catch(() => this.memory.get(key))
  }

  shutdown(): void {
    this.memory.shutdown()
  }

  private viaRedis<T>(op: (store: RedisStore) => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready')
      return Promise.reject(new Error(`Redis connection is ${this.redis.status}`))
    if (!this.options) return Promise.reject(new Error('rate limit store used before init'))
    const options = this.options
    this.scriptsLoaded ??= this.redisStore.init(options).catch((err: unknown) => {
      this.scriptsLoaded = undefined
      throw err
    })
    // A late answer after the timeout is dropped.
    return withTimeout(
      this.scriptsLoaded.then(() => op(this.redisStore)),
      this.waitMs,
      () => new RedisTimeoutError(this.waitMs),
    )
  }

  private fellBack(err: unknown): void {
    if (this.fallingBack) return
    this.fallingBack = true
    this.log.warn(
      { err: { message: err instanceof Error ? err.message : String(err) } },
      'rate limit: Redis unavailable; counting in memory until it is back',
    )
  }

  private backToRedis(): void {
    if (!this.fallingBack) return
    this.fallingBack = false
    this.log.info('rate limit: Redis is back; counting there again')
  }
}
