/**
 * The repository's Caddyfile run by a real Caddy (CADDY_BIN, or /usr/bin/caddy) for the
 * integration tests: the tests that need it are skipped where HAS_CADDY is false.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../../scripts/lib/free-port.mjs'
import { until } from '../../scripts/lib/harness'

const CADDY = process.env.CADDY_BIN ?? '/usr/bin/caddy'
export const HAS_CADDY = existsSync(CADDY)

export interface TestCaddyOptions {
  /** Caddy keeps its data and config below it; the pages' files are in fallback/, old scripts in archive/. */
  dir: string
  /** Caddy listens on http://127.0.0.1:port (its HTTPS port is any free one). */
  port: number
  /** host:port of the web process; nothing need listen there. */
  upstream: string
  /** More of the Caddyfile's variables (BOOKING_URL, TZ). */
  env?: Record<string, string>
  /**
   * What says Caddy is up: the path asked over and over and the status that counts. By default
   * /healthz answered 200; with the web process down, any answer to / at all.
   */
  probe?: { path: string; ready: (status: number) => boolean }
}

/** Caddy once it answers the probe; generous, as the first start on a busy machine can take seconds. */
export async function startTestCaddy(options: TestCaddyOptions): Promise<ChildProcess> {
  const { dir, port, probe = { path: '/healthz', ready: (status) => status === 200 } } = options
  const origin = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    CADDY_ADMIN: 'off',
    XDG_DATA_HOME: path.join(dir, 'caddy-data'),
    XDG_CONFIG_HOME: path.join(dir, 'caddy-config'),
    FALLBACK_ROOT: path.join(dir, 'fallback'),
    ASSET_ARCHIVE_ROOT: path.join(dir, 'archive'),
    SITE_URL: origin,
    HTTP_PORT: String(port),
    HTTPS_PORT: String(await freePort()),
    WEB_UPSTREAM: options.upstream,
    ...options.env,
  }
  const caddy = spawn(CADDY, ['run', '--config', path.resolve('Caddyfile'), '--adapter', 'caddyfile'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  caddy.stdout!.on('data', (d) => (log += d))
  caddy.stderr!.on('data', (d) => (log += d))
  const answers = () =>
    fetch(`${origin}${probe.path}`).then(
      async (res) => {
        await res.arrayBuffer()
        return probe.ready(res.status)
      },
      () => false,
    )
  // Polls until Caddy answers as asked, or stops early when Caddy has exited.
  const up = await until(async () => caddy.exitCode !== null || (await answers()), 30_000)
  if (up && caddy.exitCode === null) return caddy
  caddy.kill()
  throw new Error(`Caddy did not start (exit code ${caddy.exitCode}):\n${log}`)
}
