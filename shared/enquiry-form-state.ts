/**
 * What a page needs to show a lead form again after a plain HTML form post was refused
 * (JavaScript off or not loaded): which form, the values the visitor typed and the message
 * for each field. The server renders the page with it (pageContext.enquiryForm), and the
 * same object goes into the form island's props, so the island hydrates to the same HTML.
 */
import type { FormType } from './enquiry'
import type { LeadFormName } from './lead-forms'
import { FORM_FIELD_NAMES, type AskedFieldName, type ConsentFieldName } from './lead-fields'

/** The visible fields, in the order every form shows them (shared/lead-fields.ts). */
export const ENQUIRY_FIELD_NAMES = FORM_FIELD_NAMES
export type EnquiryFieldName = AskedFieldName

export interface EnquiryFormState {
  /** Which of the four forms it is (shared/lead-forms.ts), as the post named it. */
  form: LeadFormName
  formType: FormType
  /** The page the form was on (a path of the route table). */
  pagePath: string
  values: Partial<Record<EnquiryFieldName, string>>
  /** The boxes the visitor ticked, ticked again (absent: not ticked). */
  ticked?: Partial<Record<ConsentFieldName, true>>
  errors: Partial<Record<EnquiryFieldName, string>>
  /** A message about the form as a whole, shown first in its error summary. */
  formError?: string
  /** The source fields the post carried (shared/attribution.ts), sent again with the form. */
  touch?: Record<string, string>
}

/**
 * Whether `state` belongs to this form on this page: by the form's stored identity, never by
 * its type (the contact page's form and the hail report's share the type 'contact').
 */
export function isStateFor(
  state: EnquiryFormState | undefined,
  form: LeadFormName,
  pagePath: string,
): state is EnquiryFormState {
  return state !== undefined && state.form === form && state.pagePath === pagePath
}
