// https://vike.dev/Head – site-wide <head> content, rendered on the server. Title,
// description and og:image come from +title.ts, +description.ts and +image.ts (vike-react
// renders those once each); this adds the canonical URL, the rest of Open Graph, robots and
// the business's structured data. Head is cumulative: city pages and /faqs add
// their own JSON-LD in their folder's +Head.tsx.
import { usePageContext } from 'vike-react/usePageContext'
import { JsonLd } from '../components/seo/JsonLd'
import { routeFor } from '../components/seo/page-seo'
import { OG_IMAGE, absoluteUrl, buildBusiness } from '../../shared/seo/json-ld'

export default function Head() {
  const pageContext = usePageContext()
  const { siteUrl, business } = pageContext.globalContext
  const route = routeFor(pageContext)
  const url = route ? absoluteUrl(siteUrl, route.path) : undefined
  const indexable = route?.indexable ?? false

  return (
    <>
      <meta name="theme-color" content="#0b2545" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {url && <link rel="canonical" href={url} />}
      {/* The error page and /schedule-inspection stay out of search results (docs/routes.md). */}
      {!indexable && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={business.name} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:locale" content="en_US" />
      <meta property="og:image:width" content={String(OG_IMAGE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE.height)} />
      <meta property="og:image:alt" content={`${business.name} – Denver hail damage roof repair`} />
      <JsonLd data={buildBusiness(business, siteUrl)} />
    </>
  )
}
