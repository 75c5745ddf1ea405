import { describe, expect, it } from 'vitest'
import { acquireScrollLock, SCROLL_LOCK_CLASS } from '../../client/hooks/use-scroll-lock'

/** The one part of an element the lock touches: its class list. */
function pageRoot() {
  const classes = new Set<string>()
  const classList = {
    add: (c: string) => void classes.add(c),
    remove: (c: string) => void classes.delete(c),
    contains: (c: string) => classes.has(c),
  }
  return { classList } as unknown as Element
}

describe('scroll lock', () => {
  it('locks the page while held and lets it scroll again when released', () => {
    const root = pageRoot()
    const release = acquireScrollLock(root)
    expect(root.classList.contains(SCROLL_LOCK_CLASS)).toBe(true)
    release()
    expect(root.classList.contains(SCROLL_LOCK_CLASS)).toBe(false)
  })

  it('keeps the page locked until the last of two holders lets go, in either order', () => {
    const root = pageRoot()
    const menu = acquireScrollLock(root)
    const dialog = acquireScrollLock(root)
    menu()
    expect(root.classList.contains(SCROLL_LOCK_CLASS)).toBe(true)
    dialog()
    expect(root.classList.contains(SCROLL_LOCK_CLASS)).toBe(false)
  })

  it('counts a release called twice once', () => {
    const root = pageRoot()
    const menu = acquireScrollLock(root)
    const dialog = acquireScrollLock(root)
    menu()
    menu()
    expect(root.classList.contains(SCROLL_LOCK_CLASS)).toBe(true)
    dialog()
    expect(root.classList.contains(SCROLL_LOCK_CLASS)).toBe(false)
  })
})
