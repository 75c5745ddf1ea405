/**
 * A refused plain form post as its page shows it again (docs/forms.md): the visitor's values
 * as typed, a message per field, and anything that is not a field (form type, unknown names)
 * as one message about the form.
 */
import { FORM_TYPES } from '../../shared/enquiry'
import { ENQUIRY_FIELD_NAMES, type EnquiryFormState } from '../../shared/enquiry-form-state'
import { CONSENT_FIELD_NAMES, SOURCE_FIELD_NAMES } from '../../shared/lead-fields'
import { FORM_OF_FORM_TYPE, LEAD_FORM_NAMES, LEAD_FORMS } from '../../shared/lead-forms'
import { findRoute, ROUTES } from '../../shared/routes'

/**
 * The form is the one the post names (shared/lead-forms.ts). It is shown on its own page when
 * it has one, and the dialogs' forms, which are on every page, on the page they were sent
 * from; a post that names no form of ours, or no page of the site, gets the contact page's form.
 */
export function formStateOf(body: unknown, errors: Record<string, string>): EnquiryFormState {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined)
  const formType = FORM_TYPES.find((t) => t === text('formType'))
  const form = LEAD_FORM_NAMES.find((f) => f === text('form')) ?? (formType && FORM_OF_FORM_TYPE[formType])
  const sourcePath = text('sourcePath') ?? ''
  const spec = form ? LEAD_FORMS[form] : undefined
  const pagePath = spec && ('page' in spec ? spec.page : findRoute(sourcePath) ? sourcePath : undefined)
  const state: EnquiryFormState = {
    form: form && pagePath ? form : 'contact_page',
    formType: spec && pagePath ? spec.formType : LEAD_FORMS.contact_page.formType,
    pagePath: spec && pagePath ? pagePath : ROUTES.contact.path,
    values: {},
    errors: {},
  }
  const others: string[] = []
  for (const name of ENQUIRY_FIELD_NAMES) {
    const value = text(name)
    if (value !== undefined) state.values[name] = value
  }
  // A box the visitor ticked stays ticked (the router turned a plain post's "on" into true).
  const ticked = CONSENT_FIELD_NAMES.filter((name) => fields[name] === true)
  if (ticked.length) state.ticked = Object.fromEntries(ticked.map((name) => [name, true]))
  for (const [name, message] of Object.entries(errors)) {
    if ((ENQUIRY_FIELD_NAMES as readonly string[]).includes(name)) {
      state.errors[name as (typeof ENQUIRY_FIELD_NAMES)[number]] = message
    } else others.push(message)
  }
  // The source fields go back into the form as they came, unless one of them was refused.
  const touch: Record<string, string> = {}
  for (const name of SOURCE_FIELD_NAMES) {
    const value = text(name)
    if (value && !(name in errors)) touch[name] = value
  }
  if (Object.keys(touch).length) state.touch = touch
  if (formType === undefined || others.length) {
    state.formError = 'This form could not be sent as it was. Please check your details and send it again.'
  }
  return state
}
