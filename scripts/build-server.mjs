// Bundles the Node entry points (web server, worker, the worker's healthcheck and notify-test
// command, site-admin) into dist/node with esbuild.
// Dependencies stay external (node_modules); our own server/, shared/ and worker/ code is bundled,
// so production runs plain JavaScript with no TypeScript loader.
import { build } from 'esbuild'

const entryPoints = {
  server: 'server/main.ts',
  'site-admin': 'server/admin/main.ts',
  worker: 'worker/main.ts',
  'worker-health': 'worker/health.ts',
  'notify-test': 'worker/notify-test.ts',
}

await build({
  entryPoints,
  outdir: 'dist/node',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'info',
})
