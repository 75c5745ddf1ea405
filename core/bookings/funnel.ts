/**
 * The funnel by source (docs/bookings.md, "The funnel"): of the leads that came in a week, how
 * many booked an inspection (through the scheduling tool, or marked "Booked by phone" by the
 * office), by source at the last touch and at the first, and by form, beside the week before;
 * the median time from the lead to its first booking; and the leads still not booked or marked.
 * A lead counts in the week it came in, booked whenever it booked (up to now): a lead of Friday
 * that books on Monday counts for Friday's week. Leads are counted as the weekly report and
 * `site-admin leads report` count them: spam held in quarantine is no lead. A booking that matched
 * no lead ("booked without a form") counts apart, in the week the tool sent it, under the source
 * its tool passed back (the booking visit's campaign: the last touch).
 */
import { sourceNameOf, touchesOf } from '../../shared/attribution'
import { LEAD_FORM_NAMES, LEAD_FORMS } from '../../shared/lead-forms'
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { minutesSpan } from '../platform/words'
import {
  compareKeys,
  NOT_RECORDED,
  notQuarantined,
  sourceKeyOf,
  toLead,
  type Lead,
  type LeadRow,
} from '../leads'
import { bookingsWithoutFormBetween } from './events'

interface Span {
  start: Date
  end: Date
}

/** One row of the funnel: leads and booked, this week and the week before. */
export interface FunnelRow {
  key: string
  leads: number
  booked: number
  previousLeads: number
  previousBooked: number
  /** Bookings no lead matched, this week and the week before (rows by last touch, and the total). */
  withoutForm: number
  previousWithoutForm: number
}

/** A lead still not booked or marked: its state is new (or its booking was canceled). */
interface OpenLead {
  id: string
  name: string
  createdAt: string
  state: 'new' | 'canceled'
}

export interface BookingFunnel {
  total: Omit<FunnelRow, 'key'>
  /** By source at the lead's last touch (the visit that sent the form). */
  bySource: FunnelRow[]
  /** By source at the visitor's first touch within 30 days (the last when none differs). */
  byFirstTouch: FunnelRow[]
  /** By form, every form (the office's word for it: LEAD_FORMS label). */
  byForm: FunnelRow[]
  /** The week's booked leads' median time from the lead to its first booking, ms; null when none. */
  medianToBookingMs: number | null
  /** The week's leads still not booked or marked, and the first few of them, oldest first. */
  open: { count: number; previousCount: number; first: OpenLead[] }
}

interface FunnelLead {
  lead: Lead
  bookedAt: string | null
  state: string
}

function leadsOf(db: Db, span: Span): FunnelLead[] {
  const rows = prepare(
    db,
    `SELECT s.*,
       (SELECT MIN(c.changed_at) FROM lead_state_changes c WHERE c.lead_id = s.id AND c.state = 'booked') AS booked_at,
       COALESCE((SELECT t.state FROM lead_states t WHERE t.lead_id = s.id), 'new') AS life_state
     FROM form_submissions s
     WHERE s.created_at >= ? AND s.created_at < ? AND ${notQuarantined('s')}
     ORDER BY s.created_at, s.id`,
  ).all(span.start.toISOString(), span.end.toISOString()) as (LeadRow & {
    booked_at: string | null
    life_state: string
  })[]
  return rows.map((r) => ({ lead: toLead(r), bookedAt: r.booked_at, state: r.life_state }))
}

/** The source of the visitor's first touch (the last touch's when the first is not recorded apart). */
function firstTouchSource(lead: Lead): string {
  const { first } = touchesOf(lead)
  const recorded = first && Object.keys(first).some((k) => k !== 'seen_at')
  return recorded ? sourceNameOf(first) : sourceKeyOf(lead).source
}

/** The source a booking without a form came from, named as a lead's is; '(not recorded)' without one. */
function bookingSource(b: ReturnType<typeof bookingsWithoutFormBetween>[number]): string {
  return b.utmSource
    ? sourceNameOf({ utm_source: b.utmSource, utm_medium: b.utmMedium ?? undefined })
    : NOT_RECORDED
}

const emptyRow = (key: string): FunnelRow => ({
  key,
  leads: 0,
  booked: 0,
  previousLeads: 0,
  previousBooked: 0,
  withoutForm: 0,
  previousWithoutForm: 0,
})

function rowsBy(
  now: FunnelLead[],
  before: FunnelLead[],
  keyOf: (l: Lead) => string,
  keys: string[] = [],
  withoutForm: { now: string[]; before: string[] } = { now: [], before: [] },
): FunnelRow[] {
  const rows = new Map<string, FunnelRow>()
  const row = (key: string) => {
    let r = rows.get(key)
    if (!r) rows.set(key, (r = emptyRow(key)))
    return r
  }
  for (const key of keys) row(key)
  for (const key of withoutForm.now) row(key).withoutForm += 1
  for (const key of withoutForm.before) row(key).previousWithoutForm += 1
  for (const f of now) {
    const r = row(keyOf(f.lead))
    r.leads += 1
    if (f.bookedAt) r.booked += 1
  }
  for (const f of before) {
    const r = row(keyOf(f.lead))
    r.previousLeads += 1
    if (f.bookedAt) r.previousBooked += 1
  }
  return [...rows.values()]
}

const byMost = (a: FunnelRow, b: FunnelRow) =>
  b.booked + b.withoutForm - (a.booked + a.withoutForm) ||
  b.leads - a.leads ||
  b.previousLeads - a.previousLeads ||
  compareKeys([a.key], [b.key])

function median(values: number[]): number | null {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const isOpen = (f: FunnelLead) => f.state === 'new' || f.state === 'canceled'
const OPEN_LISTED = 10

/** The funnel of the leads of `week`, beside `previousWeek`'s. */
export function bookingFunnel(db: Db, week: Span, previousWeek: Span): BookingFunnel {
  const now = leadsOf(db, week)
  const before = leadsOf(db, previousWeek)
  const forms = LEAD_FORM_NAMES.map((f) => LEAD_FORMS[f].label)
  const open = now.filter(isOpen)
  const withoutForm = {
    now: bookingsWithoutFormBetween(db, week.start, week.end).map(bookingSource),
    before: bookingsWithoutFormBetween(db, previousWeek.start, previousWeek.end).map(bookingSource),
  }
  return {
    total: {
      leads: now.length,
      booked: now.filter((f) => f.bookedAt).length,
      previousLeads: before.length,
      previousBooked: before.filter((f) => f.bookedAt).length,
      withoutForm: withoutForm.now.length,
      previousWithoutForm: withoutForm.before.length,
    },
    bySource: rowsBy(now, before, (l) => sourceKeyOf(l).source, [], withoutForm).sort(byMost),
    byFirstTouch: rowsBy(now, before, firstTouchSource).sort(byMost),
    // Stable: forms with as many bookings and leads keep the order of the form table.
    byForm: rowsBy(now, before, (l) => LEAD_FORMS[l.form].label, forms).sort(
      (a, b) => b.booked - a.booked || b.leads - a.leads,
    ),
    medianToBookingMs: median(
      now.filter((f) => f.bookedAt).map((f) => Date.parse(f.bookedAt!) - Date.parse(f.lead.createdAt)),
    ),
    open: {
      count: open.length,
      previousCount: before.filter(isOpen).length,
      first: open.slice(0, OPEN_LISTED).map((f) => ({
        id: f.lead.id,
        name: `${f.lead.firstName ?? ''} ${f.lead.lastName ?? ''}`.trim() || '(no name)',
        createdAt: f.lead.createdAt,
        state: f.state as OpenLead['state'],
      })),
    },
  }
}

/** '40%' of booked among leads; '–' without leads. */
export function bookingRate(booked: number, leads: number): string {
  return leads ? `${Math.round((100 * booked) / leads)}%` : '–'
}

/** '3 h 10 min', '2 d 4 h', '25 min': to the nearest minute. */
export function formatLeadTime(ms: number): string {
  return minutesSpan(Math.round(ms / 60_000))
}

/** '4 of 10 (40%)'. */
export const bookedOf = (booked: number, leads: number) =>
  `${booked} of ${leads} (${bookingRate(booked, leads)})`

/** '; booked without a form: 1 / 0', when either week had one. */
const withoutFormText = (r: Pick<FunnelRow, 'withoutForm' | 'previousWithoutForm'>) =>
  r.withoutForm || r.previousWithoutForm
    ? `; booked without a form: ${r.withoutForm} / ${r.previousWithoutForm}`
    : ''

/** A row as the text says it: 'Google Ads: 3 of 5 (60%) / 1 of 4 (25%)'. */
const rowLine = (r: FunnelRow) =>
  `- ${r.key}: ${bookedOf(r.booked, r.leads)} / ${bookedOf(r.previousBooked, r.previousLeads)}${withoutFormText(r)}`

/**
 * The funnel as lines of text: the weekly report's plain part and `site-admin leads report`.
 * `when` writes a lead's time ('Tue, Dec 1, 2026, 10:00 AM MST').
 */
export function funnelText(f: BookingFunnel, when: (iso: string) => string): string[] {
  return [
    'Bookings: leads booked of the leads that came in (this week / the week before)',
    `- All leads: ${bookedOf(f.total.booked, f.total.leads)} / ${bookedOf(f.total.previousBooked, f.total.previousLeads)}${withoutFormText(f.total)}`,
    `- Median time from lead to booking: ${f.medianToBookingMs === null ? 'no booking yet' : formatLeadTime(f.medianToBookingMs)}`,
    '',
    'Booked by source, last touch',
    ...(f.bySource.length ? f.bySource.map(rowLine) : ['- none']),
    '',
    'Booked by source, first touch',
    ...(f.byFirstTouch.length ? f.byFirstTouch.map(rowLine) : ['- none']),
    '',
    'Booked by form',
    ...f.byForm.map(rowLine),
    '',
    `Still not booked or marked: ${f.open.count} of this week's leads (the week before: ${f.open.previousCount})`,
    ...f.open.first.map(
      (o) =>
        `  - ${o.name}, received ${when(o.createdAt)}: ${o.state === 'canceled' ? 'canceled its booking' : 'not booked'} (lead ${o.id})`,
    ),
    ...(f.open.count > f.open.first.length
      ? [`  - and ${f.open.count - f.open.first.length} more: site-admin leads list`]
      : []),
  ]
}
