/**
 * The worker container's healthcheck (bin/worker-health.ts): healthy (0) while the worker's
 * heartbeat is fresh, 1 otherwise. Docker and Compose only mark a container unhealthy, they
 * do not restart it; with --kill-if-stale a stuck worker is killed (SIGKILL: a stuck event loop
 * cannot run a SIGTERM handler), the container exits and its restart policy starts it again.
 * That needs the worker not to be the container's PID 1 (`init: true` in docker-compose.yml),
 * because PID 1 ignores SIGKILL sent from inside its own container.
 */
import { ConfigError, parseEnv } from '../core/platform/config/helpers'
import { checkHeartbeat, HealthCheckConfigSchema } from './heartbeat'

/** Prints what it found and returns the exit status. */
export function checkWorkerHealth(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  let settings
  try {
    settings = parseEnv(HealthCheckConfigSchema, env).workerHeartbeat
  } catch (err) {
    console.error(`worker unhealthy: ${err instanceof ConfigError ? err.message : String(err)}`)
    return 1
  }
  const result = checkHeartbeat(settings.file, { maxAgeMs: settings.maxAgeMs })
  if (result.healthy) {
    console.log(`worker healthy: last heartbeat ${Math.round(result.ageMs / 1000)} s ago (pid ${result.pid})`)
    return 0
  }
  console.error(`worker unhealthy: ${result.reason}`)
  if (argv.includes('--kill-if-stale') && result.pid && result.pid !== process.pid) {
    try {
      process.kill(result.pid, 'SIGKILL')
      console.error(`killed the stuck worker (pid ${result.pid}) so that its container restarts`)
    } catch (err) {
      console.error(`could not kill pid ${result.pid}: ${(err as Error).message}`)
    }
  }
  return 1
}
