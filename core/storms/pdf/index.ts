/**
 * The weather report's PDF, a face of its own inside the storms feature. Importing it loads no
 * PDF renderer (@react-pdf/renderer, about 50 MB): the worker renders on a thread of its own
 * (renderReportPdfOffThread: bin/report-pdf.ts answers its requests, and the thread is ended
 * when no report has come for a while), so its main thread never loads the renderer;
 * site-admin renders in its own process, loading the renderer on its first report.
 * The production build splits dynamic imports into chunks of their own (scripts/build-server.mjs),
 * so a bundle that imports this face holds no import of the renderer until a render asks for it.
 */
import type { WeatherReport } from '../types'
import type { ReportPdfBusiness } from './render'

export { renderReportPdfOffThread, type RenderAnswer, type RenderRequest } from './thread'

/** The report's PDF, made in this thread (the renderer is loaded on the first call). */
export async function renderReportPdf(report: WeatherReport, business: ReportPdfBusiness): Promise<Buffer> {
  const { renderReportPdf: render } = await import('./render')
  return render(report, business)
}
