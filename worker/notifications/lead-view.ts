/**
 * A stored lead as the notifications show it: what kind of request it is, the homeowner's
 * city, the time in the business's time zone, the page it came from, and whether it repeats
 * an enquiry of the last 24 hours. Values are cleaned for the body (toBodyText); headers
 * clean their own parts again (toHeaderText).
 */
import { telHref } from '../../shared/business'
import type { FormType } from '../../shared/enquiry'
import { ALSO_SERVING, CITY_PAGES } from '../../shared/service-areas'
import type { SubmissionRow } from '../../core/db/submissions'
import { toBodyText } from './text'

/** Leads are shown in the business's own time zone (Denver metro), whatever the server's. */
const BUSINESS_TIME_ZONE = 'America/Denver'

const DENVER_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/** 'Tue, Jun 17, 2025, 2:05 PM MDT'. */
export function formatDenverTime(iso: string): string {
  return DENVER_TIME.format(new Date(iso))
}

export interface LeadKind {
  /** Lower case, for the subject: 'inspection request'. */
  label: string
  /** Whether the homeowner asked for the hail weather report. */
  hailReport: boolean
}

/**
 * What came in. The hail report page and the contact page both send formType 'contact'
 * (the site's forms share three form types), so the page tells them apart.
 */
export function leadKind(formType: FormType, sourcePath: string | null): LeadKind {
  if (formType === 'contact_modal') return { label: 'inspection request', hailReport: false }
  if (formType === 'exit_intent') return { label: 'exit-intent hail report request', hailReport: true }
  if (sourcePath?.startsWith('/hail-report')) return { label: 'hail report request', hailReport: true }
  return { label: 'contact form message', hailReport: false }
}

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

export interface LeadView {
  id: string
  firstName: string
  lastName: string
  fullName: string
  email: string
  phone: string
  telHref: string
  address: string
  city: string | undefined
  message: string | undefined
  formType: FormType
  kind: LeadKind
  sourcePath: string | undefined
  sourceUrl: string | undefined
  createdAt: string
  receivedAt: string
  /** The first enquiry of a repeat within 24 hours. */
  repeatOf: { id: string; receivedAt: string } | undefined
}

export function buildLeadView(
  row: SubmissionRow,
  original: SubmissionRow | undefined,
  siteUrl: string,
): LeadView {
  const firstName = toBodyText(row.first_name)
  const lastName = toBodyText(row.last_name)
  const address = toBodyText(row.address)
  return {
    id: row.id,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    email: toBodyText(row.email),
    phone: toBodyText(row.phone),
    telHref: telHref(row.phone),
    address,
    city: cityOf(address),
    message: row.message ? toBodyText(row.message) : undefined,
    formType: row.form_type,
    kind: leadKind(row.form_type, row.source_path),
    sourcePath: row.source_path ?? undefined,
    // Joined, not resolved: a path like //other.example must not become another host.
    sourceUrl: row.source_path ? `${siteUrl}${row.source_path}` : undefined,
    createdAt: row.created_at,
    receivedAt: formatDenverTime(row.created_at),
    repeatOf: row.duplicate_of
      ? {
          id: row.duplicate_of,
          receivedAt: original ? formatDenverTime(original.created_at) : 'an earlier date (not found)',
        }
      : undefined,
  }
}
