/**
 * When the exit-intent popup may open (docs/exit-intent.md), as pure functions that take a
 * storage and a clock, so they are unit-tested without a browser.
 */
import { isStorageAvailable, type StorageLike } from '../lib/browser-storage'

/** localStorage key holding the ISO time the popup was last closed. */
export const EXIT_INTENT_STORAGE_KEY = 'exitIntentShown'
/** After it was closed, a guarded open does nothing for 24 hours. */
export const EXIT_INTENT_SUPPRESS_MS = 24 * 60 * 60 * 1000
/** A pointer within 10 px of the top counts as leaving (exit-intent helpers often use 5). */
export const EXIT_INTENT_TOP_THRESHOLD_PX = 10
/** Scrolling back to the top counts only after more than 100 px of scrolling. */
export const EXIT_INTENT_MIN_SCROLL_PX = 100

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
