/** /residential-roofing (spec section 2): three service cards, repair-or-replace explainer, four benefits, three testimonials. */
import { FACTS } from '../../../shared/business'
import {
  REPAIR_OR_REPLACE_PHOTO,
  RESIDENTIAL_BENEFITS,
  RESIDENTIAL_SERVICES,
} from '../../../shared/content/services'
import { TESTIMONIALS } from '../../../shared/content/testimonials'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { IconCards } from '../../components/content/IconCards'
import { PageHero } from '../../components/content/PageHero'
import { PageSection } from '../../components/content/PageSection'
import { Testimonials } from '../../components/content/Testimonials'
import { WorkPhotoFigure } from '../../components/content/WorkPhotoFigure'
import { InspectionButton } from '../../components/lead/lead-dialogs'
import { ArrowRightIcon, CheckIcon } from '../../components/ui/icons'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Residential roofing"
        title="Residential Roofing for Denver Homeowners"
        subtitle="Inspections, repairs, full replacements and solar detach & reset, with your insurance claim guided from start to finish."
        backgroundImage="/uploads/hero/sunrise-homes.svg"
      />

      <PageSection
        headingId="services-heading"
        eyebrow="Our services"
        title="Roofing Services for Your Home"
        intro="One local team for every part of your roof."
      >
        <IconCards items={RESIDENTIAL_SERVICES} columns={3} linkText="Learn More" />
      </PageSection>

      <section className="section section-alt" aria-labelledby="repair-replace-heading">
        <div className="container split">
          <div>
            <p className="eyebrow">Honest advice</p>
            <h2 id="repair-replace-heading">Roof Repair or Replacement?</h2>
            <p className="lead">
              Not every storm means a new roof. We tell you honestly which one your home needs.
            </p>
            <ul className="check-list">
              <li>
                <CheckIcon /> Roofs under {FACTS.repairAgeYears} years old with limited damage are usually
                best repaired.
              </li>
              <li>
                <CheckIcon /> Above {FACTS.repairAgeYears} years, or when repairs would exceed{' '}
                {FACTS.repairCostThresholdPercent}% of the replacement value, replacement is likely the
                smarter choice.
              </li>
              <li>
                <CheckIcon /> Either way, a free inspection with photos gives you the facts first.
              </li>
            </ul>
            <div className="inline-actions">
              <InspectionButton />
              <a className="link-arrow" href={ROUTES.roofRepair.path}>
                About roof repair <ArrowRightIcon width={16} height={16} />
              </a>
            </div>
          </div>
          <WorkPhotoFigure photo={REPAIR_OR_REPLACE_PHOTO} />
        </div>
      </section>

      <PageSection headingId="benefits-heading" eyebrow="The difference" title="Why Homeowners Choose Us">
        <IconCards items={RESIDENTIAL_BENEFITS} columns={4} />
      </PageSection>

      <PageSection
        headingId="testimonials-heading"
        variant="alt"
        eyebrow="Reviews"
        title="What Our Customers Say"
      >
        <Testimonials items={TESTIMONIALS.slice(3, 6)} />
      </PageSection>

      <CtaBand />
    </>
  )
}
