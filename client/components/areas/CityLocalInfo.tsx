/** 'Why Hail Matters for {City} Roofs', beside a card of the city's neighbourhoods and zip codes. */
import { FACTS, telHref } from '../../../shared/business'
import type { CityPage } from '../../../shared/service-areas'
import { useBusiness } from '../../hooks/use-business'
import { ChipList } from '../content/Lists'
import { SplitSection } from '../content/SplitSection'

function LocalCard({ city }: { city: CityPage }) {
  const business = useBusiness()
  return (
    <div className="card local-card">
      {city.neighborhoods ? (
        <>
          <h3>{`Neighborhoods We Serve in ${city.name}`}</h3>
          <ChipList items={city.neighborhoods} />
        </>
      ) : null}
      <h3>{`${city.name} Zip Codes`}</h3>
      <ChipList items={city.zipcodes.split(',').map((z) => z.trim())} />
      <p className="local-card-note">
        Not sure if we cover your street? Call{' '}
        <a className="nowrap" href={telHref(business.phone)}>
          {business.phone}
        </a>
        : we serve the whole Denver metro area.
      </p>
    </div>
  )
}

export function CityLocalInfo({ city, variant }: { city: CityPage; variant?: 'alt' }) {
  return (
    <SplitSection
      headingId="local-roofs"
      eyebrow="Local expertise"
      title={`Why Hail Matters for ${city.name} Roofs`}
      variant={variant}
      className="local-info"
      aside={<LocalCard city={city} />}
    >
      <p>{city.description}</p>
      <p>
        Colorado sees over {FACTS.coloradoHailStormsPerYear} hail storms a year. Hail bruises shingles and
        knocks off the granules that shield them from the sun, so a roof that looks fine from the street can
        start leaking a season or two later. Roofs older than {FACTS.inspectAgeYears} years are the most at
        risk.
      </p>
      <p>
        We inspect {city.name} homes within {FACTS.inspectionWindow}, put up emergency protection within{' '}
        {FACTS.emergencyTarpHours} hours when needed, and recommend Class 4 impact-resistant shingles that can
        cut insurance premiums by up to {FACTS.premiumReductionPercent}%.
      </p>
    </SplitSection>
  )
}
