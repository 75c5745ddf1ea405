import { describe, expect, it } from 'vitest'
import { acquireScrollLock, SCROLL_LOCK_CLASS } from '../../client/script-layer/scroll-lock'

/** The one part of the page's root element the lock touches: its class list. */
function pageRoot() {
  const classes = new Set<string>()
  const root = {
    classList: { add: (c: string) => void classes.add(c), remove: (c: string) => void classes.delete(c) },
  } as unknown as Element
  return { root, locked: () => classes.has(SCROLL_LOCK_CLASS) }
}

describe('scroll lock', () => {
  it('locks the page while held and lets it scroll again when released', () => {
    const page = pageRoot()
    const release = acquireScrollLock(page.root)
    expect(page.locked()).toBe(true)
    release()
    expect(page.locked()).toBe(false)
  })

  it.each([
    ['the menu first', [0, 1]],
    ['the dialog first', [1, 0]],
  ])('keeps the page locked until the last of two holders lets go (%s)', (_, order) => {
    const page = pageRoot()
    const releases = [acquireScrollLock(page.root), acquireScrollLock(page.root)]
    releases[order[0]!]!()
    expect(page.locked()).toBe(true)
    releases[order[1]!]!()
    expect(page.locked()).toBe(false)
  })

  it('counts a release called twice once', () => {
    const page = pageRoot()
    const menu = acquireScrollLock(page.root)
    const dialog = acquireScrollLock(page.root)
    menu()
    menu()
    expect(page.locked()).toBe(true)
    dialog()
    expect(page.locked()).toBe(false)
  })
})
