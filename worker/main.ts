/**
 * The worker process (started by bin/worker.ts; `npm run worker`, dist/node/worker.mjs):
 * same configuration schema and database file as the web process, plus the notification
 * settings (worker/config.ts); consumes the leads queue and delivers each lead
 * (docs/lead-pipeline.md), takes the automatic backups, keeps NOAA's storm data current
 * (docs/storm-data.md) and keeps a heartbeat for its container's healthcheck.
 */
import { type Db } from '../core/platform/db/connection'
import { openMigratedDatabase } from '../core/platform/db/open'
import { createLogger, type Logger } from '../core/platform/logger'
import { logUncaughtErrors, onShutdown, WORKER_SHUTDOWN_TIMEOUT_MS } from '../core/platform/shutdown'
import { startBackupSchedule } from './backup-schedule'
import { startQuarantinePurge } from './quarantine-purge'
import { startHeartbeat, writeHeartbeat } from './heartbeat'
import { loadConfigOrExit, refuseSampleValuesOrExit } from '../core/platform/config/load'
import { WorkerConfigSchema, type WorkerConfig } from './config'
import { startLeadDelivery } from './lead-delivery'
import { startLeadWorker } from './lead-worker'
import { startStormRefresh } from './storms/refresh'
import { startStormResponse } from './storm-response'
import { startBookings } from './bookings'
import { startSpamDigestSchedule } from './spam-digest'
import { startWeeklyReportSchedule } from './weekly-report-schedule'
import { createMailer } from '../core/platform/mail/mailer'
import { createOfficeLinks } from '../core/spam'

export function startWorker(): void {
  const { config, envFile } = loadConfigOrExit(WorkerConfigSchema)
  const warnings = refuseSampleValuesOrExit(config)
  const redisUrl = requireRedisUrl(config)
  resetHeartbeat(config.workerHeartbeat.file)
  const logger = createLogger(config.logLevel).child({ process: 'worker' })
  logUncaughtErrors(logger)
  for (const warning of warnings) logger.warn(warning)
  if (envFile) logger.info({ envFile }, 'settings read from .env')
  const db = openWorkerDatabase(config, logger)
  const delivery = startLeadDelivery({ db, config, logger })
  const leadWorker = startLeadWorker({
    db,
    logger,
    redisUrl,
    prefix: config.queuePrefix,
    notifier: delivery.notifier,
  })
  logger.info({ databasePath: config.databasePath, prefix: config.queuePrefix }, 'worker started')
  const backups = startBackupSchedule({ db, databasePath: config.databasePath, logger, ...config.backup })
  const quarantine = startQuarantinePurge({ db, retentionDays: config.spamRetentionDays, logger })
  const storms = startStormRefresh({ db, logger, settings: config.stormRefresh })
  // The daily spam digest goes to the office e-mail's recipients, on its own connection.
  const digestMailer =
    config.notify.smtp && config.office.notifyTo.length
      ? createMailer(config.notify.smtp, config.notify.sendTimeoutMs)
      : undefined
  const digest = startSpamDigestSchedule({
    db,
    logger,
    time: config.office.digestTime,
    mail:
      digestMailer && config.notify.smtp
        ? { mailer: digestMailer, from: config.notify.smtp.from, to: config.office.notifyTo }
        : undefined,
    links: createOfficeLinks(db, { siteUrl: config.siteUrl, days: config.office.linkDays }),
    businessName: config.business.name,
    linkDays: config.office.linkDays,
    retentionDays: config.spamRetentionDays,
  })
  // The weekly report goes to the same recipients, through the same connection.
  const weeklyReport = startWeeklyReportSchedule({
    db,
    logger,
    schedule: config.weeklyReport,
    mail:
      digestMailer && config.notify.smtp
        ? { mailer: digestMailer, from: config.notify.smtp.from, to: config.office.notifyTo }
        : undefined,
  })
  // Storm alerts and the office's briefing: a connection of their own, so a storm's alerts
  // never queue ahead of a lead's e-mails (docs/storm-alerts.md).
  const stormMailer = config.notify.smtp
    ? createMailer(config.notify.smtp, config.notify.sendTimeoutMs)
    : undefined
  const stormResponse = startStormResponse({
    db,
    logger,
    settings: config.stormResponse,
    geocoder: config.geocoder,
    mailer: stormMailer,
    from: config.notify.smtp?.from ?? '',
    officeTo: config.office.notifyTo,
    business: config.business,
    siteUrl: config.siteUrl,
    sendTimeoutMs: config.notify.sendTimeoutMs,
  })
  // Bookings from the scheduling tools, the office's notices and nudges (docs/bookings.md).
  const bookings = startBookings({ db, logger, config })
  const heartbeat = startHeartbeat({
    file: config.workerHeartbeat.file,
    isHealthy: () => leadWorker.worker.isRunning() && db.prepare('SELECT 1').get() !== undefined,
    onError: (err) => logger.error({ err }, 'could not write the heartbeat file'),
  })

  onShutdown({
    name: 'worker',
    logger,
    timeoutMs: WORKER_SHUTDOWN_TIMEOUT_MS,
    async close() {
      heartbeat.stop()
      // Each waits for its pass in progress; the storm refresh cuts its download short.
      await Promise.all([
        backups.stop(),
        quarantine.stop(),
        digest.stop(),
        weeklyReport.stop(),
        storms.stop(),
        stormResponse.stop(),
        bookings.stop(),
      ])
      digestMailer?.close()
      stormMailer?.close()
      await leadWorker.close()
      await delivery.close()
      db.close()
    },
  })
}

function requireRedisUrl(config: WorkerConfig): string {
  if (config.redisUrl) return config.redisUrl
  console.error(
    'The worker needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379): it consumes the leads queue in Redis.',
  )
  process.exit(1)
}

/** A heartbeat left by a previous run must not describe this one (or get it killed as stale). */
function resetHeartbeat(file: string): void {
  try {
    writeHeartbeat(file)
  } catch (err) {
    console.error(
      `The worker cannot write its heartbeat file ${file} (WORKER_HEARTBEAT_FILE): ${(err as Error).message}. Set WORKER_HEARTBEAT_FILE to a file in a folder the worker may write to.`,
    )
    process.exit(1)
  }
}

/** The same file as the web process, migrated here too (idempotent), so either may start first. */
function openWorkerDatabase(config: WorkerConfig, logger: Logger): Db {
  const db = openMigratedDatabase(config.databasePath, { backupDir: config.backup.dir, logger })
  // The worker writes delivery state, never a lead: without an fsync per commit (WAL keeps
  // it safe from a process crash), a power cut can only forget the last few "sent" marks, and
  // those notifications go out again with the same Message-ID / webhook-id. Halves the fsyncs
  // per lead, which is what a burst of leads waits on.
  db.pragma('synchronous = NORMAL')
  return db
}
