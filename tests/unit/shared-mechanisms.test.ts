/** The small mechanisms every process shares, each written once (core/, server/http/escape-html.ts). */
import { describe, expect, test } from 'vitest'
import { backoffDelayMs } from '../../core/platform/backoff'
import { reconnectDelayMs } from '../../core/platform/redis'
import { withTimeout } from '../../core/platform/with-timeout'
import { escapeHtml } from '../../server/http/escape-html'

test('the outbox back-off: 1 s doubling to five minutes', () => {
  const outbox = { baseMs: 1000, maxMs: 300_000 }
  expect([1, 2, 3, 9, 10, 40].map((n) => backoffDelayMs(n, outbox))).toEqual([
    1000, 2000, 4000, 256_000, 300_000, 300_000,
  ])
  expect(backoffDelayMs(0, outbox)).toBe(1000)
})

test('Redis reconnects within a second, whatever the number of tries', () => {
  expect([1, 2, 5, 10, 11, 1000].map(reconnectDelayMs)).toEqual([100, 200, 500, 1000, 1000, 1000])
})

describe('withTimeout', () => {
  const late = (ms: number, outcome: 'resolve' | 'reject') =>
    new Promise<string>((resolve, reject) =>
      setTimeout(() => (outcome === 'resolve' ? resolve('done') : reject(new Error('late failure'))), ms),
    )

  test('gives what the work resolves with when it is in time', async () => {
    await expect(withTimeout(late(5, 'resolve'), 200, () => new Error('too slow'))).resolves.toBe('done')
  })

  test('rejects with its own error when the work is late, and a late failure goes nowhere', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      await expect(withTimeout(late(60, 'reject'), 10, () => new Error('too slow'))).rejects.toThrow(
        'too slow',
      )
      await new Promise((r) => setTimeout(r, 100))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })

  test('passes the work’s own failure on when it comes first', async () => {
    await expect(withTimeout(late(5, 'reject'), 200, () => new Error('too slow'))).rejects.toThrow(
      'late failure',
    )
  })
})

test('escapeHtml turns the five characters that end a text or an attribute into entities', () => {
  expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
    '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
  )
  expect(escapeHtml('https://www.example.com/service-areas/parker-co')).toBe(
    'https://www.example.com/service-areas/parker-co',
  )
})
