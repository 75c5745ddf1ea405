import type { EnquiryFormState } from '../../../../shared/enquiry-form-state'
import { LEAD_FORMS, type LeadFormName } from '../../../../shared/lead-forms'
import { visibleFields } from './enquiry-fields'
import { LeadFormBody, LeadFormElement } from './LeadFormMarkup'
import { ErrorSummary } from './ErrorSummary'

/**
 * A complete lead form as plain HTML: posts itself to the API as a browser form, shows the
 * values and messages of a refused post. Used for the dialogs in the server HTML (they must
 * work with no script at all); the forms in pages use EnquiryForm, which renders the same.
 */
export function StaticEnquiryForm({
  formId,
  form,
  sourcePath,
  withMessage,
  submitLabel,
  state,
}: {
  formId: string
  form: LeadFormName
  sourcePath: string
  withMessage: boolean
  submitLabel: string
  state?: EnquiryFormState
}) {
  const fields = visibleFields(withMessage)
  return (
    <LeadFormElement formType={LEAD_FORMS[form].formType} labelledBy={`${formId}-title`}>
      {state ? <ErrorSummary formId={formId} state={state} fields={fields} /> : null}
      <LeadFormBody
        formId={formId}
        fields={fields}
        form={form}
        sourcePath={sourcePath}
        errorOf={(name) => state?.errors[name]}
        controlOf={(name) => ({ name, defaultValue: state?.values[name] ?? '' })}
        submitText={submitLabel}
      />
    </LeadFormElement>
  )
}
