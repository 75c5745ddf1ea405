import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Integration tests share one Redis (per-run key prefix) and each use their own SQLite file.
    globalSetup: ['tests/global-setup.ts'],
  },
})
