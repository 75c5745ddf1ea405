/**
 * The worker container's healthcheck (dist/node/worker-health.mjs, run by docker-compose.yml):
 * exit 0 while the worker's heartbeat is fresh, 1 otherwise; with --kill-if-stale a stuck
 * worker is killed so that its container restarts. Each file in bin/ is one program: the
 * build bundles it into dist/node/<its name>.mjs.
 */
import { checkWorkerHealth } from '../worker/health-check'

process.exit(checkWorkerHealth(process.argv.slice(2), process.env))
