// https://vike.dev/Head – adds to the site-wide head (Head is cumulative): each city page's
// Service and Home > Service Areas > City breadcrumbs (docs/routes.md). Central
// Park's crumbs use its real path under /service-areas, not the earlier site's /locations.
import { usePageContext } from 'vike-react/usePageContext'
import { JsonLd } from '../../components/seo/JsonLd'
import { findCity } from '../../../shared/service-areas'
import { buildBreadcrumbs, buildCityService, cityBreadcrumbItems } from '../../../shared/seo/json-ld'

export default function Head() {
  const { routeParams, globalContext } = usePageContext()
  const city = findCity(routeParams.slug ?? '')
  if (!city) return null
  return (
    <>
      {/* City pages add keywords: search engines ignore them, some tools read them. */}
      <meta
        name="keywords"
        content={`roof repair ${city.name}, hail damage ${city.name}, roof replacement ${city.name}, roof insurance claim ${city.name}, roofer ${city.name} CO`}
      />
      <JsonLd data={buildCityService(city, globalContext.siteUrl)} />
      <JsonLd data={buildBreadcrumbs(cityBreadcrumbItems(city, globalContext.siteUrl))} />
    </>
  )
}
