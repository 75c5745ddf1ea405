import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Integration tests share one Redis (per-run key prefix) and each use their own SQLite file.
    globalSetup: ['tests/global-setup.ts'],
    // Vitest's default is one file per core less one: a single file at a time on 2 cores. Much of
    // an integration test's time is spent waiting (child processes, Redis, the SMTP peer), so two
    // files at once there: 4 min 35 s → 2 min 38 s for the 1,140 tests on 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
