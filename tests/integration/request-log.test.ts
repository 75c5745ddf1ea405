/**
 * Request logs leave out successful static files (images, scripts, styles), so the lines
 * that matter are not rotated out of a size-capped log; failures and API calls stay.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { textLines } from '../support/log-sink'
import request from 'supertest'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp, isStaticAsset } from '../../server/app'
import { parseWebConfig } from '../../server/config'
import { createLogger } from '../../core/platform/logger'
import { listenOnLoopback } from '../support/listen'

let dir: string
const lines: string[] = []
let app: Server
let closeApp: () => Promise<void>
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'roofing-request-log-'))
  mkdirSync(path.join(dir, 'assets'))
  mkdirSync(path.join(dir, 'uploads'))
  writeFileSync(path.join(dir, 'assets', 'entry-abc123.js'), 'console.log(1)')
  writeFileSync(path.join(dir, 'uploads', 'roof.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  const logger = createLogger('info', textLines(lines))
  ;({ server: app, close: closeApp } = await listenOnLoopback(
    createApp({ config: parseWebConfig({ NODE_ENV: 'test' }), logger, clientDistDir: dir }),
  ))
})
afterAll(async () => {
  await closeApp()
  rmSync(dir, { recursive: true, force: true })
})

const logged = (url: string) => lines.filter((l) => l.includes(`"url":"${url}"`))

test('successful static files are served but not logged; a missing one is logged as a warning', async () => {
  for (const url of ['/assets/entry-abc123.js', '/uploads/roof.svg', '/favicon.svg'])
    expect((await request(app).get(url)).status).toBe(200)
  expect((await request(app).get('/assets/entry-gone.js')).status).toBe(404)
  expect((await request(app).get('/robots.txt')).status).toBe(200)

  expect(logged('/assets/entry-abc123.js')).toEqual([])
  expect(logged('/uploads/roof.svg')).toEqual([])
  expect(logged('/favicon.svg')).toEqual([])
  expect(logged('/assets/entry-gone.js')).toHaveLength(1)
  expect(logged('/assets/entry-gone.js')[0]).toContain('"level":40')
})

test('pages and API paths count as requests worth logging', () => {
  for (const url of ['/', '/contact', '/service-areas/denver-co', '/api/enquiries', '/faqs?x=1.5'])
    expect(isStaticAsset(url)).toBe(false)
  for (const url of ['/assets/a.css', '/uploads/x/y.webp', '/favicon.svg', '/boot.js?v=2'])
    expect(isStaticAsset(url)).toBe(true)
})
