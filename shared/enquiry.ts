/**
 * The enquiry schema (docs/forms.md, "Messages"), used by every browser form and by
 * POST /api/enquiries: one set of rules and messages for both sides, built from the lead-field
 * table (shared/lead-fields.ts). An enquiry is what a visitor sends; stored, it is a lead.
 */
import { z } from 'zod'
import {
  ASKED_FIELD_NAMES,
  consentRules,
  fieldRules,
  isOptionalField,
  LEAD_FIELD_NAMES,
  LEAD_FIELDS,
  pickFields,
  SOURCE_FIELD_NAMES,
  type LeadFieldName,
} from './lead-fields'
import { FORM_TYPES, LEAD_FORM_NAMES, LEAD_FORMS } from './lead-forms'
import { hasHiddenCharacters, hiddenCharacterMessage } from './text-hygiene'
import { FORM_TOKEN_FIELD } from './form-token'

export { FORM_TOKEN_ENDPOINT, FORM_TOKEN_FIELD } from './form-token'

export { FORM_TYPES, type FormType } from './lead-forms'

type RequiredFieldName = {
  [K in LeadFieldName]: (typeof LEAD_FIELDS)[K]['text'] extends { optional: true } ? never : K
}[LeadFieldName]

/** What a visitor sees beside a required field left empty or not what it should be. */
export const ENQUIRY_MESSAGES = Object.fromEntries(
  LEAD_FIELD_NAMES.filter((name) => !isOptionalField(name)).map((name) => [
    name,
    LEAD_FIELDS[name].text.message,
  ]),
) as { [K in RequiredFieldName]: (typeof LEAD_FIELDS)[K]['text']['message'] }

/** The name of the hidden honeypot field; people never fill it, bots often do. */
export const HONEYPOT_FIELD = 'website'

/** The fields a visitor fills in, and the boxes they may tick (false when left out). */
export const EnquiryFieldsSchema = z.object({
  ...fieldRules(pickFields(ASKED_FIELD_NAMES)),
  ...consentRules(),
})

/** Where the visit came from: hidden fields, all optional (shared/attribution.ts). */
const SourceFieldsSchema = z.object(fieldRules(pickFields(SOURCE_FIELD_NAMES)))

/** What the form inputs hold before validation. */
export type EnquiryFormValues = z.input<typeof EnquiryFieldsSchema>

/**
 * The JSON body of POST /api/enquiries: the fields plus where it came from. Unknown keys are
 * refused. `form` names the form; a form of another form type is refused.
 */
export const EnquirySchema = EnquiryFieldsSchema.extend({
  ...SourceFieldsSchema.shape,
  [FORM_TOKEN_FIELD]: z
    .string({ error: 'Form token must be text' })
    .max(200, 'Form token must be at most 200 characters')
    .optional(),
  formType: z.enum(FORM_TYPES, { error: `Form type must be one of ${FORM_TYPES.join(', ')}` }),
  form: z.enum(LEAD_FORM_NAMES, { error: `Form must be one of ${LEAD_FORM_NAMES.join(', ')}` }).optional(),
  sourcePath: z
    .string({ error: 'Source path must be text' })
    .max(300, 'Source path must be at most 300 characters')
    .regex(/^\//, 'Source path must start with /')
    .refine((path) => !hasHiddenCharacters(path), hiddenCharacterMessage('Source path'))
    .optional(),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
})
  .strict()
  .superRefine((enquiry, ctx) => {
    const form = enquiry.form && LEAD_FORMS[enquiry.form]
    if (form && form.formType !== enquiry.formType)
      ctx.addIssue({
        code: 'custom',
        path: ['form'],
        message: `Form ${enquiry.form} is sent with form type ${form.formType}, not ${enquiry.formType}`,
      })
  })

export type Enquiry = z.infer<typeof EnquirySchema>

/** 201 answer. */
export interface EnquiryCreated {
  success: true
  id: string
  /**
   * For a hail report request: the key that reads its summary (GET /api/hail-reports/:id,
   * header X-Report-Key), answered to this browser only.
   */
  reportKey?: string
}
/** 400 answer: one message per field (the field messages of docs/forms.md). */
export interface EnquiryRejected {
  success: false
  errors: Record<string, string>
}
/** 403/413/415/429/5xx answer. */
export interface EnquiryFailed {
  success: false
  error: string
}
export type EnquiryResponse = EnquiryCreated | EnquiryRejected | EnquiryFailed

/** Turns zod issues into { field: message }, first message per field. */
export function toFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[key] ??= `Unknown field: ${key}`
      continue
    }
    const field = issue.path.length ? issue.path.join('.') : '_form'
    errors[field] ??= issue.message
  }
  return errors
}

export const ENQUIRY_ENDPOINT = '/api/enquiries'
