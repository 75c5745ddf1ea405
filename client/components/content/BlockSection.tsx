/**
 * A section of the content pages drawn from a block of shared/content/ (its heading and its
 * records). BlockSections.tsx has the standard ones (cards, steps, questions, reviews).
 */
import type { Block } from '../../../shared/content/types'
import { PageSection } from './PageSection'

export interface Placement {
  /** The h2's id, also the section's aria-labelledby. */
  id: string
  variant?: 'alt' | 'dark'
  /** Shown under the records, e.g. a link to the page that says more. */
  children?: React.ReactNode
}

/**
 * The records alone when nothing is added under them. React derives useId's ids (the card
 * headings' ids) from how many siblings each element has, so an empty second slot would change
 * them.
 */
export function withExtra(records: React.ReactNode, extra: React.ReactNode) {
  return extra === undefined ? (
    records
  ) : (
    <>
      {records}
      {extra}
    </>
  )
}

/** A block's heading over whatever the page draws of its records. */
export function BlockSection<T>({ id, variant, block, children }: Placement & { block: Block<T> }) {
  return (
    <PageSection
      headingId={id}
      variant={variant}
      eyebrow={block.eyebrow}
      title={block.title}
      intro={block.intro}
    >
      {children}
    </PageSection>
  )
}

/** The records as a list, each item drawn by `renderItem`. */
export function ListSection<T>({
  block,
  className,
  itemKey,
  renderItem,
  children,
  ...place
}: Placement & {
  block: Block<T>
  className: string
  itemKey: (item: T) => string
  renderItem: (item: T) => React.ReactNode
}) {
  return (
    <BlockSection block={block} {...place}>
      {withExtra(
        <ul className={className}>
          {block.items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>,
        children,
      )}
    </BlockSection>
  )
}
