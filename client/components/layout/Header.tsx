/**
 * The site header, sticky on every page: the brand, the desktop navigation with its dropdowns
 * (DesktopDropdown.tsx), the phone link, the Free Inspection button that opens the contact
 * modal, and the menu button of the mobile panel (MobileMenu.tsx). Navigation: docs/routes.md.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { MAIN_NAV } from '../../../shared/routes'
import { telHref } from '../../../shared/business'
import { useBusiness } from '../../hooks/use-business'
import { useInspectionButtonProps } from '../lead/contact-modal/InspectionButton'
import { CloseIcon, MenuIcon, PhoneIcon } from '../ui/icons'
import { DesktopDropdown } from './DesktopDropdown'
import { Logo } from './Logo'
import { MobileMenu } from './MobileMenu'
import { NavLink } from './NavLink'

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
                  <NavLink item={item} pathname={urlPathname} className="nav-link" />
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
