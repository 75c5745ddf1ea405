import { Writable } from 'node:stream'
import request from 'supertest'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { findDeliveries } from '../../core/db/deliveries'
import { createPipeline, SITE_ORIGIN, waitFor, type Pipeline } from '../support/pipeline'

const lines: string[] = []
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk))
    done()
  },
})

/** Distinctive values, so any of them turning up in the log is unmistakable. */
const PERSONAL = {
  firstName: 'Zebulon',
  lastName: 'Quixote-Hargreaves',
  email: 'zebulon.q.h@privacy-check.example',
  phone: '7205550123987',
  address: '9876 Unlikely Lane, Thornton',
  message: 'My secret gate code is 4242',
}

let p: Pipeline
beforeAll(async () => {
  p = await createPipeline({ label: 'logs', logStream: capture })
  p.startWorker()
})
afterAll(async () => {
  await p?.close()
})

test('the log of a submission names its id and contains none of the personal data', async () => {
  const ok = await request(p.app)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send({ ...PERSONAL, formType: 'contact' })
  expect(ok.status).toBe(201)
  await waitFor(() => findDeliveries(p.db, ok.body.id).length === 1, 5000, 'the worker to record the lead')
  // A refused one and a duplicate must not leak either.
  await request(p.app)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send({ ...PERSONAL, phone: '1', formType: 'contact' })
  await request(p.app)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send({ ...PERSONAL, formType: 'exit_intent', website: 'bot' })

  const log = lines.join('')
  expect(log).toContain(ok.body.id)
  expect(log).toContain('enquiry stored')
  expect(log).toContain('lead recorded')
  for (const value of Object.values(PERSONAL)) expect(log).not.toContain(value)
  expect(log.toLowerCase()).not.toContain('zebulon')
})
