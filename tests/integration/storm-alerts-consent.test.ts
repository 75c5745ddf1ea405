/**
 * The storm alerts box on POST /api/enquiries (docs/forms.md, "Storm alerts"): a JSON client's
 * `stormAlerts` and a plain form post's ticked box are stored as storm_alerts = 1 with the words
 * the forms show beside the box (the server's own, never the client's); a box left out is 0 and
 * NULL. Pages are rendered by Vike through Vite's dev server, so the forms' markup is real.
 */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { STORM_ALERTS_LABEL } from '../../shared/lead-fields'
import { findLead } from '../../core/leads/store'
import { buildLeadView } from '../../core/notifications/lead-view'
import { buildWebhookPayload } from '../../core/notifications/channels/webhook'
import { buildOfficeMail } from '../../core/notifications/messages'
import { VALID_ENQUIRY } from '../support/enquiries'
import { countRows, createPipeline, SITE_ORIGIN, type Pipeline } from '../support/pipeline'

let p: Pipeline

beforeAll(async () => {
  p = await createPipeline({ label: 'storm-alerts', pages: 'dev', producerUrl: null })
})
afterAll(async () => {
  await p?.close()
})

const postJson = (body: object) =>
  request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).send(body)

const postForm = (fields: Record<string, string>) =>
  request(p.http)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Accept', 'text/html')
    .type('form')
    .send(fields)

/** What the hail report page's form sends without JavaScript, the box not ticked. */
const HAIL_FORM = {
  firstName: 'Dana',
  lastName: 'Reyes',
  address: '1450 Elm Street, Denver, CO 80220',
  email: 'dana.reyes@example.com',
  phone: '(303) 555-0199',
  formType: 'contact',
  form: 'hail_report',
  sourcePath: '/hail-report',
  website: '',
}

function consentOf(email: string) {
  return p.db
    .prepare(
      'SELECT storm_alerts, storm_alerts_words, form, created_at FROM form_submissions WHERE email = ?',
    )
    .get(email) as {
    storm_alerts: number
    storm_alerts_words: string | null
    form: string
    created_at: string
  }
}

describe('the JSON API', () => {
  test('stormAlerts: true is stored as 1 with the words shown beside the box, when and from which form', async () => {
    const email = 'json.ticked@example.com'
    const res = await postJson({ ...VALID_ENQUIRY, form: 'contact_modal', email, stormAlerts: true })
    expect(res.status).toBe(201)
    expect(consentOf(email)).toEqual({
      storm_alerts: 1,
      storm_alerts_words: 'Tell me when radar sees hail at this address',
      form: 'contact_modal',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(findLead(p.db, res.body.id)).toMatchObject({
      stormAlerts: true,
      stormAlertsWords: STORM_ALERTS_LABEL,
    })
  })

  test('left out or false, it is stored as 0 and no words', async () => {
    for (const [email, extra] of [
      ['json.absent@example.com', {}],
      ['json.false@example.com', { stormAlerts: false }],
    ] as const) {
      expect((await postJson({ ...VALID_ENQUIRY, email, ...extra })).status).toBe(201)
      expect(consentOf(email)).toMatchObject({ storm_alerts: 0, storm_alerts_words: null })
    }
  })

  test('a value that is not a boolean is a 400 that says what it takes, and nothing is stored', async () => {
    const before = countRows(p.db, 'form_submissions')
    const res = await postJson({ ...VALID_ENQUIRY, email: 'json.text@example.com', stormAlerts: 'yes' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      success: false,
      errors: { stormAlerts: 'Storm alerts must be true (the box ticked) or false' },
    })
    expect(countRows(p.db, 'form_submissions')).toBe(before)
  })

  test('a client cannot choose the words kept with its consent', async () => {
    const res = await postJson({
      ...VALID_ENQUIRY,
      email: 'json.words@example.com',
      stormAlerts: true,
      stormAlertsWords: 'Send me anything',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ stormAlertsWords: 'Unknown field: stormAlertsWords' })
  })
})

describe('a plain form post', () => {
  test('a ticked box ("on") is stored as 1 with the words; a box not ticked sends nothing and is 0', async () => {
    const ticked = await postForm({ ...HAIL_FORM, email: 'form.ticked@example.com', stormAlerts: 'on' })
    expect(ticked.status).toBe(303)
    expect(consentOf('form.ticked@example.com')).toMatchObject({
      storm_alerts: 1,
      storm_alerts_words: STORM_ALERTS_LABEL,
      form: 'hail_report',
    })
    const unticked = await postForm({ ...HAIL_FORM, email: 'form.unticked@example.com' })
    expect(unticked.status).toBe(303)
    expect(consentOf('form.unticked@example.com')).toMatchObject({
      storm_alerts: 0,
      storm_alerts_words: null,
    })
  })

  test('any other value for the box is refused, and nothing is stored', async () => {
    const before = countRows(p.db, 'form_submissions')
    const res = await postForm({ ...HAIL_FORM, email: 'form.odd@example.com', stormAlerts: 'true' })
    expect(res.status).toBe(400)
    expect(res.text).toContain('This form could not be sent as it was.')
    expect(countRows(p.db, 'form_submissions')).toBe(before)
  })

  test('refused for another field, the form comes back with the box as the visitor left it', async () => {
    const ticked = await postForm({ ...HAIL_FORM, phone: '123', stormAlerts: 'on' })
    expect(ticked.status).toBe(400)
    expect(ticked.text).toMatch(/<input id="hail-report-request-stormAlerts" type="checkbox"[^>]* checked=""/)
    const unticked = await postForm({ ...HAIL_FORM, phone: '123' })
    expect(unticked.status).toBe(400)
    expect(unticked.text).toMatch(
      /<input id="hail-report-request-stormAlerts" type="checkbox"(?![^>]*checked)[^>]*>/,
    )
  })
})

describe('the forms as the server renders them', () => {
  test.each(['/contact', '/hail-report', '/roof-repair'])(
    'every lead form on %s has the box, unticked, labelled with the exact words, before its button',
    async (path) => {
      const html = (await request(p.http).get(path)).text
      const forms = [...html.matchAll(/<form id="([^"]+)" class="lead-form"[\s\S]*?<\/form>/g)]
      expect(forms.length).toBeGreaterThan(0)
      for (const [markup, id] of forms) {
        const box = new RegExp(
          `<label for="${id}-stormAlerts"><input id="${id}-stormAlerts" type="checkbox" name="stormAlerts"(?![^>]*checked)[^>]*/?><span>${STORM_ALERTS_LABEL}</span></label>`,
        )
        expect(markup, id).toMatch(box)
        expect(markup.search(box), id).toBeLessThan(markup.indexOf('type="submit"'))
      }
    },
  )
})

describe('what the office and the webhook get', () => {
  test('the office e-mail has a Storm alerts row and the webhook a boolean', async () => {
    const res = await postJson({ ...VALID_ENQUIRY, email: 'office.view@example.com', stormAlerts: true })
    const view = buildLeadView(findLead(p.db, res.body.id)!, undefined, 'https://www.example.com')
    expect(buildWebhookPayload(view).data.stormAlerts).toBe(true)
    const mail = await buildOfficeMail(view, { from: 'leads@example.com', to: ['office@example.com'] })
    expect(mail.text).toMatch(/Storm alerts\s*:?\s*asked, not confirmed/i)

    const plain = await postJson({ ...VALID_ENQUIRY, email: 'office.plain@example.com' })
    const plainView = buildLeadView(findLead(p.db, plain.body.id)!, undefined, 'https://www.example.com')
    expect(buildWebhookPayload(plainView).data.stormAlerts).toBe(false)
  })
})
