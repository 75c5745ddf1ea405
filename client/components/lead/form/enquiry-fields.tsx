/**
 * The fields of the lead forms, without any form library: the visible fields (from the
 * lead-field table, shared/lead-fields.ts; the boxes to tick are ConsentBox.tsx), the hidden
 * ones a plain form post needs and the honeypot. LeadFormMarkup puts them together for both EnquiryForm (with JavaScript) and
 * StaticEnquiryForm (without). docs/forms.md describes the forms.
 */
import { HONEYPOT_FIELD } from '../../../../shared/enquiry'
import type { EnquiryFieldName } from '../../../../shared/enquiry-form-state'
import {
  FORM_FIELD_NAMES,
  isOptionalField,
  LEAD_FIELDS,
  type FieldInput,
} from '../../../../shared/lead-fields'
import { LEAD_FORMS, type LeadFormName } from '../../../../shared/lead-forms'

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
  onlyWithMessage?: true
}

/** The visible fields in display order; the message only on forms that ask for one. */
const FIELDS: readonly FieldSpec[] = FORM_FIELD_NAMES.map((name) => {
  const input: FieldInput = LEAD_FIELDS[name].input
  return {
    name,
    label: input.label,
    autoComplete: input.autoComplete,
    type: input.type,
    inputMode: input.inputMode,
    required: isOptionalField(name) ? false : undefined,
    textareaRows: input.rows,
    full: input.full,
    onlyWithMessage: input.onlyWithMessage,
  }
})

export function visibleFields(withMessage: boolean): readonly FieldSpec[] {
  return withMessage ? FIELDS : FIELDS.filter((spec) => !spec.onlyWithMessage)
}

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`
}

/**
 * What the form gives a field or a box to tick besides its spec (FieldSpec, ConsentSpec): its
 * id, its message, and `control`, which goes onto the input: a react-hook-form registration, or
 * a name and default value for a plain form.
 */
export interface FieldProps<Spec> {
  id: string
  spec: Spec
  error: string | undefined
  disabled?: boolean
  control: Record<string, unknown> & { name: string }
}

/** One labelled field with its message beside it. */
export function Field({ id, spec, error, disabled, control }: FieldProps<FieldSpec>) {
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
      <FieldError id={errorId} error={error} />
    </div>
  )
}

/** A field's or a box's message, below it (none when it has none); `id` is what its input's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={id}>
      {error}
    </p>
  ) : null
}

/**
 * What a plain form post needs besides the fields: the product's form type, which form it is
 * and the page it is on (the JSON path sends the same itself). The hail report form sends form
 * type 'contact' and form 'hail_report'.
 */
export function FormRouting({ form, sourcePath }: { form: LeadFormName; sourcePath: string }) {
  return (
    <>
      <input type="hidden" name="formType" value={LEAD_FORMS[form].formType} />
      <input type="hidden" name="form" value={form} />
      <input type="hidden" name="sourcePath" value={sourcePath} />
    </>
  )
}

/**
 * The source fields a refused plain form post carried, sent again with it (docs/attribution.md).
 * Cached pages carry none: a plain post's source is in the attribution cookies
 * (server/http/attribution-cookie.ts). With JavaScript the form sends the stored touches itself
 * (client/lib/attribution-store.ts) and these are not read.
 */
export function SourceFields({ fields }: { fields: Readonly<Record<string, string>> | undefined }) {
  if (!fields) return null
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
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
