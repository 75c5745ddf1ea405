// Bundles every program in bin/ (one file each: the web server, the worker, its healthcheck,
// notify-test, site-admin, the PDF renderer's thread) into dist/node/<its name>.mjs with esbuild,
// and what they load on demand into dist/node/chunk-*.mjs (scripts/lib/server-build.mjs).
// Dependencies stay external (node_modules); our own code (core/, server/, worker/, admin/,
// shared/) is bundled, so production runs plain JavaScript with no TypeScript loader.
import { rmSync } from 'node:fs'
import { build } from 'esbuild'
import { serverBuildOptions } from './lib/server-build.mjs'

const options = serverBuildOptions()
// The chunks' names change with their content: an earlier build's would pile up.
rmSync(options.outdir, { recursive: true, force: true })
await build(options)
