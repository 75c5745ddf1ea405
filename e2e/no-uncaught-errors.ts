/**
 * Playwright's global teardown: the e2e server's log (playwright.config.ts writes it to
 * E2E_SERVER_LOG) must hold no error that escaped a handler to the process (core/platform/shutdown.ts,
 * logUncaughtErrors). Vike installs process-wide handlers that keep the server alive and only
 * print such an error, so without this check a request that never got its answer would pass.
 */
import { existsSync, readFileSync } from 'node:fs'
import { uncaughtErrorsIn } from '../scripts/lib/uncaught-errors'

export default function assertNoUncaughtErrors(): void {
  const logFile = process.env.E2E_SERVER_LOG
  if (!logFile || !existsSync(logFile)) {
    throw new Error(`The e2e server's log was not written (${logFile ?? 'E2E_SERVER_LOG unset'})`)
  }
  const escaped = uncaughtErrorsIn(readFileSync(logFile, 'utf8'))
  if (escaped.length) {
    throw new Error(
      `${escaped.length} error(s) escaped a handler to the process during the e2e run:\n` +
        escaped.map((entry) => JSON.stringify(entry)).join('\n'),
    )
  }
}
