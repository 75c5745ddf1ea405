/**
 * Renders a weather report's PDF off the main thread when the built renderer is there
 * (production: dist/node/report-pdf.mjs, beside the bundle of the process; bin/report-pdf.ts).
 * A report's PDF takes a second or more of CPU to lay out; on the worker's own thread that would
 * stall its queue lock renewals, its SMTP dialogues and the geocoder's timers for every other
 * lead. Run from source (tsx, vitest), where no built file exists, it renders in the same thread.
 *
 * One thread (unref'd, so it never holds the process open), started for the first report, given
 * one render at a time; the others wait here, in order. The thread ends when no report has come
 * for IDLE_MS, which releases the renderer's memory (about 50 MB; docs/performance.md, "Memory");
 * the next report starts a new one. The process's own thread never loads the renderer.
 * A render's timeout starts when it is handed to the thread, so reports queued behind a slow
 * one never use up their time waiting.
 * A render that takes longer than RENDER_TIMEOUT_MS, or that kills its thread, fails alone (the
 * channel retries it): the thread is replaced and the next render goes to the new one.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { WeatherReport } from '../types'
import type { ReportPdfBusiness } from './render'

/** A render's own time, from being handed to the thread (a fresh thread's start-up included). */
const RENDER_TIMEOUT_MS = 60_000
/**
 * How long the thread is kept with no report to make: the leads of one storm come within
 * minutes, and a new thread costs a second or two of start-up.
 */
const IDLE_MS = 120_000
/**
 * The thread's heap, capped so a render cannot grow the worker past its container's limit: V8
 * collects harder instead. A report's render needs 64 to 96 MB of old space however many storms
 * it lists (measured with 350 and 1,400; the renderer itself is most of it), and runs two to
 * three times slower at 80 MB; 128 leaves room. A thread that still runs out ends with an
 * error, which fails that render alone (docs/performance.md, "Memory").
 */
const PDF_THREAD_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 }

export interface RenderRequest {
  id: number
  report: WeatherReport
  business: ReportPdfBusiness
}
export type RenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string }

interface Job {
  request: RenderRequest
  resolve: (pdf: Buffer) => void
  reject: (err: Error) => void
}

/**
 * The renderer thread and its queue. `startThread` makes a thread that answers RenderRequests
 * with RenderAnswers (bin/report-pdf.ts); it is called again whenever a thread is given up.
 */
export class PdfRenderThread {
  private thread: Worker | undefined
  private current: (Job & { timer: ReturnType<typeof setTimeout> }) | undefined
  private readonly waiting: Job[] = []
  private nextId = 1
  private idleTimer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly startThread: () => Worker,
    private readonly timeoutMs: number = RENDER_TIMEOUT_MS,
    private readonly idleMs: number = IDLE_MS,
  ) {}

  render(report: WeatherReport, business: ReportPdfBusiness): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.push({ request: { id: this.nextId++, report, business }, resolve, reject })
      this.next()
    })
  }

  /** Renders waiting or under way: the one in the thread and those queued behind it. */
  get size(): number {
    return this.waiting.length + (this.current ? 1 : 0)
  }

  /** Whether a renderer thread is running (it ends after idleMs with no report). */
  get threadRunning(): boolean {
    return this.thread !== undefined
  }

  /** Stops the thread; renders not finished fail. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer)
    const err = new Error('the PDF renderer was closed')
    for (const job of this.waiting.splice(0)) job.reject(err)
    this.settle(undefined, err)
    const thread = this.thread
    this.thread = undefined
    await thread?.terminate()
  }

  /** Hands the first waiting render to the thread, when it is free. */
  private next(): void {
    if (this.current) return
    const job = this.waiting.shift()
    if (!job) {
      this.idle()
      return
    }
    clearTimeout(this.idleTimer)
    const thread = (this.thread ??= this.spawn())
    const timer = setTimeout(() => {
      const seconds = this.timeoutMs / 1000
      this.settle(undefined, new Error(`the report's PDF took longer than ${seconds} s`))
      // A thread stuck on one report would hold up every later one: they go to a fresh thread.
      this.giveUp(thread)
    }, this.timeoutMs)
    this.current = { ...job, timer }
    thread.postMessage(job.request satisfies RenderRequest)
  }

  /** Ends the current render with its PDF or its error; the next one starts. */
  private settle(pdf: Buffer | undefined, err?: Error): void {
    const job = this.current
    if (!job) return
    this.current = undefined
    clearTimeout(job.timer)
    if (pdf) job.resolve(pdf)
    else job.reject(err ?? new Error("the report's PDF could not be made"))
  }

  /** Nothing to render: the thread ends after idleMs unless a report comes first. */
  private idle(): void {
    clearTimeout(this.idleTimer)
    if (!this.thread) return
    this.idleTimer = setTimeout(() => {
      const thread = this.thread
      if (!thread || this.current || this.waiting.length > 0) return
      this.thread = undefined
      void thread.terminate()
    }, this.idleMs)
    this.idleTimer.unref()
  }

  private giveUp(thread: Worker): void {
    if (this.thread === thread) this.thread = undefined
    void thread.terminate()
    this.next()
  }

  private spawn(): Worker {
    const thread = this.startThread()
    thread.unref()
    thread.on('message', (answer: RenderAnswer) => {
      if (this.thread !== thread || answer.id !== this.current?.request.id) return
      if ('error' in answer)
        this.settle(undefined, new Error(`the report's PDF could not be made: ${answer.error}`))
      else this.settle(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength))
      this.next()
    })
    // A thread that dies takes only the render it was making with it; a thread given up
    // already (timed out, closed) has nothing left to fail.
    const lost = (err: Error) => {
      if (this.thread !== thread) return
      this.thread = undefined
      this.settle(undefined, err)
      this.next()
    }
    thread.on('error', (err) => lost(new Error(`the PDF thread failed: ${err.message}`)))
    thread.on('exit', (code) => lost(new Error(`the PDF thread exited (code ${code})`)))
    return thread
  }
}

let shared: PdfRenderThread | undefined

/** The built renderer beside this bundle, when there is one. */
function builtRenderer(): URL | undefined {
  const url = new URL('./report-pdf.mjs', import.meta.url)
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : undefined
}

/** The report's PDF, made in the renderer thread when it is built, else here. */
export async function renderReportPdfOffThread(
  report: WeatherReport,
  business: ReportPdfBusiness,
): Promise<Buffer> {
  const file = builtRenderer()
  if (!file) return (await import('./render')).renderReportPdf(report, business)
  shared ??= new PdfRenderThread(() => new Worker(file, { resourceLimits: PDF_THREAD_LIMITS }))
  return shared.render(report, business)
}
