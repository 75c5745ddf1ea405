/**
 * One dropdown of the desktop navigation, as server HTML: the section's link, the chevron
 * button that opens its menu, and the menu. client/script-layer/header-menus.ts opens it on
 * hover (closing 100 ms after the pointer leaves), with the chevron and from the keyboard;
 * without a script CSS opens it under the pointer or while it holds focus. docs/routes.md.
 */
import type { NavItem } from '../../../shared/routes'
import { ChevronDownIcon } from '../ui/icons'
import { NavLink } from './NavLink'

function isCurrent(pathname: string, item: NavItem): boolean {
  if (item.href === '/') return pathname === '/'
  return pathname === item.href || (item.children ?? []).some((c) => c.href === pathname)
}

/** The id of a dropdown's menu, from its section's label ("Service Areas" → "menu-service-areas"). */
function menuIdOf(item: NavItem): string {
  return `menu-${item.label.toLowerCase().replace(/\W+/g, '-')}`
}

export function DesktopDropdown({ item, pathname }: { item: NavItem; pathname: string }) {
  const menuId = menuIdOf(item)
  return (
    <li className="nav-item has-dropdown" data-dropdown="">
      <NavLink
        item={item}
        pathname={pathname}
        className="nav-link"
        data-active={isCurrent(pathname, item) || undefined}
      />
      <button
        type="button"
        className="nav-toggle"
        aria-expanded="false"
        aria-controls={menuId}
        aria-label={`${item.label} menu`}
      >
        <ChevronDownIcon width={16} height={16} />
      </button>
      <ul id={menuId} className="dropdown">
        {item.children?.map((child) => (
          <li key={child.href}>
            <NavLink item={child} pathname={pathname} className="dropdown-link" />
          </li>
        ))}
      </ul>
    </li>
  )
}
