/**
 * /schedule-inspection after the exit-intent popup's hail report request: the report's summary
 * shows there as soon as the worker has made it. The code that asks for it and draws it
 * (client/lib/hail-summary-view.ts) loads only when this browser has a report waiting, so no
 * other visit pays for it.
 */
import { HAIL_SUMMARY_REGION } from '../dom-contract'
import { browserStorage } from '../lib/browser-storage'
import { PENDING_REPORT_SESSION_KEY } from '../lib/pending-report'

/** Whether this browser has a report waiting, read without loading the code that shows it. */
function hasPendingReport(): boolean {
  try {
    return browserStorage('sessionStorage')?.getItem(PENDING_REPORT_SESSION_KEY) != null
  } catch {
    return false
  }
}

export function startHailSummary(): void {
  const region = document.querySelector<HTMLElement>(`[${HAIL_SUMMARY_REGION}]`)
  if (!region || !hasPendingReport()) return
  void import('../lib/hail-summary-view').then(({ takePendingReport, showHailSummary }) => {
    const pending = takePendingReport()
    const status = region.querySelector<HTMLElement>('[role="status"]')
    if (!pending || !status) return
    region.hidden = false
    showHailSummary(status, pending)
  })
}
