/**
 * The lead's fields: one entry per field is its single home (docs/forms.md, "Messages", and
 * docs/lead-pipeline.md). What each entry says, and who reads it:
 *
 * - its key: the name in the enquiry's body, the form's input name, the webhook's key;
 * - `column`: its column in form_submissions and in the CSV export;
 * - `text`: its rule and messages, from which the enquiry schema is built (shared/enquiry.ts);
 * - `personal`: the homeowner's personal data, redacted from every log line (core/platform/logger.ts);
 * - `input`: how the forms ask for it (label, input type, autocomplete); a field without one
 *   is not asked: it is one of the visit's source fields (`touch`);
 * - `summary`: its row in the office e-mail and in `site-admin leads show`;
 * - `touch`: where the visit came from (docs/attribution.md): the campaign's UTM values, an ad
 *   click id, the referrer's origin and the landing page, of this visit (`last`) or of the
 *   visitor's first visit within 30 days (`first`). The forms send them as hidden fields;
 *   shared/attribution.ts reads them from a URL and turns them into one readable line.
 *
 * The stored row's mapping (core/leads/store.ts), the webhook payload and the CSV columns take
 * every field in the table's order. A new field is one entry here, a migration adding its
 * column, and a test.
 *
 * A box the homeowner may tick is a field of the other kind, a consent (CONSENT_FIELDS below:
 * the storm alerts' "Tell me when radar sees hail at this address"): a boolean, unticked
 * unless ticked, whose stored row keeps the words shown beside the box when it was ticked. The
 * same places take them, after the text fields: the schema, the forms (below the other fields),
 * the stored row, the office e-mail and `site-admin leads show`, the webhook and the CSV.
 */
import { z } from 'zod'
import { hasHiddenCharacters, hiddenCharacterMessage, isBlank, normalizeText } from './text-hygiene'
import {
  CAMPAIGN_PARAMS,
  TEXT_FORMATS,
  TOUCH_BOUNDS,
  TOUCH_FIELDS,
  type TouchBounds,
  type TouchField as TouchParam,
} from './touch-fields'

/** A field that holds text: the rules every such field shares, and its own bounds and message. */
export interface TextRule {
  /** How a person names the field, for the messages that name it. */
  label: string
  /** What a visitor sees when it is missing, blank, too short or not what it should be. */
  message: string
  /** Characters allowed, after NFC normalisation and trimming. Absent: no bound of its own. */
  length?: { min: number; max: number }
  /**
   * What the text must be: an e-mail address (at most `length.max` characters); a path of this
   * site ('/service-areas/parker-co?utm_source=google'); a web origin ('https://www.google.com');
   * an ad click id (letters, digits and - _ . ~); an ISO date and time.
   */
  format?: 'email' | 'path' | 'origin' | 'click-id' | 'datetime'
  /** May be left out or blank (stored as NULL). */
  optional?: true
  /** Line breaks and tabs are allowed (the message). */
  lines?: true
}

export interface FieldInput {
  /** The visible label, exactly as the forms show it. */
  label: string
  type?: 'email' | 'tel'
  inputMode?: 'email' | 'tel'
  autoComplete: string
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number
  /** Spans the form's whole width. */
  full?: true
  /** Shown only on the forms that ask for a message (the contact modal and the contact page). */
  onlyWithMessage?: true
}

interface SummaryRow {
  /** The row's label in the office e-mail ('Name', 'Phone' …); site-admin prints it in lower case. */
  label: string
  /** Another field shown after this one's value, with a space (the last name after the first). */
  followedBy?: string
  /**
   * The value as a link: tel: for a phone number, mailto: for an e-mail address, and for the
   * home's address a maps search that opens directions on a phone (the office drives there).
   */
  link?: 'tel' | 'mailto' | 'map'
  /** Keeps the visitor's line breaks. */
  lines?: true
}

/** A source field: which touch it belongs to, and the URL parameter it comes from (if any). */
interface TouchSpec {
  touch: 'last' | 'first'
  /** The query parameter of a landing page that holds it ('utm_source', 'gclid'). */
  param?: string
}

export interface LeadFieldSpec {
  column: string
  text: TextRule
  personal: boolean
  /** Absent: not asked on the forms (a source field). */
  input?: FieldInput
  /** Absent: shown inside another field's row (see `followedBy`), or not a row of its own. */
  summary?: SummaryRow
  touch?: TouchSpec
}

/**
 * Upper bounds on the short fields keep one row small; the product rules set none, so they
 * are generous. The message has no bound of its own: the API's 16 KB body limit is the only
 * one, answered with a 413 that says so.
 */
const MAX_NAME = 100
const MAX_EMAIL = 254
const MAX_PHONE = 40
const MAX_ADDRESS = 300

type SourceField<Label extends string> = {
  column: string
  text: {
    label: Label
    message: string
    optional: true
    length: { min: 0; max: number }
    format?: TextRule['format']
  }
  personal: false
  touch: TouchSpec
}

function sourceField<Label extends string>(
  column: string,
  label: Label,
  rule: { max: number; format?: TextRule['format']; message?: string },
  touch: TouchSpec,
): SourceField<Label> {
  return {
    column,
    text: {
      label,
      message: rule.message ?? `${label} must be text`,
      optional: true,
      length: { min: 0, max: rule.max },
      ...(rule.format ? { format: rule.format } : {}),
    },
    personal: false,
    touch,
  }
}

/** What a malformed value of a formatted source field is told. */
const FORMAT_MESSAGES: Record<NonNullable<TouchBounds['format']>, (label: string) => string> = {
  'click-id': (label) => `${label} may hold only letters, digits and - _ . ~`,
  origin: (label) => `${label} must be a web origin such as https://www.google.com, without a path`,
  path: (label) => `${label} must be a path of this site, starting with /`,
}

/**
 * The source fields of one touch, from shared/touch-fields.ts: of this visit (no prefix) or of
 * the first one ('first_', labelled "… of the first visit").
 */
function touchFields<Prefix extends '' | 'first_'>(prefix: Prefix) {
  const touch: TouchSpec['touch'] = prefix ? 'first' : 'last'
  return Object.fromEntries(
    TOUCH_FIELDS.map((field) => {
      const bounds = TOUCH_BOUNDS[field]
      const label = prefix ? `${bounds.label} of the first visit` : bounds.label
      const param = (CAMPAIGN_PARAMS as readonly string[]).includes(field) ? field : undefined
      const rule = {
        max: bounds.max,
        ...(bounds.format ? { format: bounds.format, message: FORMAT_MESSAGES[bounds.format](label) } : {}),
      }
      return [
        `${prefix}${field}`,
        sourceField(`${prefix}${field}`, label, rule, { touch, ...(param ? { param } : {}) }),
      ]
    }),
  ) as { [K in TouchParam as `${Prefix}${K}`]: SourceField<string> }
}

export const LEAD_FIELDS = {
  firstName: {
    column: 'first_name',
    text: { label: 'First name', message: 'First name is required', length: { min: 1, max: MAX_NAME } },
    personal: true,
    input: { label: 'First Name', autoComplete: 'given-name' },
    summary: { label: 'Name', followedBy: 'lastName' },
  },
  lastName: {
    column: 'last_name',
    text: { label: 'Last name', message: 'Last name is required', length: { min: 1, max: MAX_NAME } },
    personal: true,
    input: { label: 'Last Name', autoComplete: 'family-name' },
  },
  email: {
    column: 'email',
    text: {
      label: 'Email address',
      message: 'Please enter a valid email address',
      length: { min: 1, max: MAX_EMAIL },
      format: 'email',
    },
    personal: true,
    input: { label: 'Email Address', type: 'email', inputMode: 'email', autoComplete: 'email' },
    summary: { label: 'E-mail', link: 'mailto' },
  },
  phone: {
    column: 'phone',
    // The number of characters only, not the format: people write numbers many ways.
    text: {
      label: 'Phone number',
      message: 'Please enter a valid phone number',
      length: { min: 10, max: MAX_PHONE },
    },
    personal: true,
    input: { label: 'Phone Number', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
    summary: { label: 'Phone', link: 'tel' },
  },
  address: {
    column: 'address',
    text: {
      label: 'Address',
      message: 'Please enter a complete address',
      length: { min: 5, max: MAX_ADDRESS },
    },
    personal: true,
    // address-line1: the one-line street address ('street-address' is for multi-line fields).
    input: { label: 'Property Address', autoComplete: 'address-line1', full: true },
    summary: { label: 'Address', link: 'map' },
  },
  message: {
    column: 'message',
    text: { label: 'Message', message: 'Message must be text', optional: true, lines: true },
    personal: true,
    input: {
      label: 'Tell me about your roofing concerns',
      autoComplete: 'off',
      rows: 4,
      onlyWithMessage: true,
    },
    summary: { label: 'Message', lines: true },
  },
  ...touchFields(''),
  ...touchFields('first_'),
  first_seen_at: sourceField(
    'first_seen_at',
    'Time of the first visit',
    { max: 40, format: 'datetime', message: 'Time of the first visit must be an ISO date and time' },
    { touch: 'first' },
  ),
} as const satisfies Record<string, LeadFieldSpec>

export type LeadFieldName = keyof typeof LEAD_FIELDS

/** Every field, in the table's order: the order of the stored row, the webhook and the CSV. */
export const LEAD_FIELD_NAMES = Object.keys(LEAD_FIELDS) as LeadFieldName[]

type OptionalFieldName = {
  [K in LeadFieldName]: (typeof LEAD_FIELDS)[K]['text'] extends { optional: true } ? K : never
}[LeadFieldName]

/**
 * A lead's fields as stored and read back: an optional field left blank is null (a lead
 * written before may leave it out: it is then stored as NULL).
 */
export type LeadFieldValues = { [K in Exclude<LeadFieldName, OptionalFieldName>]: string } & {
  [K in OptionalFieldName]?: string | null
}

/** The fields a visitor fills in (they have an `input`). */
export type AskedFieldName = {
  [K in LeadFieldName]: (typeof LEAD_FIELDS)[K] extends { input: FieldInput } ? K : never
}[LeadFieldName]
/** The fields that say where the visit came from (they have a `touch`). */
export type SourceFieldName = Exclude<LeadFieldName, AskedFieldName>

export const ASKED_FIELD_NAMES = LEAD_FIELD_NAMES.filter(
  (name) => (LEAD_FIELDS[name] as LeadFieldSpec).input !== undefined,
) as AskedFieldName[]
export const SOURCE_FIELD_NAMES = LEAD_FIELD_NAMES.filter(
  (name) => (LEAD_FIELDS[name] as LeadFieldSpec).touch !== undefined,
) as SourceFieldName[]

/** The entries of the named fields, as a table of their own (for a schema of just those). */
export function pickFields<Name extends LeadFieldName>(
  names: readonly Name[],
): Pick<typeof LEAD_FIELDS, Name> {
  return Object.fromEntries(names.map((name) => [name, LEAD_FIELDS[name]])) as Pick<typeof LEAD_FIELDS, Name>
}

/**
 * The order the forms show the fields in, where it is not the table's: the address comes
 * before the ways to reach the homeowner. A field not named here follows, in table order.
 */
const FORM_ORDER: readonly AskedFieldName[] = ['firstName', 'lastName', 'address', 'email', 'phone']

/**
 * The words beside the storm alerts box, exactly as the forms show them. The stored consent
 * keeps them (form_submissions.storm_alerts_words), set by the server from here, never taken
 * from what a client sends.
 */
export const STORM_ALERTS_LABEL = 'Tell me when radar sees hail at this address'

/** A box the homeowner may tick (see the header): a consent, kept with the words it showed. */
export interface ConsentFieldSpec {
  /** Its column in form_submissions and in the CSV export: 1 ticked, 0 not. */
  column: string
  /** The column that keeps the words shown beside the box when it was ticked (NULL when not). */
  wordsColumn: string
  /** What a value other than true or false is told (the JSON API; a form sends ticked or nothing). */
  message: string
  personal: false
  /** The box's label, exactly as the forms show it, and the words kept with the consent. */
  input: { label: string }
  /**
   * Its row in the office e-mail and in `site-admin leads show`, and the row's two values; a
   * caller that knows more of a ticked box (the storm alerts' confirmation) gives its own words.
   */
  summary: { label: string; yes: string; no: string }
}

export const CONSENT_FIELDS = {
  stormAlerts: {
    column: 'storm_alerts',
    wordsColumn: 'storm_alerts_words',
    message: 'Storm alerts must be true (the box ticked) or false',
    personal: false,
    input: { label: STORM_ALERTS_LABEL },
    // Ticking asks; the address confirms later (shared/storm-alerts-consent.ts, CONSENT_WORDS).
    summary: { label: 'Storm alerts', yes: 'asked, not confirmed', no: 'no' },
  },
} as const satisfies Record<string, ConsentFieldSpec>

export type ConsentFieldName = keyof typeof CONSENT_FIELDS
/** Every consent, in the table's order: below the text fields on the forms and after them elsewhere. */
export const CONSENT_FIELD_NAMES = Object.keys(CONSENT_FIELDS) as ConsentFieldName[]

/** A lead's consents as stored and read back: each ticked or not, and the words it was given with. */
export type ConsentValues = { [K in ConsentFieldName]: boolean } & {
  [K in ConsentFieldName as `${K}Words`]: string | null
}

/** The key of a consent's words on a stored lead ('stormAlertsWords'). */
export function wordsKey<Name extends ConsentFieldName>(name: Name): `${Name}Words` {
  return `${name}Words`
}

/**
 * The consents' rules as a zod shape: true or false, false when left out (a form's box not
 * ticked, a client that does not know of it); anything else is refused with the field's message.
 */
export function consentRules() {
  return Object.fromEntries(
    CONSENT_FIELD_NAMES.map((name) => [
      name,
      z.boolean({ error: CONSENT_FIELDS[name].message }).default(false),
    ]),
  ) as { [K in ConsentFieldName]: z.ZodDefault<z.ZodBoolean> }
}

/**
 * What a plain HTML form post sends for a ticked box (a checkbox without a value attribute
 * sends "on"; one not ticked sends nothing).
 */
export const CHECKBOX_TICKED = 'on'

/** The office e-mail's order: after the name, the phone, the way the office answers first. */
const SUMMARY_ORDER: readonly LeadFieldName[] = ['firstName', 'phone', 'email', 'address']

function ordered<Name extends LeadFieldName>(first: readonly Name[], names: readonly Name[]): Name[] {
  return [...first, ...names.filter((name) => !first.includes(name))]
}

/** The fields as the forms show them, in order. */
export const FORM_FIELD_NAMES = ordered(FORM_ORDER, ASKED_FIELD_NAMES)

/** The rows of the office e-mail and of `site-admin leads show`, in order. */
const SUMMARY_FIELD_NAMES = ordered(SUMMARY_ORDER, LEAD_FIELD_NAMES).filter(
  (name) => (LEAD_FIELDS[name] as LeadFieldSpec).summary !== undefined,
)

const FORMATS: Record<NonNullable<TextRule['format']>, RegExp> = TEXT_FORMATS

/**
 * One text field's rule: a required field with nothing visible in it (empty, spaces, or only
 * zero-width characters) gets its message; a hidden character gets a message that names the
 * field (shared/text-hygiene.ts); then the text is normalised to NFC and trimmed, and the
 * bounds check what is left.
 */
function requiredText(rule: TextRule) {
  const bounds: z.ZodType<string, string> =
    rule.format === 'email'
      ? z
          .string()
          .max(rule.length?.max ?? MAX_EMAIL, rule.message)
          .pipe(z.email({ error: rule.message }))
      : rule.length
        ? z
            .string()
            .min(rule.length.min, rule.message)
            .max(rule.length.max, `${rule.label} must be at most ${rule.length.max} characters`)
            .refine((value) => !rule.format || value === '' || FORMATS[rule.format].test(value), rule.message)
        : z.string()
  return z
    .string({ error: rule.message })
    .superRefine((value, ctx) => {
      if (isBlank(value) && !rule.optional) {
        ctx.addIssue({ code: 'custom', message: rule.message })
      } else if (hasHiddenCharacters(value, { allowLineBreaks: rule.lines })) {
        ctx.addIssue({ code: 'custom', message: hiddenCharacterMessage(rule.label) })
      }
    })
    .transform(normalizeText)
    .pipe(bounds)
}

type RequiredTextSchema = ReturnType<typeof requiredText>
type TextSchemaOf<Rule> = Rule extends { optional: true }
  ? z.ZodOptional<RequiredTextSchema>
  : RequiredTextSchema

function textRule<Rule extends TextRule>(rule: Rule): TextSchemaOf<Rule> {
  const field = requiredText(rule)
  return (rule.optional ? field.optional() : field) as TextSchemaOf<Rule>
}

/** The fields' rules as a zod shape, keyed by field name. */
export function fieldRules<Fields extends Record<string, { text: TextRule }>>(fields: Fields) {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, textRule(field.text)])) as {
    [K in keyof Fields]: TextSchemaOf<Fields[K]['text']>
  }
}

/** Whether the lead can be sent without this field. */
export function isOptionalField(name: LeadFieldName): boolean {
  return (LEAD_FIELDS[name].text as TextRule).optional === true
}

/** One row of a lead's summary: a field's label and its value as read ('' when left blank). */
export interface SummaryLine {
  name: LeadFieldName | ConsentFieldName
  label: string
  value: string
  link?: 'tel' | 'mailto' | 'map'
  lines?: true
}

/**
 * A lead's summary rows (the office e-mail, `site-admin leads show`), from the fields' values
 * as each place has cleaned them: a field shown with another joins it after a space. The
 * consents follow, each yes or no (a lead stored before a consent existed did not give it), or
 * in the words `consentWords` gives for it.
 */
export function summarize(
  values: Readonly<Partial<Record<LeadFieldName, string | null> & Record<ConsentFieldName, boolean>>>,
  consentWords: Readonly<Partial<Record<ConsentFieldName, string>>> = {},
): SummaryLine[] {
  const consents = CONSENT_FIELD_NAMES.map((name): SummaryLine => {
    const { summary } = CONSENT_FIELDS[name]
    const value = consentWords[name] ?? (values[name] === true ? summary.yes : summary.no)
    return { name, label: summary.label, value }
  })
  return [...textSummary(values), ...consents]
}

function textSummary(values: Readonly<Partial<Record<LeadFieldName, string | null>>>): SummaryLine[] {
  return SUMMARY_FIELD_NAMES.map((name) => {
    const summary = (LEAD_FIELDS[name] as LeadFieldSpec).summary!
    const parts = [values[name], summary.followedBy ? values[summary.followedBy as LeadFieldName] : undefined]
    return {
      name,
      label: summary.label,
      value: parts.filter((p) => p).join(' '),
      ...(summary.link ? { link: summary.link } : {}),
      ...(summary.lines ? { lines: summary.lines } : {}),
    }
  })
}
