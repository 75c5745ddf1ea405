/**
 * The worker process (dist/node/worker.mjs; `npm run worker` in a checkout): delivers every
 * stored lead, takes the automatic backups, keeps its heartbeat. Each file in bin/ is one
 * program: the build bundles it into dist/node/<its name>.mjs.
 */
import { startWorker } from '../worker/main'

startWorker()
