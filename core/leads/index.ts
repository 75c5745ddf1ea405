/**
 * The leads feature's face: what the processes and the other features use of it. Code
 * outside core/leads/ imports it from here (eslint.config.js; docs/decisions/019-platform-and-features.md).
 * It is the lead record (store, receipts, counts, the queries other features ask of it) and the
 * lowest feature: it imports none (its delivery is core/notifications/;
 * docs/decisions/022-features-in-one-direction.md).
 */
export { NOT_RECORDED, compareKeys, countBy, lastTouchOf, sourceKeyOf } from './counts'
export {
  DUPLICATE_WINDOW_MS,
  NOT_QUARANTINED,
  countLeads,
  findLead,
  findLeadIdsToEnqueue,
  findLeadsByIdPrefix,
  inQuarantine,
  isQuarantined,
  notQuarantined,
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
export {
  bookingRefOf,
  countQuarantinedAndReleased,
  countQuarantinedUpTo,
  findLeadIdByBookingRef,
  findLeadIdsByEmail,
  leadsToPlace,
  listQuarantinedBetween,
  reportKeyHashOf,
} from './queries'
export { checkLeadLinkToken, makeLeadLinkToken } from './link-tokens'
export { recordReceipt } from './receipts'
