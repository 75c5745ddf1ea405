import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT, ENQUIRY_MESSAGES } from '../../shared/enquiry'
import { findReceipt } from '../../core/leads/receipts'
import { findLead } from '../../core/leads/store'
import { INVALID_FIELDS, VALID_ENQUIRY } from '../support/enquiries'
import { countRows, createPipeline, SITE_ORIGIN, waitFor, type Pipeline } from '../support/pipeline'

let p: Pipeline

beforeAll(async () => {
  p = await createPipeline({ label: 'api' })
  p.startWorker()
})
afterAll(async () => {
  await p?.close()
})

const post = (body: unknown = VALID_ENQUIRY) =>
  request(p.http)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send(body as object)

/** A body sent as it is, with its own content type. */
const postRaw = (contentType: string, body: string) =>
  request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).type(contentType).send(body)

/** Runs a request and reports how many rows it added. */
async function rowsAddedBy<T>(action: () => Promise<T>): Promise<[T, number]> {
  const before = countRows(p.db, 'form_submissions')
  const result = await action()
  return [result, countRows(p.db, 'form_submissions') - before]
}

/** The enquiry with one field set to `value` is refused with a 400 that names it, and nothing is stored. */
async function refusedNamingIt(field: string, value: unknown, message: string) {
  const [res, added] = await rowsAddedBy(() => post({ ...VALID_ENQUIRY, [field]: value }))
  expect(res.status).toBe(400)
  expect(res.body).toEqual({ success: false, errors: { [field]: message } })
  expect(added).toBe(0)
}

describe('POST /api/enquiries: accepted enquiries', () => {
  test('a valid enquiry answers 201, is stored with its form type, and the worker records it', async () => {
    const res = await post({ ...VALID_ENQUIRY, email: 'first.visit@example.com' })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) })

    const row = findLead(p.db, res.body.id)
    expect(row).toMatchObject({
      firstName: 'Dana',
      email: 'first.visit@example.com',
      formType: 'contact_modal',
      form: 'contact_modal',
      sourcePath: '/roof-inspection',
      message: VALID_ENQUIRY.message,
      duplicateOf: null,
    })
    expect(row?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(row?.enqueuedAt).not.toBeNull()

    await waitFor(() => findReceipt(p.db, res.body.id) !== undefined, 5000, 'the worker to record the lead')
    expect(findReceipt(p.db, res.body.id)).toMatchObject({ jobId: `lead-${res.body.id}`, runs: 1 })
  })

  test('an empty message is stored as NULL', async () => {
    const quiet = { email: 'quiet@example.com', message: '  ', formType: 'contact' }
    const res = await post({ ...VALID_ENQUIRY, ...quiet })
    expect(res.status).toBe(201)
    expect(findLead(p.db, res.body.id)).toMatchObject({ message: null, formType: 'contact' })
  })

  test('the form names itself and is stored; without it, its form type’s form is', async () => {
    const hail = await post({
      ...VALID_ENQUIRY,
      email: 'hail.form@example.com',
      formType: 'contact',
      form: 'hail_report',
      sourcePath: '/storm-season',
    })
    expect(hail.status).toBe(201)
    expect(findLead(p.db, hail.body.id)).toMatchObject({ formType: 'contact', form: 'hail_report' })
    const unnamed = await post({ ...VALID_ENQUIRY, email: 'no.form@example.com', formType: 'contact' })
    expect(findLead(p.db, unnamed.body.id)).toMatchObject({ formType: 'contact', form: 'contact_page' })
  })

  test('a form of another form type, or no form of ours, is refused with a message that says so', async () => {
    const mismatch = await post({ ...VALID_ENQUIRY, email: 'mismatch@example.com', form: 'exit_intent' })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.errors).toEqual({
      form: 'Form exit_intent is sent with form type exit_intent, not contact_modal',
    })
    const unknown = await post({ ...VALID_ENQUIRY, email: 'unknown@example.com', form: 'newsletter' })
    expect(unknown.body.errors).toEqual({
      form: 'Form must be one of contact_modal, contact_page, hail_report, exit_intent',
    })
  })

  test('a same-origin browser request and a request without Origin (curl) are accepted', async () => {
    const browser = await request(p.http)
      .post(ENQUIRY_ENDPOINT)
      .set('Origin', SITE_ORIGIN)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ ...VALID_ENQUIRY, email: 'browser@example.com' })
    const curl = await request(p.http)
      .post(ENQUIRY_ENDPOINT)
      .send({ ...VALID_ENQUIRY, email: 'curl@example.com' })
    expect(browser.status).toBe(201)
    expect(curl.status).toBe(201)
  })

  test('a filled honeypot answers 201 like a success, and the lead is kept in quarantine, never dropped unseen', async () => {
    const [res, added] = await rowsAddedBy(() => post({ ...VALID_ENQUIRY, website: 'http://spam.example' }))
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(added).toBe(1)
    const lead = findLead(p.db, res.body.id)
    expect(lead?.quarantinedAt).toEqual(expect.any(String))
    expect(lead?.spamScore).toBeGreaterThanOrEqual(10)
    expect(lead?.spamReasons.map((r) => r.code)).toContain('honeypot')
    // Never handed to the queue: the office is not told.
    expect(lead?.enqueuedAt).toBeNull()
    // /readyz counts it, but spam held back is not an undelivered lead.
    const ready = await request(p.http).get('/readyz')
    expect(ready.body.checks.delivery).toMatchObject({
      status: 'ok',
      counts: { undelivered: 0, quarantined: expect.any(Number) },
    })
    expect(ready.body.checks.delivery.counts.quarantined).toBeGreaterThanOrEqual(1)
  })

  test('an invalid enquiry with the honeypot filled answers 201 too, and stores nothing (there is no lead in it)', async () => {
    const [res, added] = await rowsAddedBy(() =>
      post({ ...VALID_ENQUIRY, email: 'not-an-address', website: 'http://spam.example' }),
    )
    expect(res.status).toBe(201)
    expect(added).toBe(0)
  })

  test('a plain client without a form token and with ordinary content is a lead, not spam', async () => {
    const res = await post(VALID_ENQUIRY)
    expect(res.status).toBe(201)
    const lead = findLead(p.db, res.body.id)
    expect(lead?.quarantinedAt).toBeNull()
    expect(lead?.spamScore).toBe(1)
    expect(lead?.spamReasons.map((r) => r.code)).toEqual(['token_missing'])
  })

  test('the same e-mail twice within 24 hours stores two rows, the second marked as a duplicate, with the same answer', async () => {
    const first = await post({ ...VALID_ENQUIRY, email: 'Repeat.Visitor@example.com' })
    const second = await post({
      ...VALID_ENQUIRY,
      email: '  repeat.visitor@EXAMPLE.com ',
      formType: 'contact',
      sourcePath: '/contact',
    })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(Object.keys(second.body).sort()).toEqual(Object.keys(first.body).sort())
    expect(second.body.id).not.toBe(first.body.id)
    expect(findLead(p.db, first.body.id)?.duplicateOf).toBeNull()
    expect(findLead(p.db, second.body.id)?.duplicateOf).toBe(first.body.id)
  })
})

describe('POST /api/enquiries: refused requests store nothing', () => {
  test.each(INVALID_FIELDS)('an invalid %s answers 400 with its message and stores nothing', refusedNamingIt)

  test('a missing required field answers 400 naming that field', async () => {
    const { phone: _phone, ...withoutPhone } = VALID_ENQUIRY
    const [res, added] = await rowsAddedBy(() => post(withoutPhone))
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ phone: ENQUIRY_MESSAGES.phone })
    expect(added).toBe(0)
  })

  test('malformed JSON answers 400 with a form-level message and stores nothing', async () => {
    const [res, added] = await rowsAddedBy(() => postRaw('application/json', '{"firstName": "Dana",'))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ success: false, errors: { _form: expect.any(String) } })
    expect(JSON.stringify(res.body)).not.toMatch(/SyntaxError|at .*\.js/)
    expect(added).toBe(0)
  })

  test('a body that is neither JSON nor a form answers 415 with a message naming JSON and stores nothing', async () => {
    const [res, added] = await rowsAddedBy(() => postRaw('text/plain', JSON.stringify(VALID_ENQUIRY)))
    expect(res.status).toBe(415)
    expect(res.body).toEqual({ success: false, error: expect.stringContaining('application/json') })
    expect(added).toBe(0)
  })

  test('a body over 16 KB answers 413 and stores nothing', async () => {
    const [res, added] = await rowsAddedBy(() => post({ ...VALID_ENQUIRY, message: 'x'.repeat(17 * 1024) }))
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ success: false, error: expect.stringContaining('16 KB') })
    expect(added).toBe(0)
  })

  test('an unknown key answers 400 naming the key and stores nothing', async () => {
    const [res, added] = await rowsAddedBy(() => post({ ...VALID_ENQUIRY, isAdmin: true }))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ success: false, errors: { isAdmin: 'Unknown field: isAdmin' } })
    expect(added).toBe(0)
  })

  test('a cross-origin request answers 403 and stores nothing', async () => {
    const [byOrigin, added1] = await rowsAddedBy(() =>
      request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', 'https://evil.example').send(VALID_ENQUIRY),
    )
    const [byFetchSite, added2] = await rowsAddedBy(() =>
      request(p.http).post(ENQUIRY_ENDPOINT).set('Sec-Fetch-Site', 'cross-site').send(VALID_ENQUIRY),
    )
    for (const res of [byOrigin, byFetchSite]) {
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ success: false, error: expect.any(String) })
    }
    expect(added1 + added2).toBe(0)
  })

  test('twenty bad requests in a row leave the server serving', async () => {
    for (let i = 0; i < 20; i += 1) {
      const bad =
        i % 4 === 0
          ? request(p.http).post(ENQUIRY_ENDPOINT).set('Content-Type', 'application/json').send('{{{')
          : i % 4 === 1
            ? post({ nonsense: i })
            : i % 4 === 2
              ? post([1, 2, 3])
              : request(p.http).post(ENQUIRY_ENDPOINT).set('Content-Type', 'application/json').send('null')
      const res = await bad
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }
    expect((await request(p.http).get('/healthz')).status).toBe(200)
    const ready = await request(p.http).get('/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toMatchObject({
      status: 'ok',
      checks: { database: { status: 'ok' }, queue: { status: 'ok' } },
    })
  })

  test('other methods answer 405 with the allowed method', async () => {
    const res = await request(p.http).get(ENQUIRY_ENDPOINT)
    expect(res.status).toBe(405)
    expect(res.headers.allow).toBe('POST')
  })
})

/** Where a visit came from, as the form sends it: this visit's campaign and the first one's. */
const TOUCH = {
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'hail-2026',
  gclid: 'Cj0KCQiA-abc_123.x~y',
  referrer: 'https://www.google.com',
  landing_page: '/service-areas/parker-co?utm_source=google&utm_medium=cpc&utm_campaign=hail-2026',
  first_utm_source: 'facebook',
  first_utm_medium: 'paid',
  first_landing_page: '/',
  first_seen_at: '2026-11-01T15:04:05.000Z',
}

describe('POST /api/enquiries: where the visit came from, and the form token', () => {
  test('the source fields of this visit and of the first one are stored with the lead', async () => {
    const res = await post({ ...VALID_ENQUIRY, email: 'came.from@example.com', ...TOUCH })
    expect(res.status).toBe(201)
    expect(findLead(p.db, res.body.id)).toMatchObject({ ...TOUCH, utm_term: null, first_gclid: null })
  })

  test.each([
    [
      'referrer',
      'https://www.google.com/search?q=roofer',
      'Referrer must be a web origin such as https://www.google.com, without a path',
    ],
    ['landing_page', 'service-areas/parker-co', 'Landing page must be a path of this site, starting with /'],
    ['gclid', 'abc def', 'Google Ads click id (gclid) may hold only letters, digits and - _ . ~'],
    ['utm_campaign', 'x'.repeat(201), 'UTM campaign must be at most 200 characters'],
    [
      'utm_source',
      'goo\u200bgle',
      'UTM source contains a hidden character (such as a zero-width space or a control code). Please delete it, or clear the field and type it again.',
    ],
    ['first_seen_at', 'yesterday', 'Time of the first visit must be an ISO date and time'],
    ['utm_medium', 42, 'UTM medium must be text'],
  ])('a malformed %s is refused with a 400 that names it, and nothing is stored', refusedNamingIt)

  test('GET /api/form-token hands out a fresh token that is never cached', async () => {
    const res = await request(p.http).get('/api/form-token')
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body.token).toMatch(/^\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)
  })

  // The token's whole life (used once, reused, unknown, fetched by another site) and the other
  // evidence through this same app: form-token-lifecycle.test.ts.
  test('an enquiry sent the instant its form was shown scores for it but is not held on speed alone', async () => {
    const { token } = (await request(p.http).get('/api/form-token').set('Sec-Fetch-Site', 'same-origin'))
      .body as {
      token: string
    }
    const instant = await post({ ...VALID_ENQUIRY, email: 'instant@example.com', form_token: token })
    expect(instant.status).toBe(201)
    const autofilled = findLead(p.db, instant.body.id)
    expect(autofilled?.quarantinedAt).toBeNull()
    expect(autofilled?.spamReasons.map((r) => r.code)).toEqual(['token_instant'])
  })
})
