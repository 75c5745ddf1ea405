/**
 * Every notification channel, in the order site-admin shows them. A new channel is a module in
 * this folder (channel.ts says what it holds) and a line here; the worker registers the list
 * at start (core/notifications/notification-store.ts, registerChannels), so site-admin and /readyz show it too.
 */
import { autoreply } from './autoreply'
import type { Channel } from './channel'
import { hailReport } from './hail-report'
import { officeEmail } from './office-email'
import { officeSms } from './office-sms'
import { stormAlertsConfirmation } from './storm-alerts-confirmation'
import { webhook } from './webhook'

export const CHANNELS: readonly Channel[] = [
  officeEmail,
  webhook,
  autoreply,
  hailReport,
  stormAlertsConfirmation,
  officeSms,
]
