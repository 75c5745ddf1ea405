/**
 * POST /api/enquiries as a plain HTML form sends it (application/x-www-form-urlencoded),
 * which is how every lead form is sent when JavaScript is off or failed to load. Pages are
 * rendered by Vike through Vite's dev server, so a refused post is answered with its real
 * page (docs/forms.md). The JSON answers are covered by enquiry-api.test.ts.
 */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT, ENQUIRY_MESSAGES } from '../../shared/enquiry'
import type { Db } from '../../core/platform/db/connection'
import { CONTACT_PAGE_FORM as CONTACT_FORM } from '../support/enquiries'
import { countRows, createPipeline, SITE_ORIGIN, type Pipeline } from '../support/pipeline'

let p: Pipeline

beforeAll(async () => {
  p = await createPipeline({ label: 'form-post', pages: 'dev', producerUrl: null })
})
afterAll(async () => {
  await p?.close()
})

const postForm = (fields: Record<string, string>, origin = SITE_ORIGIN) =>
  request(p.http)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', origin)
    .set('Sec-Fetch-Site', origin === SITE_ORIGIN ? 'same-origin' : 'cross-site')
    .set('Accept', 'text/html')
    .type('form')
    .send(fields)

function rowsByEmail(db: Db, email: string) {
  return db
    .prepare('SELECT * FROM form_submissions WHERE email = ? ORDER BY created_at')
    .all(email) as Record<string, unknown>[]
}

/** The text of the element with this id in an HTML page (enough for the pages' flat markup). */
function textOfId(html: string, id: string): string | undefined {
  const match = new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)
  return match?.[1]
}

describe('a plain form post that is accepted', () => {
  test('the booking page learns the lead’s reference from a cookie, after a plain post as after JSON', async () => {
    const form = await postForm({ ...CONTACT_FORM, email: 'ref.form@example.com' })
    expect(form.status).toBe(303)
    const { website: _honeypot, ...json } = CONTACT_FORM
    const api = await request(p.http)
      .post(ENQUIRY_ENDPOINT)
      .set('Origin', SITE_ORIGIN)
      .send({ ...json, email: 'ref.json@example.com' })
    expect(api.status).toBe(201)
    for (const [res, email] of [
      [form, 'ref.form@example.com'],
      [api, 'ref.json@example.com'],
    ] as const) {
      const cookie = ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('booking_ref='))
      // For the booking page only, readable by its script (not HttpOnly), the lead's own reference.
      expect(cookie).toMatch(
        /^booking_ref=[A-Za-z0-9]{22}; Max-Age=604800; Path=\/schedule-inspection; Expires=[^;]+; SameSite=Lax$/,
      )
      const [row] = rowsByEmail(p.db, email)
      expect(cookie).toContain(`booking_ref=${String(row?.booking_ref)};`)
      expect(row?.booking_ref).not.toBe(row?.id)
    }
  })

  test('a valid one answers 303 to /schedule-inspection and stores exactly what the JSON path stores', async () => {
    const email = 'same.row@example.com'
    const form = await postForm({ ...CONTACT_FORM, email })
    expect(form.status).toBe(303)
    expect(form.headers.location).toBe('/schedule-inspection')

    const { website: _honeypot, ...json } = CONTACT_FORM
    const api = await request(p.http)
      .post(ENQUIRY_ENDPOINT)
      .set('Origin', SITE_ORIGIN)
      .send({ ...json, email })
    expect(api.status).toBe(201)

    const [fromForm, fromJson] = rowsByEmail(p.db, email)
    const comparable = (row: Record<string, unknown> | undefined) => {
      const {
        id: _id,
        created_at: _c,
        updated_at: _u,
        duplicate_of: _d,
        next_attempt_at: _n,
        // Each lead has a reference of its own for the booking page (docs/bookings.md).
        booking_ref: _r,
        ...rest
      } = row ?? {}
      return rest
    }
    expect(comparable(fromForm)).toEqual(comparable(fromJson))
    expect(fromForm).toMatchObject({
      first_name: 'Dana',
      form_type: 'contact',
      form: 'contact_page',
      source_path: '/contact',
      message: CONTACT_FORM.message,
    })
  })

  test('each form is stored with its own name, its form type and page; an empty message is stored as NULL', async () => {
    const cases: Record<string, string>[] = [
      { formType: 'contact_modal', form: 'contact_modal', sourcePath: '/roof-repair', message: '' },
      { formType: 'exit_intent', form: 'exit_intent', sourcePath: '/about' },
      { formType: 'contact', form: 'hail_report', sourcePath: '/hail-report' },
    ]
    for (const [i, c] of cases.entries()) {
      const { message: _m, ...withoutMessage } = CONTACT_FORM
      const email = `type.${i}@example.com`
      const res = await postForm({ ...withoutMessage, ...c, email })
      expect(res.status).toBe(303)
      expect(rowsByEmail(p.db, email)).toEqual([
        expect.objectContaining({
          form_type: c.formType,
          form: c.form,
          source_path: c.sourcePath,
          message: null,
        }),
      ])
    }
  })

  test('a post that names no form (a page loaded before the forms named themselves) is stored as its form type’s form', async () => {
    const { form: _form, ...withoutForm } = CONTACT_FORM
    const res = await postForm({ ...withoutForm, sourcePath: '/hail-report', email: 'no.form@example.com' })
    expect(res.status).toBe(303)
    expect(rowsByEmail(p.db, 'no.form@example.com')).toEqual([
      expect.objectContaining({ form_type: 'contact', form: 'contact_page', source_path: '/hail-report' }),
    ])
  })

  test('text is stored in NFC, as the JSON path stores it', async () => {
    const res = await postForm({ ...CONTACT_FORM, firstName: 'Jose\u0301', email: 'nfc@example.com' })
    expect(res.status).toBe(303)
    expect(rowsByEmail(p.db, 'nfc@example.com')[0]?.first_name).toBe('Jos\u00e9')
  })

  test('a filled honeypot gets the same 303 as a success, and the lead is kept in quarantine', async () => {
    const before = countRows(p.db, 'form_submissions')
    const res = await postForm({ ...CONTACT_FORM, website: 'http://spam.example' })
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe('/schedule-inspection')
    expect(countRows(p.db, 'form_submissions')).toBe(before + 1)
    const row = p.db
      .prepare('SELECT quarantined_at, spam_score FROM form_submissions ORDER BY created_at DESC LIMIT 1')
      .get() as { quarantined_at: string | null; spam_score: number }
    expect(row.quarantined_at).not.toBeNull()
    expect(row.spam_score).toBeGreaterThanOrEqual(10)
  })
})

describe('a plain form post that is refused, or a browser that opens the address', () => {
  test('an invalid one renders the page it came from again with the messages, the values and a summary, and stores nothing', async () => {
    const before = countRows(p.db, 'form_submissions')
    const res = await postForm({
      ...CONTACT_FORM,
      firstName: '\u200b',
      lastName: 'Reyes',
      address: 'Elm',
      email: 'dana-at-example',
      phone: '555-0199',
      message: 'Please call <after 5>',
    })
    expect(res.status).toBe(400)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-store')
    const html = res.text
    // The contact page itself, with its form.
    expect(html).toContain('<h1')
    expect(html).toContain('Send Us a Message')
    // Every message beside its field, tied to it by id.
    for (const [field, message] of [
      ['firstName', ENQUIRY_MESSAGES.firstName],
      ['address', ENQUIRY_MESSAGES.address],
      ['email', ENQUIRY_MESSAGES.email],
      ['phone', ENQUIRY_MESSAGES.phone],
    ] as const) {
      const inputId = new RegExp(`id="([^"]+-${field})"[^>]*aria-invalid="true"`).exec(html)?.[1]
      expect(inputId, field).toBeDefined()
      expect(textOfId(html, `${inputId}-error`)).toBe(message)
    }
    expect(html).not.toMatch(/id="[^"]+-lastName"[^>]*aria-invalid/)
    // What the visitor typed is still there (escaped).
    expect(html).toContain('value="Reyes"')
    expect(html).toContain('value="dana-at-example"')
    expect(html).toContain('Please call &lt;after 5&gt;</textarea>')
    // The summary at the top takes focus and links each field.
    expect(html).toMatch(/class="error-summary" role="alert"[^>]*autofocus=""[^>]*data-page-path="\/contact"/)
    expect(html).toContain('Please check 4 fields')
    expect(html).toMatch(/<a href="#[^"]+-address">Property Address<\/a>/)
    expect(countRows(p.db, 'form_submissions')).toBe(before)
  })

  test('the contact modal refused on a content page comes back on that page with the dialog open', async () => {
    const modal = { formType: 'contact_modal', form: 'contact_modal', sourcePath: '/roof-repair' }
    const res = await postForm({ ...CONTACT_FORM, ...modal, phone: '123' })
    expect(res.status).toBe(400)
    expect(res.text).toMatch(/<dialog id="free-inspection"[^>]*open=""/)
    expect(res.text).toContain('Roof Repair')
    expect(textOfId(res.text, 'contact-modal-form-phone-error')).toBe(ENQUIRY_MESSAGES.phone)
    expect(res.text).toMatch(/id="contact-modal-form-phone"[^>]*value="123"/)
    // The exit-intent dialog stays closed.
    expect(res.text).toMatch(/<dialog id="hail-weather-report"(?![^>]*open)[^>]*>/)
  })

  test('a hidden character gets its own message', async () => {
    const res = await postForm({ ...CONTACT_FORM, lastName: 'Re\u202eyes', email: 'hidden@example.com' })
    expect(res.status).toBe(400)
    expect(res.text).toMatch(/Last name contains a hidden character/)
    expect(rowsByEmail(p.db, 'hidden@example.com')).toHaveLength(0)
  })

  test('a form of another form type is refused, and the form says why', async () => {
    const res = await postForm({ ...CONTACT_FORM, form: 'exit_intent', email: 'mismatch@example.com' })
    expect(res.status).toBe(400)
    expect(res.text).toContain('This form could not be sent as it was.')
    expect(rowsByEmail(p.db, 'mismatch@example.com')).toHaveLength(0)
  })

  test.each([
    [
      'the hail report form refused comes back on its own page, whatever page it names',
      { form: 'hail_report', sourcePath: '/faqs' },
      '/hail-report',
      'Send My Free Hail Report',
    ],
    [
      'a form naming no known page is shown on the contact page',
      { formType: 'contact', sourcePath: '/nowhere' },
      '/contact',
      'Send Us a Message',
    ],
  ])('%s', async (_title, fields, page, words) => {
    const res = await postForm({ ...CONTACT_FORM, ...fields, phone: '1' })
    expect(res.status).toBe(400)
    expect(res.text).toContain(`data-page-path="${page}"`)
    expect(res.text).toContain(words)
  })

  test('a cross-site post gets a 403 page a person can read, and nothing is stored', async () => {
    const before = countRows(p.db, 'form_submissions')
    const res = await postForm(CONTACT_FORM, 'https://evil.example')
    expect(res.status).toBe(403)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.text).toContain('This form can only be sent from our own website.')
    expect(res.text).toMatch(/<a class="btn btn-primary" href="tel:\+1\d{10}">/)
    expect(countRows(p.db, 'form_submissions')).toBe(before)
  })

  test('a post over 16 KB gets a 413 page that says so', async () => {
    const res = await postForm({ ...CONTACT_FORM, message: 'x'.repeat(17 * 1024) })
    expect(res.status).toBe(413)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.text).toContain('16 KB')
  })

  test('a post with more fields than any of our forms gets a 413 page that says so, and nothing is stored', async () => {
    const before = countRows(p.db, 'form_submissions')
    const extra = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extra${i}`, 'x']))
    const res = await postForm({ ...CONTACT_FORM, ...extra })
    expect(res.status).toBe(413)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.text).toContain('The form sent more fields than ours have.')
    expect(countRows(p.db, 'form_submissions')).toBe(before)
  })

  test('a multipart body answers 415 as JSON, as before', async () => {
    const res = await request(p.http)
      .post(ENQUIRY_ENDPOINT)
      .set('Origin', SITE_ORIGIN)
      .field('firstName', 'Dana')
    expect(res.status).toBe(415)
    expect(res.body).toEqual({ success: false, error: expect.stringContaining('application/json') })
  })

  test('a browser opening the address is sent to the contact page; other clients learn the method', async () => {
    const browser = await request(p.http).get(ENQUIRY_ENDPOINT).set('Accept', 'text/html,*/*;q=0.8')
    expect(browser.status).toBe(303)
    expect(browser.headers.location).toBe('/contact')
    const client = await request(p.http).get(ENQUIRY_ENDPOINT).set('Accept', 'application/json')
    expect(client.status).toBe(405)
  })
})

describe('a plain form post over the rate limit', () => {
  let limited: Pipeline
  beforeAll(async () => {
    limited = await createPipeline({
      label: 'form-rate',
      env: { LEAD_RATE_LIMIT_PER_MINUTE: '1' },
      producerUrl: null,
    })
  })
  afterAll(async () => {
    await limited?.close()
  })

  test('gets a 429 page with Retry-After that says how long to wait; JSON clients still get JSON', async () => {
    const send = (type: 'form' | 'json') =>
      request(limited.http)
        .post(ENQUIRY_ENDPOINT)
        .set('Origin', SITE_ORIGIN)
        .type(type)
        .send({ ...CONTACT_FORM, email: `limit.${type}@example.com` })
    expect((await send('form')).status).toBe(303)
    const page = await send('form')
    expect(page.status).toBe(429)
    expect(Number(page.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.text).toMatch(/Please wait \d+ seconds and try again, or call us\./)
    const json = await send('json')
    expect(json.status).toBe(429)
    expect(json.body).toEqual({ success: false, error: expect.stringMatching(/wait \d+ seconds/) })
    expect(countRows(limited.db, 'form_submissions')).toBe(1)
  })
})
