/** /faqs (spec section 2): hero, three Quick Roofing Tips, the 12 questions, CTA band. */
import { FAQS, QUICK_TIPS } from '../../../shared/content/faqs'
import { CardGrid } from '../../components/content/CardGrid'
import { CtaBand } from '../../components/content/CtaBand'
import { PageHero } from '../../components/content/PageHero'
import { QaCards } from '../../components/content/FaqList'
import { PageSection } from '../../components/content/PageSection'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Roof FAQs"
        title="Roofing Questions, Answered"
        subtitle="Straight answers about hail damage, insurance claims, shingles, cost and what to expect when you replace your roof."
        backgroundImage="/uploads/hero/sunrise-homes.svg"
      />

      <PageSection headingId="tips-heading" eyebrow="Before you call" title="Quick Roofing Tips">
        <CardGrid items={QUICK_TIPS} className="grid grid-3 icon-cards" cardClassName="card icon-card" />
      </PageSection>

      <PageSection
        headingId="faq-heading"
        variant="alt"
        eyebrow="FAQs"
        title="Frequently Asked Questions"
        intro="The 12 questions Denver homeowners ask us most."
      >
        <QaCards items={FAQS} />
      </PageSection>

      <CtaBand
        title="Still Have Questions?"
        text="Call us or book a free inspection. We are happy to explain anything about your roof or your claim."
      />
    </>
  )
}
