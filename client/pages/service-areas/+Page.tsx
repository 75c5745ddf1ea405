/**
 * /service-areas: an overview of the communities served; the 14 with their own page
 * as linked cards (alphabetical) and 11 more as unlinked 'Also Serving' cards.
 */
import { FACTS, telHref } from '../../../shared/business'
import { ALSO_SERVING_AREAS, AREA_PAGES } from '../../../shared/content/areas'
import { AreaCard } from '../../components/areas/AreaCard'
import { CityCardsSection } from '../../components/areas/CityCardsSection'
import { CtaBand } from '../../components/content/CtaBand'
import { BlockSection } from '../../components/content/BlockSection'
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

      <CityCardsSection id="area-pages" block={AREA_PAGES} renderCard={(city) => <AreaCard city={city} />} />

      <BlockSection id="also-serving" variant="alt" block={ALSO_SERVING_AREAS}>
        <ul className="also-serving-list">
          {ALSO_SERVING_AREAS.items.map((name) => (
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
      </BlockSection>

      <CtaBand />
    </>
  )
}
