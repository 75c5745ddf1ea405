/** A navigation link (desktop bar, dropdowns, mobile panel), marked as the current page when it is one. */
import type { NavItem } from '../../../shared/routes'

export function NavLink({
  item,
  pathname,
  className,
  ...rest
}: { item: NavItem; pathname: string } & React.AnchorHTMLAttributes<HTMLAnchorElement> & {
    'data-active'?: boolean
  }) {
  return (
    <a
      href={item.href}
      className={className}
      aria-current={pathname === item.href ? 'page' : undefined}
      {...rest}
    >
      {item.label}
    </a>
  )
}
