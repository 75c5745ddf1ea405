/**
 * The site header, sticky on every page: the brand, the desktop navigation with its dropdowns
 * (DesktopDropdown.tsx), the phone link, the Free Inspection button that opens the contact
 * modal, and the menu button of the mobile panel (MobileMenu.tsx). Rendered on the server only;
 * client/script-layer/header-menus.ts and mobile-menu.ts make it work. Navigation:
 * docs/routes.md.
 */
import { usePageContext } from 'vike-react/usePageContext'
import { MAIN_NAV } from '../../../shared/routes'
import { telHref } from '../../../shared/business'
import { useBusiness } from '../../hooks/use-business'
import { InspectionButton } from '../lead/InspectionButton'
import { CloseIcon, MenuIcon, PhoneIcon } from '../ui/icons'
import { DesktopDropdown } from './DesktopDropdown'
import { Logo } from './Logo'
import { MOBILE_PANEL_ID, MobileMenu } from './MobileMenu'
import { NavLink } from './NavLink'

export function Header() {
  const business = useBusiness()
  const { urlPathname } = usePageContext()

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
          <InspectionButton className="btn btn-primary btn-sm header-cta">Free Inspection</InspectionButton>
        </div>
        <button
          type="button"
          className="menu-button"
          aria-expanded="false"
          aria-controls={MOBILE_PANEL_ID}
          aria-label="Open menu"
          data-mobile-menu-button=""
        >
          <MenuIcon className="menu-icon-open" width={24} height={24} />
          <CloseIcon className="menu-icon-close" width={24} height={24} />
        </button>
      </div>
      <MobileMenu pathname={urlPathname} />
    </header>
  )
}
