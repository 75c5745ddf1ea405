/**
 * A grid of icon cards for services, benefits and features. A card
 * with an href is one big link, or carries a 'Learn More' link when linkText is given.
 */
import { useId } from 'react'
import type { ContentCard } from '../../../shared/content/types'
import { ArrowRightIcon, ContentIcon } from '../ui/icons'

export function IconCards({
  items,
  columns = 3,
  linkText,
  variant,
}: {
  items: ContentCard[]
  columns?: 2 | 3 | 4
  /** Show a separate link with this text instead of making the whole card a link. */
  linkText?: string
  variant?: 'centered'
}) {
  const prefix = useId()
  const headingId = (item: ContentCard) => `${prefix}-${item.title.replace(/\W+/g, '-')}`
  return (
    <ul className={`grid grid-${columns} icon-cards${variant ? ` icon-cards-${variant}` : ''}`}>
      {items.map((item) => {
        const body = (
          <>
            <span className="card-icon">
              <ContentIcon name={item.icon} />
            </span>
            <h3 id={headingId(item)}>{item.title}</h3>
            <p>{item.text}</p>
          </>
        )
        if (item.href && !linkText) {
          return (
            <li key={item.title}>
              <a className="card card-link icon-card" href={item.href}>
                {body}
                <span className="link-arrow">
                  Learn more <ArrowRightIcon width={16} height={16} />
                </span>
              </a>
            </li>
          )
        }
        return (
          <li key={item.title} className="card icon-card">
            {body}
            {item.href && linkText ? (
              <a className="link-arrow icon-card-link" href={item.href} aria-describedby={headingId(item)}>
                {linkText}
                <ArrowRightIcon width={16} height={16} />
              </a>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}

/** A list of warning signs or criteria with check marks. */
export function SignList({ items, className = '' }: { items: string[]; className?: string }) {
  return (
    <ul className={`sign-list ${className}`.trim()}>
      {items.map((text) => (
        <li key={text}>
          <span className="sign-list-mark" aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  )
}
