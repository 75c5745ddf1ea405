/**
 * The weather report's PDF, a face of its own inside the storms feature: what loads it loads the
 * PDF renderer (@react-pdf/renderer), which the web process never needs. The worker renders on a
 * thread of its own (renderReportPdfOffThread: bin/report-pdf.ts answers its requests);
 * site-admin renders in its own process.
 */
export { renderReportPdf } from './render'
export { renderReportPdfOffThread, type RenderAnswer, type RenderRequest } from './thread'
