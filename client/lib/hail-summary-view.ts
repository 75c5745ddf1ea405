/**
 * The hail report's summary on the page, for the visitor who just sent the form: plain DOM code,
 * so the /hail-report form's island and /schedule-inspection's script (after the exit-intent
 * popup) show it the same way. It asks GET /api/hail-reports/:id with the key the post was
 * answered with until the worker has made the report, showing that it is looking meanwhile;
 * after HAIL_SUMMARY_WAIT_MS it says the summary is late and the full report still comes by
 * e-mail. It never shows anything it was not given.
 */
import {
  describeHailMark,
  HAIL_REPORT_ENDPOINT,
  HAIL_SUMMARY_POLL_MS,
  HAIL_SUMMARY_TEXT,
  HAIL_SUMMARY_WAIT_MS,
  REPORT_KEY_HEADER,
  type HailMark,
  type HailReportStatus,
  type HailSummaryView,
} from '../../shared/hail-summary'
import { formatBusinessDate } from '../../shared/business-time'
import { browserStorage, takeSessionJson } from './browser-storage'
import { PENDING_REPORT_SESSION_KEY } from './pending-report'

/** A report asked for in this browser: the lead's id and the key that reads its summary. */
export interface PendingReport {
  id: string
  key: string
}

const PENDING_SESSION_KEY = PENDING_REPORT_SESSION_KEY

/** Kept for the next page (the exit-intent popup goes on to /schedule-inspection), never in the URL. */
export function rememberPendingReport(pending: PendingReport): void {
  try {
    browserStorage('sessionStorage')?.setItem(PENDING_SESSION_KEY, JSON.stringify(pending))
  } catch {
    // Private mode may refuse: the summary is then only in the e-mail.
  }
}

/** The report remembered for this page, taken once. */
export function takePendingReport(): PendingReport | undefined {
  const parsed = takeSessionJson(PENDING_SESSION_KEY) as Partial<PendingReport> | null | undefined
  return typeof parsed?.id === 'string' && typeof parsed.key === 'string'
    ? { id: parsed.id, key: parsed.key }
    : undefined
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag)
  node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

const RING_LABELS: Record<number, string> = { 1: 'Within 1 mile', 3: '1 to 3 miles', 10: '3 to 10 miles' }

function stormCount(n: number): string {
  return `${n} ${n === 1 ? 'storm' : 'storms'}`
}

function sameMark(a: HailMark, b: HailMark | null): boolean {
  return b !== null && a.beginAt === b.beginAt && a.hailIn === b.hailIn && a.distanceMi === b.distanceMi
}

/** The summary as a few lines a homeowner reads at a glance. */
function renderSummary(summary: HailSummaryView): HTMLElement[] {
  const items: string[] = summary.countByRing.map(
    ({ ring, count }) => `${RING_LABELS[ring] ?? `Within ${ring} miles`}: ${stormCount(count)}`,
  )
  const within1 = summary.largestHailWithin1Mi
  const within3 = summary.largestHailWithin3Mi
  if (within1) items.push(`Largest hail within 1 mile: ${describeHailMark(within1)}`)
  // The same storm is named once: the largest within 3 miles is often the one within 1.
  if (within3 && !sameMark(within3, within1))
    items.push(`Largest hail within 3 miles: ${describeHailMark(within3)}`)
  if (summary.dateOfLoss)
    items.push(
      `Date of loss for an insurance claim (the most recent hail of 1 inch or more within 3 miles): ${formatBusinessDate(summary.dateOfLoss.beginAt)}`,
    )
  const list = el('ul', 'hail-summary-list')
  for (const item of items) list.append(el('li', '', item))
  return [
    el('p', 'hail-summary-heading', HAIL_SUMMARY_TEXT.readyHeading),
    el('p', 'hail-summary-line', summary.line),
    // An answer from a server before radar has no radarLine: shown as nothing, like null.
    ...(summary.radarLine ? [el('p', 'hail-summary-radar', summary.radarLine)] : []),
    list,
    el(
      'p',
      'hail-summary-note',
      `Since ${summary.sinceYear}, from NOAA storm data; your home was ${summary.locatedText}.`,
    ),
    el('p', 'hail-summary-note', HAIL_SUMMARY_TEXT.fullReport),
  ]
}

async function ask(pending: PendingReport): Promise<HailReportStatus | 'error'> {
  try {
    const res = await fetch(`${HAIL_REPORT_ENDPOINT}/${encodeURIComponent(pending.id)}`, {
      headers: { Accept: 'application/json', [REPORT_KEY_HEADER]: pending.key },
      credentials: 'same-origin',
      cache: 'no-store',
    })
    if (!res.ok) return 'error'
    return (await res.json()) as HailReportStatus
  } catch {
    // A dropped connection on a weak signal: asked again at the next turn.
    return { status: 'pending' }
  }
}

/**
 * Shows the report's progress and then its summary in `container` (a role=status region).
 * Returns a function that stops asking (the island calls it when it goes away).
 */
export function showHailSummary(container: HTMLElement, pending: PendingReport): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const body = el('div', 'hail-summary')
  const show = (...nodes: HTMLElement[]) => body.replaceChildren(...nodes)
  show(el('p', 'hail-summary-progress', HAIL_SUMMARY_TEXT.looking))
  container.replaceChildren(body)
  container.hidden = false
  const deadline = Date.now() + HAIL_SUMMARY_WAIT_MS

  const turn = async () => {
    if (stopped) return
    const answer = await ask(pending)
    if (stopped) return
    if (answer === 'error') return show(el('p', 'hail-summary-note', HAIL_SUMMARY_TEXT.failed))
    if (answer.status === 'ready') return show(...renderSummary(answer.summary))
    if (answer.status === 'unplaced') return show(el('p', 'hail-summary-note', HAIL_SUMMARY_TEXT.unplaced))
    if (Date.now() >= deadline) return show(el('p', 'hail-summary-note', HAIL_SUMMARY_TEXT.notReady))
    timer = setTimeout(() => void turn(), HAIL_SUMMARY_POLL_MS)
  }
  void turn()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
