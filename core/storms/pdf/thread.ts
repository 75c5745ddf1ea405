/**
 * Renders a weather report's PDF off the main thread when the built renderer is there
 * (production: dist/node/report-pdf.mjs, beside the bundle of the process; bin/report-pdf.ts).
 * A report of a few hundred storms takes 1–3 s of CPU to lay out, and a thousand about 9 s; on
 * the worker's own thread that would stall its queue lock renewals, its SMTP dialogues and the
 * geocoder's timers for every other lead. Run from source (tsx, vitest), where no built file
 * exists, it renders in the same thread.
 *
 * One thread, kept while the process runs (unref'd, so it never holds the process open), with
 * requests matched by id. A render that takes longer than RENDER_TIMEOUT_MS, or a thread that
 * dies, rejects its requests (the channel retries) and the next render starts a fresh thread.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { StormReport } from '../types'
import { renderReportPdf, type ReportPdfBusiness } from './index'

const RENDER_TIMEOUT_MS = 60_000

export interface RenderRequest {
  id: number
  report: StormReport
  business: ReportPdfBusiness
}
export type RenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string }

interface Pending {
  resolve: (pdf: Buffer) => void
  reject: (err: Error) => void
  timer: ReturnType<typeof setTimeout>
}

let thread: Worker | undefined
let nextId = 1
const pending = new Map<number, Pending>()

/** The built renderer beside this bundle, when there is one. */
function builtRenderer(): URL | undefined {
  const url = new URL('./report-pdf.mjs', import.meta.url)
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : undefined
}

function failAll(err: Error): void {
  for (const [id, p] of pending) {
    clearTimeout(p.timer)
    p.reject(err)
    pending.delete(id)
  }
}

function startThread(file: URL): Worker {
  const worker = new Worker(file)
  worker.unref()
  worker.on('message', (answer: RenderAnswer) => {
    const p = pending.get(answer.id)
    if (!p) return
    pending.delete(answer.id)
    clearTimeout(p.timer)
    if ('error' in answer) p.reject(new Error(`the report's PDF could not be made: ${answer.error}`))
    else p.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength))
  })
  const lost = (err: Error) => {
    if (thread === worker) thread = undefined
    failAll(err)
  }
  worker.on('error', (err) => lost(new Error(`the PDF thread failed: ${err.message}`)))
  worker.on('exit', (code) => lost(new Error(`the PDF thread exited (code ${code})`)))
  return worker
}

/** The report's PDF, made in the renderer thread when it is built, else here. */
export async function renderReportPdfOffThread(
  report: StormReport,
  business: ReportPdfBusiness,
): Promise<Buffer> {
  const file = builtRenderer()
  if (!file) return renderReportPdf(report, business)
  thread ??= startThread(file)
  const worker = thread
  const id = nextId++
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id)
      reject(new Error(`the report's PDF took longer than ${RENDER_TIMEOUT_MS / 1000} s`))
      // A thread stuck on one report would hold up every later one: start afresh next time.
      if (thread === worker) thread = undefined
      void worker.terminate()
    }, RENDER_TIMEOUT_MS)
    pending.set(id, { resolve, reject, timer })
    worker.postMessage({ id, report, business } satisfies RenderRequest)
  })
}
