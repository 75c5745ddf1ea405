/**
 * The lead form with JavaScript, behind all four forms: react-hook-form with the shared zod
 * schema, idle → submitting (everything disabled, 'Submitting...') → success or failure.
 * Errors sit beside their fields and are tied to them (aria-invalid, aria-describedby). The
 * visitor's input is kept on every failure.
 *
 * It is also a plain HTML form (method, action, hidden form type and page), so it is sent
 * by the browser itself when the script is off or failed to load; the server then answers
 * a refusal with this page again, and the form shows what came back (pageContext.enquiryForm)
 * with an error summary on top. docs/forms.md.
 */
import './zod-csp'
import { useEffect, useId, useMemo, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { usePageContext } from 'vike-react/usePageContext'
import {
  EnquiryFieldsSchema,
  HONEYPOT_FIELD,
  type Enquiry,
  type EnquiryFormValues,
} from '../../../../shared/enquiry'
import { LEAD_FIELD_NAMES } from '../../../../shared/lead-fields'
import { LEAD_FORMS, type LeadFormName } from '../../../../shared/lead-forms'
import { isStateFor, type EnquiryFieldName } from '../../../../shared/enquiry-form-state'
import { submitEnquiry } from './submit-enquiry'
import { notify, preloadToasts } from '../../toasts/toasts'
import { rememberLead } from '../lead-session'
import { visibleFields } from './enquiry-fields'
import { LeadFormBody, LeadFormElement } from './LeadFormMarkup'
import { ErrorSummary } from './ErrorSummary'

const SUBMITTING_TEXT = 'Submitting...'
/** The error catalogue's toasts. */
const FAILED_MESSAGE = 'Failed to submit form. Please try again.'
const UNEXPECTED_MESSAGE = 'An unexpected error occurred. Please try again.'

const WITH_MESSAGE = EnquiryFieldsSchema
const WITHOUT_MESSAGE = EnquiryFieldsSchema.omit({ message: true })

type FieldName = keyof EnquiryFormValues
const EMPTY_VALUES = Object.fromEntries(LEAD_FIELD_NAMES.map((name) => [name, ''])) as EnquiryFormValues

export interface EnquiryFormProps {
  /** Which of the four forms this is (shared/lead-forms.ts); its form type follows from it. */
  form: LeadFormName
  /** The optional 'Tell me about your roofing concerns' textarea (contact modal and page). */
  withMessage?: boolean
  submitLabel: string
  /** Shown on success; the exit-intent form has none. */
  successToast?: string
  /** Defaults to the current pathname. */
  sourcePath?: string
  /** Runs after the form has been reset. */
  onSuccess?: () => void
}

export function EnquiryForm({
  form,
  withMessage = false,
  submitLabel,
  successToast,
  sourcePath,
  onSuccess,
}: EnquiryFormProps) {
  const { formType } = LEAD_FORMS[form]
  const id = useId()
  const honeypotRef = useRef<HTMLInputElement>(null)
  const pageContext = usePageContext()
  const pagePath = sourcePath ?? pageContext.urlPathname
  // A plain form post the server refused comes back with its values and messages.
  const served = isStateFor(pageContext.enquiryForm, formType, pagePath) ? pageContext.enquiryForm : undefined
  const fields = visibleFields(withMessage)
  // Stable, so react-hook-form applies them once (it re-applies whenever this object changes).
  const servedErrors = useMemo(() => (served ? toFieldErrors(served.errors) : undefined), [served])
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<EnquiryFormValues>({
    resolver: zodResolver(withMessage ? WITH_MESSAGE : WITHOUT_MESSAGE),
    defaultValues: { ...EMPTY_VALUES, ...served?.values },
    errors: servedErrors,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })

  // A form is on screen, so a toast is likely: load the container now, not on submit.
  useEffect(preloadToasts, [])

  const onValid = async (values: EnquiryFormValues) => {
    const parsed = withMessage ? EnquiryFieldsSchema.parse(values) : WITHOUT_MESSAGE.parse(values)
    const enquiry: Enquiry = {
      ...parsed,
      formType,
      form,
      sourcePath: pagePath,
    }
    if ('message' in enquiry && !enquiry.message) delete enquiry.message
    // The honeypot is sent only when something filled it (a bot); the server then drops the lead.
    const trap = honeypotRef.current?.value
    if (trap) enquiry[HONEYPOT_FIELD] = trap

    const result = await submitEnquiry(enquiry)
    if (result.ok) {
      rememberLead({ firstName: parsed.firstName, lastName: parsed.lastName, email: parsed.email })
      if (successToast) notify('success', successToast)
      reset(EMPTY_VALUES)
      onSuccess?.()
      return
    }
    if (result.reason === 'refused') {
      console.error(`Enquiry refused with status ${result.status}`)
      for (const [field, message] of Object.entries(result.fieldErrors)) {
        if (fields.some((spec) => spec.name === field)) {
          setError(field as FieldName, { type: 'server', message })
        }
      }
      notify('error', FAILED_MESSAGE)
    } else {
      console.error('Enquiry could not be sent', result.error)
      notify('error', UNEXPECTED_MESSAGE)
    }
  }

  return (
    <LeadFormElement formType={formType} onSubmit={handleSubmit(onValid)}>
      {/* The server's summary until the visitor sends again; then the messages beside the fields say it. */}
      {served && submitCount === 0 ? <ErrorSummary formId={id} state={served} fields={fields} /> : null}
      <LeadFormBody
        formId={id}
        fields={fields}
        form={form}
        sourcePath={pagePath}
        errorOf={(name) => errors[name]?.message}
        // The value in the server HTML too (a refused post's), not only set by the script.
        controlOf={(name) => ({ ...register(name), defaultValue: served?.values[name] ?? '' })}
        disabled={isSubmitting}
        honeypotRef={honeypotRef}
        submitText={isSubmitting ? SUBMITTING_TEXT : submitLabel}
      />
    </LeadFormElement>
  )
}

/** The server's messages in react-hook-form's shape, so they show beside the fields from the first render. */
function toFieldErrors(errors: Partial<Record<EnquiryFieldName, string>>) {
  return Object.fromEntries(
    Object.entries(errors).map(([name, message]) => [name, { type: 'server', message }]),
  )
}
