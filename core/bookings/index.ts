/**
 * The bookings feature's face (docs/bookings.md): the lead's life after the form. Bookings come
 * back from the scheduling tools (Calendly, Cal.com), each lead has a state and its history,
 * and the office hears of a booking, a cancellation or a reschedule at once, in the lead's
 * thread, and is nudged about a lead that has not booked, by e-mail and by text. Code outside
 * core/bookings/ imports it from here (eslint.config.js; docs/decisions/019-platform-and-features.md).
 */
export {
  BOOKING_EVENT_SETTINGS,
  LEAD_LIFE_SETTINGS,
  readBookingEventSettings,
  readLeadLifeSettings,
  type BookingEventSettings,
} from './settings'
export {
  checkCalComSignature,
  checkCalendlySignature,
  readCalComEvent,
  readCalendlyEvent,
  type ReadEvent,
  type Refusal,
} from './tools'
export { eventsOfLead, listBookingEvents, storeBookingEvent, type StoredBookingEvent } from './events'
export { makeBookingRef } from './ref'
export {
  MARK_WORDS,
  OFFICE_MARKS,
  markLead,
  readLeadHistory,
  readLeadState,
  type LeadStateNow,
  type OfficeMark,
  type StateChange,
} from './state'
export { messagesOfEvents, messagesOfLead, retryFailedMessages, type LeadMessage } from './messages'
export { createBookingDesk, type BookingDesk, type DeskPass } from './desk'
export { BOOKINGS_GRACE_MS, countBookingTrouble } from './readiness'
export { formatAppointment } from './words'
export {
  FOLLOW_UPS_UNSUBSCRIBE_PATH,
  OFFICE_MARK_PATH,
  checkFollowUpsToken,
  checkMarkToken,
  createMarkLinks,
  followUpsKey,
  followUpsStoppedAt,
  stopFollowUps,
} from './links'
export {
  bookedOf,
  bookingFunnel,
  bookingRate,
  formatLeadTime,
  funnelText,
  type BookingFunnel,
  type FunnelRow,
} from './funnel'
