/**
 * The mobile navigation panel (client/components/layout/MobileMenu.tsx): the menu button opens
 * and closes it; one group is expanded at a time; while it is open the page behind does not
 * scroll; Escape or a link click closes it, and Escape from inside returns focus to the button.
 */
import { acquireScrollLock } from './scroll-lock'

export function startMobileMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-mobile-menu-button]')
  const panel = button && document.getElementById(button.getAttribute('aria-controls') ?? '')
  if (!button || !panel) return
  const groups = Array.from(panel.querySelectorAll<HTMLButtonElement>('.mobile-group-toggle'))
  let releaseScroll: (() => void) | undefined

  const expand = (toggle: HTMLButtonElement | null) => {
    for (const group of groups) {
      const expanded = group === toggle
      group.setAttribute('aria-expanded', String(expanded))
      const list = document.getElementById(group.getAttribute('aria-controls') ?? '')
      if (list) list.hidden = !expanded
    }
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close()
  }
  const open = () => {
    panel.hidden = false
    button.setAttribute('aria-expanded', 'true')
    button.setAttribute('aria-label', 'Close menu')
    releaseScroll = acquireScrollLock()
    document.addEventListener('keydown', onKey)
  }
  function close() {
    if (panel!.hidden) return
    // Focus inside the panel would otherwise drop onto <body> (WAI-ARIA disclosure).
    const hadFocus = panel!.contains(document.activeElement)
    panel!.hidden = true
    button!.setAttribute('aria-expanded', 'false')
    button!.setAttribute('aria-label', 'Open menu')
    expand(null)
    releaseScroll?.()
    document.removeEventListener('keydown', onKey)
    if (hadFocus) button!.focus()
  }

  button.addEventListener('click', () => (panel.hidden ? open() : close()))
  for (const group of groups) {
    group.addEventListener('click', () =>
      expand(group.getAttribute('aria-expanded') === 'true' ? null : group),
    )
  }
  // A link click closes the panel (the browser then goes to the link).
  panel.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) close()
  })
  // Coming back to this page with Back restores it as it was left: closed, not locked.
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) close()
  })
}
