/** The top of a city page: Home > Service Areas > City, and the hero with the inspection button and phone. */
import { FACTS, telHref } from '../../../shared/business'
import { cityPath, ROUTES } from '../../../shared/routes'
import type { CityPage } from '../../../shared/service-areas'
import { useBusiness } from '../../hooks/use-business'
import { InspectionButton } from '../lead/InspectionButton'
import { HeroBanner } from '../ui/HeroBanner'
import { PhoneIcon } from '../ui/icons'
import { Breadcrumbs } from './Breadcrumbs'

export function CityHero({ city }: { city: CityPage }) {
  const business = useBusiness()
  return (
    <>
      <Breadcrumbs
        items={[
          { name: 'Home', url: ROUTES.home.path },
          { name: 'Service Areas', url: ROUTES.serviceAreas.path },
          { name: city.name, url: cityPath(city.slug) },
        ]}
      />
      <HeroBanner
        eyebrow={`${city.county}, Colorado`}
        title={`Roof Repair ${city.name}`}
        subtitle={`Hail damage roof repair and replacement for ${city.name} homeowners. Free inspections within ${FACTS.inspectionWindow}, often the same day, and help with your insurance claim so you pay just your deductible.`}
        backgroundImage={city.image}
        cta={false}
      >
        <InspectionButton className="btn btn-primary btn-lg">Get Your Free Roof Inspection</InspectionButton>
        <a className="btn btn-outline-light btn-lg" href={telHref(business.phone)}>
          <PhoneIcon /> {business.phone}
        </a>
      </HeroBanner>
    </>
  )
}
