/**
 * The enquiry schema (docs/forms.md, "Messages"), used by every browser form and by
 * POST /api/enquiries: one set of rules and messages for both sides.
 */
import { z } from 'zod'
import { hasHiddenCharacters, hiddenCharacterMessage, isBlank, normalizeText } from './text-hygiene'

export const FORM_TYPES = ['contact_modal', 'contact', 'exit_intent'] as const
export type FormType = (typeof FORM_TYPES)[number]

export const ENQUIRY_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  address: 'Please enter a complete address',
} as const

/** The name of the hidden honeypot field; people never fill it, bots often do. */
export const HONEYPOT_FIELD = 'website'

/**
 * Upper bounds on the short fields keep one row small; the product rules set none, so they
 * are generous. The message has no bound of its own ("optional, no bound"): the
 * API's 16 KB body limit is the only one, answered with a 413 that says so.
 */
const MAX_NAME = 100
const MAX_EMAIL = 254
const MAX_PHONE = 40
const MAX_ADDRESS = 300

/**
 * One text field: a required field with nothing visible in it (empty, spaces, or only
 * zero-width characters) gets its "required" message; a hidden character gets a message
 * that names the field (shared/text-hygiene.ts); then the text is normalised to NFC and
 * trimmed, and `rules` check what is left.
 */
function textField<T extends z.ZodType<unknown, string>>(opts: {
  /** How a person names the field, for the hidden-character message. */
  label: string
  /** The message for a missing or non-text value, and for a blank one when `optional` is not set. */
  required: string
  /** Blank is allowed (stored as NULL); tabs and line breaks are allowed too. */
  optional?: true
  rules: T
}) {
  return z
    .string({ error: opts.required })
    .superRefine((value, ctx) => {
      if (isBlank(value) && !opts.optional) {
        ctx.addIssue({ code: 'custom', message: opts.required })
      } else if (hasHiddenCharacters(value, { allowLineBreaks: opts.optional })) {
        ctx.addIssue({ code: 'custom', message: hiddenCharacterMessage(opts.label) })
      }
    })
    .transform(normalizeText)
    .pipe(opts.rules)
}

/** A required text field of `min` to `max` characters; too short gets the "required" message. */
function requiredText(label: string, required: string, length: { min: number; max: number }) {
  return textField({
    label,
    required,
    rules: z
      .string()
      .min(length.min, required)
      .max(length.max, `${label} must be at most ${length.max} characters`),
  })
}

/** The fields a visitor fills in. */
export const EnquiryFieldsSchema = z.object({
  firstName: requiredText('First name', ENQUIRY_MESSAGES.firstName, { min: 1, max: MAX_NAME }),
  lastName: requiredText('Last name', ENQUIRY_MESSAGES.lastName, { min: 1, max: MAX_NAME }),
  email: textField({
    label: 'Email address',
    required: ENQUIRY_MESSAGES.email,
    rules: z
      .string()
      .max(MAX_EMAIL, ENQUIRY_MESSAGES.email)
      .pipe(z.email({ error: ENQUIRY_MESSAGES.email })),
  }),
  phone: requiredText('Phone number', ENQUIRY_MESSAGES.phone, { min: 10, max: MAX_PHONE }),
  address: requiredText('Address', ENQUIRY_MESSAGES.address, { min: 5, max: MAX_ADDRESS }),
  message: textField({
    label: 'Message',
    required: 'Message must be text',
    optional: true,
    rules: z.string(),
  }).optional(),
})

/** What the form inputs hold before validation. */
export type EnquiryFormValues = z.input<typeof EnquiryFieldsSchema>

/** The JSON body of POST /api/enquiries: the fields plus where it came from. Unknown keys are refused. */
export const EnquirySchema = EnquiryFieldsSchema.extend({
  formType: z.enum(FORM_TYPES, { error: `Form type must be one of ${FORM_TYPES.join(', ')}` }),
  sourcePath: z
    .string({ error: 'Source path must be text' })
    .max(300, 'Source path must be at most 300 characters')
    .regex(/^\//, 'Source path must start with /')
    .refine((path) => !hasHiddenCharacters(path), hiddenCharacterMessage('Source path'))
    .optional(),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
}).strict()

export type Enquiry = z.infer<typeof EnquirySchema>

/** 201 answer. */
export interface EnquiryCreated {
  success: true
  id: string
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
