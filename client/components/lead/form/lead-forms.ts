/**
 * The four lead forms and what sets each apart (docs/forms.md): the form type the product
 * stores (the contact page and the hail report both send 'contact'), whether it asks for a
 * message, its button, its success toast and what happens after success.
 */
import { FACTS } from '../../../../shared/business'
import type { FormType } from '../../../../shared/enquiry'

export const LEAD_FORM_NAMES = ['contact_modal', 'contact_page', 'hail_report', 'exit_intent'] as const
export type LeadFormName = (typeof LEAD_FORM_NAMES)[number]

export interface LeadFormSpec {
  formType: FormType
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

export const LEAD_FORMS: Readonly<Record<LeadFormName, LeadFormSpec>> = {
  contact_modal: {
    formType: 'contact_modal',
    withMessage: true,
    submitLabel: 'Request My Free Inspection',
    successToast: 'Your free roof inspection request has been submitted successfully!',
    after: 'schedule',
    id: 'contact-modal-form',
  },
  contact_page: {
    formType: 'contact',
    withMessage: true,
    submitLabel: 'Request My Free Inspection',
    successToast: `Thank you! Your roof inspection request has been submitted. We'll contact you within ${FACTS.callbackHours} hours.`,
    after: 'schedule',
    id: 'contact-page-form',
  },
  hail_report: {
    formType: 'contact',
    withMessage: false,
    submitLabel: 'Send My Free Hail Report',
    after: 'in-place',
    id: 'hail-report-request',
  },
  exit_intent: {
    formType: 'exit_intent',
    withMessage: false,
    submitLabel: 'Get My Free Report',
    after: 'schedule',
    id: 'exit-intent-form',
  },
}
