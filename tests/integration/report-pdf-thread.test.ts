/**
 * The worker's PDF renderer thread (core/storms/pdf/thread.ts), a real thread making real PDFs:
 * a render that hangs or kills its thread fails alone, and the reports queued behind it are
 * made afterwards, each with its whole timeout from the moment it is handed to the thread; the
 * thread ends when no report has come for a while.
 */
import type { Worker } from 'node:worker_threads'
import { afterEach, expect, test } from 'vitest'
import { DEFAULT_BUSINESS } from '../../shared/business'
import { PdfRenderThread } from '../../core/storms/pdf/thread'
import { makeSampleWeatherReport } from '../../core/storms/sample-report'
import { pdfPages } from '../support/pdf-text'
import { CRASH_ADDRESS, HUNG_ADDRESS, startReportPdfThread } from '../support/report-pdf-thread'

/**
 * A sample report takes a second or two in a fresh thread run from source (tsx compiles the
 * renderer there first): this leaves several times that, on a busy machine too.
 */
const TIMEOUT_MS = 20_000
const TIMED_OUT = `the report's PDF took longer than ${TIMEOUT_MS / 1000} s`

const sample = makeSampleWeatherReport()
const reportFor = (address: string) => ({ ...sample, address })

let renderer: PdfRenderThread | undefined
afterEach(async () => {
  await renderer?.close()
  renderer = undefined
})

/** The address on the PDF's first page: each render answered with its own report. */
async function addressIn(pdf: Buffer): Promise<string | undefined> {
  const [first] = await pdfPages(pdf)
  return [0, 1, 2, 3].map((i) => `${10 + i} Main Street, Parker, CO 80134`).find((a) => first?.includes(a))
}

test('reports queued behind a hung render are made after it, each with its own whole timeout', async () => {
  renderer = new PdfRenderThread(startReportPdfThread, TIMEOUT_MS)
  const hung = renderer.render(reportFor(HUNG_ADDRESS), DEFAULT_BUSINESS)
  const queued = [0, 1, 2].map((i) =>
    renderer!.render(reportFor(`${11 + i} Main Street, Parker, CO 80134`), DEFAULT_BUSINESS),
  )
  expect(renderer.size).toBe(4)
  await expect(hung).rejects.toThrow(TIMED_OUT)
  const pdfs = await Promise.all(queued)
  expect(await Promise.all(pdfs.map(addressIn))).toEqual([
    '11 Main Street, Parker, CO 80134',
    '12 Main Street, Parker, CO 80134',
    '13 Main Street, Parker, CO 80134',
  ])
  expect(renderer.size).toBe(0)
}, 120_000)

test('a render that times out or kills its thread fails alone; the renders before and after it succeed', async () => {
  renderer = new PdfRenderThread(startReportPdfThread, TIMEOUT_MS)
  const results = await Promise.allSettled([
    renderer.render(reportFor('10 Main Street, Parker, CO 80134'), DEFAULT_BUSINESS),
    renderer.render(reportFor(HUNG_ADDRESS), DEFAULT_BUSINESS),
    renderer.render(reportFor('11 Main Street, Parker, CO 80134'), DEFAULT_BUSINESS),
    renderer.render(reportFor(CRASH_ADDRESS), DEFAULT_BUSINESS),
    renderer.render(reportFor('12 Main Street, Parker, CO 80134'), DEFAULT_BUSINESS),
  ])
  expect(results.map((r) => r.status)).toEqual([
    'fulfilled',
    'rejected',
    'fulfilled',
    'rejected',
    'fulfilled',
  ])
  const reasons = results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : undefined))
  expect(reasons[1]).toBe(TIMED_OUT)
  expect(reasons[3]).toBe('the PDF thread exited (code 3)')
  const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  expect(await Promise.all(made.map(addressIn))).toEqual([
    '10 Main Street, Parker, CO 80134',
    '11 Main Street, Parker, CO 80134',
    '12 Main Street, Parker, CO 80134',
  ])
}, 120_000)

test('the thread ends after a while with no report, which releases the renderer; the next report starts a new one', async () => {
  const idleMs = 1_500
  const started: Worker[] = []
  renderer = new PdfRenderThread(
    () => {
      const thread = startReportPdfThread()
      started.push(thread)
      return thread
    },
    TIMEOUT_MS,
    idleMs,
  )
  expect(renderer.threadRunning).toBe(false)
  expect(
    await addressIn(await renderer.render(reportFor('10 Main Street, Parker, CO 80134'), DEFAULT_BUSINESS)),
  ).toBe('10 Main Street, Parker, CO 80134')
  expect(renderer.threadRunning).toBe(true)
  const exited = new Promise<number>((resolve) => started[0]!.once('exit', resolve))
  // A report within the idle time keeps the same thread.
  await new Promise((resolve) => setTimeout(resolve, idleMs / 2))
  await renderer.render(reportFor('11 Main Street, Parker, CO 80134'), DEFAULT_BUSINESS)
  expect(started).toHaveLength(1)
  expect(await exited).toBe(1) // terminate()'s exit code
  expect(renderer.threadRunning).toBe(false)
  expect(
    await addressIn(await renderer.render(reportFor('12 Main Street, Parker, CO 80134'), DEFAULT_BUSINESS)),
  ).toBe('12 Main Street, Parker, CO 80134')
  expect(started).toHaveLength(2)
}, 120_000)
