/**
 * The contact modal 'Free Roof Inspection', lazy-loaded by ContactModalProvider. On success:
 * the success toast, reset, close, then /schedule-inspection.
 */
import { useId } from 'react'
import { navigate } from 'vike/client/router'
import { ROUTES } from '../../../../shared/routes'
import { LeadDialog } from '../dialogs/LeadDialog'
import { EnquiryForm } from '../form/EnquiryForm'
import { ContactModalHeader } from './ContactModalHeader'

const CONTACT_MODAL_SUCCESS = 'Your free roof inspection request has been submitted successfully!'

export default function ContactModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId()
  return (
    <LeadDialog open={open} onClose={onClose} titleId={titleId} className="contact-modal">
      <ContactModalHeader titleId={titleId} />
      <EnquiryForm
        form="contact_modal"
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
