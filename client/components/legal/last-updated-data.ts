// https://vike.dev/data – the data hook of the legal pages (privacy, terms): their "Last updated"
// date, computed on the server and passed to the browser so it hydrates without a mismatch.
// Known pages' HTML is cached for the calendar day (docs/decisions/002-html-cache.md), so the
// date shown is always today's.
import { formatLongDate } from '../../../shared/dates'

export function data() {
  return { lastUpdated: formatLongDate(new Date()) }
}

export type Data = ReturnType<typeof data>
