/** /hail-damage: Act Fast, the damage types, the inspection process, CTA band. */
import { FACTS } from '../../../shared/business'
import { HAIL_INSPECTION_STEPS } from '../../../shared/content/process-steps'
import { HAIL_DAMAGE_PHOTO, HAIL_DAMAGE_TYPES } from '../../../shared/content/services'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { InspectionActions } from '../../components/content/ArrowLink'
import { CardsSection, StepsSection } from '../../components/content/BlockSections'
import { PageHero } from '../../components/content/PageHero'
import { PromiseList } from '../../components/content/PromiseList'
import { SplitSection } from '../../components/content/SplitSection'
import { WorkPhotoFigure } from '../../components/content/WorkPhotoFigure'
import { CheckIcon } from '../../components/ui/icons'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Hail damage guide"
        title="Hail Damage Roof Guide"
        subtitle="Learn the signs of hail damage, why acting quickly matters and how a free inspection protects your insurance claim."
        backgroundImage="/uploads/hero/shingles.svg"
      />

      <SplitSection
        headingId="act-fast-heading"
        eyebrow="Time matters"
        title="Act Fast After a Hail Storm"
        aside={<WorkPhotoFigure photo={HAIL_DAMAGE_PHOTO} />}
      >
        <p className="lead">
          Contact us within {FACTS.stormPriorityHours} hours of a storm and your inspection gets priority
          scheduling.
        </p>
        <p>
          Hail damage rarely leaks on day one. Bruised shingles lose granules, age fast in the sun and start
          letting water in months later, often after the window to file a claim has narrowed.
        </p>
        <PromiseList>
          <li>
            <CheckIcon /> Emergency tarp within {FACTS.emergencyTarpHours} hours if water gets in
          </li>
          <li>
            <CheckIcon />
            {` Some policies require filing within ${FACTS.claimFilingLimit} of the loss`}
          </li>
        </PromiseList>
        <InspectionActions href={ROUTES.hailReport.path} text="Check your storm history" />
      </SplitSection>

      <CardsSection id="types-heading" variant="alt" block={HAIL_DAMAGE_TYPES} columns={4} />
      <StepsSection block={HAIL_INSPECTION_STEPS} />

      <CtaBand
        title="Think Hail Hit Your Roof?"
        text={`Call within ${FACTS.stormPriorityHours} hours of a storm for priority scheduling. The inspection is free and you keep the photo report.`}
      />
    </>
  )
}
