import { textLines } from '../support/log-sink'
import request from 'supertest'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { findReceipt } from '../../core/leads/receipts'
import { findLead, releaseLead } from '../../core/leads/store'
import { handOverLead } from '../../server/leads/outbox'
import { personalValues } from '../support/personal-values'
import { createPipeline, SITE_ORIGIN, waitFor, type Pipeline } from '../support/pipeline'

const lines: string[] = []
const capture = textLines(lines)

/** Every personal field of the lead-field table, with a distinctive value. */
const PERSONAL = personalValues()

let p: Pipeline
beforeAll(async () => {
  p = await createPipeline({ label: 'logs', logStream: capture })
  p.startWorker()
})
afterAll(async () => {
  await p?.close()
})

test('the log of a lead names its id and contains none of the personal data', async () => {
  const ok = await request(p.http)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send({ ...PERSONAL, formType: 'contact' })
  expect(ok.status).toBe(201)
  // Such made-up values score as spam: its quarantine log line must not leak them either, and
  // once released the lead goes through the worker like any other.
  expect(findLead(p.db, ok.body.id)?.quarantinedAt).not.toBeNull()
  expect(releaseLead(p.db, ok.body.id, new Date())).toBe(true)
  // What the web's relay does with a released lead.
  await handOverLead({ db: p.db, producer: p.producer!, logger: p.logger }, ok.body.id)
  await waitFor(() => findReceipt(p.db, ok.body.id) !== undefined, 8000, 'the worker to record the lead')
  // A refused one and a duplicate must not leak either.
  await request(p.http)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send({ ...PERSONAL, phone: '1', formType: 'contact' })
  await request(p.http)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send({ ...PERSONAL, formType: 'exit_intent', website: 'bot' })

  const log = lines.join('')
  expect(log).toContain(ok.body.id)
  expect(log).toContain('lead stored in quarantine as spam')
  expect(log).toContain('lead recorded')
  for (const value of Object.values(PERSONAL)) expect(log).not.toContain(value)
  expect(log.toLowerCase()).not.toContain('privacycheck')
})
