/** Home (spec section 2): hero, Meet section with video, testimonials, services, hail cards, process, FAQs, CTA. */
import { FACTS, ownerFirstName, RATING } from '../../../shared/business'
import { HOME_HAIL_CITIES } from '../../../shared/content/areas'
import { HOME_FAQS } from '../../../shared/content/faqs'
import { INSURANCE_PROCESS_HOME } from '../../../shared/content/process-steps'
import { HOME_SERVICES } from '../../../shared/content/services'
import { TESTIMONIALS } from '../../../shared/content/testimonials'
import { EXPLAINER_VIDEO_ID, EXPLAINER_VIDEO_TITLE } from '../../../shared/media'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { FaqList } from '../../components/content/FaqList'
import { HailImpactCard } from '../../components/content/HailImpactCard'
import { IconCards } from '../../components/content/IconCards'
import { PageSection } from '../../components/content/PageSection'
import { ProcessSteps } from '../../components/content/ProcessSteps'
import { Stars } from '../../components/content/Stars'
import { Testimonials } from '../../components/content/Testimonials'
import { VideoEmbed } from '../../components/content/VideoEmbed'
import { InspectionButton } from '../../components/lead/lead-dialogs'
import { HeroBanner } from '../../components/ui/HeroBanner'
import { ArrowRightIcon, CheckIcon } from '../../components/ui/icons'
import { useBusiness } from '../../hooks/use-business'

export default function Page() {
  const business = useBusiness()
  const firstName = ownerFirstName(business)
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

      <section className="trust-strip" aria-label="Why homeowners trust us">
        <ul className="container trust-strip-list">
          <li>
            <Stars rating={5} size={16} />
            <span>
              <strong>{RATING.value}</strong> from {RATING.count} reviews
            </span>
          </li>
          <li>
            <CheckIcon /> Inspections in {FACTS.inspectionWindow}
          </li>
          <li>
            <CheckIcon /> Emergency tarp within {FACTS.emergencyTarpHours} hours
          </li>
          <li>
            <CheckIcon /> You pay just your deductible
          </li>
        </ul>
      </section>

      <section className="section" aria-labelledby="meet-heading">
        <div className="container split">
          <div>
            <p className="eyebrow">Your local roofer</p>
            <h2 id="meet-heading">Meet {firstName}</h2>
            <p className="lead">
              I started this company because Denver homeowners deserve a roofer who tells the truth, shows up
              when promised and knows how insurance claims really work.
            </p>
            <p>
              After a hail storm, I come out myself, climb your roof and show you exactly what I find. If
              there is real damage, I meet your adjuster and stay with you until the last nail is picked up.
              If there isn&rsquo;t, I&rsquo;ll tell you that too.
            </p>
            <ul className="check-list">
              <li>
                <CheckIcon /> Free inspection within {FACTS.inspectionWindow}, often the same day
              </li>
              <li>
                <CheckIcon /> No high-pressure sales, ever
              </li>
              <li>
                <CheckIcon /> I meet your adjuster on the roof
              </li>
            </ul>
            <a className="link-arrow" href={ROUTES.about.path}>
              More about {firstName} <ArrowRightIcon width={16} height={16} />
            </a>
          </div>
          <VideoEmbed videoId={EXPLAINER_VIDEO_ID} title={EXPLAINER_VIDEO_TITLE} />
        </div>
      </section>

      <PageSection
        headingId="testimonials-heading"
        variant="alt"
        eyebrow={`Rated ${RATING.value} from ${RATING.count} reviews`}
        title="What Denver Homeowners Say"
        intro="Real neighbors, real storms, real roofs."
      >
        <Testimonials items={TESTIMONIALS.slice(0, 3)} />
      </PageSection>

      <PageSection
        headingId="services-heading"
        eyebrow="What we do"
        title="Our Roofing Services"
        intro="From the first inspection to the final walkthrough, one local team handles your roof."
      >
        <IconCards items={HOME_SERVICES} columns={4} />
      </PageSection>

      <PageSection
        headingId="hail-heading"
        variant="alt"
        eyebrow="2025 storm season"
        title="Recent Hail Impact Near You"
        intro="Large hail hit neighborhoods across the metro this year. If your area is listed, your roof may qualify for an insurance-covered replacement."
      >
        <ul className="grid grid-3 plain-list">
          {HOME_HAIL_CITIES.map((city) => (
            <li key={city.slug}>
              <HailImpactCard city={city} link />
            </li>
          ))}
        </ul>
        <p className="section-more">
          <a className="link-arrow" href={ROUTES.serviceAreas.path}>
            See all service areas <ArrowRightIcon width={16} height={16} />
          </a>
        </p>
      </PageSection>

      <PageSection
        headingId="process-heading"
        eyebrow="How it works"
        title="Our 5-Step Insurance Process"
        intro="We guide you through the claim from inspection to a finished roof. You pay just your deductible."
      >
        <ProcessSteps steps={INSURANCE_PROCESS_HOME} />
        <p className="section-more">
          <a className="link-arrow" href={ROUTES.insuranceClaims.path}>
            Learn about the insurance claim process <ArrowRightIcon width={16} height={16} />
          </a>
        </p>
      </PageSection>

      <PageSection
        headingId="faq-heading"
        variant="alt"
        eyebrow="Questions"
        title="Frequently Asked Questions"
      >
        <FaqList items={HOME_FAQS} />
        <p className="section-more">
          <a className="link-arrow" href={ROUTES.faqs.path}>
            See all roofing FAQs <ArrowRightIcon width={16} height={16} />
          </a>
        </p>
      </PageSection>

      <CtaBand />
    </>
  )
}
