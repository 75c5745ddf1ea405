/**
 * The storm response feature's face (docs/storm-alerts.md): what the processes use of it. Code
 * outside core/storm-response/ imports it from here (eslint.config.js;
 * docs/decisions/019-platform-and-features.md).
 */
export { respondToNewStormDays, type RespondDeps } from './respond'
export { MAX_ALERT_ATTEMPTS } from './alerts'
export { knownPlaceOf } from './places'
export {
  STORM_ALERTS_UNSUBSCRIBE_PATH,
  alertsStoppedAt,
  checkUnsubscribeToken,
  stopAlerts,
  unsubscribeKey,
} from './unsubscribe'
export {
  STORM_ALERTS_CONFIRM_PATH,
  confirmByLink,
  consentWords,
  createConsentAsking,
  readConfirmLink,
  type ConfirmLinkPage,
  type ConsentAsking,
} from './consent'
export { ConfirmSection } from './ConfirmEmail'
export { STORM_RESPONSE_SETTINGS, readStormResponseSettings } from './settings'
export { listSubscribers, listStormAlerts } from './admin-queries'
export { STORM_RESPONSE_MAX_AGE_DAYS, type StormResponse } from './types'
