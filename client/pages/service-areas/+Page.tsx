/**
 * /service-areas (spec section 2): an overview of 24 communities; the 14 with their own page
 * as linked cards (alphabetical) and 11 more as unlinked 'Also Serving' cards.
 */
import { FACTS, telHref } from '../../../shared/business'
import { ALSO_SERVING, CITY_PAGES } from '../../../shared/service-areas'
import { AreaCard } from '../../components/areas/AreaCard'
import { CtaBand } from '../../components/content/CtaBand'
import { PageSection } from '../../components/content/PageSection'
import { HeroBanner } from '../../components/ui/HeroBanner'
import { MapPinIcon } from '../../components/ui/icons'
import { useBusiness } from '../../hooks/use-business'

export default function Page() {
  const business = useBusiness()
  return (
    <>
      <HeroBanner
        eyebrow="Denver Metro Roofing"
        title="Our Service Areas"
        subtitle={`We serve homeowners in ${FACTS.communitiesServed} communities across the Denver metro area, from Denver and Aurora to Castle Rock, Parker, Broomfield and Thornton. Free roof inspections within ${FACTS.inspectionWindow}, often the same day.`}
      />

      <PageSection
        headingId="area-pages"
        eyebrow={`${FACTS.communitiesServed} communities served`}
        title="Roof Repair Near You"
        intro="Pick your city for its 2025 hail history, the zip codes we cover and how we help with your insurance claim."
      >
        <ul className="plain-list card-rows">
          {CITY_PAGES.map((city) => (
            <li key={city.slug}>
              <AreaCard city={city} />
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        headingId="also-serving"
        variant="alt"
        eyebrow="Across the Front Range"
        title="Also Serving"
        intro="The same free inspection and insurance claim help, wherever you live in the metro area."
      >
        <ul className="also-serving-list">
          {ALSO_SERVING.map((name) => (
            <li key={name} className="also-serving-card">
              <MapPinIcon aria-hidden="true" />
              <h3>{name}</h3>
            </li>
          ))}
        </ul>
        <p className="also-serving-note">
          Don’t see your community? We serve the whole Denver metro area. Call{' '}
          <a className="nowrap" href={telHref(business.phone)}>
            {business.phone}
          </a>{' '}
          and we will tell you right away.
        </p>
      </PageSection>

      <CtaBand />
    </>
  )
}
