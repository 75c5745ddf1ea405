// Bundles every program in bin/ (one file each: the web server, the worker, its healthcheck,
// notify-test, site-admin) into dist/node/<its name>.mjs with esbuild.
// Dependencies stay external (node_modules); our own code (core/, server/, worker/, admin/,
// shared/) is bundled, so production runs plain JavaScript with no TypeScript loader.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

// The folder is the list: a new program is a new file in bin/.
const entryPoints = Object.fromEntries(
  readdirSync('bin')
    .filter((name) => name.endsWith('.ts'))
    .map((name) => [path.basename(name, '.ts'), path.join('bin', name)]),
)

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
