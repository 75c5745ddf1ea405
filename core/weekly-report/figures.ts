/**
 * The figures of the office's weekly report, read from the database for one week: the leads by
 * source beside the week before, by form, the spam held and released, and how quickly each lead
 * reached the office. The leads are counted as `site-admin leads report` counts them
 * (core/leads/counts.ts): spam held in quarantine is not a lead; a lead released from it is.
 */
import type { Db } from '../platform/db/connection'
import { listLeadsWithDelivery, type LeadWithDelivery } from './store'
import { compareKeys, countBy, countQuarantinedAndReleased, sourceKeyOf } from '../leads'
import { bookingFunnel, type BookingFunnel } from '../bookings'
import { LEAD_FORM_NAMES, LEAD_FORMS, type LeadFormName } from '../../shared/lead-forms'
import { weekBefore, type ReportWeek } from './schedule'

/**
 * The channel id the worker registers for the e-mail to the office
 * (core/notifications/channels/office-email.ts): its delivery time is when the lead reached
 * the office.
 */
const OFFICE_EMAIL_CHANNEL = 'office_email'

/** A lead that took longer than this to reach the office is counted as slow. */
const SLOW_DELIVERY_MS = 5 * 60_000

interface SourceCount {
  source: string
  leads: number
  /** The same source's leads the week before. */
  previous: number
}

interface FormCount {
  form: LeadFormName
  /** The office e-mail's word for the form (LEAD_FORMS label). */
  label: string
  leads: number
}

/** A lead whose e-mail has not reached the office (yet). */
interface UndeliveredLead {
  id: string
  name: string
  createdAt: string
  /** Where it stands, in words: 'failed: SMTP 550 …', 'still being tried', … */
  state: string
}

export interface DeliverySpeed {
  /** Leads whose office e-mail was delivered, and so could be timed. */
  timed: number
  medianMs: number | null
  slowest: { ms: number; leadId: string; name: string } | null
  /** Timed leads that took longer than `limitMs`. */
  slow: number
  limitMs: number
  undelivered: UndeliveredLead[]
}

export interface WeeklyFigures {
  week: ReportWeek
  previousWeek: ReportWeek
  leads: number
  previousLeads: number
  /** Every source of either week, most leads this week first (then the week before's, then by name). */
  sources: SourceCount[]
  /** Every form, most leads first (forms with none too, so the office sees which were quiet). */
  forms: FormCount[]
  /** Enquiries the spam filter put in quarantine this week (stored, not delivered). */
  quarantined: number
  /** Enquiries in quarantine released this week ("Not spam", or `site-admin leads not-spam`). */
  released: number
  /** Delivered leads the office marked "This is spam" this week. */
  markedSpam: number
  speed: DeliverySpeed
  /** The week's leads that booked, by source and form, beside the week before's (core/bookings). */
  bookings: BookingFunnel
}

function nameOf(lead: LeadWithDelivery): string {
  return `${lead.firstName ?? ''} ${lead.lastName ?? ''}`.trim() || '(no name)'
}

/** The middle of sorted values (the mean of the two middle ones for an even count). */
function median(sorted: readonly number[]): number | null {
  if (!sorted.length) return null
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Where an undelivered office e-mail stands, in words the office can act on. */
function undeliveredState(office: LeadWithDelivery['office']): string {
  if (!office) return 'not yet taken by the worker'
  if (office.status === 'pending')
    return `still being tried${office.detail ? ` (last error: ${office.detail})` : ''}`
  if (office.status === 'skipped') return `not sent: ${office.detail ?? 'skipped'}`
  return `failed: ${office.detail ?? 'no reason recorded'}`
}

/**
 * How quickly each lead reached the office: from when it was stored (or, for a lead released
 * from the spam hold, from its release, when it was first sent on) to when the office e-mail
 * was accepted by the SMTP server.
 */
export function deliverySpeed(leads: readonly LeadWithDelivery[], limitMs = SLOW_DELIVERY_MS): DeliverySpeed {
  const timed: { ms: number; lead: LeadWithDelivery }[] = []
  const undelivered: UndeliveredLead[] = []
  for (const lead of leads) {
    if (lead.office?.status === 'sent') {
      const from = Date.parse(lead.releasedAt ?? lead.createdAt)
      timed.push({ ms: Math.max(0, Date.parse(lead.office.updatedAt) - from), lead })
    } else {
      undelivered.push({
        id: lead.id,
        name: nameOf(lead),
        createdAt: lead.createdAt,
        state: undeliveredState(lead.office),
      })
    }
  }
  const sorted = timed.map((t) => t.ms).sort((a, b) => a - b)
  const slowest = timed.reduce<(typeof timed)[number] | null>((s, t) => (!s || t.ms > s.ms ? t : s), null)
  return {
    timed: timed.length,
    medianMs: median(sorted),
    slowest: slowest && { ms: slowest.ms, leadId: slowest.lead.id, name: nameOf(slowest.lead) },
    slow: sorted.filter((ms) => ms > limitMs).length,
    limitMs,
    undelivered,
  }
}

/** Delivered leads the office marked "This is spam" in the week (office_actions, by when it marked them). */
function countMarkedSpamIn(db: Db, week: ReportWeek): number {
  const row = db
    .prepare(
      `SELECT COUNT(*) AS n FROM office_actions WHERE action = 'spam' AND acted_at >= ? AND acted_at < ?`,
    )
    .get(week.start.toISOString(), week.end.toISOString()) as { n: number }
  return row.n
}

/** The report's figures for `week`, with the week before beside it. */
export function weeklyFigures(db: Db, week: ReportWeek): WeeklyFigures {
  const previousWeek = weekBefore(week)
  const leads = listLeadsWithDelivery(db, week, OFFICE_EMAIL_CHANNEL)
  const previous = listLeadsWithDelivery(db, previousWeek, OFFICE_EMAIL_CHANNEL)
  const bySource = (list: readonly LeadWithDelivery[]) =>
    new Map(countBy(list, (lead) => [sourceKeyOf(lead).source]).map((c) => [c.key[0]!, c.leads]))
  const now = bySource(leads)
  const before = bySource(previous)
  const sources = [...new Set([...now.keys(), ...before.keys()])]
    .map((source) => ({ source, leads: now.get(source) ?? 0, previous: before.get(source) ?? 0 }))
    .sort((a, b) => b.leads - a.leads || b.previous - a.previous || compareKeys([a.source], [b.source]))
  const byForm = new Map(countBy(leads, (lead) => [lead.form]).map((c) => [c.key[0]!, c.leads]))
  const forms = LEAD_FORM_NAMES.map((form) => ({
    form,
    label: LEAD_FORMS[form].label,
    leads: byForm.get(form) ?? 0,
  }))
    // Stable: forms with as many leads keep the order of the form table.
    .sort((a, b) => b.leads - a.leads)
  const quarantine = countQuarantinedAndReleased(db, week)
  return {
    week,
    previousWeek,
    leads: leads.length,
    previousLeads: previous.length,
    sources,
    forms,
    quarantined: quarantine.quarantined,
    released: quarantine.released,
    markedSpam: countMarkedSpamIn(db, week),
    speed: deliverySpeed(leads),
    bookings: bookingFunnel(db, week, previousWeek),
  }
}
