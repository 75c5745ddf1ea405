/**
 * Worker process entry point (`npm run worker`, dist/node/worker.mjs in production):
 * same configuration schema and database file as the web process, consumes the leads
 * queue, takes the automatic backups and keeps a heartbeat for its container's healthcheck.
 */
import { loadConfigOrExit } from '../server/config'
import { openMigratedDatabase } from '../server/db/connection'
import { createLogger } from '../server/logger'
import { startBackupSchedule } from './backup-schedule'
import { startHeartbeat, writeHeartbeat } from './heartbeat'
import { startLeadWorker } from './lead-worker'
import { onShutdown } from './shutdown'

function main() {
  const config = loadConfigOrExit()
  if (!config.redisUrl) {
    console.error(
      'The worker needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379): it consumes the leads queue in Redis.',
    )
    process.exit(1)
  }
  // A heartbeat left by a previous run must not describe this one (or get it killed as stale).
  writeHeartbeat(config.workerHeartbeat.file)
  const logger = createLogger(config.logLevel).child({ process: 'worker' })
  for (const warning of config.warnings) logger.warn(warning)
  if (config.envFile) logger.info({ envFile: config.envFile }, 'settings read from .env')
  // Migrating here too (idempotent) lets the worker start before the web process.
  const db = openMigratedDatabase(config.databasePath, { backupDir: config.backup.dir, logger })
  const leadWorker = startLeadWorker({ db, logger, redisUrl: config.redisUrl, prefix: config.queuePrefix })
  logger.info({ databasePath: config.databasePath, prefix: config.queuePrefix }, 'worker started')
  const backups = startBackupSchedule({ db, databasePath: config.databasePath, logger, ...config.backup })
  const heartbeat = startHeartbeat({
    file: config.workerHeartbeat.file,
    isHealthy: () => leadWorker.worker.isRunning() && db.prepare('SELECT 1').get() !== undefined,
    onError: (err) => logger.error({ err }, 'could not write the heartbeat file'),
  })

  onShutdown(logger, async () => {
    heartbeat.stop()
    backups.stop()
    await leadWorker.close()
    db.close()
  })
}

main()
