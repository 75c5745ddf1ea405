/**
 * The one lead form behind all four forms (spec sections 2, 4, 5, 8): react-hook-form with
 * the shared zod schema, idle → submitting (everything disabled, 'Submitting...') → success
 * or failure. Errors sit beside their fields and are tied to them (aria-invalid,
 * aria-describedby). The visitor's input is kept on every failure.
 */
import './zod-csp'
import { useEffect, useId, useRef } from 'react'
import { useForm, type UseFormRegisterReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  EnquiryFieldsSchema,
  HONEYPOT_FIELD,
  type Enquiry,
  type EnquiryFormValues,
  type FormType,
} from '../../../shared/enquiry'
import { submitEnquiry } from './submit-enquiry'
import { notify, preloadToasts } from './toasts'
import { rememberLead } from './lead-session'

export const SUBMITTING_TEXT = 'Submitting...'
/** Spec section 8. */
export const FAILED_MESSAGE = 'Failed to submit form. Please try again.'
export const UNEXPECTED_MESSAGE = 'An unexpected error occurred. Please try again.'

const WITH_MESSAGE = EnquiryFieldsSchema
const WITHOUT_MESSAGE = EnquiryFieldsSchema.omit({ message: true })

type FieldName = keyof EnquiryFormValues

/** What sets one visible field apart; everything else comes from the form (id, error, registration). */
interface FieldSpec {
  name: FieldName
  label: string
  autoComplete: string
  type?: 'email' | 'tel'
  inputMode?: 'email' | 'tel'
  required?: false
  textareaRows?: number
  full?: true
}

/** The visible fields in display order; 'message' is shown only with `withMessage`. */
const FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'address', label: 'Property Address', autoComplete: 'street-address', full: true },
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
const FIELD_NAMES: FieldName[] = FIELDS.map((spec) => spec.name)

export interface EnquiryFormProps {
  formType: FormType
  /** The optional 'Tell me about your roofing concerns' textarea (contact modal and page). */
  withMessage?: boolean
  submitLabel: string
  /** Shown on success; the exit-intent form has none (spec section 8). */
  successToast?: string
  /** Defaults to the current pathname. */
  sourcePath?: string
  /** Runs after the form has been reset. */
  onSuccess?: () => void
  className?: string
}

function Field({
  id,
  label,
  error,
  registration,
  type = 'text',
  autoComplete,
  required = true,
  inputMode,
  textareaRows,
  full = false,
}: {
  id: string
  label: string
  error: string | undefined
  registration: UseFormRegisterReturn
  type?: 'text' | 'email' | 'tel'
  autoComplete: string
  required?: boolean
  inputMode?: 'email' | 'tel' | 'text'
  textareaRows?: number
  /** Spans both columns on wide screens. */
  full?: boolean
}) {
  const errorId = `${id}-error`
  const labelId = `${id}-label`
  const common = {
    id,
    autoComplete,
    // Named by the words alone, so the name is exactly the label (the asterisk is decoration).
    'aria-labelledby': labelId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    ...(required ? { required: true, 'aria-required': true } : {}),
    ...registration,
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

export function EnquiryForm({
  formType,
  withMessage = false,
  submitLabel,
  successToast,
  sourcePath,
  onSuccess,
  className,
}: EnquiryFormProps) {
  const id = useId()
  const honeypotRef = useRef<HTMLInputElement>(null)
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EnquiryFormValues>({
    resolver: zodResolver(withMessage ? WITH_MESSAGE : WITHOUT_MESSAGE),
    defaultValues: { firstName: '', lastName: '', address: '', email: '', phone: '', message: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })

  // A form is on screen, so a toast is likely: load the container now, not on submit.
  useEffect(preloadToasts, [])

  const onValid = async (values: EnquiryFormValues) => {
    const fields = withMessage ? EnquiryFieldsSchema.parse(values) : WITHOUT_MESSAGE.parse(values)
    const enquiry: Enquiry = {
      ...fields,
      formType,
      sourcePath: sourcePath ?? window.location.pathname,
    }
    if ('message' in enquiry && !enquiry.message) delete enquiry.message
    // The honeypot is sent only when something filled it (a bot); the server then drops the lead.
    const trap = honeypotRef.current?.value
    if (trap) enquiry[HONEYPOT_FIELD] = trap

    const result = await submitEnquiry(enquiry)
    if (result.ok) {
      rememberLead({ firstName: fields.firstName, lastName: fields.lastName, email: fields.email })
      if (successToast) notify('success', successToast)
      reset()
      onSuccess?.()
      return
    }
    if (result.reason === 'refused') {
      console.error(`Enquiry refused with status ${result.status}`)
      for (const [field, message] of Object.entries(result.fieldErrors)) {
        if ((FIELD_NAMES as string[]).includes(field) && (withMessage || field !== 'message')) {
          setError(field as FieldName, { type: 'server', message })
        }
      }
      notify('error', FAILED_MESSAGE)
    } else {
      console.error('Enquiry could not be sent', result.error)
      notify('error', UNEXPECTED_MESSAGE)
    }
  }

  const f = (name: FieldName) => `${id}-${name}`
  return (
    <form
      className={`lead-form${className ? ` ${className}` : ''}`}
      method="post"
      action="/api/enquiries"
      noValidate
      onSubmit={handleSubmit(onValid)}
      data-form-type={formType}
    >
      <fieldset className="lead-form-fields" disabled={isSubmitting}>
        <div className="form-grid">
          {FIELDS.filter((spec) => withMessage || spec.name !== 'message').map(({ name, ...spec }) => (
            <Field
              key={name}
              {...spec}
              id={f(name)}
              error={errors[name]?.message}
              registration={register(name)}
            />
          ))}
        </div>
        <div className="hp-field" aria-hidden="true">
          <label htmlFor={f('website' as FieldName)}>Website</label>
          <input
            ref={honeypotRef}
            id={f('website' as FieldName)}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <button type="submit" className="btn btn-primary btn-lg btn-block lead-form-submit">
          {isSubmitting ? SUBMITTING_TEXT : submitLabel}
        </button>
      </fieldset>
    </form>
  )
}
