/**
 * The PDF renderer (@react-pdf/renderer, about 50 MB) lives only in the renderer's thread: the
 * worker's main thread never loads it, with the code built as production builds it (esbuild
 * would otherwise hoist the renderer's import to the top of the bundle; scripts/lib/server-build.mjs).
 * The probe (fixtures/pdf-main-thread-probe.ts) is built beside bin/report-pdf.ts, so
 * renderReportPdfOffThread finds the built thread as dist/node/worker.mjs does, and run as a
 * process of its own.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { afterAll, expect, test } from 'vitest'
import { serverBuildOptions } from '../../scripts/lib/server-build.mjs'

// Inside the repository, so the bundle's external packages resolve from its node_modules.
const cacheDir = path.resolve('node_modules/.cache')
let outdir: string | undefined
afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true })
})

test("the worker's main thread never loads the PDF renderer: the report is made in its thread", async () => {
  mkdirSync(cacheDir, { recursive: true })
  outdir = mkdtempSync(path.join(cacheDir, 'pdf-main-thread-'))
  await build({
    ...serverBuildOptions({ outdir }),
    entryPoints: {
      'report-pdf': 'bin/report-pdf.ts',
      probe: 'tests/support/fixtures/pdf-main-thread-probe.ts',
    },
    sourcemap: false,
    logLevel: 'warning',
  })
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(outdir, 'probe.mjs')], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
    timeout: 90_000,
  })
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>
  expect(result).toMatchObject({ atStart: 0, offThreadPdf: '%PDF-', afterOffThread: 0, herePdf: '%PDF-' })
  expect(result.offThreadBytes).toBeGreaterThan(10_000)
  // The control: rendering in the main thread does load it, and the check sees that.
  expect(result.afterHere).toBeGreaterThan(0)
}, 120_000)
