/** 'Roofing Services in {City}': a card linking to each service page, and the chips to the other areas. */
import { CITY_SERVICES } from '../../../shared/content/areas'
import { cityPath, ROUTES } from '../../../shared/routes'
import { CITY_PAGES, type CityPage } from '../../../shared/service-areas'
import { PageSection } from '../content/PageSection'
import { ArrowRightIcon } from '../ui/icons'

export function CityServices({ city }: { city: CityPage }) {
  return (
    <PageSection
      headingId="city-services"
      variant="alt"
      eyebrow="What we do"
      title={`Roofing Services in ${city.name}`}
    >
      <ul className="grid grid-4 service-links">
        {CITY_SERVICES.map((s) => (
          <li key={s.href}>
            <a className="card card-link" href={s.href}>
              <h3>{`${s.title} in ${city.name}`}</h3>
              <p>{s.text}</p>
              <span className="link-arrow">
                Learn more <ArrowRightIcon width={16} height={16} />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </PageSection>
  )
}

export function NearbyAreas({ city }: { city: CityPage }) {
  return (
    <section className="section nearby-areas" aria-labelledby="nearby">
      <div className="container">
        <h2 id="nearby" className="nearby-title">
          Other Areas We Serve
        </h2>
        <ul className="chip-list chip-links">
          {CITY_PAGES.filter((c) => c.slug !== city.slug).map((c) => (
            <li key={c.slug}>
              <a className="chip" href={cityPath(c.slug)}>
                {c.name}
              </a>
            </li>
          ))}
          <li>
            <a className="chip chip-strong" href={ROUTES.serviceAreas.path}>
              All service areas
            </a>
          </li>
        </ul>
      </div>
    </section>
  )
}
