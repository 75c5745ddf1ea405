/**
 * The desktop navigation's dropdowns (client/components/layout/DesktopDropdown.tsx): a menu
 * opens on hover and closes 100 ms after the pointer leaves (a pointer back in time keeps it
 * open), opens and closes with its chevron button, and works from the keyboard (Arrow Down
 * opens it and moves through the links, Arrow Up moves back, Escape closes it and returns
 * focus to the button, Tab out of it closes it). docs/routes.md.
 */
const DROPDOWN_CLOSE_DELAY_MS = 100
/**
 * A mouse that reaches the chevron opens the menu on hover a moment before it clicks; that
 * click must not close the menu it has just opened, so a click this soon after a hover-open
 * keeps it open.
 */
const HOVER_CLICK_GRACE_MS = 600

function startDropdown(item: HTMLElement): void {
  const button = item.querySelector<HTMLButtonElement>('.nav-toggle')
  const menu = item.querySelector<HTMLElement>('.dropdown')
  if (!button || !menu) return
  let closeTimer: ReturnType<typeof setTimeout> | undefined
  let hoverOpenedAt = 0

  const isOpen = () => item.classList.contains('is-open')
  const setOpen = (open: boolean) => {
    clearTimeout(closeTimer)
    item.classList.toggle('is-open', open)
    button.setAttribute('aria-expanded', String(open))
  }
  const links = () => Array.from(menu.querySelectorAll<HTMLAnchorElement>('a'))
  const focusLink = (index: number) => {
    const all = links()
    all[(index + all.length) % all.length]?.focus()
  }

  item.addEventListener('pointerenter', (e) => {
    if (e.pointerType !== 'mouse') return
    if (!isOpen()) hoverOpenedAt = performance.now()
    setOpen(true)
  })
  item.addEventListener('pointerleave', (e) => {
    if (e.pointerType !== 'mouse') return
    clearTimeout(closeTimer)
    closeTimer = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS)
  })
  button.addEventListener('click', () => {
    const justHovered = performance.now() - hoverOpenedAt < HOVER_CLICK_GRACE_MS
    setOpen(!isOpen() || justHovered)
  })
  button.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown') return
    e.preventDefault()
    setOpen(true)
    requestAnimationFrame(() => focusLink(0))
  })
  menu.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
    e.preventDefault()
    const index = links().indexOf(document.activeElement as HTMLAnchorElement)
    focusLink(e.key === 'ArrowDown' ? index + 1 : index - 1)
  })
  item.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !isOpen()) return
    e.preventDefault()
    setOpen(false)
    button.focus()
  })
  item.addEventListener('focusout', (e) => {
    if (!item.contains(e.relatedTarget as Node | null)) setOpen(false)
  })
  // Until now CSS opened the menu under the pointer; a pointer still there keeps it open.
  if (item.matches(':hover')) {
    hoverOpenedAt = performance.now()
    setOpen(true)
  }
}

export function startHeaderMenus(): void {
  for (const item of document.querySelectorAll<HTMLElement>('[data-dropdown]')) startDropdown(item)
}
