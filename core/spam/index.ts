/**
 * The spam feature's face: what the processes and the other features use of it. Code
 * outside core/spam/ imports it from here (eslint.config.js; docs/decisions/019-platform-and-features.md).
 */
export { createSpamChecker, type CheckedEnquiry } from './check'
export { retryFailedSpamDigest, sendSpamDigest, startSpamDigest, type SpamDigestOutcome } from './digest'
export { formTokenSecret, recordFormToken } from './form-token-store'
export { FORM_TOKEN_MAX_AGE_MS, isPageFetch, issueFormToken, newFormTokenId } from './form-token'
export { learnFromOffice } from './learning'
export { OFFICE_CONFIRM_PATH, createOfficeLinks, officeLinkKey, type OfficeLinks } from './office-links'
export { actOnOfficeLink, findOfficeActions, readOfficeLink } from './quarantine'
export { spamReasonInWords } from './reasons'
export { DEFAULT_SPAM_THRESHOLD } from './rules'
export {
  DEFAULT_OFFICE_LINKS_PER_MINUTE,
  OFFICE_LINK_SETTINGS,
  SPAM_SETTINGS,
  parseDigestTime,
  type DigestTime,
} from './settings'
