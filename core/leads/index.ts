/**
 * The leads feature's face: what the processes and the other features use of it. Code
 * outside core/leads/ imports it from here (eslint.config.js; docs/decisions/019-platform-and-features.md).
 */
export { NOT_RECORDED, compareKeys, countBy, lastTouchOf, sourceKeyOf } from './counts'
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
export {
  NOT_QUARANTINED,
  countLeads,
  findLead,
  findLeadIdsToEnqueue,
  findLeadsByIdPrefix,
  insertLead,
  leadExists,
  listLeads,
  markEnqueued,
  purgeQuarantined,
  recordEnqueueFailure,
  releaseLead,
  toLead,
  touchReadinessProbe,
  type Lead,
  type LeadRow,
  type ListedLead,
  type SpamCheck,
} from './store'
export { type Channel, type SendContext, type SendOutcome } from './notifications/channels/channel'
export { CHANNELS } from './notifications/channels'
export { buildLeadView, type LeadToShow, type LeadView } from './notifications/lead-view'
export { officeMailMessageId } from './notifications/messages'
export { createNotifier, type Notifier } from './notifications/notifier'
