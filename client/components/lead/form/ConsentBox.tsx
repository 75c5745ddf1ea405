/**
 * The boxes a lead form offers to tick (the lead-field table's consents, shared/lead-fields.ts:
 * the storm alerts), below the other fields on every form, with and without JavaScript.
 */
import { CONSENT_FIELD_NAMES, CONSENT_FIELDS, type ConsentFieldName } from '../../../../shared/lead-fields'
import type { EnquiryFieldName, EnquiryFormState } from '../../../../shared/enquiry-form-state'
import { FieldError, type FieldProps } from './enquiry-fields'

/** A box to tick, below the other fields on every form: its name and its words. */
export interface ConsentSpec {
  name: ConsentFieldName
  label: string
}

export const CONSENTS: readonly ConsentSpec[] = CONSENT_FIELD_NAMES.map((name) => ({
  name,
  label: CONSENT_FIELDS[name].input.label,
}))

/** Every box unticked: how each form starts, and how it is left after a send. */
export const UNTICKED = Object.fromEntries(CONSENT_FIELD_NAMES.map((name) => [name, false])) as Record<
  ConsentFieldName,
  false
>

export function isConsent(name: string): name is ConsentFieldName {
  return (CONSENT_FIELD_NAMES as readonly string[]).includes(name)
}

/**
 * What a field or a box shows in the server HTML, not only once the script sets it: a refused
 * plain post's value, or its tick (none when nothing came back).
 */
export function servedDefault(
  name: EnquiryFieldName | ConsentFieldName,
  served: Pick<EnquiryFormState, 'values' | 'ticked'> | undefined,
): { defaultChecked: boolean } | { defaultValue: string } {
  return isConsent(name)
    ? { defaultChecked: served?.ticked?.[name] === true }
    : { defaultValue: served?.values[name] ?? '' }
}

/**
 * A box the homeowner may tick, unticked unless they tick it, its words its label (the whole
 * line is the label, so a tap anywhere on it ticks the box). Without a value attribute a
 * ticked box posts "on" (shared/lead-fields.ts, CHECKBOX_TICKED) and react-hook-form reads it
 * as true. `control` goes onto the input, as for a field.
 */
export function ConsentBox({ id, spec, error, disabled, control }: FieldProps<ConsentSpec>) {
  const errorId = `${id}-error`
  return (
    <div className="form-consent" data-invalid={error ? '' : undefined}>
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled || undefined}
          {...control}
        />
        <span>{spec.label}</span>
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  )
}
