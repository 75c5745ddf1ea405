/**
 * Every request gets an answer, never a 5xx, whatever its query, path, cookies or fields hold
 * (scripts/lib/hostile-requests.ts): random Unicode with astral characters at every cut length,
 * lone surrogates, %-escapes of invalid UTF-8, NUL, 8 KB queries; through the fast path and
 * the whole stack, the lead form's plain post and its JSON, the office's links, the hail
 * report's summary, the form token, the scheduling tools' booking events (well signed and
 * not) and the storm alerts' links. The app is the real one over the real pages (Vike's
 * renderer from source), a real SQLite file, on a real port; each request is written as raw
 * bytes. No error may reach a process-wide handler meanwhile.
 *
 * The deadline of 1 s only stops a request that would never be answered: a cached page answers
 * in well under a millisecond, and every page is rendered once before the properties run.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../server/app'
import { parseWebConfig } from '../../server/config'
import { loadPages } from '../../server/http/pages'
import { createLogger } from '../../core/platform/logger'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { ALL_ROUTES } from '../../shared/routes'
import {
  HOSTILE_BOOKING_KEYS,
  HOSTILE_REQUESTS,
  requestBytes,
  type HostileKind,
} from '../../scripts/lib/hostile-requests'
import { sendRawRequest } from '../../scripts/lib/raw-http'

const SITE_URL = 'https://www.roofing.example'
const ANSWER_DEADLINE_MS = 1000
const RUNS_PER_KIND = 150

let dir: string
let db: Db
let server: Server
let port: number
let closeVite: (() => Promise<void>) | undefined
const escaped: unknown[] = []
const onUncaught = (err: unknown) => escaped.push(err)

beforeAll(async () => {
  process.on('uncaughtExceptionMonitor', onUncaught)
  process.on('unhandledRejection', onUncaught)
  dir = mkdtempSync(path.join(tmpdir(), 'roofing-hostile-'))
  const config = parseWebConfig({
    NODE_ENV: 'test',
    SITE_URL,
    LOG_LEVEL: 'silent',
    DATABASE_PATH: path.join(dir, 'leads.db'),
    // The limits would answer most of these with 429 before the code under test reads them.
    LEAD_RATE_LIMIT_PER_MINUTE: '100000',
    FORM_TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
    OFFICE_LINK_RATE_LIMIT_PER_MINUTE: '100000',
    BOOKING_EVENTS_RATE_LIMIT_PER_MINUTE: '100000',
    ...HOSTILE_BOOKING_KEYS,
  })
  db = openMigratedDatabase(config.databasePath)
  const pages = await loadPages({ ...config, isProduction: false })
  closeVite = pages.viteServer ? () => pages.viteServer!.close() : undefined
  const app = createApp({
    config,
    logger: createLogger('silent'),
    db,
    devMiddleware: pages.devMiddleware,
    clientDistDir: path.join(dir, 'no-client'),
    cacheHtml: true,
  })
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  port = (server.address() as AddressInfo).port
  // Every page and the 404 page rendered once (the first render of each compiles its modules).
  for (const route of ALL_ROUTES) await fetch(`http://127.0.0.1:${port}${route.path}`)
  await fetch(`http://127.0.0.1:${port}/no-such-page`)
}, 180_000)

afterAll(async () => {
  process.off('uncaughtExceptionMonitor', onUncaught)
  process.off('unhandledRejection', onUncaught)
  await new Promise((r) => server?.close(r))
  await closeVite?.()
  db?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Sent to the test's port as its Host (Vite's dev server refuses other hosts), from the site's origin. */
const to = () => ({ host: `127.0.0.1:${port}`, origin: SITE_URL })

describe('hostile requests', () => {
  test('a campaign value cut inside an emoji, with another value that needs cleaning, gets its page', async () => {
    const target = `/faqs?utm_medium=a=b&utm_content=${'a'.repeat(199)}${encodeURIComponent('😀')}`
    for (const headers of [[], [['If-None-Match', '"x"']]] as [string, string][][]) {
      const bytes = requestBytes({ kind: 'page query', method: 'GET', target, headers }, to())
      const answer = await sendRawRequest(port, bytes, ANSWER_DEADLINE_MS)
      expect(answer).toMatchObject({ answered: true, status: 200 })
    }
  })

  test.each(Object.keys(HOSTILE_REQUESTS) as HostileKind[])(
    '%s: every request is answered within the deadline, never with a 5xx',
    async (kind) => {
      await fc.assert(
        fc.asyncProperty(HOSTILE_REQUESTS[kind], async (req) => {
          const answer = await sendRawRequest(port, requestBytes(req, to()), ANSWER_DEADLINE_MS)
          if (!answer.answered) throw new Error(`${req.method} ${req.target}: ${answer.why}`)
          if (answer.status >= 500) throw new Error(`${req.method} ${req.target}: ${answer.status}`)
        }),
        { numRuns: RUNS_PER_KIND },
      )
    },
    120_000,
  )

  test('no error reached a process-wide handler', () => {
    expect(escaped).toEqual([])
  })
})
