import { serializeJsonLd, type JsonLdObject } from '../../../shared/seo/json-ld'

/**
 * A JSON-LD data block. CSP does not execute data blocks (type is not JavaScript), so
 * script-src 'self' stays strict; serializeJsonLd keeps '</script>' in a value from
 * closing the element.
 */
export function JsonLd({ data }: { data: JsonLdObject }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
}
