/**
 * Safe access to the browser's localStorage and sessionStorage. Either may be missing (server
 * rendering), throw on access (cookies blocked) or refuse writes (private mode, quota); callers
 * get null or false instead of an exception, and decide what the safe side is.
 */

/** The part of Storage these helpers use, so rules built on them are unit-tested with a Map. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const TEST_KEY = '__storageAvailabilityTest__'

/** A storage counts as available when a test entry can be written and removed again. */
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

/** window.localStorage / sessionStorage, or null where reading it throws or there is no window. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind]
  } catch {
    return null
  }
}

/**
 * The JSON value this tab's sessionStorage holds under `key`, taken out as it is read: what one
 * page leaves for the next is used once. Undefined when there is none or it cannot be read.
 */
export function takeSessionJson(key: string): unknown {
  try {
    const storage = browserStorage('sessionStorage')
    const raw = storage?.getItem(key)
    if (!raw) return undefined
    storage?.removeItem(key)
    return JSON.parse(raw) as unknown
  } catch {
    return undefined
  }
}
