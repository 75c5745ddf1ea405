/**
 * The lead form island: one of the four forms (lead-forms.ts), rendered on the server inside
 * its container and hydrated from the same props when a visitor starts to use it. What
 * follows success: the toast (on the next page when the form goes on to /schedule-inspection),
 * the `lead-sent` event that closes the dialog the form is in (client/script-layer/), and the
 * navigation; the hail report form confirms in place instead.
 */
import { useEffect, useRef, useState } from 'react'
import { FACTS } from '../../shared/business'
import { HAIL_SUMMARY_TEXT } from '../../shared/hail-summary'
import type { EnquiryFormState } from '../../shared/enquiry-form-state'
import { ROUTES } from '../../shared/routes'
import { LEAD_SENT_EVENT } from '../dom-contract'
import { CheckIcon } from '../components/ui/icons'
import { EnquiryForm } from '../components/lead/form/EnquiryForm'
import { LEAD_FORM_UI, type LeadFormName } from '../components/lead/form/lead-forms'
import { notifyOnNextPage } from './toasts'
import { rememberPendingReport, showHailSummary, type PendingReport } from '../lib/hail-summary-view'

export interface LeadFormIslandProps {
  form: LeadFormName
  /** The page the form is on: its source path. */
  pagePath: string
  /** A refused plain form post of this form, shown with its values and messages. */
  served?: EnquiryFormState
  /** The heading that names the form (the dialog's title). */
  labelledBy?: string
}

export function LeadFormIsland({ form, pagePath, served, labelledBy }: LeadFormIslandProps) {
  const spec = LEAD_FORM_UI[form]
  if (spec.after === 'in-place') return <HailReportRequest pagePath={pagePath} served={served} />
  return (
    <EnquiryForm
      form={form}
      sourcePath={pagePath}
      served={served}
      labelledBy={labelledBy}
      onSuccess={(element, stored) => {
        if (spec.successToast) notifyOnNextPage('success', spec.successToast)
        // The exit-intent popup's hail report: /schedule-inspection shows its summary.
        if (stored.reportKey) rememberPendingReport({ id: stored.id, key: stored.reportKey })
        element.dispatchEvent(new CustomEvent(LEAD_SENT_EVENT, { bubbles: true }))
        window.location.assign(ROUTES.scheduleInspection.path)
      }}
    />
  )
}

/**
 * The /hail-report form: on success the fields clear, a panel confirms the report is on its way
 * and shows its summary as soon as the worker has made it (client/lib/hail-summary-view.ts).
 */
function HailReportRequest({ pagePath, served }: { pagePath: string; served?: EnquiryFormState }) {
  const [sent, setSent] = useState<PendingReport | 'sent' | undefined>()
  const statusRef = useRef<HTMLDivElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (sent) statusRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
    if (typeof sent === 'object' && summaryRef.current) return showHailSummary(summaryRef.current, sent)
  }, [sent])
  return (
    <>
      <div role="status" className="form-success-region" ref={statusRef}>
        {sent ? (
          <div className="form-success">
            <span className="form-success-icon" aria-hidden="true">
              <CheckIcon />
            </span>
            <div>
              <p className="form-success-title">{HAIL_SUMMARY_TEXT.onItsWay}</p>
              <p>{`It comes by e-mail within minutes, and always within ${FACTS.hailReportDeliveryHours} hours.`}</p>
              {/* Filled by showHailSummary, outside React's tree of this island. */}
              <div className="hail-summary-region" ref={summaryRef} />
            </div>
          </div>
        ) : null}
      </div>
      <EnquiryForm
        form="hail_report"
        sourcePath={pagePath}
        served={served}
        onSuccess={(element, stored) => {
          setSent(stored.reportKey ? { id: stored.id, key: stored.reportKey } : 'sent')
          element.dispatchEvent(new CustomEvent(LEAD_SENT_EVENT, { bubbles: true }))
        }}
      />
    </>
  )
}
