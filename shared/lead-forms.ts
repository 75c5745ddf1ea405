/**
 * The four lead forms, each the stored identity of a lead's form (form_submissions.form),
 * sent by the form itself: what the product stores as `form_type` (the contact page and the
 * hail report both send 'contact', as the product's rules say), the page a form lives on when
 * it belongs to one page, and what the office is told it is. docs/forms.md describes them.
 */
import { ROUTES } from './routes'

/** The product's form types (form_submissions.form_type), exactly as the product names them. */
export const FORM_TYPES = ['contact_modal', 'contact', 'exit_intent'] as const
export type FormType = (typeof FORM_TYPES)[number]

export interface LeadFormSpec {
  /** The product's form type for it, stored as form_type. */
  formType: FormType
  /** The page the form is part of; the dialogs' forms are on every page and have none. */
  page?: string
  /** What the office e-mail calls a lead from it, in lower case: 'inspection request'. */
  request: string
  /** The homeowner asked for the hail weather report. */
  hailReport: boolean
  /** Where the lead came from on the site, in the office's words: 'Hail report page'. */
  label: string
}

export const LEAD_FORMS = {
  contact_modal: {
    formType: 'contact_modal',
    request: 'inspection request',
    hailReport: false,
    label: 'Contact form in the pop-up',
  },
  contact_page: {
    formType: 'contact',
    page: ROUTES.contact.path,
    request: 'contact form message',
    hailReport: false,
    label: 'Contact page form',
  },
  hail_report: {
    formType: 'contact',
    page: ROUTES.hailReport.path,
    request: 'hail report request',
    hailReport: true,
    label: 'Hail report page',
  },
  exit_intent: {
    formType: 'exit_intent',
    request: 'exit-intent hail report request',
    hailReport: true,
    label: 'Hail report offer in the exit-intent pop-up',
  },
} as const satisfies Record<string, LeadFormSpec>

export type LeadFormName = keyof typeof LEAD_FORMS
export const LEAD_FORM_NAMES = Object.keys(LEAD_FORMS) as LeadFormName[]

/**
 * The form a lead came from when the enquiry does not say (a page loaded before forms sent
 * their name, or a client of the API): the form of that form type, and for 'contact' the
 * contact page's.
 */
export const FORM_OF_FORM_TYPE: Readonly<Record<FormType, LeadFormName>> = {
  contact_modal: 'contact_modal',
  contact: 'contact_page',
  exit_intent: 'exit_intent',
}
