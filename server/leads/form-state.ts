/**
 * A refused plain form post as its page shows it again (docs/forms.md): the visitor's values
 * as typed, a message per field, and anything that is not a field (form type, unknown names)
 * as one message about the form.
 */
import { FORM_TYPES } from '../../shared/enquiry'
import { ENQUIRY_FIELD_NAMES, type EnquiryFormState } from '../../shared/enquiry-form-state'
import { findRoute, ROUTES } from '../../shared/routes'

/** The pages whose own form sends form type 'contact'. */
const PAGES_WITH_CONTACT_FORM: string[] = [ROUTES.contact.path, ROUTES.hailReport.path]

/**
 * The page is the one the form named when it has that form (the dialogs are on every page;
 * the 'contact' form only on /contact and /hail-report), else the contact page.
 */
export function formStateOf(body: unknown, errors: Record<string, string>): EnquiryFormState {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined)
  const formType = FORM_TYPES.find((t) => t === text('formType'))
  const sourcePath = text('sourcePath') ?? ''
  const onItsPage =
    formType !== undefined &&
    findRoute(sourcePath) !== undefined &&
    (formType !== 'contact' || PAGES_WITH_CONTACT_FORM.includes(sourcePath))
  const state: EnquiryFormState = {
    formType: onItsPage ? formType : 'contact',
    pagePath: onItsPage ? sourcePath : ROUTES.contact.path,
    values: {},
    errors: {},
  }
  const others: string[] = []
  for (const name of ENQUIRY_FIELD_NAMES) {
    const value = text(name)
    if (value !== undefined) state.values[name] = value
  }
  for (const [name, message] of Object.entries(errors)) {
    if ((ENQUIRY_FIELD_NAMES as readonly string[]).includes(name)) {
      state.errors[name as (typeof ENQUIRY_FIELD_NAMES)[number]] = message
    } else others.push(message)
  }
  if (formType === undefined || others.length) {
    state.formError = 'This form could not be sent as it was. Please check your details and send it again.'
  }
  return state
}
