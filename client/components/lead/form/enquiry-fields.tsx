/**
 * The markup every lead form shares, without any form library: the visible fields, the
 * hidden ones a plain form post needs, the honeypot and the error summary. EnquiryForm
 * (react-hook-form, with JavaScript) and StaticEnquiryForm (the dialogs' forms in the
 * server HTML, without JavaScript) both draw their fields from here, so the two cannot
 * drift apart. docs/forms.md describes the forms.
 */
import { ENQUIRY_ENDPOINT, HONEYPOT_FIELD, type FormType } from '../../../../shared/enquiry'
import type { EnquiryFieldName, EnquiryFormState } from '../../../../shared/enquiry-form-state'

/** What sets one visible field apart; the rest comes from the form (id, error, value). */
export interface FieldSpec {
  name: EnquiryFieldName
  label: string
  autoComplete: string
  type?: 'email' | 'tel'
  inputMode?: 'email' | 'tel'
  required?: false
  textareaRows?: number
  full?: true
}

/** The visible fields in display order; 'message' is shown only on forms that have it. */
export const FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  // address-line1: the one-line street address ('street-address' is for multi-line fields).
  { name: 'address', label: 'Property Address', autoComplete: 'address-line1', full: true },
  { name: 'email', label: 'Email Address', type: 'email', inputMode: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone Number', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  {
    name: 'message',
    label: 'Tell me about your roofing concerns',
    autoComplete: 'off',
    required: false,
    textareaRows: 4,
  },
]

export function visibleFields(withMessage: boolean): readonly FieldSpec[] {
  return withMessage ? FIELDS : FIELDS.filter((spec) => spec.name !== 'message')
}

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`
}

/**
 * One labelled field with its message beside it. `control` goes onto the input: a
 * react-hook-form registration, or a name and default value for a plain form.
 */
export function Field({
  id,
  spec,
  error,
  disabled,
  control,
}: {
  id: string
  spec: FieldSpec
  error: string | undefined
  disabled?: boolean
  control: Record<string, unknown> & { name: string }
}) {
  const { label, type = 'text', autoComplete, required = true, inputMode, textareaRows, full } = spec
  const errorId = `${id}-error`
  const labelId = `${id}-label`
  const common = {
    id,
    autoComplete,
    // Named by the words alone, so the name is exactly the label (the asterisk is decoration).
    'aria-labelledby': labelId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    // `required` alone: it already tells assistive technology (aria-required would repeat it).
    required: required || undefined,
    disabled: disabled || undefined,
    ...control,
  } as const
  return (
    <div
      className={`form-field${full || textareaRows ? ' form-field-full' : ''}`}
      data-invalid={error ? '' : undefined}
    >
      <label htmlFor={id}>
        <span id={labelId}>{label}</span>
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {textareaRows ? (
        <textarea rows={textareaRows} {...common} />
      ) : (
        <input type={type} inputMode={inputMode} {...common} />
      )}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * What a plain form post needs besides the fields: which form it is and the page it is on
 * (the JSON path sends both itself). The hail report form sends 'contact' from /hail-report.
 */
export function FormRouting({ formType, sourcePath }: { formType: FormType; sourcePath: string }) {
  return (
    <>
      <input type="hidden" name="formType" value={formType} />
      <input type="hidden" name="sourcePath" value={sourcePath} />
    </>
  )
}

/** The hidden field people never fill and bots often do; off-screen, not display:none. */
export function Honeypot({ id, inputRef }: { id: string; inputRef?: React.Ref<HTMLInputElement> }) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input
        ref={inputRef}
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  )
}

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

/**
 * A complete lead form as plain HTML: posts itself to the API as a browser form, shows the
 * values and messages of a refused post. Used for the dialogs in the server HTML (they must
 * work with no script at all); the forms in pages use EnquiryForm, which renders the same.
 */
export function StaticEnquiryForm({
  formId,
  formType,
  sourcePath,
  withMessage,
  submitLabel,
  state,
}: {
  formId: string
  formType: FormType
  sourcePath: string
  withMessage: boolean
  submitLabel: string
  state?: EnquiryFormState
}) {
  const fields = visibleFields(withMessage)
  return (
    <form
      className="lead-form"
      method="post"
      action={ENQUIRY_ENDPOINT}
      noValidate
      data-form-type={formType}
      aria-labelledby={`${formId}-title`}
    >
      {state ? <ErrorSummary formId={formId} state={state} fields={fields} /> : null}
      <div className="lead-form-fields">
        <div className="form-grid">
          {fields.map((spec) => (
            <Field
              key={spec.name}
              id={fieldId(formId, spec.name)}
              spec={spec}
              error={state?.errors[spec.name]}
              control={{ name: spec.name, defaultValue: state?.values[spec.name] ?? '' }}
            />
          ))}
        </div>
        <FormRouting formType={formType} sourcePath={sourcePath} />
        <Honeypot id={fieldId(formId, 'website')} />
        <button type="submit" className="btn btn-primary btn-lg btn-block lead-form-submit">
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
