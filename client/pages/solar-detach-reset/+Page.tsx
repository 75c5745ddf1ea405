/** /solar-detach-reset (spec section 2): three services, a 4-step process, four reasons. */
import { SOLAR_STEPS } from '../../../shared/content/process-steps'
import { SOLAR_REASONS, SOLAR_SERVICES } from '../../../shared/content/services'
import { CtaBand } from '../../components/content/CtaBand'
import { IconCards } from '../../components/content/IconCards'
import { PageHero } from '../../components/content/PageHero'
import { PageSection } from '../../components/content/PageSection'
import { ProcessSteps } from '../../components/content/ProcessSteps'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Solar panel detach & reset"
        title="Solar Detach & Reset for Roof Work"
        subtitle="Need a new roof under your solar panels? We safely remove, store and reinstall your system, so your roof and your power are both taken care of."
        backgroundImage="/uploads/hero/solar-roof.svg"
      />

      <PageSection
        headingId="services-heading"
        eyebrow="What we do"
        title="Our Solar Services"
        intro="Everything needed to work on a roof with solar panels, handled by one team."
      >
        <IconCards items={SOLAR_SERVICES} columns={3} />
      </PageSection>

      <PageSection
        headingId="process-heading"
        variant="alt"
        eyebrow="How it works"
        title="Our 4-Step Solar Process"
        intro="Careful from the first photo to the final test."
      >
        <ProcessSteps steps={SOLAR_STEPS} />
      </PageSection>

      <PageSection
        headingId="reasons-heading"
        eyebrow="Why choose us"
        title="Why Homeowners Trust Us With Their Solar"
      >
        <IconCards items={SOLAR_REASONS} columns={4} />
      </PageSection>

      <CtaBand
        title="Have Solar Panels and Roof Damage?"
        text="Get a free inspection of your roof and solar setup. We will explain exactly what the work involves."
      />
    </>
  )
}
