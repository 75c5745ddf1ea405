/**
 * Leads counted by a key (where they came from, their form, …), as `site-admin leads report`
 * prints them and the weekly report e-mails them: one counting, one order, one set of words for
 * what was not recorded, so the two never disagree.
 */
import { sourceNameOf, touchesOf, type Touch } from '../../shared/attribution'
import type { Lead } from './store'

/** What a report says where nothing was stored. */
export const NOT_RECORDED = '(not recorded)'
/** What a report says for a medium or a campaign the visit did not have. */
const NONE = '(none)'

/** The touch a report counts a lead by: this visit's (the last touch); undefined when none was stored. */
export function lastTouchOf(lead: Lead): Touch | undefined {
  return touchesOf(lead).last
}

/** Source, medium and campaign of a lead's last touch, as the reports count them. */
export function sourceKeyOf(lead: Lead): { source: string; medium: string; campaign: string } {
  const touch = lastTouchOf(lead)
  // A lead stored before the source was recorded (or sent without it) is no direct visit.
  if (!touch) return { source: NOT_RECORDED, medium: NONE, campaign: NONE }
  return {
    source: sourceNameOf(touch),
    medium: touch.utm_medium || NONE,
    campaign: touch.utm_campaign || NONE,
  }
}

export interface Count {
  key: readonly string[]
  leads: number
}

/** Leads counted by a key: by count, most first, then by key. */
export function countBy(leads: readonly Lead[], keyOf: (lead: Lead) => readonly string[]): Count[] {
  const counts = new Map<string, Count>()
  for (const lead of leads) {
    const key = keyOf(lead)
    const id = JSON.stringify(key)
    const count = counts.get(id)
    if (count) count.leads++
    else counts.set(id, { key, leads: 1 })
  }
  return [...counts.values()].sort((a, b) => b.leads - a.leads || compareKeys(a.key, b.key))
}

/** Keys in alphabetical order, '(none)' and '(not recorded)' after the values that were recorded. */
export function compareKeys(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i] ?? '', b[i] ?? '']
    const order = Number(x.startsWith('(')) - Number(y.startsWith('(')) || x.localeCompare(y, 'en')
    if (order) return order
  }
  return 0
}
