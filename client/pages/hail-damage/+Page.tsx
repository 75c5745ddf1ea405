/** /hail-damage (spec section 2): Act Fast, four damage types, four-step inspection process, CTA band. */
import { FACTS } from '../../../shared/business'
import { HAIL_INSPECTION_STEPS } from '../../../shared/content/process-steps'
import { HAIL_DAMAGE_PHOTO, HAIL_DAMAGE_TYPES } from '../../../shared/content/services'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { IconCards } from '../../components/content/IconCards'
import { PageHero } from '../../components/content/PageHero'
import { PageSection } from '../../components/content/PageSection'
import { ProcessSteps } from '../../components/content/ProcessSteps'
import { WorkPhotoFigure } from '../../components/content/WorkPhotoFigure'
import { InspectionButton } from '../../components/lead/lead-dialogs'
import { ArrowRightIcon, CheckIcon } from '../../components/ui/icons'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Hail damage guide"
        title="Hail Damage Roof Guide"
        subtitle="Learn the signs of hail damage, why acting quickly matters and how a free inspection protects your insurance claim."
        backgroundImage="/uploads/hero/shingles.svg"
      />

      <section className="section" aria-labelledby="act-fast-heading">
        <div className="container split">
          <div>
            <p className="eyebrow">Time matters</p>
            <h2 id="act-fast-heading">Act Fast After a Hail Storm</h2>
            <p className="lead">
              Contact us within {FACTS.stormPriorityHours} hours of a storm and your inspection gets priority
              scheduling.
            </p>
            <p>
              Hail damage rarely leaks on day one. Bruised shingles lose granules, age fast in the sun and
              start letting water in months later, often after the window to file a claim has narrowed.
            </p>
            <ul className="check-list">
              <li>
                <CheckIcon /> Free inspection within {FACTS.inspectionWindow}, often the same day
              </li>
              <li>
                <CheckIcon /> Emergency tarp within {FACTS.emergencyTarpHours} hours if water gets in
              </li>
              <li>
                <CheckIcon />
                {` Some policies require filing within ${FACTS.claimFilingLimit} of the loss`}
              </li>
            </ul>
            <div className="inline-actions">
              <InspectionButton />
              <a className="link-arrow" href={ROUTES.hailReport.path}>
                Check your storm history <ArrowRightIcon width={16} height={16} />
              </a>
            </div>
          </div>
          <WorkPhotoFigure photo={HAIL_DAMAGE_PHOTO} />
        </div>
      </section>

      <PageSection
        headingId="types-heading"
        variant="alt"
        eyebrow="What to look for"
        title="4 Types of Hail Damage"
        intro="These are the signs our inspectors document for your insurance claim."
      >
        <IconCards items={HAIL_DAMAGE_TYPES} columns={4} />
      </PageSection>

      <PageSection
        headingId="process-heading"
        eyebrow="How it works"
        title="Our 4-Step Hail Inspection Process"
        intro="From your first call to a claim-ready report."
      >
        <ProcessSteps steps={HAIL_INSPECTION_STEPS} />
      </PageSection>

      <CtaBand
        title="Think Hail Hit Your Roof?"
        text={`Call within ${FACTS.stormPriorityHours} hours of a storm for priority scheduling. The inspection is free and you keep the photo report.`}
      />
    </>
  )
}
