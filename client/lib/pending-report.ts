/**
 * The sessionStorage key of a hail report asked for in this browser, in a module of its own:
 * the script layer reads it on every page (client/script-layer/hail-summary.ts), and a module
 * the script layer imports is bundled into every page's first script with everything any later
 * chunk takes from it. Importing the key from shared/hail-summary.ts brought the summary's words
 * and the business clock's date formatters into every page's first load (docs/performance.md,
 * "Lighthouse budgets"); the code that shows the summary (client/lib/hail-summary-view.ts) loads
 * only when a report is waiting.
 */
export const PENDING_REPORT_SESSION_KEY = 'hailReportPending'
