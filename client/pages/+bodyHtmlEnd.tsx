// https://vike.dev/bodyHtmlEnd – HTML after the app's root, rendered on the server only.
// The lead dialogs as plain HTML, for visitors whose JavaScript is off or failed to load
// (client/components/lead/dialogs/StaticLeadDialogs.tsx; docs/forms.md); none on the pages
// that have a lead form of their own.
import { renderToStaticMarkup } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { PAGE_LEAD_FORM_IDS, TO_PAGE_FORM_ID } from '../components/lead/dialogs/dialog-ids'
import { StaticLeadDialogs } from '../components/lead/dialogs/StaticLeadDialogs'

export default function bodyHtmlEnd(pageContext: PageContextServer): string {
  const { urlPathname, enquiryForm } = pageContext
  const pageFormId = PAGE_LEAD_FORM_IDS[urlPathname]
  const showsDialogForm = enquiryForm?.formType === 'contact_modal' || enquiryForm?.formType === 'exit_intent'
  // A page with its own form: the inspection buttons lead to it (InspectionButton.tsx).
  if (pageFormId && !showsDialogForm)
    return renderToStaticMarkup(<form id={TO_PAGE_FORM_ID} method="get" action={`#${pageFormId}`} hidden />)
  return renderToStaticMarkup(<StaticLeadDialogs pagePath={urlPathname} state={enquiryForm} />)
}
