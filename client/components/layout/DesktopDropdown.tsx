/**
 * One dropdown of the desktop navigation: it opens on hover and closes 100 ms after the pointer
 * leaves, opens and closes with its chevron button, and works from the keyboard (Arrow Down opens
 * it and moves through the links, Escape closes it and returns focus to the button). See
 * docs/routes.md for the navigation itself.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { NavItem } from '../../../shared/routes'
import { ChevronDownIcon } from '../ui/icons'
import { NavLink } from './NavLink'

const DROPDOWN_CLOSE_DELAY_MS = 100
/**
 * A mouse that reaches the chevron opens the menu on hover a moment before it clicks; that
 * click must not close the menu it has just opened, so a click this soon after a hover-open
 * keeps it open.
 */
const HOVER_CLICK_GRACE_MS = 600

function isCurrent(pathname: string, item: NavItem): boolean {
  if (item.href === '/') return pathname === '/'
  return pathname === item.href || (item.children ?? []).some((c) => c.href === pathname)
}

/**
 * Open state of a dropdown that opens on hover: it closes DROPDOWN_CLOSE_DELAY_MS after the
 * pointer leaves (a pointer that comes back in time keeps it open) and on every navigation.
 */
function useHoverMenu(pathname: string) {
  const [open, setOpen] = useState(false)
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const hoverOpenedAt = useRef(0)
  const itemRef = useRef<HTMLLIElement>(null)

  const cancelClose = useCallback(() => {
    if (closeTimer.current) clearTimeout(closeTimer.current)
    closeTimer.current = null
  }, [])
  const openNow = useCallback(() => {
    cancelClose()
    setOpen(true)
  }, [cancelClose])
  const closeSoon = useCallback(() => {
    cancelClose()
    closeTimer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS)
  }, [cancelClose])
  useEffect(() => cancelClose, [cancelClose])
  // A navigation closes the menu.
  useEffect(() => setOpen(false), [pathname])
  // Before the page is interactive, CSS opens the menu under the pointer
  // (styles/layout/header.css); a pointer still there when the script takes over keeps it open.
  useEffect(() => {
    if (itemRef.current?.matches(':hover')) {
      hoverOpenedAt.current = performance.now()
      setOpen(true)
    }
  }, [])
  return { open, setOpen, openNow, closeSoon, hoverOpenedAt, itemRef }
}

export function DesktopDropdown({ item, pathname }: { item: NavItem; pathname: string }) {
  const { open, setOpen, openNow, closeSoon, hoverOpenedAt, itemRef } = useHoverMenu(pathname)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const menuId = useId()

  const focusItem = (index: number) => {
    const links = menuRef.current?.querySelectorAll<HTMLAnchorElement>('a')
    if (!links?.length) return
    links[(index + links.length) % links.length]?.focus()
  }

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
    }
  }
  const onButtonKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setOpen(true)
      requestAnimationFrame(() => focusItem(0))
    }
  }
  const onMenuKeyDown = (e: React.KeyboardEvent) => {
    const links = Array.from(menuRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])
    const index = links.indexOf(document.activeElement as HTMLAnchorElement)
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      focusItem(index + 1)
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      focusItem(index - 1)
    }
  }

  return (
    <li
      ref={itemRef}
      className={`nav-item has-dropdown${open ? ' is-open' : ''}`}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return
        if (!open) hoverOpenedAt.current = performance.now()
        openNow()
      }}
      onPointerLeave={(e) => e.pointerType === 'mouse' && closeSoon()}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <NavLink
        item={item}
        pathname={pathname}
        className="nav-link"
        data-active={isCurrent(pathname, item) || undefined}
      />
      <button
        ref={buttonRef}
        type="button"
        className="nav-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${item.label} menu`}
        onClick={() => {
          const justHovered = performance.now() - hoverOpenedAt.current < HOVER_CLICK_GRACE_MS
          if (open && !justHovered) setOpen(false)
          else openNow()
        }}
        onKeyDown={onButtonKeyDown}
      >
        <ChevronDownIcon width={16} height={16} />
      </button>
      <ul id={menuId} ref={menuRef} className="dropdown" onKeyDown={onMenuKeyDown}>
        {item.children?.map((child) => (
          <li key={child.href}>
            <NavLink item={child} pathname={pathname} className="dropdown-link" />
          </li>
        ))}
      </ul>
    </li>
  )
}
