/**
 * How each of the four lead forms (shared/lead-forms.ts: their names and form types) looks
 * and behaves in the page (docs/forms.md): whether it asks for a message, its button, its
 * success toast and what happens after success.
 */
import { FACTS } from '../../../../shared/business'
import type { LeadFormName } from '../../../../shared/lead-forms'

export type { LeadFormName }

export interface LeadFormUi {
  /** The optional 'Tell me about your roofing concerns' textarea. */
  withMessage: boolean
  submitLabel: string
  /** Shown on success (on /schedule-inspection when the form goes there). */
  successToast?: string
  /** 'schedule': on to /schedule-inspection; 'in-place': the form clears and confirms where it is. */
  after: 'schedule' | 'in-place'
  /** The id of the <form>; its fields' ids start with it. */
  id: string
}

export const LEAD_FORM_UI: Readonly<Record<LeadFormName, LeadFormUi>> = {
  contact_modal: {
    withMessage: true,
    submitLabel: 'Request My Free Inspection',
    successToast: 'Your free roof inspection request has been submitted successfully!',
    after: 'schedule',
    id: 'contact-modal-form',
  },
  contact_page: {
    withMessage: true,
    submitLabel: 'Request My Free Inspection',
    successToast: `Thank you! Your roof inspection request has been submitted. We'll contact you within ${FACTS.callbackHours} hours.`,
    after: 'schedule',
    id: 'contact-page-form',
  },
  hail_report: {
    withMessage: false,
    submitLabel: 'Send My Free Hail Report',
    after: 'in-place',
    id: 'hail-report-request',
  },
  exit_intent: {
    withMessage: false,
    submitLabel: 'Get My Free Report',
    after: 'schedule',
    id: 'exit-intent-form',
  },
}
