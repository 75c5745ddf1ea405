import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { afterAll, expect, test } from 'vitest'
import { createApp } from '../../server/app'
import { parseWebConfig } from '../../server/config'
import { createLogger } from '../../core/platform/logger'

const dir = mkdtempSync(path.join(tmpdir(), 'roofing-hsts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const appFor = (siteUrl: string) =>
  createApp({
    config: parseWebConfig({ NODE_ENV: 'production', SITE_URL: siteUrl }),
    logger: createLogger('silent'),
    clientDistDir: dir,
  })

test('HSTS is sent when the site is served over HTTPS, and never for an http:// site', async () => {
  const https = await request(appFor('https://www.front-range-roofing.com')).get('/healthz')
  expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  const http = await request(appFor('http://127.0.0.1:8080')).get('/healthz')
  expect(http.headers['strict-transport-security']).toBeUndefined()
})
