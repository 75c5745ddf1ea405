// The performance budgets (docs/decisions/005-performance-budgets.md), in one place for the
// Lighthouse run (scripts/budgets.mjs) and the per-route script check (e2e/first-load.spec.ts).

/** Performance at least 95; accessibility, best practices and SEO at 100 (median of the runs). */
export const SCORE_BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }

/**
 * Core Web Vitals' "good" thresholds, on the median run: Largest Contentful Paint (ms) and
 * Cumulative Layout Shift.
 */
export const METRIC_BUDGET = { 'largest-contentful-paint': 2500, 'cumulative-layout-shift': 0.1 }

/**
 * Script a page may load before any interaction, in KB (1,024 bytes): the compressed bytes of
 * every script's body as the browser received them on a cold load (gzip or Brotli, whichever
 * the server sent), response headers not counted; Lighthouse's "transfer size" counts them too,
 * about 1 KB a file. On a content page that is the script layer alone (client/script-layer/):
 * React and the form's code come on intent, as an island (docs/decisions/010-islands.md).
 */
export const JS_BUDGET_KB = 10
/** The pages with a lead form of their own: until the visitor starts using the form. */
const FORM_PAGES = ['/contact', '/hail-report']
const FORM_PAGE_JS_BUDGET_KB = 25

/** The budget of `path`, in KB. */
export function jsBudgetKbOf(path) {
  return FORM_PAGES.includes(path) ? FORM_PAGE_JS_BUDGET_KB : JS_BUDGET_KB
}
