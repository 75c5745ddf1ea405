export const SCORE_BUDGET: {
  performance: number
  accessibility: number
  'best-practices': number
  seo: number
}
export const METRIC_BUDGET: { 'largest-contentful-paint': number; 'cumulative-layout-shift': number }
export const JS_BUDGET_KB: number
export const FORM_PAGES: string[]
export const FORM_PAGE_JS_BUDGET_KB: number
/** The budget of `path`, in KB. */
export function jsBudgetKbOf(path: string): number
