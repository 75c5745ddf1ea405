/**
 * The /contact form: form type 'contact'; on success its toast, reset, then
 * /schedule-inspection (docs/forms.md).
 */
import { navigate } from 'vike/client/router'
import { FACTS } from '../../../shared/business'
import { ROUTES } from '../../../shared/routes'
import { CONTACT_PAGE_FORM_ID } from './dialogs/dialog-ids'
import { EnquiryForm } from './form/EnquiryForm'

const CONTACT_PAGE_SUCCESS = `Thank you! Your roof inspection request has been submitted. We'll contact you within ${FACTS.callbackHours} hours.`

export function ContactPageForm() {
  return (
    <div className="lead-form-card" id={CONTACT_PAGE_FORM_ID} data-form="contact">
      <EnquiryForm
        form="contact_page"
        withMessage
        submitLabel="Request My Free Inspection"
        successToast={CONTACT_PAGE_SUCCESS}
        onSuccess={() => void navigate(ROUTES.scheduleInspection.path)}
      />
    </div>
  )
}
