/**
 * The repository's Caddyfile, run by a real Caddy (CADDY_BIN, or /usr/bin/caddy; skipped when
 * there is none) in front of a running web process: /readyz, which holds the lead counts and the
 * storm data's state, answers only loopback and the private ranges (the compose network); from
 * any other address it is a 404. /healthz answers everyone. The address "from outside" is one of
 * this machine's own addresses outside those ranges (the request is sent from it to loopback);
 * on a machine that has none, that case is skipped. The compose smoke test asks /readyz through
 * Caddy from the host, as a monitor on the server does.
 */
import type { ChildProcess } from 'node:child_process'
import { request as httpRequest, type Server } from 'node:http'
import { networkInterfaces } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { createLogger } from '../../core/platform/logger'
import { createApp } from '../../server/app'
import { parseWebConfig } from '../../server/config'
import { freePort } from '../../scripts/lib/free-port.mjs'
import { useTempDir } from '../support/temp-dir'
import { HAS_CADDY, startTestCaddy } from '../support/caddy'

/** Loopback, private and link-local ranges: what is not "outside" for this test. */
const NOT_OUTSIDE = [/^127\./, /^10\./, /^172\.(1[6-9]|2\d|3[01])\./, /^192\.168\./, /^169\.254\./]

/** One of this machine's IPv4 addresses outside loopback and the private ranges, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !NOT_OUTSIDE.some((r) => r.test(a.address)))?.address
}

interface Answer {
  status: number
  contentType: string | undefined
  body: string
}

/** GET `path` from Caddy on loopback, sent from `localAddress` (the client address Caddy sees). */
function get(port: number, urlPath: string, localAddress = '127.0.0.1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: urlPath, localAddress }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

const OUTSIDE = outsideAddress()

describe.skipIf(!HAS_CADDY)('Caddy and /readyz', () => {
  const dirOf = useTempDir('roofing-caddy-readyz-')
  let caddy: ChildProcess | undefined
  let web: Server | undefined
  let db: Db | undefined
  let port = 0

  beforeAll(async () => {
    const dir = dirOf()
    port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    const config = parseWebConfig({
      NODE_ENV: 'test',
      SITE_URL: origin,
      DATABASE_PATH: path.join(dir, 'roofing.db'),
    })
    db = openMigratedDatabase(config.databasePath)
    const app = createApp({ config, logger: createLogger('silent'), db, renderPages: false })
    const webPort = await freePort()
    web = await new Promise<Server>((resolve) => {
      const server = app.listen(webPort, '127.0.0.1', () => resolve(server))
    })
    caddy = await startTestCaddy({ dir, port, upstream: `127.0.0.1:${webPort}` })
  })
  afterAll(async () => {
    caddy?.kill()
    await new Promise((r) => (web ? web.close(r) : r(undefined)))
    db?.close()
  })

  it('answers /readyz with its JSON to a client on loopback', async () => {
    const res = await get(port, '/readyz')
    expect(res.status).toBe(200)
    expect(res.contentType).toMatch(/^application\/json/)
    const body = JSON.parse(res.body)
    expect(body.checks.delivery.counts).toMatchObject({
      undelivered: 0,
      failedNotifications: 0,
      leadsWithFailedNotifications: 0,
    })
    expect(body.checks.stormData.info).toHaveProperty('lastRefresh', null)
  })

  it.skipIf(!OUTSIDE)('answers /readyz with 404 to a client outside the private ranges', async () => {
    const res = await get(port, '/readyz', OUTSIDE)
    expect(res.status).toBe(404)
    expect(res.body).toBe('Not found')
    expect(res.body).not.toContain('delivery')
  })

  it.skipIf(!OUTSIDE)('answers /healthz to a client outside the private ranges', async () => {
    const res = await get(port, '/healthz', OUTSIDE)
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' })
  })
})
