/** Small words every feature writes the same way. */

/**
 * '1 lead', '3 leads', '2 NCEI files'; `written` is how the number is shown when not as is
 * ('1,204').
 */
export function plural(n: number, one: string, many = `${one}s`, written = String(n)): string {
  return `${written} ${n === 1 ? one : many}`
}

/** A span in whole minutes: '25 min', '2 h', '3 h 10 min', '2 d 4 h', '3 d'. */
export function minutesSpan(m: number): string {
  if (m < 60) return `${m} min`
  const h = Math.floor(m / 60)
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`
  const d = Math.floor(h / 24)
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`
}
