/**
 * A stored lead as the notifications show it: what kind of request it is (from its form,
 * shared/lead-forms.ts), the homeowner's city, the time in the business's time zone, the page
 * it came from, and whether it repeats an enquiry of the last 24 hours. Values are cleaned for
 * the body (toBodyText); headers clean their own parts again (toHeaderText).
 */
import { telHref } from '../../shared/business'
import type { FormType } from '../../shared/enquiry'
import {
  describeFirstTouch,
  describeTouch,
  touchesOf,
  type FirstTouch,
  type Touch,
} from '../../shared/attribution'
import {
  CONSENT_FIELD_NAMES,
  LEAD_FIELD_NAMES,
  type ConsentFieldName,
  type LeadFieldName,
} from '../../shared/lead-fields'
import { LEAD_FORMS, type LeadFormName, type LeadFormSpec } from '../../shared/lead-forms'
import { ALSO_SERVING, CITY_PAGES } from '../../shared/service-areas'
import type { Lead } from '../leads'
import { toBodyText } from '../platform/mail/text'
import { formatOfficeTime } from '../../shared/business-time'

const KNOWN_CITIES = [...CITY_PAGES.map((c) => c.name), ...ALSO_SERVING].sort((a, b) => b.length - a.length)
const STATE_OR_ZIP = /^(?:CO|Colo\.?|Colorado)?\s*(?:\d{5}(?:-\d{4})?)?$/i

/** The city of a free-text address: a served city named in it, else the part before the state. */
export function cityOf(address: string): string | undefined {
  const lower = address.toLowerCase()
  const known = KNOWN_CITIES.find((c) => new RegExp(`\\b${c.toLowerCase()}\\b`).test(lower))
  if (known) return known
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  while (parts.length > 1 && STATE_OR_ZIP.test(parts.at(-1) ?? '')) parts.pop()
  // "City CO 80202" in the last part.
  const last = parts.at(-1)?.replace(/\s+(?:CO|Colorado)\b.*$/i, '')
  return parts.length > 1 && last ? last : undefined
}

/**
 * What a notification needs of a lead (notify-test's sample lead has no more than this): a box
 * left out was not ticked.
 */
export type LeadToShow = Pick<
  Lead,
  'id' | LeadFieldName | 'formType' | 'form' | 'sourcePath' | 'createdAt' | 'duplicateOf'
> &
  Partial<Pick<Lead, ConsentFieldName>>

export interface LeadView {
  id: string
  /** Every field as the body shows it; undefined when left blank. */
  fields: Record<LeadFieldName, string | undefined>
  /** Each box the homeowner may tick (shared/lead-fields.ts): ticked or not. */
  consents: Record<ConsentFieldName, boolean>
  /**
   * What the office reads of a ticked box where more is known than ticked or not: the storm
   * alerts' 'asked, not confirmed' or 'confirmed' (the notifier sets it; core/storm-response).
   */
  consentWords: Partial<Record<ConsentFieldName, string>>
  firstName: string
  fullName: string
  email: string
  phone: string
  telHref: string
  city: string | undefined
  formType: FormType
  form: LeadFormName
  /** What kind of request it is, from its form: 'inspection request', hail report or not. */
  kind: LeadFormSpec
  sourcePath: string | undefined
  sourceUrl: string | undefined
  createdAt: string
  receivedAt: string
  /** The first enquiry of a repeat within 24 hours. */
  duplicateOf: { id: string; receivedAt: string } | undefined
  /** Where this visit came from, as stored (shared/attribution.ts); undefined when not recorded. */
  lastTouch: Touch | undefined
  /** The visitor's first visit within 30 days, when it was another. */
  firstTouch: FirstTouch | undefined
  /** The office's line: 'Google Ads (cpc), campaign hail-2026, landed on /service-areas/parker-co'. */
  cameFrom: string | undefined
  /** The first visit's line, with its date. */
  firstFoundUs: string | undefined
  /** A hail report lead's storms in one line (core/storms/make-lead-report.ts); undefined for other leads. */
  storms: string | undefined
  /**
   * Radar's line for the office ('Radar: 1.6 in at the home on 12 Jun 2024 (…); 2 days of 1 in+
   * in 5 years, more than 97% of the area'); undefined for other leads and for a report made
   * without radar data or stored before radar.
   */
  radar: string | undefined
  /**
   * Whether radar saw hail near the home lately ('Radar: 1.6 in hail at the address on 12 Jun
   * 2026.'; radar-hail-line.ts), for the office's text, and for its e-mail when the lead has no
   * weather report's storms line; the notifier sets it for every lead.
   */
  radarHail: string | undefined
}

export function buildLeadView(
  lead: LeadToShow,
  original: Pick<Lead, 'createdAt'> | undefined,
  siteUrl: string,
  storms?: string,
  radar?: string,
): LeadView {
  const fields = Object.fromEntries(
    LEAD_FIELD_NAMES.map((name) => {
      const value = lead[name]
      return [name, value ? toBodyText(value) : undefined]
    }),
  ) as Record<LeadFieldName, string | undefined>
  const firstName = fields.firstName ?? ''
  // The body text of each value is what the e-mail shows; the stored values are already clean.
  const { last, first } = touchesOf(lead)
  return {
    id: lead.id,
    fields,
    consents: Object.fromEntries(CONSENT_FIELD_NAMES.map((name) => [name, lead[name] === true])) as Record<
      ConsentFieldName,
      boolean
    >,
    consentWords: {},
    firstName,
    fullName: `${firstName} ${fields.lastName ?? ''}`,
    email: fields.email ?? '',
    phone: fields.phone ?? '',
    telHref: telHref(lead.phone),
    city: cityOf(fields.address ?? ''),
    formType: lead.formType,
    form: lead.form,
    kind: LEAD_FORMS[lead.form],
    sourcePath: lead.sourcePath ?? undefined,
    // Joined, not resolved: a path like //other.example must not become another host.
    sourceUrl: lead.sourcePath ? `${siteUrl}${lead.sourcePath}` : undefined,
    createdAt: lead.createdAt,
    receivedAt: formatOfficeTime(lead.createdAt),
    duplicateOf: lead.duplicateOf
      ? {
          id: lead.duplicateOf,
          receivedAt: original ? formatOfficeTime(original.createdAt) : 'an earlier date (not found)',
        }
      : undefined,
    lastTouch: last,
    firstTouch: first,
    cameFrom: last ? toBodyText(describeTouch(last)) : undefined,
    firstFoundUs: first ? toBodyText(describeFirstTouch(first)) : undefined,
    storms,
    radar,
    radarHail: undefined,
  }
}

/** The lead's storm alerts consent, as core/storm-response reads it. */
export function stormAlertsConsentOf(lead: LeadView): {
  id: string
  email: string
  stormAlerts: boolean
  createdAt: string
} {
  return { id: lead.id, email: lead.email, stormAlerts: lead.consents.stormAlerts, createdAt: lead.createdAt }
}
