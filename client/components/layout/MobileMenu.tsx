/**
 * The mobile navigation panel: one expandable submenu at a time; while it is open the page
 * behind does not scroll; Escape or a link click closes it.
 */
import { useEffect, useState } from 'react'
import { MAIN_NAV } from '../../../shared/routes'
import { useScrollLock } from '../../hooks/use-scroll-lock'
import { ChevronDownIcon } from '../ui/icons'
import { NavLink } from './NavLink'

export function MobileMenu({
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

  useScrollLock(open)
  useEffect(() => {
    if (!open) {
      setExpanded(null)
      return
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
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
                    <NavLink item={child} pathname={pathname} />
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={item.href}>
              <NavLink item={item} pathname={pathname} className="mobile-link" />
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
