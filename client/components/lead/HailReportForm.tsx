/**
 * The /hail-report request form: five required fields, sent with form type 'contact' (the
 * product has no form type of its own for it) and as form 'hail_report', so these leads can
 * still be told apart (docs/forms.md). On success the fields clear and an inline panel
 * confirms the report is on its way.
 */
import { useEffect, useRef, useState } from 'react'
import { FACTS } from '../../../shared/business'
import { ROUTES } from '../../../shared/routes'
import { CheckIcon } from '../ui/icons'
import { HAIL_REPORT_FORM_ID } from './dialogs/dialog-ids'
import { EnquiryForm } from './form/EnquiryForm'

/**
 * The hero's button that scrolls to the form. Focus moves to the form too, so a keyboard
 * user's next Tab lands in its first field. It is a link to the form's anchor underneath, so
 * it still takes the visitor there when the page's script has not loaded (or never will).
 */
export function ScrollToHailReportForm({ children }: { children: React.ReactNode }) {
  const scrollToForm = (event: React.SyntheticEvent) => {
    const form = document.getElementById(HAIL_REPORT_FORM_ID)
    if (!form) return
    event.preventDefault()
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    form.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
    form.focus({ preventScroll: true })
  }
  return (
    <a
      href={`#${HAIL_REPORT_FORM_ID}`}
      role="button"
      className="btn btn-primary btn-lg"
      aria-controls={HAIL_REPORT_FORM_ID}
      onClick={scrollToForm}
      onKeyDown={(event) => {
        // A button also answers the space bar.
        if (event.key === ' ') scrollToForm(event)
      }}
    >
      {children}
    </a>
  )
}

export function HailReportForm() {
  const [sent, setSent] = useState(false)
  const statusRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (sent) statusRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [sent])

  return (
    <div
      className="lead-form-card hail-report-form"
      id={HAIL_REPORT_FORM_ID}
      data-form="hail-report"
      tabIndex={-1}
    >
      <div role="status" className="form-success-region" ref={statusRef}>
        {sent ? (
          <div className="form-success">
            <span className="form-success-icon" aria-hidden="true">
              <CheckIcon />
            </span>
            <div>
              <p className="form-success-title">Your free hail report is on its way!</p>
              <p>
                We&apos;re pulling the storm history for your address. Expect your report by e-mail within{' '}
                {FACTS.hailReportDeliveryHours} hours.
              </p>
            </div>
          </div>
        ) : null}
      </div>
      <EnquiryForm
        form="hail_report"
        sourcePath={ROUTES.hailReport.path}
        submitLabel="Send My Free Hail Report"
        onSuccess={() => setSent(true)}
      />
    </div>
  )
}
