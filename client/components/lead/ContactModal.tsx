/**
 * The contact modal 'Free Roof Inspection' (spec sections 2 and 8), lazy-loaded by
 * lead-dialogs.tsx. On success: toast, reset, close, then /schedule-inspection.
 */
import { useId } from 'react'
import { navigate } from 'vike/client/router'
import { FACTS } from '../../../shared/business'
import { ROUTES } from '../../../shared/routes'
import { LeadDialog } from './LeadDialog'
import { EnquiryForm } from './EnquiryForm'

export const CONTACT_MODAL_SUCCESS = 'Your free roof inspection request has been submitted successfully!'

export default function ContactModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId()
  return (
    <LeadDialog open={open} onClose={onClose} titleId={titleId} className="contact-modal">
      <header className="lead-dialog-header">
        <p className="eyebrow">No cost, no obligation</p>
        <h2 id={titleId}>Free Roof Inspection</h2>
        <p className="lead-dialog-intro">
          {`Tell us where your home is and we'll inspect your roof within ${FACTS.inspectionWindow}, often the same day.`}
        </p>
      </header>
      <EnquiryForm
        formType="contact_modal"
        withMessage
        submitLabel="Request My Free Inspection"
        successToast={CONTACT_MODAL_SUCCESS}
        onSuccess={() => {
          onClose()
          void navigate(ROUTES.scheduleInspection.path)
        }}
      />
    </LeadDialog>
  )
}
