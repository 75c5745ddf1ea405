/** /roof-replacement (spec section 2): benefits, a 6-step process, three shingle classes, signs (numbers: spec section 9). */
import { FACTS } from '../../../shared/business'
import { SHINGLE_CLASSES } from '../../../shared/content/materials'
import { REPLACEMENT_STEPS } from '../../../shared/content/process-steps'
import {
  REPLACEMENT_BENEFITS,
  REPLACEMENT_KEY_FACTS,
  REPLACEMENT_SIGNS,
} from '../../../shared/content/services'
import { CtaBand } from '../../components/content/CtaBand'
import { IconCards, SignList } from '../../components/content/IconCards'
import { PageHero } from '../../components/content/PageHero'
import { PageSection } from '../../components/content/PageSection'
import { ProcessSteps } from '../../components/content/ProcessSteps'
import { InspectionButton } from '../../components/lead/lead-dialogs'
import { CheckIcon } from '../../components/ui/icons'

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

      <PageSection
        headingId="benefits-heading"
        eyebrow="Why replace"
        title="Benefits of a New Roof"
        intro="A new roof protects your family, your budget and your home's value."
      >
        <IconCards items={REPLACEMENT_BENEFITS} columns={4} />
      </PageSection>

      <PageSection
        headingId="process-heading"
        variant="alt"
        eyebrow="How it works"
        title="Our 6-Step Replacement Process"
        intro="Clear steps, no surprises, and a crew that respects your home."
      >
        <ProcessSteps steps={REPLACEMENT_STEPS} />
      </PageSection>

      <PageSection
        headingId="materials-heading"
        eyebrow="Materials"
        title="Choose Your Shingles"
        intro={`Every option comes with manufacturer warranties of ${FACTS.shingleWarrantyServices}.`}
      >
        <ul className="grid grid-3 material-cards">
          {SHINGLE_CLASSES.map((m, i) => (
            <li key={m.name} className={`card material-card${i === 2 ? ' material-card-featured' : ''}`}>
              {i === 2 ? <span className="badge badge-orange">Best for hail</span> : null}
              <h3>{m.name}</h3>
              <p>{m.description}</p>
              <ul className="check-list">
                {m.features.map((f) => (
                  <li key={f}>
                    <CheckIcon /> {f}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </PageSection>

      <section className="section section-alt" aria-labelledby="signs-heading">
        <div className="container split split-top">
          <div>
            <p className="eyebrow">Time for a new roof?</p>
            <h2 id="signs-heading">Signs You Need a New Roof</h2>
            <p className="lead">
              A full replacement in the Denver metro typically costs {FACTS.costRange}, depending on size,
              pitch and materials. When storm damage is covered, you pay just your deductible.
            </p>
            <p>Not sure? A free inspection gives you a clear answer with photos.</p>
            <InspectionButton />
          </div>
          <SignList items={REPLACEMENT_SIGNS} className="card" />
        </div>
      </section>

      <CtaBand
        title="Ready for a Roof That Lasts?"
        text={`Most replacements are installed in ${FACTS.installDaysServices}. Start with a free inspection and an honest recommendation.`}
      />
    </>
  )
}
