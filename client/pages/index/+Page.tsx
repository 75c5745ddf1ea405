/** Home: hero, trust strip, the owner with the video, reviews, services, hail cards, the claim process, FAQs. */
import { FACTS, RATING } from '../../../shared/business'
import { HOME_HAIL_CITIES } from '../../../shared/content/areas'
import { HOME_FAQS } from '../../../shared/content/faqs'
import { INSURANCE_PROCESS_HOME } from '../../../shared/content/process-steps'
import { HOME_SERVICES } from '../../../shared/content/services'
import { TESTIMONIALS } from '../../../shared/content/testimonials'
import { ROUTES } from '../../../shared/routes'
import { MoreLink } from '../../components/content/ArrowLink'
import { ListSection } from '../../components/content/BlockSection'
import {
  CardsSection,
  QuestionsSection,
  ReviewsSection,
  StepsSection,
} from '../../components/content/BlockSections'
import { CtaBand } from '../../components/content/CtaBand'
import { HailImpactCard } from '../../components/content/HailImpactCard'
import { MeetTheOwner } from '../../components/home/MeetTheOwner'
import { TrustStrip } from '../../components/home/TrustStrip'
import { InspectionButton } from '../../components/lead/InspectionButton'
import { HeroBanner } from '../../components/ui/HeroBanner'

export default function Page() {
  return (
    <>
      <HeroBanner
        eyebrow="Denver Metro Hail & Storm Damage Specialists"
        title="Hail Damage? Get Your Roof Replaced for Just Your Deductible"
        subtitle={`Free roof inspections within ${FACTS.inspectionWindow}, often the same day. We document the damage, meet your adjuster and handle the claim, so you only pay your deductible.`}
        cta={false}
      >
        <InspectionButton className="btn btn-primary btn-lg" />
        <a className="btn btn-outline-light btn-lg" href={ROUTES.hailReport.path}>
          Free Hail Weather Report
        </a>
      </HeroBanner>
      <TrustStrip />
      <MeetTheOwner />
      <ReviewsSection
        eyebrow={`Rated ${RATING.value} from ${RATING.count} reviews`}
        title="What Denver Homeowners Say"
        intro="Real neighbors, real storms, real roofs."
        items={TESTIMONIALS.slice(0, 3)}
      />
      <CardsSection id="services-heading" block={HOME_SERVICES} columns={4} />

      <ListSection
        id="hail-heading"
        variant="alt"
        block={HOME_HAIL_CITIES}
        className="grid grid-3 plain-list"
        itemKey={(city) => city.slug}
        renderItem={(city) => <HailImpactCard city={city} link />}
      >
        <MoreLink href={ROUTES.serviceAreas.path} text="See all service areas" />
      </ListSection>

      <StepsSection block={INSURANCE_PROCESS_HOME}>
        <MoreLink href={ROUTES.insuranceClaims.path} text="Learn about the insurance claim process" />
      </StepsSection>
      <QuestionsSection variant="alt" block={HOME_FAQS}>
        <MoreLink href={ROUTES.faqs.path} text="See all roofing FAQs" />
      </QuestionsSection>
      <CtaBand />
    </>
  )
}
