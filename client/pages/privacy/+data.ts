// https://vike.dev/data – computed on the server and passed to the browser, so the
// "Last updated" date hydrates without a mismatch. Known pages' HTML is cached for the
// calendar day (docs/decisions/002-html-cache.md, server/http/ssr.ts), so it shows today.
import { formatLongDate } from '../../../shared/dates'

export function data() {
  return { lastUpdated: formatLongDate(new Date()) }
}

export type Data = ReturnType<typeof data>
