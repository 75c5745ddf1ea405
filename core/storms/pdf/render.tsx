/**
 * The report's PDF as bytes, for the homeowner's e-mail and `site-admin storms report --pdf`.
 * Built-in fonts only: no font file to load and nothing fetched from the network.
 */
import { renderToBuffer } from '@react-pdf/renderer'
import type { WeatherReport } from '../types'
import { ReportDocument, type ReportPdfBusiness } from './ReportDocument'

export type { ReportPdfBusiness } from './ReportDocument'

export async function renderReportPdf(report: WeatherReport, business: ReportPdfBusiness): Promise<Buffer> {
  return renderToBuffer(<ReportDocument report={report} business={business} />)
}
