// Bundles the Node entry points (web server, worker, the worker's notify-test command) into
// dist/node with esbuild.
// Dependencies stay external (node_modules); our own server/, shared/ and worker/ code is bundled,
// so production runs plain JavaScript with no TypeScript loader.
import { build } from 'esbuild'
import { existsSync } from 'node:fs'

const entryPoints = { server: 'server/main.ts' }
if (existsSync('worker/main.ts')) entryPoints.worker = 'worker/main.ts'
if (existsSync('worker/notify-test.ts')) entryPoints['notify-test'] = 'worker/notify-test.ts'

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
