/** /resources: weather report CTA, hail damage cards, the claim in four steps, question cards, reviews, CTA band. */
import { RESOURCES_CLAIM_STEPS } from '../../../shared/content/process-steps'
import { RESOURCE_QUESTIONS, RESOURCES_HAIL_SIGNS } from '../../../shared/content/services'
import { TESTIMONIALS } from '../../../shared/content/testimonials'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { MoreLink } from '../../components/content/ArrowLink'
import { CardsSection, ReviewsSection, StepsSection } from '../../components/content/BlockSections'
import { HeroBanner } from '../../components/ui/HeroBanner'

export default function Page() {
  return (
    <>
      <HeroBanner
        eyebrow="Homeowner resources"
        title="Roofing Resources for Denver Homeowners"
        subtitle="Plain-language guides to hail damage, insurance claims and your roof, plus a free severe weather report for your address."
        cta={{ href: ROUTES.hailReport.path, text: 'Get Free Severe Weather Report' }}
      />

      <CardsSection id="hail-heading" block={RESOURCES_HAIL_SIGNS} columns={4} />
      <StepsSection id="claim-heading" variant="alt" block={RESOURCES_CLAIM_STEPS}>
        <MoreLink
          href={ROUTES.insuranceClaims.path}
          text="See the full insurance claim process"
          className="btn btn-outline"
        />
      </StepsSection>
      <CardsSection id="questions-heading" block={RESOURCE_QUESTIONS} columns={3} />
      <ReviewsSection title="Homeowners We've Helped" items={TESTIMONIALS.slice(0, 3)} />

      <CtaBand />
    </>
  )
}
