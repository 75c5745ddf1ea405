/**
 * Global header: sticky; desktop dropdowns that open on hover and close
 * 100 ms after the pointer leaves, and work from the keyboard; a mobile panel with one
 * expandable submenu at a time that locks page scrolling and closes on Escape or a link
 * click; the phone link and the Free Inspection button.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { MAIN_NAV, type NavItem } from '../../../shared/routes'
import { telHref } from '../../../shared/business'
import { useBusiness } from '../../hooks/use-business'
import { useInspectionButtonProps } from '../lead/lead-dialogs'
import { ChevronDownIcon, CloseIcon, MenuIcon, PhoneIcon } from '../ui/icons'
import { Logo } from './Logo'

export const DROPDOWN_CLOSE_DELAY_MS = 100
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

function DesktopDropdown({ item, pathname }: { item: NavItem; pathname: string }) {
  const [open, setOpen] = useState(false)
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const menuId = useId()
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
  // Before the page is interactive, CSS opens the menu under the pointer (layout.css); a
  // pointer still there when the script takes over keeps it open.
  useEffect(() => {
    if (itemRef.current?.matches(':hover')) {
      hoverOpenedAt.current = performance.now()
      setOpen(true)
    }
  }, [])

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
      <a
        href={item.href}
        className="nav-link"
        aria-current={pathname === item.href ? 'page' : undefined}
        data-active={isCurrent(pathname, item) || undefined}
      >
        {item.label}
      </a>
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
            <a
              href={child.href}
              className="dropdown-link"
              aria-current={pathname === child.href ? 'page' : undefined}
            >
              {child.label}
            </a>
          </li>
        ))}
      </ul>
    </li>
  )
}

function MobileMenu({
  open,
  onClose,
  pathname,
  panelId,
}: {
  open: boolean
  onClose: () => void
  pathname: string
  panelId: string
}) {
  const [expanded, setExpanded] = useState<string | null>(null)

  useEffect(() => {
    if (!open) {
      setExpanded(null)
      return
    }
    // Lock page scrolling while the panel is open.
    const { body, documentElement } = document
    const previous = body.style.overflow
    body.style.overflow = 'hidden'
    documentElement.classList.add('scroll-locked')
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      body.style.overflow = previous
      documentElement.classList.remove('scroll-locked')
      document.removeEventListener('keydown', onKey)
    }
  }, [open, onClose])

  return (
    <nav
      id={panelId}
      className={`mobile-panel${open ? ' is-open' : ''}`}
      aria-label="Mobile"
      hidden={!open}
      onClick={(e) => {
        // A link click closes the panel.
        if ((e.target as HTMLElement).closest('a')) onClose()
      }}
    >
      <ul className="mobile-list">
        {MAIN_NAV.map((item) =>
          item.children ? (
            <li key={item.href} className="mobile-group">
              <button
                type="button"
                className="mobile-group-toggle"
                aria-expanded={expanded === item.href}
                aria-controls={`${panelId}-${item.label.replace(/\W+/g, '-')}`}
                onClick={() => setExpanded((cur) => (cur === item.href ? null : item.href))}
              >
                {item.label}
                <ChevronDownIcon />
              </button>
              <ul
                id={`${panelId}-${item.label.replace(/\W+/g, '-')}`}
                className="mobile-sublist"
                hidden={expanded !== item.href}
              >
                {item.children.map((child) => (
                  <li key={child.href}>
                    <a href={child.href} aria-current={pathname === child.href ? 'page' : undefined}>
                      {child.label}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={item.href}>
              <a
                href={item.href}
                className="mobile-link"
                aria-current={pathname === item.href ? 'page' : undefined}
              >
                {item.label}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}

export function Header() {
  const business = useBusiness()
  const { urlPathname } = usePageContext()
  const inspectionButton = useInspectionButtonProps()
  const [mobileOpen, setMobileOpen] = useState(false)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const closeMobile = useCallback(() => {
    setMobileOpen(false)
    // Escape from inside the panel would otherwise drop focus on <body> (WAI-ARIA disclosure).
    if (document.activeElement?.closest('.mobile-panel')) menuButtonRef.current?.focus()
  }, [])
  const panelId = useId()

  useEffect(() => setMobileOpen(false), [urlPathname])

  return (
    <header className="site-header">
      <div className="container header-inner">
        <a href="/" className="brand" aria-label={`${business.name} home`}>
          <Logo />
          <span className="brand-name">{business.name}</span>
        </a>
        <nav className="desktop-nav" aria-label="Main">
          <ul className="nav-list">
            {/* The brand links home, so the desktop bar leaves Home out to keep one line at 1280 px. */}
            {MAIN_NAV.filter((item) => item.href !== '/').map((item) =>
              item.children ? (
                <DesktopDropdown key={item.href} item={item} pathname={urlPathname} />
              ) : (
                <li key={item.href} className="nav-item">
                  <a
                    href={item.href}
                    className="nav-link"
                    aria-current={urlPathname === item.href ? 'page' : undefined}
                  >
                    {item.label}
                  </a>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="header-actions">
          <a href={telHref(business.phone)} className="header-phone" aria-label={`Call ${business.phone}`}>
            <PhoneIcon />
            <span className="header-phone-text">{business.phone}</span>
          </a>
          <button type="button" className="btn btn-primary btn-sm header-cta" {...inspectionButton}>
            Free Inspection
          </button>
        </div>
        <button
          ref={menuButtonRef}
          type="button"
          className="menu-button"
          aria-expanded={mobileOpen}
          aria-controls={panelId}
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMobileOpen((o) => !o)}
        >
          {mobileOpen ? <CloseIcon width={24} height={24} /> : <MenuIcon width={24} height={24} />}
        </button>
      </div>
      <MobileMenu open={mobileOpen} onClose={closeMobile} pathname={urlPathname} panelId={panelId} />
    </header>
  )
}
