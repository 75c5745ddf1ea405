/** /solar-detach-reset: three services, the solar process, four reasons. */
import { SOLAR_STEPS } from '../../../shared/content/process-steps'
import { SOLAR_REASONS, SOLAR_SERVICES } from '../../../shared/content/services'
import { CtaBand } from '../../components/content/CtaBand'
import { CardsSection, StepsSection } from '../../components/content/BlockSections'
import { PageHero } from '../../components/content/PageHero'

export default function Page() {
  return (
    <>
      <PageHero
        eyebrow="Solar panel detach & reset"
        title="Solar Detach & Reset for Roof Work"
        subtitle="Need a new roof under your solar panels? We safely remove, store and reinstall your system, so your roof and your power are both taken care of."
        backgroundImage="/uploads/hero/solar-roof.svg"
      />

      <CardsSection id="services-heading" block={SOLAR_SERVICES} columns={3} />
      <StepsSection variant="alt" block={SOLAR_STEPS} />
      <CardsSection id="reasons-heading" block={SOLAR_REASONS} columns={4} />

      <CtaBand
        title="Have Solar Panels and Roof Damage?"
        text="Get a free inspection of your roof and solar setup. We will explain exactly what the work involves."
      />
    </>
  )
}
