// https://vike.dev/description – meta description and og:description from the route table.
import type { PageContext } from 'vike/types'
import { routeFor } from '../components/seo/page-seo'
export default (pageContext: PageContext) => routeFor(pageContext)?.description ?? null
