/**
 * The /contact form (spec sections 2, 5, 8): form type 'contact'; on success the spec's
 * toast, reset, then /schedule-inspection.
 */
import { navigate } from 'vike/client/router'
import { ROUTES } from '../../../shared/routes'
import { EnquiryForm } from './form/EnquiryForm'

export const CONTACT_PAGE_SUCCESS =
  "Thank you! Your roof inspection request has been submitted. We'll contact you within 24 hours."

export function ContactPageForm() {
  return (
    <div className="lead-form-card" data-form="contact">
      <EnquiryForm
        formType="contact"
        withMessage
        submitLabel="Request My Free Inspection"
        successToast={CONTACT_PAGE_SUCCESS}
        onSuccess={() => void navigate(ROUTES.scheduleInspection.path)}
      />
    </div>
  )
}
