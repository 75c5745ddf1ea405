/**
 * GET /api/hail-reports/:id: the summary of a hail report, for the page of the visitor who
 * sent the form (shared/hail-summary.ts). It answers only with the key the form's post was
 * answered with (header X-Report-Key; core/storms/report-key.ts): an unknown lead, a lead of
 * another form and a wrong key all get the same 404, so a guessed id learns nothing. The
 * answer never holds the address, only the storms around it. Never cached.
 */
import { Router } from 'express'
import { REPORT_KEY_HEADER, type HailReportStatus } from '../../shared/hail-summary'
import type { Db } from '../../core/platform/db/connection'
import { findLeadReport, findReportKeyHash, toSummaryView, reportKeyMatches } from '../../core/storms'
import { failed } from './answers'

const NOT_FOUND =
  'No hail report matches this request. It is shown only in the browser that sent the form; the full report comes by e-mail.'

export function createHailReportRouter(db: Db): Router {
  const router = Router()
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  router.get('/:id', (req, res) => {
    const key = req.get(REPORT_KEY_HEADER)
    if (!key) {
      res.status(401).json(failed(`Send the report's key in the ${REPORT_KEY_HEADER} header.`))
      return
    }
    const id = req.params.id
    if (id.length > 64 || !reportKeyMatches(key, findReportKeyHash(db, id))) {
      res.status(404).json(failed(NOT_FOUND))
      return
    }
    const report = findLeadReport(db, id)
    const answer: HailReportStatus = !report
      ? { status: 'pending' }
      : report.report
        ? { status: 'ready', summary: toSummaryView(report.report.summary) }
        : { status: 'unplaced' }
    res.json(answer)
  })
  router.all('/:id', (_req, res) => {
    res.set('Allow', 'GET').status(405).json(failed('Read a hail report with GET.'))
  })
  return router
}
