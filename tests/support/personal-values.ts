/**
 * A distinctive value for every personal field of the lead-field table, valid by the field's
 * own rule, so that any of them turning up in a log is unmistakable. A field marked personal
 * later is covered without touching the tests that use these.
 */
import { LEAD_FIELD_NAMES, LEAD_FIELDS, type LeadFieldName, type TextRule } from '../../shared/lead-fields'

function distinctiveValue(name: string, rule: TextRule): string {
  if (rule.format === 'email') return `zq.${name.toLowerCase()}@privacy-check.example`
  const value = `Zq${name}Privacycheck`
  const length = rule.length
  if (!length) return value
  return value.padEnd(length.min, '7').slice(0, length.max)
}

export const PERSONAL_FIELDS = LEAD_FIELD_NAMES.filter((name) => LEAD_FIELDS[name].personal)

export function personalValues(): Partial<Record<LeadFieldName, string>> {
  return Object.fromEntries(
    PERSONAL_FIELDS.map((name) => [name, distinctiveValue(name, LEAD_FIELDS[name].text as TextRule)]),
  )
}
