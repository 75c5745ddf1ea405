/**
 * The cookie a plain form post of a hail report sets for the booking page is Secure on a site
 * served over https, as the attribution cookies are, and not Secure over plain http (a browser
 * would drop it). The app on a real SQLite file, no queue (REDIS_URL unset).
 */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { HAIL_REPORT_SENT_COOKIE } from '../../shared/hail-summary'
import { createPipeline, SITE_ORIGIN, type Pipeline } from '../support/pipeline'
import { HAIL_REQUEST } from '../support/enquiries'

const HTTPS_ORIGIN = 'https://www.example.com'

/** The hail report form's request with a message, and the honeypot empty. */
const HAIL_FORM = { ...HAIL_REQUEST, message: 'Hail dented the gutters last week.', website: '' }

let https: Pipeline
let http: Pipeline
beforeAll(async () => {
  https = await createPipeline({ label: 'cookie-https', producerUrl: null, env: { SITE_URL: HTTPS_ORIGIN } })
  http = await createPipeline({ label: 'cookie-http', producerUrl: null })
})
afterAll(async () => {
  await https?.close()
  await http?.close()
})

async function hailCookie(p: Pipeline, origin: string): Promise<string> {
  const res = await request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', origin).type('form').send(HAIL_FORM)
  expect(res.status).toBe(303)
  const cookies = (res.headers['set-cookie'] ?? []) as unknown as string[]
  const cookie = cookies.find((c) => c.startsWith(`${HAIL_REPORT_SENT_COOKIE}=`))
  expect(cookie).toBeDefined()
  return cookie!
}

describe('the hail report cookie of a plain form post', () => {
  test('is Secure when SITE_URL is https', async () => {
    const cookie = await hailCookie(https, HTTPS_ORIGIN)
    expect(cookie).toMatch(/; Secure(;|$)/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
  })

  test('is not Secure when SITE_URL is plain http', async () => {
    expect(await hailCookie(http, SITE_ORIGIN)).not.toContain('Secure')
  })
})
