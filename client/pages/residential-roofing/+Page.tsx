/** /residential-roofing: three service cards, the repair-or-replace explainer, four benefits, three reviews. */
import { FACTS } from '../../../shared/business'
import {
  REPAIR_OR_REPLACE_PHOTO,
  RESIDENTIAL_BENEFITS,
  RESIDENTIAL_SERVICES,
} from '../../../shared/content/services'
import { TESTIMONIALS } from '../../../shared/content/testimonials'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { InspectionActions } from '../../components/content/ArrowLink'
import { CardsSection, ReviewsSection } from '../../components/content/BlockSections'
import { PageHero } from '../../components/content/PageHero'
import { SplitSection } from '../../components/content/SplitSection'
import { WorkPhotoFigure } from '../../components/content/WorkPhotoFigure'
import { CheckIcon } from '../../components/ui/icons'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Residential roofing"
        title="Residential Roofing for Denver Homeowners"
        subtitle="Inspections, repairs, full replacements and solar detach & reset, with your insurance claim guided from start to finish."
        backgroundImage="/uploads/hero/sunrise-homes.svg"
      />

      <CardsSection id="services-heading" block={RESIDENTIAL_SERVICES} columns={3} linkText="Learn More" />

      <SplitSection
        headingId="repair-replace-heading"
        variant="alt"
        eyebrow="Honest advice"
        title="Roof Repair or Replacement?"
        aside={<WorkPhotoFigure photo={REPAIR_OR_REPLACE_PHOTO} />}
      >
        <p className="lead">
          Not every storm means a new roof. We tell you honestly which one your home needs.
        </p>
        <ul className="check-list">
          <li>
            <CheckIcon /> Roofs under {FACTS.repairAgeYears} years old with limited damage are usually best
            repaired.
          </li>
          <li>
            <CheckIcon /> Above {FACTS.repairAgeYears} years, or when repairs would exceed{' '}
            {FACTS.repairCostThresholdPercent}% of the replacement value, replacement is likely the smarter
            choice.
          </li>
          <li>
            <CheckIcon /> Either way, a free inspection with photos gives you the facts first.
          </li>
        </ul>
        <InspectionActions href={ROUTES.roofRepair.path} text="About roof repair" />
      </SplitSection>

      <CardsSection id="benefits-heading" block={RESIDENTIAL_BENEFITS} columns={4} />
      <ReviewsSection title="What Our Customers Say" items={TESTIMONIALS.slice(3, 6)} />

      <CtaBand />
    </>
  )
}
