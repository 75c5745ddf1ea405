// https://vike.dev/bodyHtmlEnd – HTML after the app's root, rendered on the server only.
// The lead dialogs as plain HTML, for visitors whose JavaScript is off or failed to load
// (client/components/lead/dialogs/StaticLeadDialogs.tsx; docs/forms.md).
import { renderToStaticMarkup } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { StaticLeadDialogs } from '../components/lead/dialogs/StaticLeadDialogs'

export default function bodyHtmlEnd(pageContext: PageContextServer): string {
  return renderToStaticMarkup(
    <StaticLeadDialogs pagePath={pageContext.urlPathname} state={pageContext.enquiryForm} />,
  )
}
