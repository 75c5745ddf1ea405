/**
 * The weather report's PDF renderer as a worker thread (dist/node/report-pdf.mjs), started by
 * the worker process and site-admin (core/storms/pdf/thread.ts). Laying out a report of a few
 * hundred storms takes seconds of CPU; in a thread of its own it never holds up the worker's
 * event loop, which meanwhile renews its queue locks and talks to the mail server.
 */
import { parentPort } from 'node:worker_threads'
import { renderReportPdf, type RenderRequest, type RenderAnswer } from '../core/storms/pdf'
parentPort?.on('message', (request: RenderRequest) => {
  renderReportPdf(request.report, request.business).then(
    (pdf) => {
      const answer: RenderAnswer = { id: request.id, pdf: new Uint8Array(pdf) }
      parentPort?.postMessage(answer, [answer.pdf.buffer as ArrayBuffer])
    },
    (err: unknown) => {
      const answer: RenderAnswer = { id: request.id, error: err instanceof Error ? err.message : String(err) }
      parentPort?.postMessage(answer)
    },
  )
})
