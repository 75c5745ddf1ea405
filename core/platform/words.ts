/** Small words every feature writes the same way. */

/**
 * '1 lead', '3 leads', '2 NCEI files'; `written` is how the number is shown when not as is
 * ('1,204').
 */
export function plural(n: number, one: string, many = `${one}s`, written = String(n)): string {
  return `${written} ${n === 1 ? one : many}`
}
