/**
 * What the spam score reads: the evidence of one enquiry, and which of its fields each rule
 * looks at. What needs the database or a trained model is found beforehand and arrives as
 * evidence: the form token's state (form-token.ts and form-token-store.ts), where the address
 * lies (service-area.ts) and the text classifier's probability (classifier.ts). Which field a
 * rule reads comes from the lead-field table (shared/lead-fields.ts): the names by their
 * autocomplete, the phone by its input type, the e-mail address by its format, the message by
 * its lines, the campaign values as the source fields of free text.
 */
import {
  ASKED_FIELD_NAMES,
  LEAD_FIELDS,
  SOURCE_FIELD_NAMES,
  type AskedFieldName,
  type LeadFieldName,
  type LeadFieldSpec,
  type LeadFieldValues,
} from '../../shared/lead-fields'
import type { TokenUse } from './form-token-store'
import type { AreaCheck } from './service-area'

/**
 * The form token as checked (form-token.ts) and used (form-token-store.ts, which says what each
 * `use` means).
 */
export type TokenState =
  /**
   * Signed by this site: `elapsedMs` between the form being shown and the submission; whether
   * the token was fetched by a page of this site (its request carried same-origin fetch
   * metadata or this site's Referer, as a browser's fetch from the page does).
   */
  | { state: 'valid'; elapsedMs: number; use: TokenUse; fromPage: boolean }
  /** No token sent (plain curl, a form posted without JavaScript): not spam by itself. */
  | { state: 'missing' }
  /** Bad signature, garbage, or issued in the future. */
  | { state: 'invalid' }
  /** Validly signed but older than FORM_TOKEN_MAX_AGE_MS: scored as missing. */
  | { state: 'expired' }

/**
 * The fields scored: every field of the lead-field table, as the schema passes them (a required
 * field always, an optional one when sent).
 */
type SpamFields = LeadFieldValues

export interface SpamEvidence {
  fields: SpamFields
  /** The honeypot input's value (the `website` field) as sent; undefined or '' when empty. */
  honeypot?: string
  token: TokenState
  /** Where the address lies (core/spam/service-area.ts); absent: not checked, no points. */
  area?: AreaCheck
  /**
   * The text classifier's probability that the names and message are spam
   * (core/spam/classifier.ts); absent or null: it could not tell, no points.
   */
  spamProbability?: number | null
}

type FieldPredicate = (spec: LeadFieldSpec) => boolean

/** The asked fields whose entry in the lead-field table fits. */
function askedFields(fits: FieldPredicate): AskedFieldName[] {
  return ASKED_FIELD_NAMES.filter((name) => fits(LEAD_FIELDS[name] as LeadFieldSpec))
}

/** The one asked field that fits; the table must have exactly one, or the module fails to load. */
function askedField(what: string, fits: FieldPredicate): AskedFieldName {
  const found = askedFields(fits)
  if (found.length !== 1)
    throw new Error(`The lead-field table must have exactly one ${what} field, has ${found.length}`)
  return found[0]!
}

const autocomplete =
  (value: string): FieldPredicate =>
  (spec) =>
    spec.input?.autoComplete === value
/** The person's names: the fields the browser fills with the given and family name. */
export const FIRST_NAME = askedField('given-name', autocomplete('given-name'))
export const LAST_NAME = askedField('family-name', autocomplete('family-name'))
export const NAME_FIELDS = [FIRST_NAME, LAST_NAME] as const
/** Every phone number asked (a form may ask for a second one), each checked when given. */
export const PHONE_FIELDS = askedFields((spec) => spec.input?.type === 'tel')
export const EMAIL_FIELDS = askedFields((spec) => spec.text.format === 'email')
export const ADDRESS = askedField('address', autocomplete('address-line1'))
/** The free text of several lines: the message. */
export const MESSAGE_FIELDS = askedFields((spec) => spec.text.lines === true)
/** The one-line fields a person writes about themselves: a link there is no photo link. */
export const CONTACT_FIELDS = askedFields((spec) => spec.text.lines !== true && spec.text.format !== 'email')
/**
 * The source fields that are free text: the campaign (UTM) values, which a link writes as it
 * pleases. The others have a format the schema enforces (a click id, an origin, a path, a time).
 */
export const CAMPAIGN_FIELDS = SOURCE_FIELD_NAMES.filter(
  (name) => (LEAD_FIELDS[name] as LeadFieldSpec).text.format === undefined,
)

/** A field's name as the reasons say it: its label in lower case ('first name', 'UTM source'). */
export function fieldWords(name: LeadFieldName): string {
  const label = LEAD_FIELDS[name].text.label
  return label.replace(/^[A-Z][a-z]/, (start) => start.toLowerCase())
}

export function valueOf(fields: SpamFields, name: LeadFieldName): string {
  return (fields as Partial<Record<LeadFieldName, string | null>>)[name] ?? ''
}
