/**
 * The fields of the lead forms, without any form library: the visible fields, the hidden ones
 * a plain form post needs and the honeypot. LeadFormMarkup puts them together for both
 * EnquiryForm (with JavaScript) and StaticEnquiryForm (without). docs/forms.md describes the
 * forms.
 */
import { HONEYPOT_FIELD, type FormType } from '../../../../shared/enquiry'
import type { EnquiryFieldName } from '../../../../shared/enquiry-form-state'

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
const FIELDS: readonly FieldSpec[] = [
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
