import type { EnquiryFormState } from '../../../../shared/enquiry-form-state'
import { fieldId, type FieldSpec } from './enquiry-fields'

/**
 * The top of a form the server sent back: what went wrong as a whole, and a link to each
 * field that needs another look (its message stands beside the field). It takes focus when
 * the page loads (autofocus, so no script is needed) and is announced as an alert; each
 * link moves focus to its field. `data-page-path` tells client/public/boot.js which page
 * this is, so the address bar can show it instead of the form's endpoint.
 */
export function ErrorSummary({
  formId,
  state,
  fields,
}: {
  formId: string
  state: Pick<EnquiryFormState, 'errors' | 'formError' | 'pagePath'>
  fields: readonly FieldSpec[]
}) {
  const invalid = fields.filter((spec) => state.errors[spec.name])
  const titleId = `${formId}-summary-title`
  const title =
    invalid.length === 0
      ? 'Your request was not sent'
      : invalid.length === 1
        ? 'Please check one field'
        : `Please check ${invalid.length} fields`
  return (
    <div
      className="error-summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      autoFocus
      data-page-path={state.pagePath}
    >
      <p className="error-summary-title" id={titleId}>
        {title}
      </p>
      {state.formError ? <p>{state.formError}</p> : null}
      {invalid.length ? (
        <ul>
          {invalid.map((spec) => (
            <li key={spec.name}>
              <a href={`#${fieldId(formId, spec.name)}`}>{spec.label}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
