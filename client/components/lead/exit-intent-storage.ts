/**
 * The exit-intent popup's storage rules (spec sections 4 and 9), as pure functions that take
 * a Storage-like object and a clock so they are unit-tested without a browser
 * (tests/unit/exit-intent-storage.test.ts).
 */

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** localStorage key holding the ISO time the popup was last closed (spec section 4). */
export const EXIT_INTENT_STORAGE_KEY = 'exitIntentShown'
/** Suppressed for 24 hours after it was last shown (spec section 9). */
export const EXIT_INTENT_SUPPRESS_MS = 24 * 60 * 60 * 1000
/** Pointer within 10 px of the top counts as leaving (spec section 9; the helper's own default was 5). */
export const EXIT_INTENT_TOP_THRESHOLD_PX = 10
/** Scrolling back to the top counts only after more than 100 px of scrolling (spec section 9). */
export const EXIT_INTENT_MIN_SCROLL_PX = 100
/** sessionStorage flag set by every successful lead submit: someone who just sent a lead is not asked again. */
export const LEAD_SENT_SESSION_KEY = 'leadSubmitted'

const TEST_KEY = '__exitIntentStorageTest__'

/** Spec section 4: availability is tested by writing and removing a test entry. */
export function isStorageAvailable(storage: StorageLike | null | undefined): storage is StorageLike {
  if (!storage) return false
  try {
    storage.setItem(TEST_KEY, TEST_KEY)
    storage.removeItem(TEST_KEY)
    return true
  } catch {
    return false
  }
}

/**
 * A guarded open works when storage is unavailable, nothing is stored, the stored value is
 * unreadable, or it is at least 24 hours old.
 */
export function canShowExitIntent(storage: StorageLike | null | undefined, now: number): boolean {
  if (!isStorageAvailable(storage)) return true
  let stored: string | null
  try {
    stored = storage.getItem(EXIT_INTENT_STORAGE_KEY)
  } catch {
    return true
  }
  if (!stored) return true
  const shownAt = Date.parse(stored)
  if (Number.isNaN(shownAt)) return true
  return now - shownAt >= EXIT_INTENT_SUPPRESS_MS
}

/** Closing stores the current time as an ISO timestamp. */
export function recordExitIntentShown(storage: StorageLike | null | undefined, now: number): void {
  if (!isStorageAvailable(storage)) return
  try {
    storage.setItem(EXIT_INTENT_STORAGE_KEY, new Date(now).toISOString())
  } catch {
    // Storage full or blocked: the popup may show again, which is the safe side.
  }
}

/** The reset action removes the stored time. */
export function resetExitIntentShown(storage: StorageLike | null | undefined): void {
  if (!isStorageAvailable(storage)) return
  try {
    storage.removeItem(EXIT_INTENT_STORAGE_KEY)
  } catch {
    // Nothing stored that we could remove.
  }
}

export function markLeadSent(session: StorageLike | null | undefined): void {
  try {
    session?.setItem(LEAD_SENT_SESSION_KEY, '1')
  } catch {
    // Private mode may refuse; the popup may then show, which only costs a close.
  }
}

export function hasJustSentLead(session: StorageLike | null | undefined): boolean {
  try {
    return session?.getItem(LEAD_SENT_SESSION_KEY) === '1'
  } catch {
    return false
  }
}

/** window.localStorage / sessionStorage can throw on access (blocked cookies); never let that escape. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind]
  } catch {
    return null
  }
}
