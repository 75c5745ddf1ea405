/**
 * The storm response pass's dependencies (core/storm-response) as its integration tests give
 * them: homes placed through the geocoder stand-in, alerts and the office's briefing sent by one
 * mailer from one address.
 */
import type { Mailer } from '../../core/platform/mail/mailer'
import type { Logger } from '../../core/platform/logger'
import { locateAddressAnswered } from '../../core/storms'
import type { RespondDeps } from '../../core/storm-response'
import { DEFAULT_BUSINESS } from '../../shared/business'

/** The business of the storm response tests: its site, the alerts' sender and the office. */
export const STORM_MAIL = {
  siteUrl: 'https://frontrange-roofing.test',
  from: 'Front Range Roofing <alerts@frontrange-roofing.test>',
  office: 'office@frontrange-roofing.test',
}

export interface TestRespondDeps {
  geocoderUrl: string
  mailer: Mailer
  from: string
  /** Where the briefing goes. */
  office: string
  siteUrl: string
  unsubscribeKey: Buffer
  logger: Logger
}

export function respondDepsFor(t: TestRespondDeps): RespondDeps {
  return {
    minIn: 1,
    locate: (address) => locateAddressAnswered(address, { baseUrl: t.geocoderUrl, timeoutMs: 2000 }),
    alerts: {
      mailer: t.mailer,
      from: t.from,
      business: DEFAULT_BUSINESS,
      siteUrl: t.siteUrl,
      unsubscribeKey: t.unsubscribeKey,
    },
    briefing: {
      mailer: t.mailer,
      from: t.from,
      to: [t.office],
      business: DEFAULT_BUSINESS,
      siteUrl: t.siteUrl,
    },
    logger: t.logger,
  }
}
