/**
 * The lead form with JavaScript, behind all four forms: react-hook-form with the shared zod
 * schema, idle → submitting (everything disabled, 'Submitting...') → success or failure.
 * Errors sit beside their fields and are tied to them (aria-invalid, aria-describedby). The
 * visitor's input is kept on every failure, and so is anything typed before the island
 * hydrated (react-hook-form adopts a field edited before it was ready).
 *
 * It is also a plain HTML form (method, action, hidden form type and page), so it is sent
 * by the browser itself when the script is off or failed to load; the server then answers
 * a refusal with this page again, and the form shows what came back (`served`) with an error
 * summary on top. docs/forms.md.
 *
 * Rendered on the server inside an island (client/islands/) and hydrated in the browser from
 * the same props, so it reads nothing from Vike's pageContext.
 */
import './zod-csp'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  EnquiryFieldsSchema,
  HONEYPOT_FIELD,
  type Enquiry,
  type EnquiryFormValues,
} from '../../../../shared/enquiry'
import type { EnquiryFieldName, EnquiryFormState } from '../../../../shared/enquiry-form-state'
import { submitEnquiry } from './submit-enquiry'
import { notify } from '../../../islands/toasts'
import { rememberLead } from '../../../lib/lead-session'
import { visibleFields } from './enquiry-fields'
import { LeadFormBody, LeadFormElement } from './LeadFormMarkup'
import { ErrorSummary } from './ErrorSummary'
import { FORM_FIELD_NAMES } from '../../../../shared/lead-fields'
import { isConsent, servedDefault, UNTICKED } from './ConsentBox'
import { pageCampaignOf } from '../../../../shared/attribution'
import { attributionFields } from '../../../lib/attribution-store'
import { formTokenOf, renewFormToken, requestFormToken } from '../../../lib/form-tokens'
import { LEAD_FORMS, type LeadFormName } from '../../../../shared/lead-forms'
import { LEAD_FORM_UI } from './lead-forms'

const SUBMITTING_TEXT = 'Submitting...'
/** The error catalogue's toasts. */
const FAILED_MESSAGE = 'Failed to submit form. Please try again.'
const UNEXPECTED_MESSAGE = 'An unexpected error occurred. Please try again.'

const WITH_MESSAGE = EnquiryFieldsSchema
const WITHOUT_MESSAGE = EnquiryFieldsSchema.omit({ message: true })

// Every field empty and every box unticked.
const EMPTY_VALUES = { ...Object.fromEntries(FORM_FIELD_NAMES.map((n) => [n, ''])), ...UNTICKED } as const

export interface EnquiryFormProps {
  /** Which of the four forms (shared/lead-forms.ts); its form type and look follow from it. */
  form: LeadFormName
  /** The page the form is on, sent as the lead's source path. */
  sourcePath: string
  /** A refused plain form post of this form: its values and messages. */
  served?: EnquiryFormState
  /** The id of the heading that names the form, in a dialog. */
  labelledBy?: string
  /** Runs after the form has been reset, with the stored lead's id (and a hail report's key). */
  onSuccess?: (form: HTMLFormElement, stored: { id: string; reportKey?: string }) => void
}

export function EnquiryForm({ form, sourcePath, served, labelledBy, onSuccess }: EnquiryFormProps) {
  const { id, withMessage, submitLabel } = LEAD_FORM_UI[form]
  const { formType } = LEAD_FORMS[form]
  const formRef = useRef<HTMLFormElement>(null)
  const honeypotRef = useRef<HTMLInputElement>(null)
  /** The last send failed on the server's side or the connection: nothing was saved. */
  const [notSaved, setNotSaved] = useState(false)
  const fields = visibleFields(withMessage)
  // Stable, so react-hook-form applies them once (it re-applies whenever this object changes).
  const servedErrors = useMemo(() => (served ? toFieldErrors(served.errors) : undefined), [served])
  // A refused plain post's own source fields, sent again (a plain post's source is otherwise in
  // the attribution cookies: server/http/attribution-cookie.ts).
  const source = served?.touch
  // A form the island renders only when its dialog opens was not on the page when the script
  // layer looked for forms: it asks for its token now, as it is shown (once per form).
  useEffect(() => void requestFormToken(id), [id])
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<EnquiryFormValues>({
    resolver: zodResolver(withMessage ? WITH_MESSAGE : WITHOUT_MESSAGE),
    defaultValues: { ...EMPTY_VALUES, ...served?.values, ...served?.ticked },
    errors: servedErrors,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })

  const onValid = async (values: EnquiryFormValues) => {
    setNotSaved(false)
    const parsed = withMessage ? EnquiryFieldsSchema.parse(values) : WITHOUT_MESSAGE.parse(values)
    const enquiry: Enquiry = {
      ...parsed,
      formType,
      form,
      sourcePath,
      // Where the visit came from (client/lib/attribution-store.ts), the page's own as a fallback.
      ...attributionFields(served?.touch ?? pageCampaignOf(new URL(window.location.href)), new Date()),
    }
    if ('message' in enquiry && !enquiry.message) delete enquiry.message
    // When the form was shown, signed by the server (docs/spam.md); none if it never came.
    const token = await formTokenOf(id)
    if (token) enquiry.form_token = token
    // The honeypot is sent only when something filled it (a bot); the server then holds the lead as spam.
    const trap = honeypotRef.current?.value
    if (trap) enquiry[HONEYPOT_FIELD] = trap

    const result = await submitEnquiry(enquiry)
    if (result.ok) {
      rememberLead({ firstName: parsed.firstName, lastName: parsed.lastName, email: parsed.email })
      renewFormToken(id)
      reset(EMPTY_VALUES)
      if (formRef.current) onSuccess?.(formRef.current, { id: result.id, reportKey: result.reportKey })
      return
    }
    if (result.reason === 'refused') {
      console.error(`Enquiry refused with status ${result.status}`)
      for (const [field, message] of Object.entries(result.fieldErrors)) {
        if (fields.some((f) => f.name === field) || isConsent(field)) {
          setError(field as keyof EnquiryFormValues, { type: 'server', message })
        }
      }
      notify('error', FAILED_MESSAGE)
      // The server failed or is down (a 503 with Retry-After while the site restarts): nothing
      // was saved, and the phone is the way round it.
      if (result.status >= 500) setNotSaved(true)
    } else {
      console.error('Enquiry could not be sent', result.error)
      notify('error', UNEXPECTED_MESSAGE)
      setNotSaved(true)
    }
  }

  return (
    <LeadFormElement
      id={id}
      formRef={formRef}
      formType={formType}
      labelledBy={labelledBy}
      onSubmit={handleSubmit(onValid)}
    >
      {/* The server's summary until the visitor sends again; then the messages beside the fields say it. */}
      {served && submitCount === 0 ? <ErrorSummary formId={id} state={served} fields={fields} /> : null}
      <LeadFormBody
        formId={id}
        fields={fields}
        form={form}
        sourcePath={sourcePath}
        source={source}
        errorOf={(name) => errors[name]?.message}
        // The value in the server HTML too (a refused post's), not only set by the script.
        controlOf={(name) => ({ ...register(name), ...servedDefault(name, served) })}
        disabled={isSubmitting}
        honeypotRef={honeypotRef}
        submitText={isSubmitting ? SUBMITTING_TEXT : submitLabel}
      />
      {notSaved && !isSubmitting ? <NotSavedNotice /> : null}
    </LeadFormElement>
  )
}

/**
 * Beside the failure toast (which closes by itself), below the button just pressed: the request
 * was not saved, try again in a minute, or call. Only ever rendered in the browser, after a
 * send; the number is the page's own (its header's `tel:` link, from the site's settings).
 */
function NotSavedNotice() {
  const link = document.querySelector<HTMLAnchorElement>('a[href^="tel:"]')
  const phone = link?.textContent?.trim()
  return (
    <div className="error-summary form-not-saved" role="alert">
      <p className="error-summary-title">Your request was not sent</p>
      <p>
        {'Nothing was saved. Please try again in a minute, or call us'}
        {link && phone ? (
          <>
            {' at '}
            <a href={link.getAttribute('href') ?? ''}>{phone}</a>
          </>
        ) : null}
        .
      </p>
    </div>
  )
}

/** The server's messages in react-hook-form's shape, so they show beside the fields from the first render. */
function toFieldErrors(errors: Partial<Record<EnquiryFieldName, string>>) {
  return Object.fromEntries(
    Object.entries(errors).map(([name, message]) => [name, { type: 'server', message }]),
  )
}
