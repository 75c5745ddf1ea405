/** /insurance-claims: the claim steps, the time-limit notice, four benefits and the carriers, six FAQs. */
import { FACTS, INSURANCE_CARRIERS } from '../../../shared/business'
import { INSURANCE_FAQS } from '../../../shared/content/faqs'
import { INSURANCE_CLAIM_STEPS } from '../../../shared/content/process-steps'
import { INSURANCE_BENEFITS } from '../../../shared/content/services'
import { CtaBand } from '../../components/content/CtaBand'
import { CardsSection, QuestionsSection, StepsSection } from '../../components/content/BlockSections'
import { ChipList } from '../../components/content/Lists'
import { PageHero } from '../../components/content/PageHero'
import { InspectionButton } from '../../components/lead/InspectionButton'
import { AlertIcon } from '../../components/ui/icons'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Insurance claim process"
        title="Your Roof Insurance Claim, Step by Step"
        subtitle="Storm damage claims can feel overwhelming. We document the damage, meet your adjuster and guide you from inspection to a finished roof. You pay just your deductible."
      />

      <StepsSection id="steps-heading" block={INSURANCE_CLAIM_STEPS} />

      <section className="section section-tight" aria-labelledby="deadline-heading">
        <div className="container">
          <div className="notice" role="note">
            <span className="notice-icon">
              <AlertIcon />
            </span>
            <div>
              <h2 id="deadline-heading" className="notice-title">
                Don&rsquo;t Wait: Claims Have Time Limits
              </h2>
              <p>
                {`Some insurance policies require you to file a claim within ${FACTS.claimFilingLimit} of the date of loss. Hail damage is easy to miss from the ground, so have your roof inspected soon after a storm to protect your right to file.`}
              </p>
              <InspectionButton />
            </div>
          </div>
        </div>
      </section>

      <CardsSection id="benefits-heading" variant="alt" block={INSURANCE_BENEFITS} columns={4}>
        <h3 className="carrier-heading">Insurance carriers we have worked with</h3>
        <ChipList items={INSURANCE_CARRIERS} className="chip-list carrier-list" />
      </CardsSection>

      <QuestionsSection block={INSURANCE_FAQS} />

      <CtaBand
        title="Start Your Claim With a Free Inspection"
        text={`We inspect within ${FACTS.inspectionWindow}, often the same day, and give you the documentation your claim needs.`}
      />
    </>
  )
}
