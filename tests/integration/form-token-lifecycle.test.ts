/**
 * The form token's life through the real app (createApp, a real SQLite file, a real Redis
 * queue): issued and recorded by GET /api/form-token with whether a page of the site asked for
 * it, used once by an enquiry, scored when used again or when the site has no record of it, and
 * its record purged after a day. Then the other evidence the web process gathers before the
 * score: the address outside the service area, the campaign values, and the classifier learning
 * what the office labels, seen by another process sharing the file.
 */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '../../core/platform/db/connection'
import { findLead } from '../../core/leads/store'
import { learnFromOffice } from '../../core/spam/learning'
import { issueFormToken } from '../../core/spam/form-token'
import { createSpamChecker } from '../../core/spam/check'
import { FORM_TOKENS_PER_MINUTE } from '../../server/leads/form-token-router'
import { formTokenSecret } from '../../core/spam/form-token-store'
import { ENQUIRY_ENDPOINT, FORM_TOKEN_ENDPOINT } from '../../shared/enquiry'
import { VALID_ENQUIRY } from '../support/enquiries'
import { createPipeline, SITE_ORIGIN, type Pipeline } from '../support/pipeline'

let p: Pipeline
beforeAll(async () => {
  p = await createPipeline({ label: 'form-token' })
})
afterAll(async () => {
  await p?.close()
})

/** A token as the page's own fetch asks for it: the browser adds these headers itself. */
async function pageToken(): Promise<string> {
  const res = await request(p.http)
    .get(FORM_TOKEN_ENDPOINT)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Sec-Fetch-Mode', 'cors')
    .set('Referer', `${SITE_ORIGIN}/contact`)
  expect(res.status).toBe(200)
  return (res.body as { token: string }).token
}

/** The same token as if issued `ms` earlier (the person took that long): re-signed with the site's key. */
function shownAgo(token: string, ms: number): string {
  const [time, id] = token.split('.') as [string, string, string]
  return issueFormToken(formTokenSecret(p.db), new Date(Number(time) - ms), id)
}

let n = 0
/** Posts an enquiry (a fresh e-mail each time, so none is a duplicate) and returns the stored lead. */
async function send(fields: Record<string, unknown>) {
  const res = await request(p.http)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send({ ...VALID_ENQUIRY, email: `person${++n}@example.com`, ...fields })
  expect(res.status).toBe(201)
  const lead = findLead(p.db, (res.body as { id: string }).id)
  if (!lead) throw new Error('lead not stored')
  return { lead, codes: lead.spamReasons.map((r) => r.code), quarantined: lead.quarantinedAt !== null }
}

function tokenRow(token: string) {
  const id = token.split('.')[1]
  return p.db.prepare('SELECT issued_at_ms, page_fetch, used_at FROM form_tokens WHERE id = ?').get(id) as
    { issued_at_ms: number; page_fetch: number; used_at: string | null } | undefined
}

describe('the form token, issued and used once', () => {
  test('issued: recorded with its time and that a page asked for it, unused', async () => {
    const before = Date.now()
    const token = await pageToken()
    const row = tokenRow(token)
    expect(row?.page_fetch).toBe(1)
    expect(row?.used_at).toBeNull()
    expect(row?.issued_at_ms).toBeGreaterThanOrEqual(before)
    expect(row?.issued_at_ms).toBe(Number(token.split('.')[0]))
  })

  test('used once at a person’s speed: a lead with no points, the token marked used', async () => {
    const token = shownAgo(await pageToken(), 20_000)
    const { lead, quarantined } = await send({ form_token: token })
    expect(quarantined).toBe(false)
    expect(lead.spamScore).toBe(0)
    expect(tokenRow(token)?.used_at).not.toBeNull()
  })

  test('used again: the second enquiry scores for it; a script reusing its own token is held', async () => {
    const token = shownAgo(await pageToken(), 20_000)
    expect((await send({ form_token: token })).codes).toEqual([])
    const again = await send({ form_token: token })
    expect(again.codes).toEqual(['token_reused'])
    expect(again.lead.spamReasons[0]).toEqual({
      code: 'token_reused',
      points: 3,
      text: 'form token used before by another enquiry',
    })
    expect(again.quarantined).toBe(false)

    // A script asks like a plain HTTP client, waits, and posts with it twice.
    const plain = await request(p.http).get(FORM_TOKEN_ENDPOINT)
    const scripted = shownAgo((plain.body as { token: string }).token, 6_000)
    expect(tokenRow(scripted)?.page_fetch).toBe(0)
    expect((await send({ form_token: scripted })).codes).toEqual(['token_not_from_page'])
    const reused = await send({ form_token: scripted })
    expect(reused.codes).toEqual(['token_reused', 'token_not_from_page'])
    expect(reused.quarantined).toBe(true)
  })

  test('two enquiries with one token at the same moment: exactly one uses it first', async () => {
    const token = shownAgo(await pageToken(), 20_000)
    const both = await Promise.all([send({ form_token: token }), send({ form_token: token })])
    expect(both.map((b) => b.codes.join()).sort()).toEqual(['', 'token_reused'])
  })

  test('a token the site signed but has no record of scores as unrecorded', async () => {
    const token = shownAgo(await pageToken(), 20_000)
    p.db.prepare('DELETE FROM form_tokens WHERE id = ?').run(token.split('.')[1])
    expect((await send({ form_token: token })).codes).toEqual(['token_unrecorded'])
  })

  test('a token another site’s page fetched is not from a page of this site', async () => {
    const res = await request(p.http)
      .get(FORM_TOKEN_ENDPOINT)
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Sec-Fetch-Mode', 'cors')
      .set('Origin', 'https://elsewhere.example')
      .set('Referer', 'https://elsewhere.example/page')
    expect(res.status).toBe(200)
    // No CORS header: the other site's script cannot read the token anyway.
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    const token = (res.body as { token: string }).token
    expect(tokenRow(token)?.page_fetch).toBe(0)
    expect((await send({ form_token: shownAgo(token, 20_000) })).codes).toEqual(['token_not_from_page'])
  })

  test('a browser too old for fetch metadata is known by its Referer', async () => {
    const res = await request(p.http)
      .get(FORM_TOKEN_ENDPOINT)
      .set('Referer', `${SITE_ORIGIN}/roof-inspection`)
    expect(tokenRow((res.body as { token: string }).token)?.page_fetch).toBe(1)
  })

  test('sent at once (a browser’s autofill): scored, never held on that alone', async () => {
    const { codes, quarantined } = await send({ form_token: await pageToken() })
    expect(codes).toEqual(['token_instant'])
    expect(quarantined).toBe(false)
  })

  test('a lead that could not be stored gives its token back, so the retry is no second use', () => {
    const check = createSpamChecker(p.db, 5)
    const token = shownAgo(issueFormToken(formTokenSecret(p.db), new Date()), 0)
    // Record it as the endpoint would.
    p.db
      .prepare('INSERT INTO form_tokens (id, issued_at_ms, page_fetch) VALUES (?, ?, 1)')
      .run(token.split('.')[1], Date.now())
    const enquiry = { ...VALID_ENQUIRY, form_token: shownAgo(token, 20_000) } as never
    const first = check(enquiry, new Date())
    expect(first.spam.reasons).toEqual([])
    first.giveBack()
    expect(check(enquiry, new Date()).spam.reasons).toEqual([])
    expect(check(enquiry, new Date()).spam.reasons.map((r) => r.code)).toEqual(['token_reused'])
  })

  test('issuing a token deletes the records of tokens older than a day', async () => {
    const old = Date.now() - 25 * 60 * 60 * 1000
    p.db
      .prepare('INSERT INTO form_tokens (id, issued_at_ms, page_fetch) VALUES (?, ?, 1)')
      .run('o'.repeat(22), old)
    const recent = Date.now() - 23 * 60 * 60 * 1000
    p.db
      .prepare('INSERT INTO form_tokens (id, issued_at_ms, page_fetch) VALUES (?, ?, 1)')
      .run('r'.repeat(22), recent)
    await pageToken()
    const ids = (p.db.prepare('SELECT id FROM form_tokens').all() as { id: string }[]).map((r) => r.id)
    expect(ids).not.toContain('o'.repeat(22))
    expect(ids).toContain('r'.repeat(22))
  })

  test('a client asking for more than 60 tokens a minute gets a 429 and no more rows', async () => {
    // Its own address, so the other tests' tokens do not count.
    const flood = () => request(p.http).get(FORM_TOKEN_ENDPOINT).set('X-Forwarded-For', '203.0.113.9')
    const rows = () => (p.db.prepare('SELECT count(*) AS n FROM form_tokens').get() as { n: number }).n
    const answers = []
    for (let i = 0; i < FORM_TOKENS_PER_MINUTE; i++) answers.push((await flood()).status)
    expect(new Set(answers)).toEqual(new Set([200]))
    const before = rows()
    const refused = await flood()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.body.error).toMatch(
      /^Too many form tokens asked for from this address; try again in \d+ s\.$/,
    )
    expect(rows()).toBe(before)
  })

  test('without a token (no JavaScript): 1 point, as before', async () => {
    expect((await send({})).codes).toEqual(['token_missing'])
  })
})

describe('the other evidence, through the app', () => {
  test('an address in another state scores; a valid mobile number of another state does not', async () => {
    const token = shownAgo(await pageToken(), 20_000)
    const { codes, lead } = await send({
      form_token: token,
      address: '2201 Market St, San Francisco, CA 94114',
      phone: '(415) 555-0134',
    })
    expect(codes).toEqual(['outside_service_area'])
    expect(lead.spamReasons[0]?.text).toBe('address in CA, outside Colorado')
    const local = await send({ form_token: shownAgo(await pageToken(), 20_000), phone: '(415) 555-0134' })
    expect(local.codes).toEqual([])
  })

  test('markup or a link in a campaign value scores', async () => {
    const { codes } = await send({
      form_token: shownAgo(await pageToken(), 20_000),
      utm_campaign: '<a href=x>deal</a>',
    })
    expect(codes).toEqual(['suspicious_campaign_value'])
  })

  test('the classifier learns what the office labels, in every process sharing the file', async () => {
    // A kind of message the starter corpus has never seen.
    const message =
      'Greetings from the Quantum Meadow Society. Our quarterly almanac subscription awaits your signature.'
    const before = await send({ form_token: shownAgo(await pageToken(), 20_000), message })
    expect(before.codes).not.toContain('sales_pitch')

    // Another process (site-admin, the office's link) labels three such leads spam.
    const other = openDatabase(p.config.databasePath)
    try {
      for (const text of [
        'Quantum Meadow Society quarterly almanac: renew your subscription signature today.',
        'The Quantum Meadow almanac awaits: your quarterly society subscription.',
        message,
      ]) {
        const { lead } = await send({ form_token: shownAgo(await pageToken(), 20_000), message: text })
        expect(learnFromOffice(other, lead.id, 'spam', 'office-link')).toBe(true)
      }
    } finally {
      other.close()
    }
    const after = await send({ form_token: shownAgo(await pageToken(), 20_000), message })
    expect(after.lead.spamReasons.find((r) => r.code === 'sales_pitch')).toMatchObject({
      text: 'reads like a sales pitch',
    })
  })
})
