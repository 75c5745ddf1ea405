/**
 * A real PDF renderer thread run from source: tsx is registered inside the thread before it
 * loads the renderer (fixtures/report-pdf-thread.ts), as the built worker loads
 * dist/node/report-pdf.mjs.
 */
import { Worker } from 'node:worker_threads'

/** A report for this address blocks its render thread for good. */
export const HUNG_ADDRESS = '1 Never Finishes Way, Parker, CO 80138'
/** A report for this address ends its render thread. */
export const CRASH_ADDRESS = '2 Thread Dies Court, Parker, CO 80138'

const ENTRY = new URL('./fixtures/report-pdf-thread.ts', import.meta.url).href

/** Starts a renderer thread; each call a new one. */
export function startReportPdfThread(): Worker {
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(ENTRY)}) })`,
    { eval: true },
  )
}
