/**
 * Page scrolling locked while a panel or a dialog covers the page (the mobile menu, the lead
 * dialogs). Locks are counted: when a dialog opens over the open menu, closing one of them does
 * not let the page scroll under the other; it scrolls again when the last one lets go.
 * The class sets `overflow: hidden` on the page (client/styles/base.css).
 */
export const SCROLL_LOCK_CLASS = 'scroll-locked'

const holders = new WeakMap<Element, number>()

/** Locks scrolling of the page whose root is `root`; the function returned lets go (once). */
export function acquireScrollLock(root: Element = document.documentElement): () => void {
  holders.set(root, (holders.get(root) ?? 0) + 1)
  root.classList.add(SCROLL_LOCK_CLASS)
  let released = false
  return () => {
    if (released) return
    released = true
    const left = (holders.get(root) ?? 1) - 1
    holders.set(root, left)
    if (left === 0) root.classList.remove(SCROLL_LOCK_CLASS)
  }
}
