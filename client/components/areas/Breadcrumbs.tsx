/** Visible breadcrumb trail (a city page's: Home > Service Areas > City). */
import type { BreadcrumbItem } from '../../../shared/content/types'

export function Breadcrumbs({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol className="container">
        {items.map((item, i) => (
          <li key={item.url}>
            {i === items.length - 1 ? (
              <span aria-current="page">{item.name}</span>
            ) : (
              <a href={item.url}>{item.name}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
