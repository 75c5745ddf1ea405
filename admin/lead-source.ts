/**
 * Where a lead came from, as site-admin shows it: the lines of `leads show` (the readable line
 * of shared/attribution.ts and the raw values stored) and the keys `leads report` counts by.
 */
import {
  describeFirstTouch,
  describeTouch,
  touchesOf,
  TOUCH_FIELDS,
  type TouchField,
} from '../shared/attribution'
import { type Lead, lastTouchOf, NOT_RECORDED } from '../core/leads'
// The keys the reports count by are shared with the weekly report e-mail (core/leads/counts.ts).

/** A raw source value's label in `leads show`: the URL parameter's own name, or a word. */
function rawLabel(field: TouchField): string {
  return field === 'landing_page' ? 'landing page' : field
}

/**
 * `leads show`'s lines about the lead's source: `came from` (this visit), `first found us`
 * (the first visit within 30 days, when recorded), then every raw value stored, this visit's
 * first (`utm_source`, `gclid`, `referrer`, `landing page`), the first visit's after
 * (`first utm_source` …, `first seen at`).
 */
export function sourceLines(lead: Lead): [string, string][] {
  const { last, first } = touchesOf(lead)
  const lines: [string, string][] = [['came from', last ? describeTouch(last) : NOT_RECORDED]]
  if (first) lines.push(['first found us', describeFirstTouch(first)])
  for (const field of TOUCH_FIELDS) {
    const value = last?.[field]
    if (value) lines.push([rawLabel(field), value])
  }
  for (const field of TOUCH_FIELDS) {
    const value = first?.[field]
    if (value) lines.push([`first ${rawLabel(field)}`, value])
  }
  if (first?.seen_at) lines.push(['first seen at', first.seen_at])
  return lines
}

/** The path of a lead's landing page, without its query; `(not recorded)` when none was stored. */
export function landingPathOf(lead: Lead): string {
  return lastTouchOf(lead)?.landing_page?.split('?')[0] || NOT_RECORDED
}
