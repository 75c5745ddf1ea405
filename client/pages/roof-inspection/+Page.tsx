/** /roof-inspection: three inspection types, the inspection process, the warning signs. */
import { FACTS } from '../../../shared/business'
import { INSPECTION_STEPS } from '../../../shared/content/process-steps'
import { INSPECTION_SIGNS, INSPECTION_TYPES } from '../../../shared/content/services'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { InspectionActions } from '../../components/content/ArrowLink'
import { CardsSection, StepsSection } from '../../components/content/BlockSections'
import { SignList } from '../../components/content/IconCards'
import { PageHero } from '../../components/content/PageHero'
import { SplitSection } from '../../components/content/SplitSection'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Free, no-obligation"
        title="Free Roof Inspection in Denver"
        subtitle={`A thorough, photo-documented inspection within ${FACTS.inspectionWindow}, often the same day. Know exactly where your roof stands before the next storm.`}
      />

      <CardsSection id="types-heading" block={INSPECTION_TYPES} columns={3} />
      <StepsSection variant="alt" block={INSPECTION_STEPS} />

      <SplitSection
        headingId="signs-heading"
        eyebrow="Warning signs"
        title={`${INSPECTION_SIGNS.length} Signs Your Roof Needs an Inspection`}
        className="split-top"
        aside={<SignList items={INSPECTION_SIGNS} className="card" />}
      >
        <p className="lead">
          Many roof problems can&rsquo;t be seen from the ground. If any of these sound familiar, it&rsquo;s
          time for a professional look.
        </p>
        <p>
          Storm damage left alone can turn into leaks, and some insurance policies limit how long you have to
          file a claim. An inspection costs you nothing.
        </p>
        <InspectionActions href={ROUTES.hailDamage.path} text="Read our hail damage guide" />
      </SplitSection>

      <CtaBand
        title="Get Your Free Roof Inspection Today"
        text={`We inspect within ${FACTS.inspectionWindow}, often the same day, and you keep the photo report whatever you decide.`}
      />
    </>
  )
}
