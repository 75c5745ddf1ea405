/** /roof-repair: repair types, the repair process, repair versus replacement (the age and cost rule from FACTS). */
import { FACTS } from '../../../shared/business'
import { REPAIR_STEPS } from '../../../shared/content/process-steps'
import { REPAIR_TYPES } from '../../../shared/content/services'
import { ROUTES } from '../../../shared/routes'
import { CtaBand } from '../../components/content/CtaBand'
import { ArrowLink } from '../../components/content/ArrowLink'
import { CardsSection, StepsSection } from '../../components/content/BlockSections'
import { PageHero } from '../../components/content/PageHero'
import { PageSection } from '../../components/content/PageSection'
import { CheckIcon } from '../../components/ui/icons'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Hail, wind & flashing"
        title="Roof Repair Done Right"
        subtitle={`Fast, lasting repairs for storm-damaged roofs across the Denver metro, with emergency tarping within ${FACTS.emergencyTarpHours} hours when water gets in.`}
        backgroundImage="/uploads/hero/shingles.svg"
      />

      <CardsSection id="types-heading" block={REPAIR_TYPES} columns={3} />
      <StepsSection variant="alt" block={REPAIR_STEPS} />

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
            <ArrowLink href={ROUTES.roofReplacement.path} text="About roof replacement" />
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
