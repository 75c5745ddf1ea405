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

test('an office link is written without its token, however it is asked for', () => {
  for (const [url, line] of [
    [`/office/confirm/${TOKEN}`, '/office/confirm/[redacted]'],
    [`/office/confirm/${TOKEN}?utm_source=mail`, '/office/confirm/[redacted]'],
    [`/Office/CONFIRM/${TOKEN}`, '/Office/CONFIRM/[redacted]'],
    [`/office/confirm/${TOKEN}/extra`, '/office/confirm/[redacted]'],
    ['/office/confirm/n.cut-short', '/office/confirm/[redacted]'],
    ['/office/confirm/%3Cscript%3E', '/office/confirm/[redacted]'],
    // A token after the wrong prefix still works where it belongs.
    [`/confirm/${TOKEN}`, '/confirm/[redacted]'],
    [`/${TOKEN.replace(/\./g, '%2E')}`, '/[redacted]'],
  ] as const)
    expect(redactRequestUrl(url), url).toBe(line)
})

test('a storm alerts link (stop or confirm) is written without its token', () => {
  const token = '3f2b8c1e-0000-4000-8000-000000000001.AbCdEfGhIjKlMnOpQrStUvWxYz012345'
  for (const [url, line] of [
    [`/storm-alerts/unsubscribe/${token}`, '/storm-alerts/unsubscribe/[redacted]'],
    [`/storm-alerts/confirm/${token}`, '/storm-alerts/confirm/[redacted]'],
    [`/Storm-Alerts/Confirm/${token}?x=1`, '/Storm-Alerts/Confirm/[redacted]'],
  ] as const)
    expect(redactRequestUrl(url), url).toBe(line)
})

test('a follow-up’s unsubscribe link and an office mark link are written without their token', () => {
  const token = '3f2b8c1e-0000-4000-8000-000000000001.AbCdEfGhIjKlMnOpQrStUvWxYz012345'
  for (const [url, line] of [
    [`/follow-ups/unsubscribe/${token}`, '/follow-ups/unsubscribe/[redacted]'],
    [
      `/office/mark/b.3f2b8c1e-0000-4000-8000-000000000001.tq8x2k.AbCdEfGhIjKlMnOpQrStUvWxYz012345`,
      '/office/mark/[redacted]',
    ],
  ] as const)
    expect(redactRequestUrl(url), url).toBe(line)
})

test('other paths are written as they came, without their query', () => {
  for (const [url, line] of [
    ['/', '/'],
    ['/office/confirm', '/office/confirm'],
    ['/office/confirm/', '/office/confirm/'],
    ['/contact?gclid=abc.def', '/contact'],
    [
      '/api/hail-reports/3f2b8c1e-0000-4000-8000-000000000001',
      '/api/hail-reports/3f2b8c1e-0000-4000-8000-000000000001',
    ],
    ['/service-areas/denver-co', '/service-areas/denver-co'],
  ] as const)
    expect(redactRequestUrl(url), url).toBe(line)
})
