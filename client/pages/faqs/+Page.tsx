/** /faqs: hero, three Quick Roofing Tips, all the questions, CTA band. */
import { FAQ_PAGE, QUICK_TIPS } from '../../../shared/content/faqs'
import { CardGridSection } from '../../components/content/CardGrid'
import { CtaBand } from '../../components/content/CtaBand'
import { PageHero } from '../../components/content/PageHero'
import { QuestionsSection } from '../../components/content/BlockSections'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Roof FAQs"
        title="Roofing Questions, Answered"
        subtitle="Straight answers about hail damage, insurance claims, shingles, cost and what to expect when you replace your roof."
        backgroundImage="/uploads/hero/sunrise-homes.svg"
      />

      <CardGridSection
        id="tips-heading"
        block={QUICK_TIPS}
        className="grid grid-3 icon-cards"
        cardClassName="card icon-card"
      />
      <QuestionsSection variant="alt" block={FAQ_PAGE} cards />

      <CtaBand
        title="Still Have Questions?"
        text="Call us or book a free inspection. We are happy to explain anything about your roof or your claim."
      />
    </>
  )
}
