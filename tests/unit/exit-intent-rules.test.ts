import { describe, expect, it } from 'vitest'
import { isStorageAvailable, type StorageLike } from '../../client/lib/browser-storage'
import {
  canShowExitIntent,
  EXIT_INTENT_STORAGE_KEY,
  EXIT_INTENT_SUPPRESS_MS,
  recordExitIntentShown,
  resetExitIntentShown,
} from '../../client/script-layer/exit-intent-rules'
import { hasJustSentLead, markLeadSent } from '../../client/lib/lead-session'

class MemoryStorage implements StorageLike {
  readonly data = new Map<string, string>()
  getItem(key: string) {
    return this.data.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value))
  }
  removeItem(key: string) {
    this.data.delete(key)
  }
}

/** Storage that refuses writes, as Safari's private mode once did. */
class BrokenStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('QuotaExceededError')
  }
}

const NOW = Date.parse('2025-07-15T12:00:00.000Z')
const HOUR = 60 * 60 * 1000

describe('browser storage', () => {
  it('tests availability by writing and removing a test entry, leaving nothing behind', () => {
    const storage = new MemoryStorage()
    expect(isStorageAvailable(storage)).toBe(true)
    expect(storage.data.size).toBe(0)
    expect(isStorageAvailable(new BrokenStorage())).toBe(false)
    expect(isStorageAvailable(null)).toBe(false)
  })
})

describe('exit-intent rules', () => {
  it('allows a guarded open when nothing is stored', () => {
    expect(canShowExitIntent(new MemoryStorage(), NOW)).toBe(true)
  })

  it('stores the current time as an ISO timestamp under exitIntentShown when closed', () => {
    const storage = new MemoryStorage()
    recordExitIntentShown(storage, NOW)
    expect(storage.getItem(EXIT_INTENT_STORAGE_KEY)).toBe('2025-07-15T12:00:00.000Z')
  })

  it('refuses a guarded open within 24 hours of the last showing', () => {
    const storage = new MemoryStorage()
    recordExitIntentShown(storage, NOW)
    expect(canShowExitIntent(storage, NOW)).toBe(false)
    expect(canShowExitIntent(storage, NOW + 23 * HOUR)).toBe(false)
    expect(canShowExitIntent(storage, NOW + EXIT_INTENT_SUPPRESS_MS - 1)).toBe(false)
  })

  it('allows a guarded open again once 24 hours have passed', () => {
    const storage = new MemoryStorage()
    recordExitIntentShown(storage, NOW)
    expect(canShowExitIntent(storage, NOW + EXIT_INTENT_SUPPRESS_MS)).toBe(true)
    expect(canShowExitIntent(storage, NOW + 25 * HOUR)).toBe(true)
  })

  it('allows a guarded open when local storage is unavailable', () => {
    const storage = new BrokenStorage()
    storage.data.set(EXIT_INTENT_STORAGE_KEY, new Date(NOW).toISOString())
    expect(canShowExitIntent(storage, NOW)).toBe(true)
    expect(canShowExitIntent(null, NOW)).toBe(true)
    expect(() => recordExitIntentShown(storage, NOW)).not.toThrow()
  })

  it('treats an unreadable stored value as absent', () => {
    const storage = new MemoryStorage()
    storage.setItem(EXIT_INTENT_STORAGE_KEY, 'not a date')
    expect(canShowExitIntent(storage, NOW)).toBe(true)
  })

  it('reset removes the stored time so a guarded open works again', () => {
    const storage = new MemoryStorage()
    recordExitIntentShown(storage, NOW)
    resetExitIntentShown(storage)
    expect(storage.getItem(EXIT_INTENT_STORAGE_KEY)).toBeNull()
    expect(canShowExitIntent(storage, NOW)).toBe(true)
  })
})

describe('the lead session', () => {
  it('remembers for the session that a lead was just sent', () => {
    const session = new MemoryStorage()
    expect(hasJustSentLead(session)).toBe(false)
    markLeadSent(session)
    expect(hasJustSentLead(session)).toBe(true)
    expect(hasJustSentLead(null)).toBe(false)
    expect(() => markLeadSent(new BrokenStorage())).not.toThrow()
  })
})
