/** Cards of a title and a line of text, each under a two-digit number or its icon. */
import type { IconName, TextCard } from '../../../shared/content/types'
import { ContentIcon } from '../ui/icons'

export function CardGrid({
  items,
  className,
  cardClassName,
  numberClassName,
}: {
  items: (TextCard & { icon?: IconName })[]
  className: string
  cardClassName: string
  /** Numbers the cards 01, 02, … in a span of this class, as an ordered list. */
  numberClassName?: string
}) {
  const List = numberClassName ? 'ol' : 'ul'
  return (
    <List className={className}>
      {items.map((item, i) => (
        <li key={item.title} className={cardClassName}>
          {numberClassName ? (
            <span className={numberClassName} aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
          ) : null}
          {item.icon ? (
            <span className="card-icon">
              <ContentIcon name={item.icon} />
            </span>
          ) : null}
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </List>
  )
}
