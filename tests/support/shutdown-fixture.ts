/**
 * A process that stops with onShutdown, for tests/integration/shutdown.test.ts. Its close
 * logs "closing", then per SHUTDOWN_FIXTURE: `clean` finishes after 300 ms, `fails` throws,
 * `hangs` never finishes (the timeout must end the process).
 */
import { createLogger } from '../../core/platform/logger'
import { onShutdown } from '../../core/platform/shutdown'

const FIXTURE_TIMEOUT_MS = 500

const mode = process.env.SHUTDOWN_FIXTURE
const logger = createLogger('info')
onShutdown({
  name: 'fixture',
  logger,
  timeoutMs: FIXTURE_TIMEOUT_MS,
  async close() {
    logger.info('closing')
    if (mode === 'fails') throw new Error('could not release the database')
    await new Promise((resolve) => {
      if (mode === 'clean') setTimeout(resolve, 300)
    })
  },
})
// Work that would keep the process alive for ever: only the shutdown ends it.
setInterval(() => {}, 60_000)
logger.info('ready')
