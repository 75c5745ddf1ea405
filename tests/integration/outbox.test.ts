import { textLines } from '../support/log-sink'
import request from 'supertest'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { findReceipt } from '../../core/leads/receipts'
import { findLead } from '../../core/leads/store'
import { startOutboxRelay } from '../../server/leads/relay'
import { QUEUE_DISABLED, QUEUE_UNAVAILABLE } from '../../server/leads/readiness'
import { LEAD_RECEIVED_JOB, LEADS_QUEUE_NAME } from '../../core/platform/leads-queue'
import { createLeadProducer } from '../../server/leads/producer'
import { VALID_ENQUIRY } from '../support/enquiries'
import { SITE_ORIGIN, usePipeline, waitFor } from '../support/pipeline'

/** Nothing listens on port 1: connections are refused at once, as when Redis is down. */
const CLOSED_PORT_URL = 'redis://127.0.0.1:1'

describe('with Redis unreachable', () => {
  const logs: string[] = []
  const logStream = textLines(logs)
  const pipeline = usePipeline(() => ({ label: 'outbox', producerUrl: CLOSED_PORT_URL, logStream }))

  test('an enquiry answers 201 at once, is stored, reaches the worker once Redis is back, and is recorded once', async () => {
    const p = pipeline()
    const res = await request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).send(VALID_ENQUIRY)
    expect(res.status).toBe(201)
    const id: string = res.body.id
    const pending = findLead(p.db, id)
    expect(pending).toMatchObject({ enqueuedAt: null, enqueueAttempts: 1 })
    // The producer refused at once (no connection), rather than waiting for its timeout.
    const notEnqueued = logs
      .flatMap((chunk) => chunk.split('\n'))
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; leadId?: string; reason?: string })
      .find((line) => line.msg === 'lead not enqueued yet; the relay will retry' && line.leadId === id)
    expect(notEnqueued?.reason).toMatch(/: redis is [a-z]+$/)

    const ready = await request(p.http).get('/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body.checks.queue).toEqual({ status: 'degraded', detail: QUEUE_UNAVAILABLE })

    // Redis "returns": a relay whose producer reaches the real Redis, and a worker.
    p.startWorker()
    const producer = createLeadProducer({ redisUrl: p.redisUrl, prefix: p.prefix, logger: p.logger })
    p.track(producer)
    const relay = startOutboxRelay({ db: p.db, producer, logger: p.logger, intervalMs: 50 })
    p.track({ close: () => relay.stop() })

    await waitFor(() => findLead(p.db, id)?.enqueuedAt != null, 8000, 'the relay to enqueue the lead')
    await waitFor(() => findReceipt(p.db, id) !== undefined, 5000, 'the worker to record the lead')
    // More relay passes hand nothing over again, so the worker has nothing more to run.
    expect(await relay.runOnce({ ignoreBackoff: true })).toBe(0)
    expect(findReceipt(p.db, id)?.runs).toBe(1)
  })
})

describe('with REDIS_URL unset', () => {
  const pipeline = usePipeline(() => ({ label: 'noqueue', producerUrl: null }))

  test('an enquiry is stored and stays pending, and /readyz says the queue is disabled', async () => {
    const p = pipeline()
    const res = await request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).send(VALID_ENQUIRY)
    expect(res.status).toBe(201)
    expect(findLead(p.db, res.body.id)).toMatchObject({ enqueuedAt: null, enqueueAttempts: 0 })
    const ready = await request(p.http).get('/readyz')
    expect(ready.body.checks.queue).toEqual({ status: 'degraded', detail: QUEUE_DISABLED })
  })
})

describe('the worker', () => {
  const pipeline = usePipeline(() => ({ label: 'redeliver' }))

  test('a job delivered twice produces one record', async () => {
    const p = pipeline()
    const res = await request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).send(VALID_ENQUIRY)
    const id: string = res.body.id
    // A second delivery of the same lead under another job id (as after the first job
    // was removed and the relay re-added it): BullMQ cannot dedupe it, the record must.
    const connection = new Redis(p.redisUrl, { maxRetriesPerRequest: null })
    const queue = new Queue(LEADS_QUEUE_NAME, { connection, prefix: p.prefix })
    p.track({
      close: async () => {
        await queue.close()
        connection.disconnect()
      },
    })
    await queue.add(LEAD_RECEIVED_JOB, { leadId: id }, { jobId: `redelivery-${id}` })

    const worker = p.startWorker()
    let completed = 0
    worker.worker.on('completed', () => (completed += 1))
    await waitFor(() => completed === 2, 5000, 'both jobs to complete')
    expect(findReceipt(p.db, id)).toEqual({
      jobId: expect.any(String),
      runs: 2,
      recordedAt: expect.any(String),
    })
  })
})

describe('when Redis comes back', () => {
  const pipeline = usePipeline(() => ({ label: 'outbox-back', producerUrl: CLOSED_PORT_URL }))

  test('the relay hands every waiting lead over at once, without waiting for its tick or its back-off', async () => {
    const p = pipeline()
    const res = await request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).send(VALID_ENQUIRY)
    const id: string = res.body.id
    // As after many failed hand-overs: next attempt an hour away.
    p.db
      .prepare('UPDATE form_submissions SET next_attempt_at = ? WHERE id = ?')
      .run(new Date(Date.now() + 3_600_000).toISOString(), id)
    const producer = createLeadProducer({ redisUrl: p.redisUrl, prefix: p.prefix, logger: p.logger })
    p.track(producer)
    const relay = startOutboxRelay({ db: p.db, producer, logger: p.logger, intervalMs: 60_000 })
    p.track({ close: () => relay.stop() })
    await waitFor(() => findLead(p.db, id)?.enqueuedAt != null, 3000, 'the lead to be handed over')
  })
})
