/**
 * /service-areas/{city}-co: one page for all 14 cities, driven by the city records of
 * shared/service-areas.ts (docs/routes.md). Central Park adds its storm tracker, and the
 * sections after it shift their background so light and tinted sections still alternate.
 */
import { usePageContext } from 'vike-react/usePageContext'
import { findCity } from '../../../shared/service-areas'
import { CentralParkStormHistory } from '../../components/areas/CentralParkStormHistory'
import { CityClaimVideo } from '../../components/areas/CityClaimVideo'
import { CityHero } from '../../components/areas/CityHero'
import { CityLocalInfo } from '../../components/areas/CityLocalInfo'
import { CityServices, NearbyAreas } from '../../components/areas/CityServices'
import { CityStormImpact } from '../../components/areas/CityStormImpact'
import { CtaBand } from '../../components/content/CtaBand'

export default function Page() {
  const { routeParams } = usePageContext()
  // The route function only matches known slugs, so this always finds the city.
  const city = findCity(routeParams.slug ?? '')
  if (!city) return null
  const isCentralPark = city.slug === 'central-park-co'

  return (
    <>
      <CityHero city={city} />
      <CityStormImpact city={city} />
      {isCentralPark ? <CentralParkStormHistory /> : null}
      <CityClaimVideo city={city} variant={isCentralPark ? undefined : 'alt'} />
      <CityLocalInfo city={city} variant={isCentralPark ? 'alt' : undefined} />
      <CityServices city={city} />
      <NearbyAreas city={city} />
      <CtaBand
        title={`Hail Damage in ${city.name}? Find Out If Your Roof Qualifies`}
        buttonText="Schedule Your Free Roof Inspection"
      />
    </>
  )
}
