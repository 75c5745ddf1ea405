/**
 * The mobile navigation panel, as server HTML: one expandable group per section with
 * children, a link per page. client/script-layer/mobile-menu.ts opens and closes it (one group
 * at a time, page scrolling locked while open, Escape or a link click closes it).
 */
import { MAIN_NAV } from '../../../shared/routes'
import { ChevronDownIcon } from '../ui/icons'
import { NavLink } from './NavLink'

export const MOBILE_PANEL_ID = 'mobile-menu'

export function MobileMenu({ pathname }: { pathname: string }) {
  return (
    <nav id={MOBILE_PANEL_ID} className="mobile-panel" aria-label="Mobile" hidden>
      <ul className="mobile-list">
        {MAIN_NAV.map((item) => {
          if (!item.children) {
            return (
              <li key={item.href}>
                <NavLink item={item} pathname={pathname} className="mobile-link" />
              </li>
            )
          }
          const groupId = `${MOBILE_PANEL_ID}-${item.label.replace(/\W+/g, '-')}`
          return (
            <li key={item.href} className="mobile-group">
              <button
                type="button"
                className="mobile-group-toggle"
                aria-expanded="false"
                aria-controls={groupId}
              >
                {item.label}
                <ChevronDownIcon />
              </button>
              <ul id={groupId} className="mobile-sublist" hidden>
                {item.children.map((child) => (
                  <li key={child.href}>
                    <NavLink item={child} pathname={pathname} />
                  </li>
                ))}
              </ul>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
