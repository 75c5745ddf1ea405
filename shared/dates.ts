/** 'November 21, 2026': the long US date used for "Last updated" on the legal pages. */
export function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
}
