// esbuild's options for the programs in bin/ (scripts/build-server.mjs; tests build their own
// programs with them, into a folder of their own).
// A dynamic import() becomes a chunk of its own (chunk-*.mjs beside the programs, shared by them),
// loaded when the code asks for it: without splitting, esbuild would hoist the imported module's
// own imports (the PDF renderer, resvg…) to the top of the bundle, and every process would load
// them at start-up (docs/performance.md, "Memory").
import { copyFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The data files the bundled code reads from beside itself (`new URL('./<file>', import.meta.url)`):
 * copied from their place in the source into `outdir`, where the bundles are.
 */
const DATA_FILES = [fileURLToPath(new URL('../../core/platform/zip-table.bin', import.meta.url))]

/** An esbuild plugin copying DATA_FILES into `outdir` after each successful build. */
function copyDataFiles(outdir) {
  return {
    name: 'copy-data-files',
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length > 0) return
        for (const file of DATA_FILES) copyFileSync(file, path.join(outdir, path.basename(file)))
      })
    },
  }
}

/** Every program in `bin` (the folder is the list: a new program is a new file there) into `outdir`. */
export function serverBuildOptions({ bin = 'bin', outdir = 'dist/node' } = {}) {
  const entryPoints = Object.fromEntries(
    readdirSync(bin)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => [path.basename(name, '.ts'), path.join(bin, name)]),
  )
  return {
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'info',
    plugins: [copyDataFiles(outdir)],
  }
}
