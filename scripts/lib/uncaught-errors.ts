/**
 * Reads a pino log (one JSON object a line) for the lines logUncaughtErrors (core/platform/shutdown.ts)
 * writes when an error escapes every handler to the process. The e2e run's teardown
 * (e2e/no-uncaught-errors.ts) and the fuzz script (scripts/fuzz.ts) fail on any: a request
 * handler must answer, never throw past its request.
 */
import { UNCAUGHT_ERROR_MESSAGE } from '../../core/platform/shutdown'

/**
 * The uncaught-error lines of a log's text, each as its object. Lines that are not JSON (a
 * stack trace some library printed to the same stream) are not the log's and are skipped.
 */
export function uncaughtErrorsIn(text: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = []
  for (const line of text.split('\n')) {
    if (!line.includes(UNCAUGHT_ERROR_MESSAGE)) continue
    try {
      const entry = JSON.parse(line) as Record<string, unknown>
      if (entry.msg === UNCAUGHT_ERROR_MESSAGE) found.push(entry)
    } catch {
      // not a log line
    }
  }
  return found
}
