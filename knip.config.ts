/**
 * knip (`npm run lint`): fails on dependencies, files and exports nothing uses.
 * https://knip.dev/reference/configuration
 */
import type { KnipConfig } from 'knip'

export default {
  entry: [
    // The programs: scripts/build-server.mjs bundles every file here.
    'bin/*.ts',
    // Vike's files (vike-react's layout: +config, +Page, +data, +Head…).
    'client/pages/**/+*.{ts,tsx}',
    // npm scripts, benches, the compose smoke test and what they run by path.
    'scripts/*.{ts,mjs}',
    'tests/**/*.ts',
    'e2e/**/*.ts',
  ],
  project: ['**/*.{ts,tsx,mjs,js}'],
  // page-bench.ts runs the system's wrk (`apt-get install wrk`), not an npm package.
  ignoreBinaries: ['wrk'],
  // The Nu HTML Checker's jar is found by path (createRequire(…).resolve('vnu-jar/…') in
  // e2e/html-checkers.spec.ts) and run with Java; nothing imports it.
  ignoreDependencies: ['vnu-jar'],
} satisfies KnipConfig
