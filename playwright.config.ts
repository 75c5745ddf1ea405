import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

/** Debian's Chromium when present (no browser download here), Playwright's own otherwise. */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

const PORT = Number(process.env.E2E_PORT ?? 3210)
export const BASE_URL = `http://localhost:${PORT}`
// Each run gets its own database file; the e2e fixtures read it to assert on stored leads.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'roofing-e2e-'))
process.env.E2E_DATA_DIR = dataDir
export const E2E_DATABASE_PATH = path.join(dataDir, 'e2e.db')
// The server's log, which the global teardown reads (e2e/no-uncaught-errors.ts).
const serverLog = path.join(dataDir, 'server.log')
process.env.E2E_SERVER_LOG = serverLog
const REDIS_FOR_E2E = process.env.E2E_REDIS_URL ?? process.env.REDIS_URL
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  globalTeardown: './e2e/no-uncaught-errors.ts',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: DESKTOP }],
  webServer: {
    // The production build, as a visitor meets it (`npm run build` runs before `npm run test:e2e`).
    // Its log (warnings and errors) goes to a file the global teardown reads.
    command: `node dist/node/server.mjs >> '${serverLog}'`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: BASE_URL,
      DATABASE_PATH: E2E_DATABASE_PATH,
      LOG_LEVEL: 'warn',
      LEAD_RATE_LIMIT_PER_MINUTE: '1000',
      // Every browser of the run asks from 127.0.0.1.
      FORM_TOKEN_RATE_LIMIT_PER_MINUTE: '10000',
      OFFICE_LINK_RATE_LIMIT_PER_MINUTE: '10000',
      BOOKING_URL: 'https://booking.test/roof-inspection',
      ...(REDIS_FOR_E2E
        ? { REDIS_URL: REDIS_FOR_E2E, QUEUE_PREFIX: `e2e-${process.pid}-${Date.now()}` }
        : {}),
    },
  },
})
