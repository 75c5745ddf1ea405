/**
 * The content pages' standard sections, each drawn from a block of shared/content/ (its heading
 * and its records): cards, numbered steps, questions, reviews. The page only places them: the
 * heading's id, the background, and anything to add under the records.
 */
import type { Block, ContentCard, FaqItem, ProcessStep, Testimonial } from '../../../shared/content/types'
import { FaqList, QaCards } from './FaqList'
import { IconCards } from './IconCards'
import { BlockSection, withExtra, type Placement } from './BlockSection'
import { PageSection } from './PageSection'
import { ProcessSteps } from './ProcessSteps'
import { Testimonials } from './Testimonials'

export function CardsSection({
  block,
  columns,
  linkText,
  cards,
  children,
  ...place
}: Placement & {
  block: Block<ContentCard>
  columns: 2 | 3 | 4
  linkText?: string
  cards?: 'centered'
}) {
  return (
    <BlockSection block={block} {...place}>
      {withExtra(
        <IconCards items={block.items} columns={columns} linkText={linkText} variant={cards} />,
        children,
      )}
    </BlockSection>
  )
}

export function StepsSection({
  block,
  id = 'process-heading',
  children,
  ...place
}: Partial<Placement> & { block: Block<ProcessStep> }) {
  return (
    <BlockSection block={block} id={id} {...place}>
      {withExtra(<ProcessSteps steps={block.items} />, children)}
    </BlockSection>
  )
}

/** Questions as disclosure widgets (FaqList), or as open cards with `cards`. */
export function QuestionsSection({
  block,
  id = 'faq-heading',
  cards = false,
  children,
  ...place
}: Partial<Placement> & { block: Block<FaqItem>; cards?: boolean }) {
  return (
    <BlockSection block={block} id={id} {...place}>
      {withExtra(cards ? <QaCards items={block.items} /> : <FaqList items={block.items} />, children)}
    </BlockSection>
  )
}

/** Reviews (the pages show three) on the tinted background. */
export function ReviewsSection({
  title,
  items,
  eyebrow = 'Reviews',
  intro,
}: {
  title: string
  items: Testimonial[]
  eyebrow?: string
  intro?: string
}) {
  return (
    <PageSection headingId="testimonials-heading" variant="alt" eyebrow={eyebrow} title={title} intro={intro}>
      <Testimonials items={items} />
    </PageSection>
  )
}
