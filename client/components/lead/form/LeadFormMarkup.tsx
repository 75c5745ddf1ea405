/**
 * The markup of a lead form, kept apart from its behaviour (EnquiryForm): the <form>, its
 * fields in a grid, the hidden inputs a plain form post needs, the honeypot and the button.
 */
import { ENQUIRY_ENDPOINT, HONEYPOT_FIELD, type FormType } from '../../../../shared/enquiry'
import type { LeadFormName } from '../../../../shared/lead-forms'
import type { EnquiryFieldName } from '../../../../shared/enquiry-form-state'
import type { ConsentFieldName } from '../../../../shared/lead-fields'
import { Field, fieldId, FormRouting, Honeypot, SourceFields, type FieldSpec } from './enquiry-fields'
import { ConsentBox, CONSENTS } from './ConsentBox'

/**
 * The <form> element: a plain HTML form that posts itself to the API when no script handles
 * it (docs/forms.md, "Without JavaScript").
 */
export function LeadFormElement({
  id,
  formRef,
  formType,
  onSubmit,
  labelledBy,
  children,
}: {
  id: string
  formRef?: React.Ref<HTMLFormElement>
  formType: FormType
  onSubmit?: React.FormEventHandler<HTMLFormElement>
  /** The id of the heading that names the form, where the form has no label of its own. */
  labelledBy?: string
  children: React.ReactNode
}) {
  return (
    <form
      id={id}
      ref={formRef}
      className="lead-form"
      method="post"
      action={ENQUIRY_ENDPOINT}
      noValidate
      onSubmit={onSubmit}
      data-form-type={formType}
      aria-labelledby={labelledBy}
    >
      {children}
    </form>
  )
}

/**
 * Everything inside a lead form but its error summary: the fields in a grid, the boxes to
 * tick below them, the hidden inputs and the submit button. `errorOf` and `controlOf` give
 * each field and box its message and what goes onto its input.
 */
export function LeadFormBody({
  formId,
  fields,
  form,
  sourcePath,
  source,
  errorOf,
  controlOf,
  disabled,
  honeypotRef,
  submitText,
}: {
  formId: string
  fields: readonly FieldSpec[]
  form: LeadFormName
  sourcePath: string
  /** The source fields a plain form post sends (a landing page's campaign query). */
  source?: Readonly<Record<string, string>>
  errorOf: (name: EnquiryFieldName | ConsentFieldName) => string | undefined
  controlOf: (name: EnquiryFieldName | ConsentFieldName) => Record<string, unknown> & { name: string }
  disabled?: boolean
  honeypotRef?: React.Ref<HTMLInputElement>
  submitText: string
}) {
  // What a field and a box to tick both get from the form, by name.
  const propsOf = (name: EnquiryFieldName | ConsentFieldName) => ({
    id: fieldId(formId, name),
    error: errorOf(name),
    disabled,
    control: controlOf(name),
  })
  return (
    <div className="lead-form-fields">
      <div className="form-grid">
        {fields.map((spec) => (
          <Field key={spec.name} spec={spec} {...propsOf(spec.name)} />
        ))}
      </div>
      {CONSENTS.map((spec) => (
        <ConsentBox key={spec.name} spec={spec} {...propsOf(spec.name)} />
      ))}
      <FormRouting form={form} sourcePath={sourcePath} />
      <SourceFields fields={source} />
      <Honeypot id={fieldId(formId, HONEYPOT_FIELD)} inputRef={honeypotRef} />
      <button type="submit" className="btn btn-primary btn-lg btn-block lead-form-submit" disabled={disabled}>
        {submitText}
      </button>
    </div>
  )
}
