/**
 * /schedule-inspection after the exit-intent popup's hail report request: the report's summary
 * shows there as soon as the worker has made it. The code that asks for it and draws it
 * (client/lib/hail-summary-view.ts) loads only when this browser has a report waiting, so no
 * other visit pays for it.
 */
import { HAIL_SUMMARY_REGION } from '../dom-contract'

export function startHailSummary(): void {
  const region = document.querySelector<HTMLElement>(`[${HAIL_SUMMARY_REGION}]`)
  if (!region) return
  void import('../lib/hail-summary-view').then(({ takePendingReport, showHailSummary }) => {
    const pending = takePendingReport()
    if (pending) showHailSummary(region, pending)
  })
}
