/**
 * The spam feature's face: what the processes and the other features use of it. Code
 * outside core/spam/ imports it from here (eslint.config.js; docs/decisions/019-platform-and-features.md).
 */
export { createSpamClassifier } from './classifier'
export { retryFailedSpamDigest, sendSpamDigest, startSpamDigest, type SpamDigestOutcome } from './digest'
export { formTokenSecret, recordFormToken, releaseFormToken, useFormToken } from './form-token-store'
export {
  FORM_TOKEN_MAX_AGE_MS,
  checkFormToken,
  isPageFetch,
  issueFormToken,
  newFormTokenId,
} from './form-token'
export { learnFromOffice } from './learning'
export { OFFICE_CONFIRM_PATH, createOfficeLinks, officeLinkKey, type OfficeLinks } from './office-links'
export { actOnOfficeLink, findOfficeActions, readOfficeLink } from './quarantine'
export { spamReasonInWords } from './reasons'
export { DEFAULT_SPAM_THRESHOLD, isSpam, scoreEnquiry } from './rules'
export { type TokenState } from './evidence'
export { checkServiceArea } from './service-area'
export {
  DEFAULT_OFFICE_LINKS_PER_MINUTE,
  OFFICE_LINK_SETTINGS,
  SPAM_SETTINGS,
  parseDigestTime,
  type DigestTime,
} from './settings'
