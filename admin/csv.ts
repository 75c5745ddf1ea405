/**
 * CSV for `site-admin leads export`: RFC 4180 (CRLF line ends, a header row, fields with
 * commas, quotes or line breaks quoted, quotes doubled) by csv-stringify. Lead fields are
 * typed by visitors, so a cell that a spreadsheet would run as a formula (starting with
 * =, +, -, @, or a tab or carriage return) gets a leading apostrophe and stays text
 * (OWASP, "CSV Injection": https://owasp.org/www-community/attacks/CSV_Injection).
 */
import { stringify } from 'csv-stringify/sync'

const FORMULA_START = /^[=+\-@\t\r]/

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
  opts: { bom?: boolean } = {},
): string {
  const cells = rows.map((row) => row.map((v) => neutraliseCell(v == null ? '' : String(v))))
  return stringify([header.map(neutraliseCell), ...cells], {
    record_delimiter: 'windows',
    bom: opts.bom ?? false,
  })
}
