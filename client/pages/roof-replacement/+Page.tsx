/** /roof-replacement: key facts, benefits, the replacement process, three shingle classes, signs (figures from FACTS). */
import { FACTS } from '../../../shared/business'
import { SHINGLE_CLASSES } from '../../../shared/content/materials'
import { REPLACEMENT_STEPS } from '../../../shared/content/process-steps'
import {
  REPLACEMENT_BENEFITS,
  REPLACEMENT_KEY_FACTS,
  REPLACEMENT_SIGNS,
} from '../../../shared/content/services'
import { CtaBand } from '../../components/content/CtaBand'
import { BlockSection } from '../../components/content/BlockSection'
import { CardsSection, StepsSection } from '../../components/content/BlockSections'
import { SignList } from '../../components/content/IconCards'
import { PageHero } from '../../components/content/PageHero'
import { CheckList } from '../../components/content/Lists'
import { SplitSection } from '../../components/content/SplitSection'
import { InspectionButton } from '../../components/lead/InspectionButton'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Complete roof replacement"
        title="Roof Replacement Built for Colorado Storms"
        subtitle={`A new roof installed in typically ${FACTS.installDaysServices}, with impact-resistant shingle options and a clean job site. If insurance approves your claim, you pay just your deductible.`}
        backgroundImage="/uploads/hero/shingles.svg"
      />

      <section className="stat-band" aria-label="Roof replacement at a glance">
        <dl className="container stat-list">
          {REPLACEMENT_KEY_FACTS.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <CardsSection id="benefits-heading" block={REPLACEMENT_BENEFITS} columns={4} />
      <StepsSection variant="alt" block={REPLACEMENT_STEPS} />

      <BlockSection id="materials-heading" block={SHINGLE_CLASSES}>
        <ul className="grid grid-3 material-cards">
          {SHINGLE_CLASSES.items.map((m) => (
            <li key={m.name} className={`card material-card${m.badge ? ' material-card-featured' : ''}`}>
              {m.badge ? <span className="badge badge-orange">{m.badge}</span> : null}
              <h3>{m.name}</h3>
              <p>{m.description}</p>
              <CheckList items={m.features} />
            </li>
          ))}
        </ul>
      </BlockSection>

      <SplitSection
        headingId="signs-heading"
        variant="alt"
        eyebrow="Time for a new roof?"
        title="Signs You Need a New Roof"
        className="split-top"
        aside={<SignList items={REPLACEMENT_SIGNS} className="card" />}
      >
        <p className="lead">
          A full replacement in the Denver metro typically costs {FACTS.costRange}, depending on size, pitch
          and materials. When storm damage is covered, you pay just your deductible.
        </p>
        <p>Not sure? A free inspection gives you a clear answer with photos.</p>
        <InspectionButton />
      </SplitSection>

      <CtaBand
        title="Ready for a Roof That Lasts?"
        text={`Most replacements are installed in ${FACTS.installDaysServices}. Start with a free inspection and an honest recommendation.`}
      />
    </>
  )
}
