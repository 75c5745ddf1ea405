// The production web process alone (dist/node/server.mjs) on a free loopback port, with a
// database of its own and no Redis, for the scripts that measure pages in a browser
// (scripts/budgets.mjs, scripts/interaction-latency.mjs).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from './free-port.mjs'

/** Starts it and waits (up to 10 s) for /healthz; `stop()` ends it and removes its folder. */
export async function startSiteServer(name) {
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), `roofing-${name}-`))
  const child = spawn(process.execPath, ['dist/node/server.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://localhost:${port}`,
      DATABASE_PATH: path.join(dir, `${name}.db`),
      LOG_LEVEL: 'error',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseUrl = `http://localhost:${port}`
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    baseUrl,
    stop: () => {
      child.kill('SIGTERM')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
