/**
 * A plain form post reads where the visit came from in the attribution cookies a campaign
 * landing set (server/http/attribution-cookie.ts, docs/attribution.md); a JSON enquiry (the
 * script layer's) never does, and a post that carries source fields of its own keeps them.
 */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { touchCookiesFor } from '../../server/http/attribution-cookie'
import type { Db } from '../../core/platform/db/connection'
import { CONTACT_PAGE_FORM } from '../support/enquiries'
import { createPipeline, SITE_ORIGIN, type Pipeline } from '../support/pipeline'

let p: Pipeline
beforeAll(async () => {
  p = await createPipeline({ label: 'cookie-post', producerUrl: null })
})
afterAll(async () => {
  await p?.close()
})

/** The Cookie header after a landing from a Microsoft ad on June 2 and a Google ad now. */
function cookieHeader(): string {
  const june = touchCookiesFor(
    '/',
    '?utm_source=bing&msclkid=m1',
    undefined,
    new Date(Date.now() - 5 * 86_400_000),
    false,
  )!
  const now = touchCookiesFor(
    '/service-areas/aurora-co',
    '?gclid=g1&utm_campaign=hail',
    undefined,
    new Date(),
    false,
  )!
  const pair = (c: string) => c.split(';')[0]
  return [pair(now[0]!), pair(june[1]!)].join('; ')
}

function rowOf(db: Db, email: string): Record<string, unknown> {
  return db.prepare('SELECT * FROM form_submissions WHERE email = ?').get(email) as Record<string, unknown>
}

describe('the attribution cookies and a form post', () => {
  test('a plain post sends this visit’s campaign and the first visit’s from the cookies', async () => {
    const email = 'cookies@example.com'
    const res = await request(p.http)
      .post(ENQUIRY_ENDPOINT)
      .set('Origin', SITE_ORIGIN)
      .set('Accept', 'text/html')
      .set('Cookie', cookieHeader())
      .type('form')
      .send({ ...CONTACT_PAGE_FORM, email })
    expect(res.status).toBe(303)
    expect(rowOf(p.db, email)).toMatchObject({
      gclid: 'g1',
      utm_campaign: 'hail',
      landing_page: '/service-areas/aurora-co?utm_campaign=hail&gclid=g1',
      first_utm_source: 'bing',
      first_msclkid: 'm1',
      first_landing_page: '/?utm_source=bing&msclkid=m1',
    })
    expect(rowOf(p.db, email).first_seen_at).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  test('a plain post without the cookies is stored without a source', async () => {
    const email = 'no-cookies@example.com'
    const res = await request(p.http)
      .post(ENQUIRY_ENDPOINT)
      .set('Origin', SITE_ORIGIN)
      .set('Accept', 'text/html')
      .type('form')
      .send({ ...CONTACT_PAGE_FORM, email })
    expect(res.status).toBe(303)
    expect(rowOf(p.db, email)).toMatchObject({
      utm_source: null,
      gclid: null,
      landing_page: null,
      first_seen_at: null,
    })
  })

  test('a post’s own source fields win, and a JSON enquiry never reads the cookies', async () => {
    const own = 'own-fields@example.com'
    await request(p.http)
      .post(ENQUIRY_ENDPOINT)
      .set('Origin', SITE_ORIGIN)
      .set('Accept', 'text/html')
      .set('Cookie', cookieHeader())
      .type('form')
      .send({ ...CONTACT_PAGE_FORM, email: own, utm_source: 'mailer', landing_page: '/?utm_source=mailer' })
    expect(rowOf(p.db, own)).toMatchObject({ utm_source: 'mailer', gclid: null, first_utm_source: null })

    const json = 'json@example.com'
    const { website: _honeypot, ...fields } = CONTACT_PAGE_FORM
    const res = await request(p.http)
      .post(ENQUIRY_ENDPOINT)
      .set('Origin', SITE_ORIGIN)
      .set('Cookie', cookieHeader())
      .send({ ...fields, email: json })
    expect(res.status).toBe(201)
    expect(rowOf(p.db, json)).toMatchObject({ gclid: null, first_utm_source: null })
  })
})
