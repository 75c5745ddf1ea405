/** /roof-repair (spec section 2): repair types, a 6-step process, repair versus replacement (spec section 9). */
import { FACTS } from '../../../shared/business'
import { REPAIR_STEPS } from '../../../shared/content/process-steps'
import { REPAIR_TYPES } from '../../../shared/content/services'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { IconCards } from '../../components/content/IconCards'
import { PageHero } from '../../components/content/PageHero'
import { PageSection } from '../../components/content/PageSection'
import { ProcessSteps } from '../../components/content/ProcessSteps'
import { ArrowRightIcon, CheckIcon } from '../../components/ui/icons'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Hail, wind & flashing"
        title="Roof Repair Done Right"
        subtitle={`Fast, lasting repairs for storm-damaged roofs across the Denver metro, with emergency tarping within ${FACTS.emergencyTarpHours} hours when water gets in.`}
        backgroundImage="/uploads/hero/shingles.svg"
      />

      <PageSection
        headingId="types-heading"
        eyebrow="What we repair"
        title="Roof Repairs We Handle"
        intro="Colorado weather is hard on roofs. We fix the damage it leaves behind."
      >
        <IconCards items={REPAIR_TYPES} columns={3} />
      </PageSection>

      <PageSection
        headingId="process-heading"
        variant="alt"
        eyebrow="How it works"
        title="Our 6-Step Repair Process"
        intro="From the first call to a watertight roof."
      >
        <ProcessSteps steps={REPAIR_STEPS} />
      </PageSection>

      <PageSection
        headingId="compare-heading"
        eyebrow="Honest advice"
        title="Repair or Replace?"
        intro="We recommend what your roof actually needs. Here is how we decide."
      >
        <div className="grid grid-2 compare-cards">
          <div className="card compare-card">
            <h3>Repair is usually right when</h3>
            <ul className="check-list">
              <li>
                <CheckIcon /> Your roof is under {FACTS.repairAgeYears} years old
              </li>
              <li>
                <CheckIcon /> Damage is limited to one area
              </li>
              <li>
                <CheckIcon /> The decking underneath is still sound
              </li>
            </ul>
          </div>
          <div className="card compare-card compare-card-accent">
            <h3>Replacement is likely when</h3>
            <ul className="check-list">
              <li>
                <CheckIcon /> Your roof is over {FACTS.repairAgeYears} years old
              </li>
              <li>
                <CheckIcon /> Repair costs would exceed {FACTS.repairCostThresholdPercent}% of the replacement
                value
              </li>
              <li>
                <CheckIcon /> Hail damage is spread across the roof
              </li>
            </ul>
            <a className="link-arrow" href={ROUTES.roofReplacement.path}>
              About roof replacement <ArrowRightIcon width={16} height={16} />
            </a>
          </div>
        </div>
      </PageSection>

      <CtaBand
        title="Need a Roof Repair?"
        text="Get a free inspection and an honest recommendation: repair what needs repairing, nothing more."
      />
    </>
  )
}
