/** /resources (spec section 2): weather report CTA, hail damage cards, 4-step claim process, question cards, testimonials, CTA band. */
import { RESOURCES_CLAIM_STEPS } from '../../../shared/content/process-steps'
import { HAIL_DAMAGE_TYPES, RESOURCE_QUESTIONS } from '../../../shared/content/services'
import { TESTIMONIALS } from '../../../shared/content/testimonials'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { IconCards } from '../../components/content/IconCards'
import { PageSection } from '../../components/content/PageSection'
import { ProcessSteps } from '../../components/content/ProcessSteps'
import { Testimonials } from '../../components/content/Testimonials'
import { HeroBanner } from '../../components/ui/HeroBanner'
import { ArrowRightIcon } from '../../components/ui/icons'

const HAIL_CARDS = HAIL_DAMAGE_TYPES.map((card) => ({ ...card, href: ROUTES.hailDamage.path }))

export default function Page() {
  return (
    <>
      <HeroBanner
        eyebrow="Homeowner resources"
        title="Roofing Resources for Denver Homeowners"
        subtitle="Plain-language guides to hail damage, insurance claims and your roof, plus a free severe weather report for your address."
        cta={{ href: ROUTES.hailReport.path, text: 'Get Free Severe Weather Report' }}
      />

      <PageSection
        headingId="hail-heading"
        eyebrow="Hail damage guide"
        title="Know the Signs of Hail Damage"
        intro="Hail damage is often invisible from the ground. These are the four signs we look for."
      >
        <IconCards items={HAIL_CARDS} columns={4} />
      </PageSection>

      <PageSection
        headingId="claim-heading"
        variant="alt"
        eyebrow="Insurance claims"
        title="The Insurance Claim Process in 4 Steps"
        intro="From a free inspection to a new roof, here is the short version."
      >
        <ProcessSteps steps={RESOURCES_CLAIM_STEPS} />
        <p className="section-more">
          <a className="btn btn-outline" href={ROUTES.insuranceClaims.path}>
            See the full insurance claim process <ArrowRightIcon width={16} height={16} />
          </a>
        </p>
      </PageSection>

      <PageSection
        headingId="questions-heading"
        eyebrow="Roof FAQs"
        title="Common Questions"
        intro="Quick answers to what homeowners ask us most."
      >
        <IconCards items={RESOURCE_QUESTIONS} columns={3} />
      </PageSection>

      <PageSection
        headingId="testimonials-heading"
        variant="alt"
        eyebrow="Reviews"
        title="Homeowners We've Helped"
      >
        <Testimonials items={TESTIMONIALS.slice(0, 3)} />
      </PageSection>

      <CtaBand />
    </>
  )
}
