/**
 * The /hail-report request form's box and the hero's button that leads to it. The form is an
 * island (five required fields, sent with form type 'contact' from /hail-report; on success
 * the fields clear and a panel confirms the report is on its way; docs/forms.md).
 */
import { usePageContext } from 'vike-react/usePageContext'
import { isStateFor } from '../../../shared/enquiry-form-state'
import { ROUTES } from '../../../shared/routes'
import { HAIL_REPORT_FORM_ID } from '../../dom-contract'
import { Island } from '../../islands/Island'

/**
 * The hero's button that scrolls to the form (client/script-layer/page-parts.ts moves focus
 * there too, so a keyboard user's next Tab lands in its first field). It is a link to the
 * form's anchor underneath, so it still takes the visitor there without a script.
 */
export function ScrollToHailReportForm({ children }: { children: React.ReactNode }) {
  return (
    <a
      href={`#${HAIL_REPORT_FORM_ID}`}
      role="button"
      className="btn btn-primary btn-lg"
      aria-controls={HAIL_REPORT_FORM_ID}
      data-scrolls-to-form=""
    >
      {children}
    </a>
  )
}

export function HailReportForm() {
  const { enquiryForm } = usePageContext()
  const pagePath = ROUTES.hailReport.path
  const served = isStateFor(enquiryForm, 'hail_report', pagePath) ? enquiryForm : undefined
  return (
    <div
      className="lead-form-card hail-report-form"
      id={HAIL_REPORT_FORM_ID}
      data-form="hail-report"
      tabIndex={-1}
    >
      <Island
        name="lead-form"
        id={`${HAIL_REPORT_FORM_ID}-island`}
        props={{ form: 'hail_report', pagePath, served }}
      />
    </div>
  )
}
