// https://vike.dev/data – computed on the server and passed to the browser, so the
// "Last updated" date hydrates without a mismatch. Known pages' HTML is cached per process
// (docs/decisions/002-html-cache.md), so the date shown is the server's start day.
import { formatLongDate } from '../../../shared/dates'

export function data() {
  return { lastUpdated: formatLongDate(new Date()) }
}

export type Data = ReturnType<typeof data>
