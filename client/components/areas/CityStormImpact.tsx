/** 'Recent Storm Impact in {City}': what the storm season did there, beside a panel of the storm's facts. */
import { FACTS } from '../../../shared/business'
import { ROUTES } from '../../../shared/routes'
import type { CityPage } from '../../../shared/service-areas'
import { SplitSection } from '../content/SplitSection'

function StormFactsPanel({ city }: { city: CityPage }) {
  const year = city.hail.stormDate.slice(0, 4)
  return (
    <aside className="storm-facts-panel" aria-label={`${city.name} ${year} storm facts`}>
      <p className="storm-facts-title">{`${city.name} hail, ${year}`}</p>
      <dl className="storm-facts">
        <div>
          <dt>Storm date</dt>
          <dd>{city.hail.storm}</dd>
        </div>
        <div>
          <dt>Hail size</dt>
          <dd>{`${city.hail.hailSize} inches`}</dd>
        </div>
        <div>
          <dt>County</dt>
          <dd>{city.county}</dd>
        </div>
        <div className="storm-facts-wide">
          <dt>Zip codes</dt>
          <dd>{city.zipcodes}</dd>
        </div>
      </dl>
    </aside>
  )
}

export function CityStormImpact({ city }: { city: CityPage }) {
  return (
    <SplitSection
      headingId="storm-impact"
      eyebrow={`${FACTS.stormSeasons} Storm Season`}
      title={`Recent Storm Impact in ${city.name}`}
      className="storm-impact"
      aside={<StormFactsPanel city={city} />}
    >
      <p className="lead">
        {`${city.name} experienced significant hail in ${FACTS.stormSeasons}. If your home was in the storm’s path, your roof may qualify for an insurance-covered replacement, and you pay only your deductible.`}
      </p>
      <p>{city.hail.description}</p>
      <p>
        Hail damage is often invisible from the ground. A free inspection tells you for certain, and most
        policies give you a limited time to file, often {FACTS.claimFilingLimit} from the storm.
      </p>
      <a className="btn btn-secondary" href={ROUTES.hailReport.path}>
        Get a Free Weather Report for Your Address
      </a>
    </SplitSection>
  )
}
