/**
 * Lead delivery in the worker process: the notifier (shared by the queue jobs and the
 * reconciler) and the reconciler loop, with the start-up log of which channels are on.
 */
import type { Db } from '../core/platform/db/connection'
import type { Logger } from '../core/platform/logger'
import type { WorkerConfig } from './config'
import { createNotifier, type Notifier } from '../core/notifications'
import { createOfficeLinks } from '../core/spam'
import { createLeadReports } from '../core/storms'
import { createMarkLinks } from '../core/bookings'
import { startReconciler, type Reconciler } from './reconciler'

export interface LeadDelivery {
  notifier: Notifier
  reconciler: Reconciler
  /** Stops the reconciler (waits for its pass) and closes the SMTP pool. */
  close(): Promise<void>
}

/**
 * The notifier with what the worker hands it of the features below it: the office e-mail's
 * signed links (spam's) and the weather reports of hail report leads (storms', placed with the
 * worker's geocoder). core/notifications imports neither to make them
 * (docs/decisions/022-features-in-one-direction.md).
 */
export function createWorkerNotifier(deps: { db: Db; config: WorkerConfig; logger: Logger }): Notifier {
  const { db, config, logger } = deps
  return createNotifier({
    ...deps,
    reports: createLeadReports({ db, geocoder: config.geocoder, logger }),
    officeLinks: createOfficeLinks(db, { siteUrl: config.siteUrl, days: config.office.linkDays }),
    // The office e-mail's "Booked by phone", "Reached, not booked yet" and "Not interested".
    markLinks: createMarkLinks(db, { siteUrl: config.siteUrl, days: config.office.linkDays }),
  })
}

export function startLeadDelivery(deps: { db: Db; config: WorkerConfig; logger: Logger }): LeadDelivery {
  const notifier = createWorkerNotifier(deps)
  const channels = notifier.describeChannels()
  if (notifier.contractorChannelsOn().length) {
    deps.logger.info({ channels }, 'lead notifications on')
  } else {
    const setUp = deps.config.notify.channels
      .filter((c) => c.audience === 'contractor')
      .map((c) => c.enabledBy)
      .join(' or ')
    deps.logger.warn(
      { channels },
      `no notification channel is configured (set ${setUp}): leads are stored and recorded, but nobody is told of them`,
    )
  }
  const reconciler = startReconciler({
    db: deps.db,
    notifier,
    logger: deps.logger,
    graceMs: deps.config.notify.reconcile.graceMs,
    intervalMs: deps.config.notify.reconcile.intervalMs,
  })
  return {
    notifier,
    reconciler,
    async close() {
      await reconciler.stop()
      notifier.close()
    },
  }
}
