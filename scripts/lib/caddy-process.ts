/**
 * Caddy run natively with the repository's Caddyfile, for the benchmarks (scripts/page-bench.ts,
 * scripts/memory-bench.ts): in front of a web process on loopback, serving the pages it wrote.
 */
import { spawn } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { freePort } from './free-port.mjs'
import { sleep, until } from './harness'

export const CADDY_BIN = process.env.CADDY_BIN ?? '/usr/bin/caddy'

/** Caddy with the repository's Caddyfile in front of `webOrigin`, serving `fallbackDir`; its stop function. */
export async function startCaddy(
  dir: string,
  webOrigin: string,
  fallbackDir: string,
): Promise<{ origin: string; pid: number | undefined; stop: () => Promise<void> }> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const root = path.join(dir, 'caddy')
  mkdirSync(root, { recursive: true })
  const logFile = path.join(root, 'caddy.log')
  const fd = openSync(logFile, 'a')
  const child = spawn(CADDY_BIN, ['run', '--config', 'Caddyfile', '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      // Caddy names the hour of its clock in UTC, as the web process names its files' links.
      TZ: 'UTC',
      XDG_DATA_HOME: root,
      XDG_CONFIG_HOME: root,
      CADDY_ADMIN: 'off',
      SITE_URL: origin,
      HTTP_PORT: String(port),
      HTTPS_PORT: String(await freePort()),
      WEB_UPSTREAM: webOrigin.slice('http://'.length),
      FALLBACK_ROOT: fallbackDir,
      ASSET_ARCHIVE_ROOT: path.join(dir, 'asset-archive'),
    },
    stdio: ['ignore', fd, fd],
  })
  closeSync(fd)
  const ok = await until(async () => {
    if (child.exitCode !== null) return false
    try {
      return (await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1000) })).status === 200
    } catch {
      return false
    }
  }, 10_000)
  if (!ok) throw new Error(`Caddy did not start (exit ${child.exitCode}): ${readFileSync(logFile, 'utf8')}`)
  return {
    origin,
    pid: child.pid,
    stop: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      await Promise.race([exited, sleep(5000)])
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}
