/**
 * The bookings feature's face (docs/bookings.md): the lead's life after the form. Bookings come
 * back from the scheduling tools (Calendly, Cal.com), each lead has a state and its history,
 * and the office hears of a booking, a cancellation or a reschedule at once, in the lead's
 * thread, and is nudged about a lead that has not booked, by e-mail and by text. Code outside
 * core/bookings/ imports it from here (eslint.config.js; docs/decisions/019-platform-and-features.md).
 */
export {
  BOOKING_EVENT_SETTINGS,
  DEFAULT_BOOKING_EVENTS_PER_MINUTE,
  LEAD_LIFE_SETTINGS,
  readBookingEventSettings,
  readLeadLifeSettings,
  type BookingEventSettings,
  type LeadLifeSettings,
} from './settings'
export {
  CALENDLY_SIGNATURE_TOLERANCE_S,
  checkCalComSignature,
  checkCalendlySignature,
  readCalComEvent,
  readCalendlyEvent,
  type BookingEvent,
  type BookingTool,
  type ReadEvent,
  type Refusal,
} from './tools'
export { eventsOfLead, listBookingEvents, storeBookingEvent, type StoredBookingEvent } from './events'
export { makeBookingRef } from './ref'
export {
  LEAD_STATES,
  MARK_WORDS,
  OFFICE_MARKS,
  changeLeadState,
  markLead,
  readLeadHistory,
  readLeadState,
  readLeadStates,
  type LeadState,
  type LeadStateNow,
  type OfficeMark,
  type StateCause,
  type StateChange,
} from './state'
export {
  messagesOfEvents,
  messagesOfLead,
  planMessages,
  retryFailedMessages,
  type LeadMessage,
  type MessagePlan,
} from './messages'
export { createBookingDesk, type BookingDesk, type BookingDeskDeps, type DeskPass } from './desk'
export { BOOKINGS_GRACE_MS, countBookingTrouble, type BookingTrouble } from './readiness'
export { formatAppointment } from './words'
