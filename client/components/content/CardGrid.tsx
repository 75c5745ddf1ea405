/**
 * A block's cards of a title and a line of text under its heading, each card under a two-digit
 * number or its icon.
 */
import type { Block, IconName, TextCard } from '../../../shared/content/types'
import { ContentIcon } from '../ui/icons'
import { BlockSection, withExtra, type Placement } from './BlockSection'

interface GridClasses {
  className: string
  cardClassName: string
  /** Numbers the cards 01, 02, … in a span of this class, as an ordered list. */
  numberClassName?: string
}

type Card = TextCard & { icon?: IconName }

export function CardGridSection({
  id,
  variant,
  block,
  children,
  ...classes
}: Placement & GridClasses & { block: Block<Card> }) {
  return (
    <BlockSection id={id} variant={variant} block={block}>
      {withExtra(<CardGrid items={block.items} {...classes} />, children)}
    </BlockSection>
  )
}

function CardGrid({ items, className, cardClassName, numberClassName }: GridClasses & { items: Card[] }) {
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
