// https://vike.dev/image – og:image and twitter:card summary_large_image; absolute, as
// social sites require.
import type { PageContextServer } from 'vike/types'
import { ogImageUrl } from '../../shared/seo/json-ld'
export default (pageContext: PageContextServer) => ogImageUrl(pageContext.globalContext.siteUrl)
