/**
 * The enquiry schema (spec section 5), used by every browser form and by
 * POST /api/enquiries: one set of rules and messages for both sides.
 */
import { z } from 'zod'

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
 * Upper bounds on the short fields keep one row small; the spec sets none, so they are
 * generous. The message has no bound of its own (spec section 5: "optional, no bound"): the
 * API's 16 KB body limit is the only one, answered with a 413 that says so.
 */
const MAX_NAME = 100
const MAX_EMAIL = 254
const MAX_PHONE = 40
const MAX_ADDRESS = 300

/** The fields a visitor fills in (spec section 3, "Enquiry payload"). */
export const EnquiryFieldsSchema = z.object({
  firstName: z
    .string({ error: ENQUIRY_MESSAGES.firstName })
    .trim()
    .min(1, ENQUIRY_MESSAGES.firstName)
    .max(MAX_NAME, `First name must be at most ${MAX_NAME} characters`),
  lastName: z
    .string({ error: ENQUIRY_MESSAGES.lastName })
    .trim()
    .min(1, ENQUIRY_MESSAGES.lastName)
    .max(MAX_NAME, `Last name must be at most ${MAX_NAME} characters`),
  email: z
    .string({ error: ENQUIRY_MESSAGES.email })
    .trim()
    .max(MAX_EMAIL, ENQUIRY_MESSAGES.email)
    .pipe(z.email({ error: ENQUIRY_MESSAGES.email })),
  phone: z
    .string({ error: ENQUIRY_MESSAGES.phone })
    .trim()
    .min(10, ENQUIRY_MESSAGES.phone)
    .max(MAX_PHONE, `Phone number must be at most ${MAX_PHONE} characters`),
  address: z
    .string({ error: ENQUIRY_MESSAGES.address })
    .trim()
    .min(5, ENQUIRY_MESSAGES.address)
    .max(MAX_ADDRESS, `Address must be at most ${MAX_ADDRESS} characters`),
  message: z.string({ error: 'Message must be text' }).trim().optional(),
})

export type EnquiryFields = z.infer<typeof EnquiryFieldsSchema>
/** What the form inputs hold before validation. */
export type EnquiryFormValues = z.input<typeof EnquiryFieldsSchema>

/** The JSON body of POST /api/enquiries: the fields plus where it came from. Unknown keys are refused. */
export const EnquirySchema = EnquiryFieldsSchema.extend({
  formType: z.enum(FORM_TYPES, { error: `Form type must be one of ${FORM_TYPES.join(', ')}` }),
  sourcePath: z
    .string({ error: 'Source path must be text' })
    .max(300, 'Source path must be at most 300 characters')
    .regex(/^\//, 'Source path must start with /')
    .optional(),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
}).strict()

export type Enquiry = z.infer<typeof EnquirySchema>

/** 201 answer. */
export interface EnquiryCreated {
  success: true
  id: string
}
/** 400 answer: one message per field (the spec's messages). */
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
