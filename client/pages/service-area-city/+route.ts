// https://vike.dev/route-function
// One data-driven route for the 14 city pages (docs/routes.md): only known slugs match, so
// /service-areas/atlantis-co falls through to the 404 page.
import type { PageContext } from 'vike/types'
import { findCity } from '../../../shared/service-areas'

const PREFIX = '/service-areas/'

export default function route(pageContext: PageContext) {
  const { urlPathname } = pageContext
  if (!urlPathname.startsWith(PREFIX)) return false
  const slug = urlPathname.slice(PREFIX.length)
  return findCity(slug) ? { routeParams: { slug } } : false
}
