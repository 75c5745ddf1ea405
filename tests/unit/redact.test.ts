/**
 * The request line's URL (server/http/redact.ts): the path without its query, and without an
 * office link's token, however the path is written; every other path as it came.
 */
import { expect, test } from 'vitest'
import { makeOfficeToken } from '../../core/spam/office-links'
import { redactRequestUrl } from '../../server/http/redact'

const TOKEN = makeOfficeToken(
  Buffer.alloc(32, 3),
  'not_spam',
  '3f2b8c1e-0000-4000-8000-000000000001',
  new Date('2030-01-01T00:00:00Z'),
)

/** A token of the shape the storm alerts' and the follow-ups' links carry. */
const LINK_TOKEN = '3f2b8c1e-0000-4000-8000-000000000001.AbCdEfGhIjKlMnOpQrStUvWxYz012345'

/** Each URL is written as its line. */
function expectLines(pairs: readonly (readonly [url: string, line: string])[]) {
  for (const [url, line] of pairs) expect(redactRequestUrl(url), url).toBe(line)
}

test('an office link is written without its token, however it is asked for', () => {
  expectLines([
    [`/office/confirm/${TOKEN}`, '/office/confirm/[redacted]'],
    [`/office/confirm/${TOKEN}?utm_source=mail`, '/office/confirm/[redacted]'],
    [`/Office/CONFIRM/${TOKEN}`, '/Office/CONFIRM/[redacted]'],
    [`/office/confirm/${TOKEN}/extra`, '/office/confirm/[redacted]'],
    ['/office/confirm/n.cut-short', '/office/confirm/[redacted]'],
    ['/office/confirm/%3Cscript%3E', '/office/confirm/[redacted]'],
    // A token after the wrong prefix still works where it belongs.
    [`/confirm/${TOKEN}`, '/confirm/[redacted]'],
    [`/${TOKEN.replace(/\./g, '%2E')}`, '/[redacted]'],
  ])
})

test('a storm alerts link (stop or confirm) is written without its token', () => {
  expectLines([
    [`/storm-alerts/unsubscribe/${LINK_TOKEN}`, '/storm-alerts/unsubscribe/[redacted]'],
    [`/storm-alerts/confirm/${LINK_TOKEN}`, '/storm-alerts/confirm/[redacted]'],
    [`/Storm-Alerts/Confirm/${LINK_TOKEN}?x=1`, '/Storm-Alerts/Confirm/[redacted]'],
  ])
})

test('a follow-up’s unsubscribe link and an office mark link are written without their token', () => {
  expectLines([
    [`/follow-ups/unsubscribe/${LINK_TOKEN}`, '/follow-ups/unsubscribe/[redacted]'],
    [
      `/office/mark/b.3f2b8c1e-0000-4000-8000-000000000001.tq8x2k.AbCdEfGhIjKlMnOpQrStUvWxYz012345`,
      '/office/mark/[redacted]',
    ],
  ])
})

test('other paths are written as they came, without their query', () => {
  expectLines([
    ['/', '/'],
    ['/office/confirm', '/office/confirm'],
    ['/office/confirm/', '/office/confirm/'],
    ['/contact?gclid=abc.def', '/contact'],
    [
      '/api/hail-reports/3f2b8c1e-0000-4000-8000-000000000001',
      '/api/hail-reports/3f2b8c1e-0000-4000-8000-000000000001',
    ],
    ['/service-areas/denver-co', '/service-areas/denver-co'],
  ])
})
