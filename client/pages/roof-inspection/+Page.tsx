/** /roof-inspection (spec section 2): three inspection types, a 4-step process, six signs. */
import { FACTS } from '../../../shared/business'
import { INSPECTION_STEPS } from '../../../shared/content/process-steps'
import { INSPECTION_SIGNS, INSPECTION_TYPES } from '../../../shared/content/services'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { IconCards, SignList } from '../../components/content/IconCards'
import { PageHero } from '../../components/content/PageHero'
import { PageSection } from '../../components/content/PageSection'
import { ProcessSteps } from '../../components/content/ProcessSteps'
import { InspectionButton } from '../../components/lead/lead-dialogs'
import { ArrowRightIcon } from '../../components/ui/icons'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Free, no-obligation"
        title="Free Roof Inspection in Denver"
        subtitle={`A thorough, photo-documented inspection within ${FACTS.inspectionWindow}, often the same day. Know exactly where your roof stands before the next storm.`}
      />

      <PageSection
        headingId="types-heading"
        eyebrow="Inspection types"
        title="The Right Inspection for Your Situation"
        intro="Whether you just had a storm, are buying a home or want peace of mind, we have you covered."
      >
        <IconCards items={INSPECTION_TYPES} columns={3} />
      </PageSection>

      <PageSection
        headingId="process-heading"
        variant="alt"
        eyebrow="How it works"
        title="Our 4-Step Inspection Process"
        intro="Simple, quick and completely free."
      >
        <ProcessSteps steps={INSPECTION_STEPS} />
      </PageSection>

      <section className="section" aria-labelledby="signs-heading">
        <div className="container split split-top">
          <div>
            <p className="eyebrow">Warning signs</p>
            <h2 id="signs-heading">6 Signs Your Roof Needs an Inspection</h2>
            <p className="lead">
              Many roof problems can&rsquo;t be seen from the ground. If any of these sound familiar,
              it&rsquo;s time for a professional look.
            </p>
            <p>
              Storm damage left alone can turn into leaks, and some insurance policies limit how long you have
              to file a claim. An inspection costs you nothing.
            </p>
            <div className="inline-actions">
              <InspectionButton />
              <a className="link-arrow" href={ROUTES.hailDamage.path}>
                Read our hail damage guide <ArrowRightIcon width={16} height={16} />
              </a>
            </div>
          </div>
          <SignList items={INSPECTION_SIGNS} className="card" />
        </div>
      </section>

      <CtaBand
        title="Get Your Free Roof Inspection Today"
        text={`We inspect within ${FACTS.inspectionWindow}, often the same day, and you keep the photo report whatever you decide.`}
      />
    </>
  )
}
