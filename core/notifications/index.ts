/**
 * The notifications feature's face: the delivery of each lead to the office and the homeowner
 * (the channels, their e-mails and their record in lead_notifications). It sits above the lead
 * record (core/leads), the spam filter and the storms; the worker hands it what it needs of
 * them (the office links and the weather reports). Code outside core/notifications/ imports it
 * from here (eslint.config.js; docs/decisions/022-features-in-one-direction.md).
 */
export {
  countFailedNotifications,
  countLeadsWithFailedNotifications,
  countUndeliveredLeads,
  findUnplannedLeadIds,
  listChannels,
  listNotifications,
  retryFailedNotifications,
  type Notification,
  type NotificationStatus,
} from './notification-store'
export { type Channel, type SendContext, type SendOutcome } from './channels/channel'
export { CHANNELS } from './channels'
export { postSignedWebhook } from './channels/webhook'
export { buildLeadView, type LeadToShow, type LeadView } from './lead-view'
export { officeMailMessageId } from './messages'
export { createNotifier, type Notifier } from './notifier'
